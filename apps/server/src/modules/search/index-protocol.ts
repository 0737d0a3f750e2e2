import type { Release } from '../../platform/idle-memory.ts';
import type { MemoryDoc, MemoryFilter, MemoryQuery, TitleBonus, TypeCount } from './memory-index.ts';

/**
 * What the request thread asks of the search thread (decision 70) and what each ask answers. `copy` names one copy
 * of a site's index (one `SearchMirror`'s); every ask is answered in the order asked.
 */

export interface Removal {
  type: number;
  refId: bigint;
  modified: number;
}

export interface Suggested {
  type: number;
  id: string;
  title: string;
}

export interface Asks {
  /** an empty copy, filled by `apply` and made compact once loaded */
  create: { in: { copy: number }; out: null };
  drop: { in: { copy: number }; out: null };
  /** removals then writes; answers whether any changed the copy; removals older than `forgetBefore` are forgotten */
  apply: { in: { copy: number; gone: Removal[]; docs: MemoryDoc[]; forgetBefore?: number }; out: boolean };
  compact: { in: { copy: number }; out: number };
  /**
   * A keyword's counts per type and the first `depth` of its tab in rank order, from one match: by the first of its
   * ways of matching (`queries`, strictest first) that finds anything, and which that was (-1: none did). One ask for
   * every way: a keyword no entry holds whole does not wait in the thread's line twice.
   */
  countsAndRanked: {
    in: { copy: number; queries: MemoryQuery[]; tab: MemoryFilter; bonus: TitleBonus; depth: number };
    out: { way: number; counts: TypeCount[]; ids: bigint[]; total: number };
  };
  /** `total` is how many pass a category or price filter; -1 when there is none (the type's count is the total) */
  ranked: {
    in: {
      copy: number;
      query: MemoryQuery;
      filter: MemoryFilter | { types: number[] };
      bonus: TitleBonus;
      limit: number;
      offset: number;
    };
    out: { ids: bigint[]; total: number };
  };
  counts: { in: { copy: number; query: MemoryQuery }; out: TypeCount[] };
  suggest: { in: { copy: number; query: MemoryQuery; keyword: string; limit: number }; out: Suggested[] };
}

export type Op = keyof Asks;
export interface Ask<K extends Op = Op> {
  id: number;
  op: K;
  args: Asks[K]['in'];
}
export type Answer = { id: number; ok: true; value: unknown } | { id: number; ok: false; message: string };
/** What the search thread tells unasked: its heap given back once the process was quiet (decision 69). */
export interface Told {
  release: Release;
}

/** What the thread is started with. */
export interface ThreadData {
  /** how far its heap must grow before a quiet process gives it back; 0: never */
  idleReleaseBytes: number;
}

/** Whether a filter narrows a tab by category or price: its total is then not its count. */
export function narrows(f: MemoryFilter | { types: number[] }): f is MemoryFilter {
  return !('types' in f) && (f.categoryId !== undefined || f.price !== '');
}
