import type { PrefixTerm } from '../../platform/search-tokens.ts';

/**
 * One site's search entries held in memory (decision 59): the words of every entry with their weights, and what
 * ranking and filtering need (type, title, categories, price, popularity). It answers word matches, counts per
 * type, rankings and suggestions without a database read; the entries' shown fields stay in `search_doc`.
 *
 * Entries get ordinals as they come; an edited entry is a new ordinal and its old one is dead until the next
 * compaction, so every word's postings stay in ordinal order and are only ever appended to.
 */

/** An entry as `search_doc` holds it; `lexemes` is its tsvector's text form ('word':1A,5 …). */
export interface MemoryDoc {
  type: number;
  refId: bigint;
  title: string;
  categoryIds: bigint[];
  price: number;
  popularity: number;
  /** seconds since 1970 by the database's clock, microseconds kept: the newer of two readings wins */
  modified: number;
  lexemes: string;
}

/** Matches any of these conjunctions, each of its terms required (decision 46's ways of matching). */
export interface MemoryQuery {
  anyOf: PrefixTerm[][];
  /** only words of the title (weight A): the header's suggestions */
  titleOnly?: boolean;
}

export interface MemoryFilter {
  type: number;
  categoryId?: bigint;
  price: '' | 'free' | 'paid';
}

/** How the keyword as typed lifts a title holding it, as the database's ranking did (search.repo's scoreOf). */
export interface TitleBonus {
  keyword: string;
  words: string[];
}

/** Matched entries: ordinals, word scores and how many of the query's terms each holds in its title. */
export interface Hits {
  docs: Int32Array;
  scores: Float32Array;
  titles: Uint8Array;
}

function hitsOf(n: number): Hits {
  return { docs: new Int32Array(n), scores: new Float32Array(n), titles: new Uint8Array(n) };
}

function cut(h: Hits, k: number): Hits {
  return k === h.docs.length
    ? h
    : { docs: h.docs.subarray(0, k), scores: h.scores.subarray(0, k), titles: h.titles.subarray(0, k) };
}

function scale(h: Hits, by: number): Hits {
  if (by !== 1) for (let i = 0; i < h.scores.length; i++) h.scores[i] = h.scores[i]! * by;
  return h;
}

// ts_rank's default weights are A 1, B 0.4, C 0.2, D 0.1 (eachWord); a word's score in an entry is at most ~1.0:
// kept in 15 bits, the 16th says the word is in the title
const SCALE = 30_000;
const TITLE = 0x8000;
const EMPTY: Hits = hitsOf(0);

/**
 * Calls `each` with every word of a tsvector's text form ('word':1A,5 …) and its mark: the word's score in the entry
 * as ts_rank scores one word (its best weight, plus each further occurrence's weight divided by the square of its
 * place, over the limit of that sum, π²/6), and the title bit when it is in the title (weight A). Read by hand: a
 * load reads millions of them.
 */
export function eachWord(lexemes: string, each: (word: string, mark: number) => void): void {
  const end = lexemes.length;
  let i = lexemes.indexOf("'");
  while (i >= 0 && i < end) {
    let j = i + 1;
    let doubled = false;
    for (; j < end; j++) {
      if (lexemes.charCodeAt(j) !== 39) continue;
      if (lexemes.charCodeAt(j + 1) !== 39) break;
      doubled = true;
      j++;
    }
    const raw = lexemes.slice(i + 1, j);
    const word = doubled ? raw.replaceAll("''", "'") : raw;
    // positions after the colon: digits, a weight letter unless D, commas between
    let sum = 0;
    let best = -1;
    let bestAt = 0;
    let place = 0;
    let title = false;
    let k = j + 2;
    for (; k <= end; k++) {
      const c = k < end ? lexemes.charCodeAt(k) : 32;
      if (c >= 48 && c <= 57) continue;
      if (c === 44 || c === 32) {
        const letter = lexemes.charCodeAt(k - 1);
        const w = letter === 65 ? 1 : letter === 66 ? 0.4 : letter === 67 ? 0.2 : 0.1;
        if (letter === 65) title = true;
        place++;
        sum += w / (place * place);
        if (w > best) {
          best = w;
          bestAt = place;
        }
        if (c === 32) break;
      }
    }
    const score = (best + sum - best / (bestAt * bestAt)) / 1.64493406685;
    each(word, Math.min(TITLE - 1, Math.round(score * SCALE)) | (title ? TITLE : 0));
    i = lexemes.indexOf("'", k);
  }
}

