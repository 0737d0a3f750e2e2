import type { TPageQuery } from '#contract/call.ts';
import type { TSearchResult, TSearchSuggestion } from '#contract/search.ts';
import type { Platform } from '../../platform/context.ts';
import { pageWindow, toPage, type Page } from '../../platform/db/page.ts';
import { LocalCache } from '../../platform/local-cache.ts';
import { addSiteWords, indexWords, matchedWords, prefixTerms, queryWords } from '../../platform/search-tokens.ts';
import type { Indexer, SearchDoc, SearchSource } from './search.port.ts';
import { narrows } from './index-protocol.ts';
import { IndexThread, type IndexCopy } from './index-thread.ts';
import { matchesOf } from './match-ways.ts';
import { SearchMirror } from './search-mirror.ts';
import { present } from './search.presenter.ts';
import { searchRepo, type Filter, type HitRow, type IndexedDoc, type Match } from './search.repo.ts';

const SUGGEST_LIMIT = 8;
/**
 * How long an answer is kept at most (decision 62): it is dropped at any change of the index this process sees, and
 * every search first looks for other processes' changes (at most a second old), so the time only bounds memory.
 */
const KEPT_MS = 60_000;
/** Kept answers live 80–100 % of their time: the many worked out in one burst are not all worked out again at once. */
const SPREAD = 0.2;
/**
 * How many of a keyword's best matches of a type are kept in rank order: the first 5 pages of 20 when it is first
 * searched (most people look at the first page only), the first 25 once a page past those is asked for.
 */
export interface RankingDepths {
  first: number;
  most: number;
}
const RANKED: RankingDepths = { first: 100, most: 500 };

interface Matching {
  match: Match;
  counts: { type: number; count: number }[];
}

interface Ranking {
  /** as the search thread sends them: a page's few are made text when shown */
  ids: bigint[];
  total: number;
  /** how many were asked for: fewer ids are all there are */
  depth: number;
}

type SearchListQuery = TPageQuery & { keyword: string; type: number; categoryId?: string; price: '' | 'free' | 'paid' };
const REBUILD_BATCH = 500;

function indexed(d: SearchDoc): IndexedDoc {
  return {
    ...d,
    titleWords: indexWords(d.title),
    byWords: indexWords(`${d.byName} ${d.extra}`),
    summaryWords: indexWords(d.summary),
  };
}

/**
 * The one search (decision 46): keeps the index current through the indexer port, answers the search page, the
 * header's suggestions and the owners' own search calls (ids in rank order, which the owner presents).
 */
export class SearchService implements Indexer {
  private readonly p: Platform;
  private readonly sources = new Map<number, SearchSource>();
  // typing asks again for the same few letters: answers kept, dropped at any change of the index
  private readonly suggestions = new LocalCache<string, Promise<TSearchSuggestion[]>>({
    max: 2000,
    ttlMs: KEPT_MS,
    ttlSpread: SPREAD,
  });
  // the pages asked for again and again (a popular word's first page, a tab): most searches are of pages each asked a
  // few times among many more than fit, which would push each other and the popular ones out and reach the old
  // generation as garbage, so a page is kept only when asked more often than the one it would push out (decision 78)
  private readonly pages = new LocalCache<string, Promise<TSearchResult>>({
    max: 2000,
    ttlMs: KEPT_MS,
    ttlSpread: SPREAD,
    keptByFrequency: true,
  });
  // a keyword's counts and its first pages in rank order, shared by its pages, tabs and filters; dropped at any change
  private readonly matchings = new LocalCache<string, Promise<Matching>>({
    max: 2000,
    ttlMs: KEPT_MS,
    ttlSpread: SPREAD,
  });
  private readonly rankings = new LocalCache<string, Promise<Ranking>>({
    max: 2000,
    ttlMs: KEPT_MS,
    ttlSpread: SPREAD,
  });
  /** grows at every change of the index this process sees: a row read before a change is not kept after it */
  private changes = 0;
  // the shown fields of the entries that came up: the best of many keywords are the same popular few, and a page of
  // them read from the database was a third of a new keyword's cost; dropped at any change, as the rankings are
  private readonly rows = new LocalCache<string, HitRow>({
    max: 20_000,
    ttlMs: 60_000,
    ttlSpread: SPREAD,
    generation: () => this.changes,
  });
  private readonly indexing = new Map<string, Promise<void>>();
  private readonly mirrors = new Map<bigint, SearchMirror>();
  /** matching and ranking run beside the requests (decision 70), started at the first search */
  private readonly thread: IndexThread;

