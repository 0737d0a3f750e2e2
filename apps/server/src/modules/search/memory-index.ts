import { LocalCache } from '../../platform/local-cache.ts';
import type { PrefixTerm } from '../../platform/search-tokens.ts';
import { EMPTY, HitSets, scale, TopK, type Hits } from './hit-sets.ts';
import { eachWord, lowerBound, Postings } from './word-postings.ts';

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
  private readonly sets = new HitSets();
  /** grows at every change: a match remembered from an earlier version is not reused */
  private version = 0;
  private last?: { q: MemoryQuery; version: number; hits: Hits };
  /**
   * Each term's matches read whole, while the index is unchanged: searches share their words (a popular word is in
   * many keywords), and a broad word's matches cost a read of 100,000 postings. Bounded by their size.
   */
  private readonly termHits = new LocalCache<string, Hits>({
    max: 512,
    maxBytes: { bytes: 48 << 20, sizeOf: (h) => h.docs.length * 9 },
    generation: () => this.version,
  });

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
    this.sets.grow(size);
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
      : this.sets.united(order.shift()!, titleOnly, this.live === this.n ? undefined : this.alive);
    for (const g of order) {
      if (!hits.docs.length) break;
      // searching for each entry costs a binary search per word; reading the words' postings costs their length
      const searching = hits.docs.length * g.length * Math.log2(2 + size(g) / g.length);
      hits = searching < size(g) ? this.sets.within(hits, g, titleOnly) : this.sets.scanned(hits, g, titleOnly);
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
        const key = `${titleOnly ? 'title:' : ''}${JSON.stringify(alts)}`;
        return { term, key, est: term.reduce((n, alt) => n + Math.min(...alt.map(size)), 0) };
      });
      ranged.sort((a, b) => a.est - b.est);
      // a term's kept matches are shared, not copied: `own` says whether `conj` may be changed in place
      let conj: Hits | undefined;
      let own = false;
      for (const { term, key, est } of ranged) {
        [conj, own] = this.withTerm(conj, own, term, key, est, titleOnly);
        if (!conj.docs.length) break;
      }
      // a conjunction still shared is one term's (scaled by 1) or empty: scaling changes no kept matches
      conjs.push(scale(conj ?? EMPTY, 1 / Math.max(1, terms.length)));
    }
    // several parts are summed into new arrays; a lone one is scaled by 1, unchanged
    const hits = scale(this.sets.summed(conjs), 1 / Math.max(1, q.anyOf.length));
    this.last = { q, version: this.version, hits };
    return hits;
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
    // reading the term's postings whole costs about the same as narrowing by them, and keeps them for the next search
    if (!kept && (!conj || conj.docs.length * 16 >= est)) {
      const version = this.version;
      kept = this.term(term, titleOnly, undefined);
      this.termHits.set(key, kept, { generation: version });
    }
    if (!conj) return [kept!, false];
    if (kept && conj.docs.length * 16 >= Math.min(est, kept.docs.length))
      return [this.sets.narrowed(conj, kept, own), true];
    // a few entries: each searched for in the term's words; the term's own answer is new, narrowed in place
    return [this.sets.narrowed(this.term(term, titleOnly, conj), conj, true), true];
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
