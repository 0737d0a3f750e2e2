import type { Shortlist } from './best-few.ts';
import type { Hits } from './hit-sets.ts';

/**
 * Ranking a keyword matched as any of its terms (a sum of kept parts, `HitSets.summed`) without reading every entry of
 * the sum. Its entries held by one part alone rank by that part's score and title mark, so each kept part is put in
 * rank order once, by type and by its title mark; a ranking then reads the entries two parts or more hold, and each
 * part's own entries from its best down, only while they can still be among the best. The counts per type are each
 * part's, less the entries counted twice. The answer is the whole ranking's (`MemoryIndex.rank`), ties included.
 */

/** What ranking reads of every entry, by ordinal: the index's own arrays. */
export interface EntryFacts {
  types: Uint8Array;
  popularity: Int32Array;
  refIds: BigInt64Array;
  lowerTitles: string[];
}

/** The figure an entry ranks by, from its score in the sum and how many of the keyword's terms its title holds. */
export interface Figuring {
  factor: number;
  words: number;
  keyword: string;
  /** the keyword is one word: every title holding all its words holds it */
  oneWord: boolean;
}

export function figureOf(f: Figuring, score: number, inTitle: number, lowerTitles: string[], d: number): number {
  const held = Math.min(inTitle, f.words);
  let whole = (0.5 * held) / f.words;
  if (held === f.words && (f.oneWord || lowerTitles[d]!.includes(f.keyword))) whole += 1;
  return (f.factor === 1 ? score : Math.fround(score * f.factor)) + whole;
}

/** A part's entries of one type: for each title mark, their places in the part in rank order. */
type PartOrder = { mark: number; places: Int32Array }[];

/**
 * How often a part is met before it is put in order: sorting it costs about as much as reading it whole this many
 * times, so an index changing every moment (its parts made anew at each change) never sorts for nothing.
 */
const ORDER_AFTER = 8;

export class SumRanking {
  /** how often each part has been met */
  private readonly met = new WeakMap<Hits, number>();
  private readonly orders = new WeakMap<Hits, Map<number, PartOrder>>();
  private readonly counts = new WeakMap<Hits, Int32Array>();

  /** Whether this sum is ranked here: every part met often enough before (each meeting is counted). */
  takes(hits: Hits): boolean {
    const parts = hits.sum?.parts;
    if (!parts) return false;
    let all = true;
    for (const p of parts) {
      const n = (this.met.get(p) ?? 0) + 1;
      if (n <= ORDER_AFTER) {
        this.met.set(p, n);
        all = false;
      }
    }
    return all;
  }

  /**
   * The best entries of the type, as many as `list` keeps, in rank order (`before`), counting the sum's entries per
   * type into `byType` when it is given.
   */
  rank(
    hits: Hits,
    type: number,
    fig: Figuring,
    list: Shortlist,
    facts: EntryFacts,
    before: (a: number, fa: number, b: number, fb: number) => boolean,
    byType?: Int32Array,
  ): number[] {
    const { parts, shared, holders, isShared } = hits.sum!;
    const { types, lowerTitles } = facts;
    if (byType) {
      for (const p of parts) {
        const c = this.countsOf(p, types);
        for (let t = 0; t < c.length; t++) byType[t]! += c[t]!;
      }
      for (const at of shared) byType[types[hits.docs[at]!]!]! -= holders[at]! - 1;
    }
    // the entries two parts or more hold, as the whole ranking reads them
    for (const at of shared) {
      const d = hits.docs[at]!;
      if (types[d] !== type) continue;
      list.offer(d, figureOf(fig, hits.scores[at]!, hits.titles[at]!, lowerTitles, d));
    }
    // each part's own entries from its best down: along one title mark the figure only falls, so the first below the
    // bar ends that mark's run, unless the mark is every word's, where the keyword as typed adds to some titles only
    for (const p of parts) {
      for (const { mark, places } of this.orderOf(p, type, facts, before)) {
        const falls = Math.min(mark, fig.words) < fig.words;
        for (const j of places) {
          const d = p.docs[j]!;
          if (isShared(d)) continue;
          const figure = figureOf(fig, p.scores[j]!, mark, lowerTitles, d);
          if (figure < list.bar) {
            if (falls) break;
            continue;
          }
          list.offer(d, figure);
        }
      }
    }
    return list.sorted();
  }

  private countsOf(p: Hits, types: Uint8Array): Int32Array {
    let c = this.counts.get(p);
    if (!c) {
      c = new Int32Array(256);
      for (const d of p.docs) c[types[d]!]!++;
      this.counts.set(p, c);
    }
    return c;
  }

  /** The part's entries of a type in rank order by title mark, made once for the part and type. */
  private orderOf(
    p: Hits,
    type: number,
    facts: EntryFacts,
    before: (a: number, fa: number, b: number, fb: number) => boolean,
  ): PartOrder {
    let byType = this.orders.get(p);
    if (!byType) this.orders.set(p, (byType = new Map()));
    let order = byType.get(type);
    if (order) return order;
    const byMark = new Map<number, number[]>();
    for (let j = 0; j < p.docs.length; j++) {
      if (facts.types[p.docs[j]!] !== type) continue;
      const mark = p.titles[j]!;
      let list = byMark.get(mark);
      if (!list) byMark.set(mark, (list = []));
      list.push(j);
    }
    // by score, then as the ranking breaks ties: a higher score never has a lower figure under one title mark
    order = [...byMark].map(([mark, list]) => ({
      mark,
      places: Int32Array.from(
        list.sort((a, b) => (before(p.docs[a]!, p.scores[a]!, p.docs[b]!, p.scores[b]!) ? -1 : 1)),
      ),
    }));
    byType.set(type, order);
    return order;
  }
}