  private readonly depths: RankingDepths;

  constructor(p: Platform, depths: RankingDepths = RANKED) {
    this.p = p;
    this.depths = depths;
    this.thread = new IndexThread({
      idleReleaseBytes: p.config.idleReleaseBytes,
      onRelease: (r) =>
        p.log.info(
          { heapBeforeMb: Math.round(r.heapBefore / 2 ** 20), heapAfterMb: Math.round(r.heapAfter / 2 ** 20) },
          'search thread quiet after load: heap compacted and given back',
        ),
    });
  }

  /** Stops the search thread, the copies with it: the process is closing. */
  async close(): Promise<void> {
    this.mirrors.clear();
    await this.thread.close();
  }

  source(type: number, source: SearchSource): void {
    if (this.sources.has(type)) throw new Error(`search type ${type} already has a source`);
    this.sources.set(type, source);
  }

  /**
   * Changes of one row are indexed one after another in this process: two requests editing the same post at once
   * must not write the earlier reading last (a hidden post found again).
   */
  changed(siteId: bigint, type: number, refIds: bigint | bigint[]): Promise<void> {
    const ids = Array.isArray(refIds) ? refIds : [refIds];
    const key = `${siteId}:${type}:${ids.join(',')}`;
    const run = (this.indexing.get(key) ?? Promise.resolve()).then(() => this.index(siteId, type, ids));
    const tail = run.catch(() => undefined);
    this.indexing.set(key, tail);
    void tail.then(() => {
      if (this.indexing.get(key) === tail) this.indexing.delete(key);
    });
    return run;
  }

  private async index(siteId: bigint, type: number, ids: bigint[]): Promise<void> {
    const source = this.sources.get(type);
    if (!source || !ids.length) return;
    const docs = await source.load(siteId, ids);
    if (COURSE_TYPES.has(type)) addSiteWords(docs.flatMap((d) => siteWordsOf(d)));
    const repo = searchRepo(this.p.db);
    const written = await repo.upsert(siteId, type, docs.map(indexed));
    const kept = new Set(docs.map((d) => d.refId));
    const gone = await repo.remove(
      siteId,
      type,
      ids.filter((id) => !kept.has(id)),
    );
    await this.mirrors.get(siteId)?.changed(written, gone);
    this.forgetAnswers();
  }

  private forgetAnswers(): void {
    this.changes++;
    this.suggestions.clear();
    this.pages.clear();
    this.matchings.clear();
    this.rankings.clear();
  }

  /** Reads every source of the site again: existing data after a migration or the demo seed. */
  async rebuild(siteId: bigint): Promise<number> {
    await this.learnWords(siteId);
    const repo = searchRepo(this.p.db);
    let written = 0;
    for (const [type, source] of this.sources) {
      const started = (await repo.now()) - 1;
      for (let after = 0n; ;) {
        const docs = await source.scan(siteId, after, REBUILD_BATCH);
        if (!docs.length) break;
        await repo.upsert(siteId, type, docs.map(indexed));
        written += docs.length;
        after = docs[docs.length - 1]!.refId;
        if (docs.length < REBUILD_BATCH) break;
      }
      await repo.removeOlder(siteId, type, started);
    }
    // the planner chooses between the word index and the type's rows by these; a rebuild changes them at once
    await repo.analyze();
    // the copy in memory is loaded again at the next search rather than fed 100,000 rows here
    await this.mirrors.get(siteId)?.drop();
    this.mirrors.delete(siteId);
    this.forgetAnswers();
    return written;
  }

  /** Builds the index when it is empty (a database migrated before search existed); answers the rows written. */
  async ensureBuilt(siteId: bigint): Promise<number> {
    if ((await searchRepo(this.p.db).countAll(siteId)) > 0) {
      await this.learnWords(siteId);
      return 0;
    }
    return this.rebuild(siteId);
  }

