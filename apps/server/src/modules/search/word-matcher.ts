import { LocalCache } from '../../platform/local-cache.ts';
import type { PrefixTerm } from '../../platform/search-tokens.ts';
import { copied, EMPTY, HitSets, placesOf, scale, type Hits } from './hit-sets.ts';
import { lowerBound, Postings } from './word-postings.ts';

/** A term matching at least this share of the ordinals (1 / BROAD) is kept with its places by ordinal. */
const BROAD = 8;

/**
 * The words of the search entries in memory and matching by them (decision 59): each word's postings by entry
 * ordinal, the sorted word list a prefix is a range of, each term's kept matches, and a query's conjunctions and
 * alternatives. The entries themselves (what is live, what ranking reads) are the index's (memory-index.ts).
 */
export class WordMatcher {
  private readonly words = new Map<string, Postings>();
  private sortedWords: string[] = [];
  /** words met since the sorted list was last made: merged at the next match, not one by one (a load meets 100,000) */
  private newWords: string[] = [];
  private readonly sets = new HitSets();
  /** the index's version, which grows at every change of its entries */
  private readonly version: () => number;
  /** the live entries during a match (undefined: all) */
  private alive: Uint8Array | undefined;
  /**
   * Each term's matches read whole, while the index is unchanged: searches share their words (a popular word is in
   * many keywords), and a broad word's matches cost a read of 100,000 postings. Bounded by their size.
   */
  private readonly termHits: LocalCache<string, Hits>;

  /**
   * The broad terms' places by ordinal (`placesOf`), 4 bytes an ordinal each: kept apart from their matches, so that
   * many broad terms on a large index drop only each other's places, never the matches every search reads.
   */
  private readonly places: LocalCache<string, Int32Array>;

  constructor(version: () => number) {
    this.version = version;
    this.termHits = new LocalCache<string, Hits>({
      max: 512,
      maxBytes: { bytes: 48 << 20, sizeOf: (h) => h.docs.length * 9 },
      generation: version,
    });
    this.places = new LocalCache<string, Int32Array>({
      max: 64,
      maxBytes: { bytes: 16 << 20, sizeOf: (a) => a.byteLength },
      generation: version,
    });
  }

  /** Entry `ord` holds `word` with this mark (its score and title bit); ordinals only ever grow between compactions. */
  add(word: string, ord: number, mark: number): void {
    let p = this.words.get(word);
    if (!p) {
      p = new Postings();
      this.words.set(word, p);
      this.newWords.push(word);
    }
    p.push(ord, mark);
  }

  /** Room for `size` ordinals in the set operations' scratch. */
  grow(size: number): void {
    this.sets.grow(size);
  }

  /** Renumbers the postings by `remap` (-1: the entry is gone) and drops the words left with none. */
  compact(remap: Int32Array): void {
    let total = 0;
    for (const [word, p] of this.words) {
      p.compact(remap);
      if (!p.len) this.words.delete(word);
      total += p.len;
    }
    // every list packed into two shared arrays, each word holding views of its part: a word's own pair of arrays
    // costs some 300 bytes besides its postings, and most words (numbers, names) have one or two postings
    const docs = new Int32Array(total);
    const marks = new Uint16Array(total);
    let at = 0;
    for (const p of this.words.values()) {
      docs.set(p.docs.subarray(0, p.len), at);
      marks.set(p.marks.subarray(0, p.len), at);
      p.docs = docs.subarray(at, at + p.len);
      p.marks = marks.subarray(at, at + p.len);
      at += p.len;
    }
    this.sortedWords = [...this.words.keys()].sort();
    this.newWords = [];
  }

  /**
   * The entries matching any of these conjunctions, with their word scores and how many of the terms are in their
   * titles; `alive` says which entries are live (none dead: undefined). The answer is read before the next match:
   * a sum of several conjunctions is held in arrays that match reuses.
   */
  match(anyOf: PrefixTerm[][], titleOnly: boolean, alive: Uint8Array | undefined): Hits {
    this.alive = alive;
    this.sortWords();
    const conjs: Hits[] = [];
    // a keyword's terms typed apart, matched as any of them: each term as typed recurs in many keywords
    // ('python' in 'python 入门' and 'python 面试'), so its conjunction is kept, scaled, as a word's matches are
    const keepParts = anyOf.length > 1;
    for (const terms of anyOf) {
      const partKey = keepParts ? `${titleOnly ? 'title:' : ''}part:${JSON.stringify(terms)}` : '';
      const keptPart = keepParts ? this.termHits.get(partKey) : undefined;
      if (keptPart) {
        conjs.push(keptPart);
        continue;
      }
      const version = this.version();
      // the term with the fewest postings is read first; the others only narrow what it found
      const ranged = terms.map((alts) => {
        const term = alts.map((alt) => alt.map((w) => this.range(w)));
        const size = (g: Postings[]) => g.reduce((n, p) => n + p.len, 0);
        const key = `${titleOnly ? 'title:' : ''}${JSON.stringify(alts)}`;
        return { term, key, est: term.reduce((n, alt) => n + Math.min(...alt.map(size)), 0) };
      });
      ranged.sort((a, b) => a.est - b.est);
      // a term's kept matches are shared, not copied: `own` says whether `conj` may be changed in place
      let conj: Hits | undefined;
      let own = false;
      // the first two terms' matches together are kept too: words recur together ('python 入门' in 'python 入门 教程'
      // and 'python 入门 面试'), and the first narrowing is the dearest, reading two broad terms
      const pairKey = ranged.length > 2 ? `pair:${ranged[0]!.key}&${ranged[1]!.key}` : '';
      const keptPair = pairKey ? this.termHits.get(pairKey) : undefined;
      for (const [j, { term, key, est }] of ranged.entries()) {
        if (keptPair && j < 2) conj = keptPair;
        else {
          [conj, own] = this.withTerm(conj, own, term, key, est, titleOnly);
          if (pairKey && j === 1) {
            // kept, it is its own and never narrowed in place again
            conj = own && conj.docs.byteLength * 2 >= conj.docs.buffer.byteLength ? conj : copied(conj);
            own = false;
            this.termHits.set(pairKey, conj, { generation: version });
          }
        }
        if (!conj.docs.length) break;
      }
      if (keepParts) {
        // kept, it must be its own (a term's kept matches are copied before they are scaled) and hold no more
        // memory than its entries need
        const whole = terms.length === 1 || (own && conj!.docs.byteLength * 2 >= conj!.docs.buffer.byteLength);
        const part = scale(!conj ? EMPTY : whole ? conj : copied(conj), 1 / terms.length);
        this.termHits.set(partKey, part, { generation: version });
        conjs.push(part);
        continue;
      }
      // a conjunction still shared is one term's (scaled by 1) or empty: scaling changes no kept matches
      conjs.push(scale(conj ?? EMPTY, 1 / Math.max(1, terms.length)));
    }
    // several parts are summed into the sets' reused arrays; a lone one is scaled by 1, unchanged
    return this.sets.summed(conjs, 1 / Math.max(1, anyOf.length));
  }

