import { SCALE, TITLE, type Postings } from './word-postings.ts';

/** The set operations of matching in memory (decision 59) over entries' ordinals. */

/** Matched entries: ordinals, word scores and how many of the query's terms each holds in its title. */
export interface Hits {
  docs: Int32Array;
  scores: Float32Array;
  titles: Uint8Array;
  /**
   * What each score is still to be multiplied by, the product held as a float32 as `scale` would store it: a sum of
   * 100,000 entries is scaled as its scores are read, not in a pass of its own (undefined: 1)
   */
  factor?: number;
  /** the parts this is the sum of, as summed, when it is a sum of several (`summed`) */
  sum?: SumParts;
}

/**
 * How a sum of several parts was made, valid while the sum is: the parts, and which of its entries two or more parts
 * hold. An entry held by one part has that part's score and title mark in the sum.
 */
export interface SumParts {
  parts: Hits[];
  /** the places in the sum of the entries held by two parts or more */
  shared: Int32Array;
  /** how many parts hold the entry at each place of the sum */
  holders: Uint8Array;
  /** whether two parts or more hold this entry (an ordinal in the sum) */
  isShared: (d: number) => boolean;
}

function hitsOf(n: number): Hits {
  return { docs: new Int32Array(n), scores: new Float32Array(n), titles: new Uint8Array(n) };
}

function cut(h: Hits, k: number): Hits {
  return k === h.docs.length
    ? h
    : { docs: h.docs.subarray(0, k), scores: h.scores.subarray(0, k), titles: h.titles.subarray(0, k) };
}

export function scale(h: Hits, by: number): Hits {
  if (by !== 1) for (let i = 0; i < h.scores.length; i++) h.scores[i] = h.scores[i]! * by;
  return h;
}

export const EMPTY: Hits = hitsOf(0);

/**
 * Where each of these entries sits, by ordinal below `size` (its place + 1; 0: not there): narrowing by a broad
 * term's kept matches with them reads only the entries narrowed.
 */
export function placesOf(h: Hits, size: number): Int32Array {
  const at = new Int32Array(size);
  const { docs } = h;
  for (let i = 0; i < docs.length; i++) at[docs[i]!] = i + 1;
  return at;
}

/** Hits in arrays of their own, to be kept while the ones copied change. */
export function copied(h: Hits): Hits {
  return { docs: h.docs.slice(), scores: h.scores.slice(), titles: h.titles.slice() };
}

/**
 * The scratch of the set operations: an entry is in the set being built when its stamp is the current epoch, and
 * its slot says where. Sized to the index's ordinals; one match at a time uses it.
 */
export class HitSets {
  private stamp = new Uint32Array(1024);
  private slot = new Int32Array(1024);
  private epoch = 0;
  private sum = EMPTY;
  /**
   * A sum's entries: `where[d] - base` is d's place in the sum being built when `where[d] >= base`, one array read
   * instead of a stamp's and a slot's; `base` moves past every sum's places, so an earlier sum's are below it.
   */
  private where = new Int32Array(1024);
  private base = 1;
  /** how many parts hold each entry of the sum being built, and the places of those two or more hold */
  private holders = new Uint8Array(0);
  private shared = new Int32Array(0);

  /** How many ordinals there is room for. */
  get capacity(): number {
    return this.stamp.length;
  }

  /** Room for `size` ordinals. */
  grow(size: number): void {
    if (size <= this.stamp.length) return;
    this.stamp = new Uint32Array(size);
    this.slot = new Int32Array(size);
    this.epoch = 0;
    this.where = new Int32Array(size);
    this.base = 1;
  }

  private nextEpoch(): number {
    if (++this.epoch === 0xffffffff) {
      this.stamp.fill(0);
      this.epoch = 1;
    }
    return this.epoch;
  }