class Postings {
  docs = new Int32Array(4);
  marks = new Uint16Array(4);
  len = 0;
  push(doc: number, mark: number): void {
    // a full list grows into arrays of its own, also out of the shared ones a compaction packs it into
    if (this.len === this.docs.length) {
      const docs = new Int32Array(Math.max(4, this.len * 2));
      docs.set(this.docs);
      const marks = new Uint16Array(Math.max(4, this.len * 2));
      marks.set(this.marks);
      this.docs = docs;
      this.marks = marks;
    }
    this.docs[this.len] = doc;
    this.marks[this.len++] = mark;
  }
  /** Keeps the live postings, renumbered. */
  compact(remap: Int32Array): void {
    let k = 0;
    for (let i = 0; i < this.len; i++) {
      const to = remap[this.docs[i]!]!;
      if (to < 0) continue;
      this.docs[k] = to;
      this.marks[k++] = this.marks[i]!;
    }
    this.len = k;
  }
}

/** The first index in a sorted array not below `key`. */
function lowerBound(sorted: string[], key: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export class MemoryIndex {
  private n = 0;
  private live = 0;
  private alive = new Uint8Array(1024);
  private types = new Uint8Array(1024);
  private popularity = new Int32Array(1024);
  private prices = new Float64Array(1024);
  private refIds = new BigInt64Array(1024);
  private titles: string[] = [];
  private cats: number[][] = [];
  private catCodes = new Map<bigint, number>();
  private modifiedAt = new Float64Array(1024);
  /** `type:refId` → its live ordinal */
  private readonly ordOf = new Map<string, number>();
  /** `type:refId` → when it was removed: a reading from before then is not applied */
  private readonly removed = new Map<string, number>();
  private readonly words = new Map<string, Postings>();
  private sortedWords: string[] = [];
  /** words met since the sorted list was last made: merged at the next match, not one by one (a load meets 100,000) */
  private newWords: string[] = [];
  // scratch of the set operations: a doc is in the current set when its stamp is the current epoch
  private stamp = new Uint32Array(1024);
  private slot = new Int32Array(1024);
  private epoch = 0;
  /** grows at every change: a match remembered from an earlier version is not reused */
  private version = 0;
  private last?: { q: MemoryQuery; version: number; hits: Hits };

  get size(): number {
    return this.live;
  }

  /** Applies entries as read; one not newer than what is held (or than its removal) changes nothing. */
  put(doc: MemoryDoc): boolean {
    const key = `${doc.type}:${doc.refId}`;
    const held = this.ordOf.get(key);
    if (
      (held !== undefined && this.modifiedAt[held]! >= doc.modified) ||
      (this.removed.get(key) ?? -Infinity) >= doc.modified
    )
      return false;
    if (held !== undefined) this.kill(held);
    this.removed.delete(key);
    const ord = this.n++;
    this.grow(this.n);
    this.alive[ord] = 1;
    this.live++;
    this.version++;
    this.types[ord] = doc.type;
    this.popularity[ord] = doc.popularity;
    this.prices[ord] = doc.price;
    this.refIds[ord] = doc.refId;
    this.titles[ord] = doc.title;
    this.cats[ord] = doc.categoryIds.map((c) => this.catCode(c));
    this.modifiedAt[ord] = doc.modified;
    this.ordOf.set(key, ord);
    eachWord(doc.lexemes, (word, mark) => {
      let p = this.words.get(word);
      if (!p) {
        p = new Postings();
        this.words.set(word, p);
        this.newWords.push(word);
      }
      p.push(ord, mark);
    });
    return true;
  }

  /** Removes an entry removed at `modified`; a reading of it from before then is not applied later. */
  remove(type: number, refId: bigint, modified: number): boolean {
    const key = `${type}:${refId}`;
    const held = this.ordOf.get(key);
    if ((held !== undefined && this.modifiedAt[held]! >= modified) || (this.removed.get(key) ?? -Infinity) >= modified)
      return false;
    if (held !== undefined) {
      this.ordOf.delete(key);
      this.kill(held);
    }
    this.removed.set(key, modified);
    return true;
  }

  /** Forgets removals older than `before`: readings that old are no longer applied (search-mirror's window). */
  forgetRemovals(before: number): void {
    for (const [key, at] of this.removed) if (at < before) this.removed.delete(key);
  }

  private kill(ord: number): void {
    this.alive[ord] = 0;
    this.live--;
    this.version++;
    if (this.n - this.live > Math.max(10_000, this.n / 4)) this.compact();
  }

  private catCode(id: bigint): number {
    let code = this.catCodes.get(id);
    if (code === undefined) this.catCodes.set(id, (code = this.catCodes.size));
    return code;
  }

  private grow(need: number): void {
    if (need <= this.alive.length) return;
    const size = Math.max(need, this.alive.length * 2);
    const widen = <T extends Uint8Array | Int32Array | Float64Array | BigInt64Array | Uint32Array | Float32Array>(
      a: T,
    ): T => {
      const b = new (a.constructor as new (n: number) => T)(size);
      b.set(a as never);
      return b;
    };
    this.alive = widen(this.alive);
    this.types = widen(this.types);
    this.popularity = widen(this.popularity);
    this.prices = widen(this.prices);
    this.refIds = widen(this.refIds);
    this.modifiedAt = widen(this.modifiedAt);
    this.stamp = new Uint32Array(size);
    this.slot = new Int32Array(size);
    this.epoch = 0;
  }

  /** Renumbers the live entries from 0 and drops the dead ones' postings and words. */
  compact(): void {
    this.version++;
    const remap = new Int32Array(this.n).fill(-1);
    let k = 0;
    for (let i = 0; i < this.n; i++) {
      if (!this.alive[i]) continue;
      remap[i] = k;
      this.types[k] = this.types[i]!;
      this.popularity[k] = this.popularity[i]!;
      this.prices[k] = this.prices[i]!;
      this.refIds[k] = this.refIds[i]!;
      this.modifiedAt[k] = this.modifiedAt[i]!;
      this.titles[k] = this.titles[i]!;
      this.cats[k] = this.cats[i]!;
      this.alive[k++] = 1;
    }
    this.alive.fill(0, k);
    this.titles.length = this.cats.length = k;
    this.n = this.live = k;
    for (const [key, ord] of this.ordOf) this.ordOf.set(key, remap[ord]!);
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

  private sortWords(): void {
    if (!this.newWords.length) return;
    if (this.newWords.length < 32)
      for (const w of this.newWords) this.sortedWords.splice(lowerBound(this.sortedWords, w), 0, w);
    else this.sortedWords = [...this.sortedWords, ...this.newWords].sort();
    this.newWords = [];
  }

  private nextEpoch(): number {
    if (++this.epoch === 0xffffffff) {
      this.stamp.fill(0);
      this.epoch = 1;
    }
    return this.epoch;
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

  /** Live entries holding one of these words, each with its best such word's score and whether one is in the title. */
  private united(lists: Postings[], titleOnly: boolean): Hits {
    const out = hitsOf(lists.reduce((n, p) => n + p.len, 0));
    const { docs: outDocs, scores, titles } = out;
    const { alive, stamp, slot } = this;
    const allAlive = this.live === this.n;
    const e = lists.length > 1 ? this.nextEpoch() : 0;
    let k = 0;
    for (const p of lists) {
      const { docs, marks, len } = p;
      for (let j = 0; j < len; j++) {
        const d = docs[j]!;
        const mark = marks[j]!;
        if ((!allAlive && !alive[d]) || (titleOnly && !(mark & TITLE))) continue;
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
  private within(h: Hits, lists: Postings[], titleOnly: boolean): Hits {
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
  private scanned(h: Hits, lists: Postings[], titleOnly: boolean): Hits {
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

  /** Entries in both: scores and title marks added. */
  private both(a: Hits, b: Hits): Hits {
    const [small, big] = a.docs.length <= b.docs.length ? [a, b] : [b, a];
    const { stamp, slot } = this;
    const e = this.nextEpoch();
    const sDocs = small.docs;
    for (let i = 0; i < sDocs.length; i++) {
      stamp[sDocs[i]!] = e;
      slot[sDocs[i]!] = i;
    }
    const { docs, scores, titles } = big;
    let k = 0;
    for (let i = 0; i < docs.length; i++) {
      const d = docs[i]!;
      if (stamp[d] !== e) continue;
      const at = slot[d]!;
      docs[k] = d;
      scores[k] = scores[i]! + small.scores[at]!;
      titles[k++] = titles[i]! + small.titles[at]!;
    }
    return cut(big, k);
  }

  /** Entries in either: the better score, and `a`'s title mark, of one in both. */
  private either(a: Hits, b: Hits): Hits {
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
      : this.united(order.shift()!, titleOnly);
    for (const g of order) {
      if (!hits.docs.length) break;
      // searching for each entry costs a binary search per word; reading the words' postings costs their length
      const searching = hits.docs.length * g.length * Math.log2(2 + size(g) / g.length);
      hits = searching < size(g) ? this.within(hits, g, titleOnly) : this.scanned(hits, g, titleOnly);
    }
    return hits;
  }

  /** The live entries matching the query, with their word scores and how many of its terms are in their titles. */
  match(q: MemoryQuery): Hits {
    if (this.last?.q === q && this.last.version === this.version) return this.last.hits;
    this.sortWords();
    const titleOnly = q.titleOnly ?? false;
    const conjs: Hits[] = [];
    for (const terms of q.anyOf) {
      // the term with the fewest postings is read first; the others only narrow what it found
      const ranged = terms.map((alts) => {
        const term = alts.map((alt) => alt.map((w) => this.range(w)));
        const size = (g: Postings[]) => g.reduce((n, p) => n + p.len, 0);
        return { term, est: term.reduce((n, alt) => n + Math.min(...alt.map(size)), 0) };
      });
      ranged.sort((a, b) => a.est - b.est);
      let conj: Hits | undefined;
      for (const { term } of ranged) {
        const found = this.term(term, titleOnly, conj);
        conj = conj ? this.both(conj, found) : found;
        if (!conj.docs.length) break;
      }
      conjs.push(scale(conj ?? EMPTY, 1 / Math.max(1, terms.length)));
    }
    const hits = scale(this.summed(conjs), 1 / Math.max(1, q.anyOf.length));
    this.last = { q, version: this.version, hits };
    return hits;
  }

  /** Entries in any of these, scores and title marks added: one pass, however many. */
  private summed(parts: Hits[]): Hits {
    if (parts.length <= 1) return parts[0] ?? EMPTY;
    const out = hitsOf(parts.reduce((n, h) => n + h.docs.length, 0));
    const { docs, scores, titles } = out;
    const { stamp, slot } = this;
    const e = this.nextEpoch();
    let k = 0;
    for (const h of parts) {
      for (let i = 0; i < h.docs.length; i++) {
        const d = h.docs[i]!;
        if (stamp[d] === e) {
          const at = slot[d]!;
          scores[at] = scores[at]! + h.scores[i]!;
          titles[at] = titles[at]! + h.titles[i]!;
          continue;
        }
        stamp[d] = e;
        slot[d] = k;
        docs[k] = d;
        scores[k] = h.scores[i]!;
        titles[k++] = h.titles[i]!;
      }
    }
    return cut(out, k);
  }

  /** One term: the entries matching any of its alternatives (each a list of prefix groups, all required). */
  private term(alts: Postings[][][], titleOnly: boolean, among: Hits | undefined): Hits {
    let found = EMPTY;
    for (const [k, alt] of alts.entries()) {
      const one = scale(this.allOf(alt, titleOnly, among), 1 / alt.length);
      // only the word itself marks the title: its shorter words may sit apart there
      if (k > 0) one.titles.fill(0);
      found = k === 0 ? one : this.either(found, one);
    }
    return found;
  }

  /** How many of the matches are of each type. */
  counts(hits: Hits): { type: number; count: number }[] {
    const byType = new Int32Array(256);
    for (let i = 0; i < hits.docs.length; i++) byType[this.types[hits.docs[i]!]!]!++;
    const out: { type: number; count: number }[] = [];
    for (let type = 0; type < 256; type++) if (byType[type]) out.push({ type, count: byType[type]! });
    return out;
  }

  private passes(d: number, f: MemoryFilter, cat: number | undefined): boolean {
    if (this.types[d] !== f.type) return false;
    if (f.price === 'free' && this.prices[d] !== 0) return false;
    if (f.price === 'paid' && !(this.prices[d]! > 0)) return false;
    return cat === undefined || this.cats[d]!.includes(cat);
  }

  private filterCode(f: MemoryFilter): number | undefined | null {
    if (f.categoryId === undefined) return undefined;
    return this.catCodes.get(f.categoryId) ?? null;
  }

  /** How many of the matches pass the filter. */
  total(hits: Hits, f: MemoryFilter): number {
    const cat = this.filterCode(f);
    if (cat === null) return 0;
    let n = 0;
    for (const d of hits.docs) if (this.passes(d, f, cat)) n++;
    return n;
  }

  /** Whether entry a ranks before entry b: the better score, then the more popular, then the newer id. */
  private before(a: number, fa: number, b: number, fb: number): boolean {
    if (fa !== fb) return fa > fb;
    const pa = this.popularity[a]!;
    const pb = this.popularity[b]!;
    return pa !== pb ? pa > pb : this.refIds[a]! > this.refIds[b]!;
  }

  /**
   * The ids of the filtered matches in rank order, from `offset`, at most `limit`: word score and the title bonus
   * (one for a title holding the keyword as typed, up to a half for the share of its words there), then popularity,
   * then the newer id. Only the best `offset + limit` are kept while reading, in a heap.
   */
  ranked(hits: Hits, f: MemoryFilter | { types: number[] }, bonus: TitleBonus, limit: number, offset = 0): bigint[] {
    const want = offset + limit;
    const types = 'types' in f ? new Set(f.types) : undefined;
    const cat = 'types' in f ? undefined : this.filterCode(f);
    if (cat === null || want <= 0) return [];
    const keyword = bonus.keyword.trim().toLowerCase();
    const words = Math.max(1, bonus.words.length);
    // a keyword of one word is in every title holding that word: no title need be read
    const oneWord = bonus.words.length === 1 && bonus.words[0] === keyword;
    const heap = new TopK(want, (a, fa, b, fb) => this.before(a, fa, b, fb));
    // a tab without a category or price filter asks only for the type
    const plain = !types && cat === undefined && (f as MemoryFilter).price === '';
    const type = (f as MemoryFilter).type;
    for (let i = 0; i < hits.docs.length; i++) {
      const d = hits.docs[i]!;
      if (types ? !types.has(this.types[d]!) : plain ? this.types[d] !== type : !this.passes(d, f as MemoryFilter, cat))
        continue;
      const inTitle = Math.min(hits.titles[i]!, words);
      let whole = (0.5 * inTitle) / words;
      if (inTitle === words && (oneWord || this.titles[d]!.toLowerCase().includes(keyword))) whole += 1;
      heap.offer(d, hits.scores[i]! + whole);
    }
    return heap
      .sorted()
      .slice(offset)
      .map((d) => this.refIds[d]!);
  }

  /** Titles matched by the typed prefixes: those holding the keyword first, courses next, then the popular. */
  suggest(hits: Hits, keyword: string, limit: number): { type: number; id: string; title: string }[] {
    const kw = keyword.trim().toLowerCase();
    const group = (t: number) => (t === 1 ? 0 : t === 2 || t === 4 || t === 9 ? 1 : 2);
    // one figure in which a title holding the keyword, then the type's group, weigh more than any popularity
    const heap = new TopK(limit, (a, fa, b, fb) => this.before(a, fa, b, fb));
    for (let i = 0; i < hits.docs.length; i++) {
      const d = hits.docs[i]!;
      const holds = this.titles[d]!.toLowerCase().includes(kw) ? 1 : 0;
      heap.offer(d, holds * 4 + (2 - group(this.types[d]!)));
    }
    return heap.sorted().map((d) => ({ type: this.types[d]!, id: String(this.refIds[d]), title: this.titles[d]! }));
  }
}

/** The best `k` of what is offered, by `before`, in a binary heap whose root is the worst kept. */
class TopK {
  private readonly docs: Int32Array;
  private readonly figures: Float64Array;
  private size = 0;
  private readonly k: number;
  private readonly before: (a: number, fa: number, b: number, fb: number) => boolean;
  constructor(k: number, before: (a: number, fa: number, b: number, fb: number) => boolean) {
    this.k = k;
    this.before = before;
    this.docs = new Int32Array(k);
    this.figures = new Float64Array(k);
  }
  private worse(i: number, j: number): boolean {
    return this.before(this.docs[j]!, this.figures[j]!, this.docs[i]!, this.figures[i]!);
  }
  private swap(i: number, j: number): void {
    const d = this.docs[i]!;
    const f = this.figures[i]!;
    this.docs[i] = this.docs[j]!;
    this.figures[i] = this.figures[j]!;
    this.docs[j] = d;
    this.figures[j] = f;
  }
  offer(doc: number, figure: number): void {
    if (this.size < this.k) {
      let i = this.size++;
      this.docs[i] = doc;
      this.figures[i] = figure;
      while (i > 0) {
        const up = (i - 1) >> 1;
        if (!this.worse(i, up)) break;
        this.swap(i, up);
        i = up;
      }
      return;
    }
    if (!this.before(doc, figure, this.docs[0]!, this.figures[0]!)) return;
    this.docs[0] = doc;
    this.figures[0] = figure;
    for (let i = 0; ;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let w = i;
      if (l < this.size && this.worse(l, w)) w = l;
      if (r < this.size && this.worse(r, w)) w = r;
      if (w === i) break;
      this.swap(i, w);
      i = w;
    }
  }
  sorted(): number[] {
    const order = Array.from({ length: this.size }, (_, i) => i);
    order.sort((i, j) => (this.worse(j, i) ? -1 : this.worse(i, j) ? 1 : 0));
    return order.map((i) => this.docs[i]!);
  }
}
