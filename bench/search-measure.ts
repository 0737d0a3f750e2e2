/**
 * `node bench/search-measure.ts`: what matching, counting and ranking a keyword costs in the process's copy of the
 * index (decision 59), without HTTP, the service's kept answers or the rest of the machine's load in the figure. It
 * builds the search bench's data (a fresh database, 100,000 courses and 100,000 posts, `npm run search:rebuild`),
 * loads the copy as a server does, then times the search bench's pairs and triples of queries (a fixed random
 * choice, so runs compare) in several passes: the first meets every term once, the later ones find the terms'
 * matches kept, as a busy server does. Env: TEST_DATABASE_URL (admin connection), BENCH_SEARCH_ROWS (100,000),
 * MEASURE_KEYWORDS (3,000 of each), MEASURE_PASSES (4). The database is dropped at the end.
 */
import { openPostgres } from '../apps/server/src/platform/db/client.ts';
import { matchesOf } from '../apps/server/src/modules/search/match-ways.ts';
import { memoryDocOf, searchRepo, type SearchRepo } from '../apps/server/src/modules/search/search.repo.ts';
import { MemoryIndex } from '../apps/server/src/modules/search/memory-index.ts';
import { queryWords } from '../apps/server/src/platform/search-tokens.ts';
import { benchServer, type Cleanups } from './lib/bench-run.ts';
import { BENCH_QUERIES, loadSearchData, rebuildSearchIndex } from './lib/search-data.ts';

const log = (msg: string) => console.error(`[search measure] ${msg}`);
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const COUNT = Number(process.env.MEASURE_KEYWORDS ?? 3000);
const PASSES = Number(process.env.MEASURE_PASSES ?? 4);
const SITE = 10n;
const TAB = { type: 1, price: '' as const };
const DEPTH = 100;

/** The same keywords every run: a fixed linear congruential sequence picks the queries. */
function keywords(terms: number): string[] {
  let seed = 42 + terms;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const pick = () => BENCH_QUERIES[Math.floor(next() * BENCH_QUERIES.length)]!;
  return Array.from({ length: COUNT }, () => Array.from({ length: terms }, pick).join(' '));
}

/** One keyword as the search service's first search of it: each way in turn until one finds entries. */
function searchOnce(index: MemoryIndex, keyword: string, spent: number[]): void {
  const words = queryWords(keyword);
  for (const [way, match] of matchesOf(SITE, keyword, words).entries()) {
    // a typo's trigrams are read from PostgreSQL: not a cost of the copy in memory
    if (match.fuzzy) return;
    const t0 = performance.now();
    const hits = index.match(match.query);
    const { counts } = index.countsAndRanked(hits, TAB, match, DEPTH);
    spent[way] = (spent[way] ?? 0) + performance.now() - t0;
    if (counts.length) return;
  }
}

/** The copy as a search thread loads it (search-mirror.ts), here in this thread: what is timed is the copy alone. */
async function loadCopy(repo: SearchRepo): Promise<MemoryIndex> {
  const index = new MemoryIndex();
  for (let after = { type: -1, ref: 0n }; ;) {
    const rows = await repo.mirrorPage(SITE, after.type, after.ref, 5000);
    for (const r of rows) index.put(memoryDocOf(r));
    if (rows.length < 5000) break;
    after = { type: rows.at(-1)!.type, ref: BigInt(rows.at(-1)!.refId) };
  }
  index.compact();
  return index;
}

async function main(cleanups: Cleanups): Promise<void> {
  const { db, server, serverEnv } = await benchServer(adminUrl, cleanups, 'search-measure');
  log('generating the search bench data');
  await loadSearchData(db.url);
  rebuildSearchIndex(serverEnv);
  await server.stop();
  const database = await openPostgres(db.url, 2);
  cleanups.push(() => database.close());
  const t0 = performance.now();
  const index = await loadCopy(searchRepo(database.db));
  log(`the copy of ${index.size.toLocaleString('en-US')} entries loaded in ${(performance.now() - t0).toFixed(0)} ms`);

  for (const terms of [2, 3]) {
    const list = keywords(terms);
    for (let pass = 1; pass <= PASSES; pass++) {
      // ms spent by way of matching: every word, any of the terms typed apart
      const spent: number[] = [];
      const started = performance.now();
      for (const k of list) searchOnce(index, k, spent);
      const each = (performance.now() - started) / list.length;
      const ways = spent.map((ms, way) => `way ${way + 1} ${(ms / list.length).toFixed(3)}`).join(', ');
      console.log(`${terms} queries a keyword, pass ${pass}: ${each.toFixed(3)} ms a keyword (${ways})`);
    }
  }
}

const cleanups: Cleanups = [];
try {
  await main(cleanups);
} finally {
  for (const undo of cleanups.reverse()) await undo();
}
