import { parentPort, workerData } from 'node:worker_threads';
import { IDLE_RELEASE, IdleMemory } from '../../platform/idle-memory.ts';
import { narrows, type Answer, type Ask, type Asks, type Op, type ThreadData, type Told } from './index-protocol.ts';
import { MemoryIndex, type MemoryQuery } from './memory-index.ts';

/**
 * The search thread (decision 70): holds the copies of the sites' indexes and answers the request thread's asks
 * one after another, so the matching and ranking of a search never holds up a page or a call.
 */

const copies = new Map<number, MemoryIndex>();
/** per copy, the last query asked: the same keyword asked again (a tab, then a deeper page) is matched once */
const lastQuery = new Map<number, { key: string; query: MemoryQuery }>();

function copyOf(copy: number): MemoryIndex {
  const index = copies.get(copy);
  if (!index) throw new Error(`search copy ${copy} is not held`);
  return index;
}

/** The query object asked last when this one is the same: the index keeps its last match by the query's identity. */
function sameQuery(copy: number, query: MemoryQuery): MemoryQuery {
  const key = JSON.stringify(query);
  const last = lastQuery.get(copy);
  if (last?.key === key) return last.query;
  lastQuery.set(copy, { key, query });
  return query;
}

type Handlers = { [K in Op]: (args: Asks[K]['in']) => Asks[K]['out'] };

const handlers: Handlers = {
  create: ({ copy }) => {
    copies.set(copy, new MemoryIndex());
    return null;
  },
  drop: ({ copy }) => {
    copies.delete(copy);
    lastQuery.delete(copy);
    return null;
  },
  apply: ({ copy, gone, docs, forgetBefore }) => {
    const index = copyOf(copy);
    let changed = false;
    for (const r of gone) changed = index.remove(r.type, r.refId, r.modified) || changed;
    for (const d of docs) changed = index.put(d) || changed;
    if (forgetBefore !== undefined) index.forgetRemovals(forgetBefore);
    return changed;
  },
  compact: ({ copy }) => {
    const index = copyOf(copy);
    index.compact();
    return index.size;
  },
  countsAndRanked: ({ copy, queries, tab, bonus, depth }) => {
    const index = copyOf(copy);
    for (const [way, query] of queries.entries()) {
      const hits = index.match(sameQuery(copy, query));
      const { counts, ids } = index.countsAndRanked(hits, tab, bonus, depth);
      if (counts.length) return { way, counts, ids, total: narrows(tab) ? index.total(hits, tab) : -1 };
    }
    return { way: -1, counts: [], ids: [], total: 0 };
  },
  ranked: ({ copy, query, filter, bonus, limit, offset }) => {
    const index = copyOf(copy);
    const hits = index.match(sameQuery(copy, query));
    return {
      ids: index.ranked(hits, filter, bonus, limit, offset),
      total: narrows(filter) ? index.total(hits, filter) : -1,
    };
  },
  counts: ({ copy, query }) => {
    const index = copyOf(copy);
    return index.counts(index.match(sameQuery(copy, query)));
  },
  suggest: ({ copy, query, keyword, limit }) => {
    const index = copyOf(copy);
    return index.suggest(index.match(sameQuery(copy, query)), keyword, limit);
  },
};

// the copies' garbage is this thread's heap: the request thread's release does not reach it
const { idleReleaseBytes } = workerData as ThreadData;
if (idleReleaseBytes > 0)
  new IdleMemory({ ...IDLE_RELEASE, growthBytes: idleReleaseBytes }).start((release) =>
    parentPort!.postMessage({ release } satisfies Told),
  );

parentPort!.on('message', (ask: Ask) => {
  let answer: Answer;
  try {
    answer = { id: ask.id, ok: true, value: (handlers[ask.op] as (a: unknown) => unknown)(ask.args) };
  } catch (err) {
    answer = { id: ask.id, ok: false, message: err instanceof Error ? err.message : String(err) };
  }
  parentPort!.postMessage(answer);
});
