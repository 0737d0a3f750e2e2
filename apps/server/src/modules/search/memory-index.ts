import type { PrefixTerm } from '../../platform/search-tokens.ts';
import { Shortlist, ShortlistRoom, TopK } from './best-few.ts';
import type { Hits } from './hit-sets.ts';
import { figureOf, SumRanking } from './sum-ranking.ts';
import { WordMatcher } from './word-matcher.ts';
import { eachWord } from './word-postings.ts';

/**
 * One site's search entries held in memory (decision 59): what ranking and filtering need (type, title, categories,
 * price, popularity), and the words of every entry with their weights, which `word-matcher.ts` keeps and matches by.
 * It answers word matches, counts per type, rankings and suggestions without a database read; the entries' shown
 * fields stay in `search_doc`.
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

export interface TypeCount {
  type: number;
  count: number;
}

function countsOf(byType: Int32Array): TypeCount[] {
  const out: TypeCount[] = [];
  for (let type = 0; type < byType.length; type++) if (byType[type]) out.push({ type, count: byType[type]! });
  return out;
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
  /** each title lower-cased (the title itself when that changes nothing) */
  private lowerTitles: string[] = [];
  private cats: number[][] = [];
  private catCodes = new Map<bigint, number>();
  private modifiedAt = new Float64Array(1024);
  /** `type:refId` → its live ordinal */
  private readonly ordOf = new Map<string, number>();
  /** `type:refId` → when it was removed: a reading from before then is not applied */
  private readonly removed = new Map<string, number>();
  /** grows at every change: a match remembered from an earlier version is not reused */
  private version = 0;
  private last?: { q: MemoryQuery; version: number; hits: Hits };
  private readonly matcher = new WordMatcher(() => this.version);
  /** the rankings' shortlist, kept between searches */
  private readonly room = new ShortlistRoom();
  private readonly sums = new SumRanking();

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
    // the title as ranking compares it with the keyword, read for thousands of entries a search
    const lower = doc.title.toLowerCase();
    this.lowerTitles[ord] = lower === doc.title ? doc.title : lower;
    this.cats[ord] = doc.categoryIds.map((c) => this.catCode(c));
    this.modifiedAt[ord] = doc.modified;
    this.ordOf.set(key, ord);
    eachWord(doc.lexemes, (word, mark) => this.matcher.add(word, ord, mark));
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
    this.matcher.grow(size);
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
      this.lowerTitles[k] = this.lowerTitles[i]!;
      this.cats[k] = this.cats[i]!;
      this.alive[k++] = 1;
    }
    this.alive.fill(0, k);
    this.titles.length = this.lowerTitles.length = this.cats.length = k;
    this.n = this.live = k;
    for (const [key, ord] of this.ordOf) this.ordOf.set(key, remap[ord]!);
    this.matcher.compact(remap);
  }

  /**
   * The live entries matching the query, with their word scores and how many of its terms are in their titles;
   * valid until the next match (its arrays may be reused), so read at once, never kept across an await.
   */
  match(q: MemoryQuery): Hits {
    if (this.last?.q === q && this.last.version === this.version) return this.last.hits;
    const hits = this.matcher.match(q.anyOf, q.titleOnly ?? false, this.live === this.n ? undefined : this.alive);
    this.last = { q, version: this.version, hits };
    return hits;
  }

  /** How many of the matches are of each type. */
  counts(hits: Hits): TypeCount[] {
    const byType = new Int32Array(256);
    this.countInto(hits, byType);
    return countsOf(byType);
  }

  private countInto(hits: Hits, byType: Int32Array): void {
    const { docs } = hits;
    const typeOf = this.types;
    for (let i = 0; i < docs.length; i++) byType[typeOf[docs[i]!]!]!++;
  }

  /**
   * `counts` and the first `limit` of `ranked` from one pass over the matches: a keyword's first search counts its
   * 100,000 matches and ranks a tab of them.
   */
  countsAndRanked(
    hits: Hits,
    f: MemoryFilter,
    bonus: TitleBonus,
    limit: number,
  ): { counts: TypeCount[]; ids: bigint[] } {
    const byType = new Int32Array(256);
    const ids = this.rank(hits, f, bonus, limit, 0, byType);
    return { counts: countsOf(byType), ids };
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
    return this.rank(hits, f, bonus, limit, offset);
  }

  /** `ranked`, counting each match's type into `byType` on the way when it is given. */
  private rank(
    hits: Hits,
    f: MemoryFilter | { types: number[] },
    bonus: TitleBonus,
    limit: number,
    offset: number,
    byType?: Int32Array,
  ): bigint[] {
    const want = offset + limit;
    const types = 'types' in f ? new Set(f.types) : undefined;
    const cat = 'types' in f ? undefined : this.filterCode(f);
    if (cat === null || want <= 0 || !hits.docs.length) {
      if (byType) this.countInto(hits, byType);
      return [];
    }
    const keyword = bonus.keyword.trim().toLowerCase();
    const words = Math.max(1, bonus.words.length);
    // a keyword of one word is in every title holding that word: no title need be read
    const oneWord = bonus.words.length === 1 && bonus.words[0] === keyword;
    // a tab without a category or price filter asks only for the type
    const plain = !types && cat === undefined && (f as MemoryFilter).price === '';
    const type = (f as MemoryFilter).type;
    const { docs, scores, titles, factor = 1 } = hits;
    const before = (a: number, fa: number, b: number, fb: number) => this.before(a, fa, b, fb);
    const fig = { factor, words, keyword, oneWord };
    const lowerTitles = this.lowerTitles;
    if (plain && this.sums.takes(hits)) {
      const facts = { types: this.types, popularity: this.popularity, refIds: this.refIds, lowerTitles };
      return this.sums
        .rank(hits, type, fig, new Shortlist(want, before, this.room), facts, before, byType)
        .slice(offset)
        .map((d) => this.refIds[d]!);
    }
    const typeOf = this.types;
    const list = new Shortlist(Math.min(want, docs.length), before, this.room);
    for (let i = 0; i < docs.length; i++) {
      const d = docs[i]!;
      const t = typeOf[d]!;
      if (byType) byType[t]!++;
      if (plain ? t !== type : types ? !types.has(t) : !this.passes(d, f as MemoryFilter, cat)) continue;
      list.offer(d, figureOf(fig, scores[i]!, titles[i]!, lowerTitles, d));
    }
    return list
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
      const holds = this.lowerTitles[d]!.includes(kw) ? 1 : 0;
      heap.offer(d, holds * 4 + (2 - group(this.types[d]!)));
    }
    return heap.sorted().map((d) => ({ type: this.types[d]!, id: String(this.refIds[d]), title: this.titles[d]! }));
  }
}