  /** Live entries holding one of these words, each with its best such word's score and whether one is in the title. */
  united(lists: Postings[], titleOnly: boolean, alive?: Uint8Array): Hits {
    const out = hitsOf(lists.reduce((n, p) => n + p.len, 0));
    const { docs: outDocs, scores, titles } = out;
    const { stamp, slot } = this;
    const e = lists.length > 1 ? this.nextEpoch() : 0;
    let k = 0;
    for (const p of lists) {
      const { docs, marks, len } = p;
      for (let j = 0; j < len; j++) {
        const d = docs[j]!;
        const mark = marks[j]!;
        if ((alive && !alive[d]) || (titleOnly && !(mark & TITLE))) continue;
        const s = (mark & (TITLE - 1)) / SCALE;
        if (e && stamp[d] === e) {
          const at = slot[d]!;
          if (s > scores[at]!) scores[at] = s;
          if (mark & TITLE) titles[at] = 1;
          continue;
        }
        if (e) {
          stamp[d] = e;
          slot[d] = k;
        }
        outDocs[k] = d;
        scores[k] = s;
        titles[k++] = mark & TITLE ? 1 : 0;
      }
    }
    return cut(out, k);
  }

  /**
   * Keeps the entries that also hold a word of `lists`, adding its best score and title mark: a binary search in
   * each word's postings (kept in ordinal order), so a common word's postings are never read whole.
   */
  within(h: Hits, lists: Postings[], titleOnly: boolean): Hits {
    const { docs: hDocs, scores, titles } = h;
    let k = 0;
    for (let i = 0; i < hDocs.length; i++) {
      const d = hDocs[i]!;
      let best = -1;
      let t = 0;
      for (const p of lists) {
        const { docs, marks, len } = p;
        let lo = 0;
        let hi = len;
        while (lo < hi) {
          const mid = (lo + hi) >>> 1;
          if (docs[mid]! < d) lo = mid + 1;
          else hi = mid;
        }
        if (lo === len || docs[lo] !== d) continue;
        const mark = marks[lo]!;
        if (titleOnly && !(mark & TITLE)) continue;
        const s = (mark & (TITLE - 1)) / SCALE;
        if (s > best) best = s;
        if (mark & TITLE) t = 1;
      }
      if (best < 0) continue;
      hDocs[k] = d;
      scores[k] = scores[i]! + best;
      titles[k++] = titles[i]! + t;
    }
    return cut(h, k);
  }

  /** The same as `within`, by reading the words' postings through once: cheaper when the entries are many. */
  scanned(h: Hits, lists: Postings[], titleOnly: boolean): Hits {
    const { docs: hDocs, scores, titles } = h;
    const { stamp, slot } = this;
    const e = this.nextEpoch();
    const best = new Float32Array(hDocs.length).fill(-1);
    const inTitle = new Uint8Array(hDocs.length);
    for (let i = 0; i < hDocs.length; i++) {
      stamp[hDocs[i]!] = e;
      slot[hDocs[i]!] = i;
    }
    for (const p of lists) {
      const { docs, marks, len } = p;
      for (let j = 0; j < len; j++) {
        const d = docs[j]!;
        if (stamp[d] !== e) continue;
        const mark = marks[j]!;
        if (titleOnly && !(mark & TITLE)) continue;
        const at = slot[d]!;
        const s = (mark & (TITLE - 1)) / SCALE;
        if (s > best[at]!) best[at] = s;
        if (mark & TITLE) inTitle[at] = 1;
      }
    }
    let k = 0;
    for (let i = 0; i < hDocs.length; i++) {
      if (best[i]! < 0) continue;
      hDocs[k] = hDocs[i]!;
      scores[k] = scores[i]! + best[i]!;
      titles[k++] = titles[i]! + inTitle[i]!;
    }
    return cut(h, k);
  }

  /**
   * `h`'s entries that are also in `by`, `by`'s scores and title marks added: `h` narrowed in place, or into new
   * arrays when it is not to be changed (a term's kept matches); `by` is only read, through its places when given.
   */
  narrowed(h: Hits, by: Hits, inPlace: boolean, places?: Int32Array): Hits {
    const { docs: byDocs, scores: byScores, titles: byTitles } = by;
    const out = inPlace ? h : hitsOf(Math.min(h.docs.length, byDocs.length));
    const { docs, scores, titles } = out;
    const { docs: hDocs, scores: hScores, titles: hTitles } = h;
    let k = 0;
    if (places) {
      for (let i = 0; i < hDocs.length; i++) {
        const d = hDocs[i]!;
        const at = (places[d] ?? 0) - 1;
        if (at < 0) continue;
        docs[k] = d;
        scores[k] = hScores[i]! + byScores[at]!;
        titles[k++] = hTitles[i]! + byTitles[at]!;
      }
      return cut(out, k);
    }
    const { stamp, slot } = this;
    const e = this.nextEpoch();
    for (let i = 0; i < byDocs.length; i++) {
      stamp[byDocs[i]!] = e;
      slot[byDocs[i]!] = i;
    }
    for (let i = 0; i < hDocs.length; i++) {
      const d = hDocs[i]!;
      if (stamp[d] !== e) continue;
      const at = slot[d]!;
      docs[k] = d;
      scores[k] = hScores[i]! + byScores[at]!;
      titles[k++] = hTitles[i]! + byTitles[at]!;
    }
    return cut(out, k);
  }