  /** Teaches the segmenter the site's names before any title is cut (each process at start, and the rebuild). */
  async learnWords(siteId: bigint): Promise<void> {
    for (const source of this.sources.values()) if (source.siteWords) addSiteWords(await source.siteWords(siteId));
  }

  async list(siteId: bigint, q: SearchListQuery): Promise<TSearchResult> {
    // another process's changes are read first: a kept answer they would change is dropped before it is given
    await this.memory(siteId);
    return this.pages.load(`${siteId}:${JSON.stringify(q)}`, () => this.listNow(siteId, q));
  }

  /** A page put together from the keyword's matching and ranking and the shown rows, each kept apart. */
  private async listNow(siteId: bigint, q: SearchListQuery): Promise<TSearchResult> {
    const words = queryWords(q.keyword);
    const filter: Filter = {
      type: q.type,
      categoryId: q.categoryId ? BigInt(q.categoryId) : undefined,
      price: q.price,
    };
    const { limit, offset } = pageWindow(q);
    const repo = searchRepo(this.p.db);
    const { match, counts } = await this.matching(siteId, q.keyword, words, filter);
    const filtered = narrows(filter);
    const typeCount = counts.find((c) => c.type === filter.type)?.count ?? 0;
    let ids: string[] = [];
    let total = filtered ? -1 : typeCount;
    if (!typeCount) total = 0;
    else if (limit) {
      const ranked = await this.ranking(siteId, match, filter, offset + limit);
      if (filtered) total = ranked.total;
      if (offset + limit <= ranked.ids.length || ranked.ids.length < ranked.depth)
        ids = ranked.ids.slice(offset, offset + limit).map(String);
      else if (match.fuzzy) ids = await repo.ranked(match, filter, limit, offset);
      else {
        const index = await this.memory(siteId);
        ids = (await index.ranked(match.query, filter, match, limit, offset)).ids.map(String);
      }
    }
    const rows = await this.hitRows(siteId, filter.type, ids);
    if (total < 0) total = await repo.total(match, filter);
    const marks = [q.keyword, ...matchedWords(words)];
    return { ...toPage(rows, total, q, (r) => present(r, marks)), counts };
  }

  /** The shown fields of these entries in the order given, those kept read from memory; one gone since is left out. */
  private async hitRows(siteId: bigint, type: number, ids: string[]): Promise<HitRow[]> {
    const key = (id: string) => `${siteId}:${type}:${id}`;
    const kept = ids.map((id) => this.rows.get(key(id)));
    const missing = ids.filter((_, i) => !kept[i]);
    if (!missing.length) return kept as HitRow[];
    const generation = this.changes;
    const read = new Map((await searchRepo(this.p.db).hits(siteId, type, missing)).map((r) => [r.id, r]));
    for (const row of read.values()) this.rows.set(key(row.id), row, { generation });
    return ids.flatMap((id, i) => kept[i] ?? read.get(id) ?? []);
  }

  /** This site's copy of the index in memory (decision 59), current to within a second. */
  private memory(siteId: bigint): Promise<IndexCopy> {
    let mirror = this.mirrors.get(siteId);
    if (!mirror) {
      mirror = new SearchMirror(searchRepo(this.p.db), this.thread, siteId, () => this.forgetAnswers());
      this.mirrors.set(siteId, mirror);
    }
    return mirror.read();
  }

  /**
   * How a keyword matches (its words, or trigrams when no entry has all of them) and its counts per type: the same
   * for every page, tab and filter of that keyword, so worked out once while it is kept. Matched in memory, the
   * tab asked for is ranked from the same matches at once: matched again later, they would be matched twice.
   */
  private matching(siteId: bigint, keyword: string, words: string[], tab: Filter): Promise<Matching> {
    return this.matchings.load(`${siteId}:${keyword}`, async () => {
      const ways = matchesOf(siteId, keyword, words);
      // the ways matched in memory are tried in one ask, the strictest first
      const inMemory = ways.filter((w) => !w.fuzzy);
      if (inMemory.length) {
        const index = await this.memory(siteId);
        // the tab is ranked in the pass that counts the types
        const depth = this.depths.first;
        const queries = inMemory.map((w) => w.query);
        const { way, counts, ids, total } = await index.countsAndRanked(queries, tab, inMemory[0]!, depth);
        const match = inMemory[way];
        if (match) {
          if (counts.some((c) => c.type === tab.type))
            this.rankings.set(rankingKey(siteId, match, tab), Promise.resolve({ ids, total, depth }));
          return { match, counts };
        }
      }
      // trigrams, the last way, answer whatever they find
      const match = ways.at(-1)!;
      const counts = (await searchRepo(this.p.db).counts(match)).map((c) => ({ type: c.doc_type, count: c.n }));
      return { match, counts };
    });
  }