  /**
   * The entries of `conj` (all of them when there is none yet) also matching a term, its score added, and whether
   * the answer is this match's own: from the term's kept matches, read whole and kept when the term is broad
   * against what is already matched, else looked up in its words for each entry matched.
   */
  private withTerm(
    conj: Hits | undefined,
    own: boolean,
    term: Postings[][][],
    key: string,
    est: number,
    titleOnly: boolean,
  ): [Hits, boolean] {
    let kept = this.termHits.get(key);
    // a broad term is in many keywords: read whole once and kept, and given its places when it comes again, narrowing
    // by it then reads only what it narrows (an index changing every moment keeps nothing long enough to pay for
    // them); a narrower one is read whole when that costs about what narrowing by its postings would
    const again = kept !== undefined;
    const broad = est * BROAD >= this.sets.capacity;
    if (!kept && (!conj || broad || conj.docs.length * 16 >= est)) {
      const version = this.version();
      kept = this.term(term, titleOnly, undefined);
      this.termHits.set(key, kept, { generation: version });
    }
    if (!conj) return [kept!, false];
    if (kept) {
      const places = again && kept.docs.length * BROAD >= this.sets.capacity ? this.placesFor(key, kept) : undefined;
      if (places || conj.docs.length * 16 >= Math.min(est, kept.docs.length))
        return [this.sets.narrowed(conj, kept, own, places), true];
    }
    // a few entries: each searched for in the term's words; the term's own answer is new, narrowed in place
    return [this.sets.narrowed(this.term(term, titleOnly, conj), conj, true), true];
  }

  /** A broad term's places by ordinal, kept beside its matches while the index is unchanged. */
  private placesFor(key: string, kept: Hits): Int32Array {
    let places = this.places.get(key);
    if (!places) {
      places = placesOf(kept, this.sets.capacity);
      this.places.set(key, places, { generation: this.version() });
    }
    return places;
  }

  /** One term: the entries matching any of its alternatives (each a list of prefix groups, all required). */
  private term(alts: Postings[][][], titleOnly: boolean, among: Hits | undefined): Hits {
    let found = EMPTY;
    for (const [k, alt] of alts.entries()) {
      const one = scale(this.allOf(alt, titleOnly, among), 1 / alt.length);
      // only the word itself marks the title: its shorter words may sit apart there
      if (k > 0) one.titles.fill(0);
      found = k === 0 ? one : this.sets.either(found, one);
    }
    return found;
  }

  private sortWords(): void {
    if (!this.newWords.length) return;
    if (this.newWords.length < 32)
      for (const w of this.newWords) this.sortedWords.splice(lowerBound(this.sortedWords, w), 0, w);
    else this.sortedWords = [...this.sortedWords, ...this.newWords].sort();
    this.newWords = [];
  }

  /** The words beginning with `prefix`: a range of the sorted word list. */
  private range(prefix: string): Postings[] {
    const out: Postings[] = [];
    for (let i = lowerBound(this.sortedWords, prefix); i < this.sortedWords.length; i++) {
      const word = this.sortedWords[i]!;
      if (!word.startsWith(prefix)) break;
      out.push(this.words.get(word)!);
    }
    return out;
  }

  /**
   * All of these prefix groups (each matched by any word of its range): the scores summed. The smallest group is
   * read whole; a group of a few words is then searched for each entry, a wider one read whole and intersected.
   */
  private allOf(groups: Postings[][], titleOnly: boolean, among?: Hits): Hits {
    const size = (g: Postings[]) => g.reduce((n, p) => n + p.len, 0);
    const order = [...groups].sort((a, b) => size(a) - size(b));
    // within entries already matched (a keyword's other words), the groups only narrow them, from nothing scored
    let hits = among
      ? {
          docs: among.docs.slice(),
          scores: new Float32Array(among.docs.length),
          titles: new Uint8Array(among.docs.length),
        }
      : this.sets.united(order.shift()!, titleOnly, this.alive);
    for (const g of order) {
      if (!hits.docs.length) break;
      // searching for each entry costs a binary search per word; reading the words' postings costs their length
      const searching = hits.docs.length * g.length * Math.log2(2 + size(g) / g.length);
      hits = searching < size(g) ? this.sets.within(hits, g, titleOnly) : this.sets.scanned(hits, g, titleOnly);
    }
    return hits;
  }
}