  /** Entries in either: the better score, and `a`'s title mark, of one in both. */
  either(a: Hits, b: Hits): Hits {
    const out = hitsOf(a.docs.length + b.docs.length);
    const { docs, scores, titles } = out;
    docs.set(a.docs);
    scores.set(a.scores);
    titles.set(a.titles);
    const { stamp, slot } = this;
    const e = this.nextEpoch();
    for (let i = 0; i < a.docs.length; i++) {
      stamp[a.docs[i]!] = e;
      slot[a.docs[i]!] = i;
    }
    const { docs: bDocs, scores: bScores } = b;
    let k = a.docs.length;
    for (let i = 0; i < bDocs.length; i++) {
      const d = bDocs[i]!;
      if (stamp[d] === e) {
        const at = slot[d]!;
        if (bScores[i]! > scores[at]!) scores[at] = bScores[i]!;
        continue;
      }
      docs[k] = d;
      scores[k++] = bScores[i]!;
    }
    return cut(out, k);
  }

  /**
   * Entries in any of these, scores and title marks added, the scores still to be multiplied by `factor`: one pass,
   * however many. Several parts are summed into this object's own arrays, reused by the next sum: a broad keyword's
   * sum is 100,000 entries, made afresh at every search it would be most of what the collector has to do.
   */
  summed(parts: Hits[], factor: number): Hits {
    if (parts.length <= 1) {
      const one = parts[0] ?? EMPTY;
      return factor === 1 ? one : { ...one, factor };
    }
    const n = parts.reduce((total, h) => total + h.docs.length, 0);
    if (this.sum.docs.length < n) this.sum = hitsOf(Math.max(n, 2 * this.sum.docs.length));
    const out = this.sum;
    const { docs, scores, titles } = out;
    if (this.base > 0x7fffffff - n) {
      this.where.fill(0);
      this.base = 1;
    }
    const { where, base } = this;
    this.base += n;
    if (this.holders.length < n) {
      this.holders = new Uint8Array(this.sum.docs.length);
      this.shared = new Int32Array(this.sum.docs.length);
    }
    const { holders, shared } = this;
    // the largest part is copied whole (its entries are distinct): only the others' are looked up
    const first = parts.reduce((a, b) => (b.docs.length > a.docs.length ? b : a));
    docs.set(first.docs);
    scores.set(first.scores);
    titles.set(first.titles);
    let k = first.docs.length;
    holders.fill(1, 0, k);
    let s = 0;
    for (let i = 0; i < k; i++) where[docs[i]!] = base + i;
    // a part given twice is summed twice, but for the largest, whose copy is all there is of it
    const rest = parts.filter((h) => h !== first);
    for (const h of rest) {
      const { docs: hDocs, scores: hScores, titles: hTitles } = h;
      const n = hDocs.length;
      for (let i = 0; i < n; i++) {
        const d = hDocs[i]!;
        const w = where[d]!;
        if (w >= base) {
          const at = w - base;
          scores[at] = scores[at]! + hScores[i]!;
          titles[at] = titles[at]! + hTitles[i]!;
          if (holders[at]!++ === 1) shared[s++] = at;
          continue;
        }
        where[d] = base + k;
        holders[k] = 1;
        docs[k] = d;
        scores[k] = hScores[i]!;
        titles[k++] = hTitles[i]!;
      }
    }
    const isShared = sharedTest(where, base, holders.subarray(0, k));
    return {
      ...cut(out, k),
      factor,
      sum: { parts: [first, ...rest], shared: shared.subarray(0, s), holders: holders.subarray(0, k), isShared },
    };
  }
}

/** Whether a sum's entry is held by two parts or more; made apart from `summed`, whose loop's names it would hold. */
function sharedTest(where: Int32Array, base: number, holders: Uint8Array): (d: number) => boolean {
  return (d) => {
    const at = where[d]! - base;
    return at >= 0 && at < holders.length && holders[at]! > 1;
  };
}