  /**
   * A keyword's first ids of a type and filter in rank order, at least `need` of them when the deepest kept ranking
   * reaches that far, and how many pass the filter (-1: more than were ranked, uncounted for a typo): the pages people
   * turn through read it, matched and ranked once while it is kept, and again, deeper, at the first page past it.
   */
  private async ranking(siteId: bigint, match: Match, f: Filter, need: number): Promise<Ranking> {
    const key = rankingKey(siteId, match, f);
    const inMemory = async (depth: number): Promise<Ranking> => {
      const index = await this.memory(siteId);
      const { ids, total } = await index.ranked(match.query, f, match, depth);
      return { ids, total, depth };
    };
    const kept = await this.rankings.load(key, async () => {
      // a typo's ranking is read from the database: as deep as it is ever kept, at once
      if (match.fuzzy) {
        const ids = (await searchRepo(this.p.db).ranked(match, f, this.depths.most)).map(BigInt);
        return { ids, total: ids.length < this.depths.most ? ids.length : -1, depth: this.depths.most };
      }
      return inMemory(this.depths.first);
    });
    if (need <= kept.ids.length || kept.ids.length < kept.depth || kept.depth >= this.depths.most) return kept;
    const deeper = inMemory(this.depths.most);
    this.rankings.set(key, deeper);
    return deeper;
  }

  async suggest(siteId: bigint, keyword: string): Promise<TSearchSuggestion[]> {
    const words = queryWords(keyword);
    if (!words.length) return [];
    // read first, as for a page: another process's changes drop the kept suggestions they would change
    const index = await this.memory(siteId);
    return this.suggestions.load(`${siteId}:${words.join(' ')}`, () =>
      index.suggest({ anyOf: [prefixTerms(words)], titleOnly: true }, keyword, SUGGEST_LIMIT),
    );
  }

  /** One page of a type's matches as ids in rank order, for an owner's own search call to present. */
  async ids(siteId: bigint, type: number | number[], keyword: string, q: TPageQuery): Promise<Page<bigint>> {
    const types = Array.isArray(type) ? type : [type];
    const words = queryWords(keyword);
    const { limit, offset } = pageWindow(q);
    let found = { ids: [] as bigint[], total: 0 };
    for (const match of matchesOf(siteId, keyword, words)) {
      if (match.fuzzy) found = await searchRepo(this.p.db).ids(match, types, limit, offset);
      else {
        const index = await this.memory(siteId);
        const counts = await index.counts(match.query);
        const total = counts.reduce((n, c) => (types.includes(c.type) ? n + c.count : n), 0);
        const ids = total && limit ? (await index.ranked(match.query, { types }, match, limit, offset)).ids : [];
        found = { ids, total };
      }
      if (found.total) break;
    }
    return toPage(found.ids, found.total, q, (id) => id);
  }
}

/** The way of matching is part of a ranking's key: the keyword's words, or any of its terms, or its trigrams. */
function rankingKey(siteId: bigint, match: Match, f: Filter): string {
  const way = match.fuzzy ? '~' : match.tsquery;
  return `${siteId}:${match.keyword}:${way}:${f.type}:${f.categoryId ?? ''}:${f.price}`;
}

const COURSE_TYPES = new Set([1, 2, 4, 9]);

/**
 * A course's names worth keeping whole: its lecturer's, and the short Chinese runs of its title (a long run kept
 * whole would hide the words inside it from a search for them).
 */
export function siteWordsOf(d: { title: string; byName: string }): string[] {
  const runs = d.title.match(/\p{Script=Han}+/gu) ?? [];
  return [d.byName, ...runs.filter((w) => w.length <= 4)];
}
