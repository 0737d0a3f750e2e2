import type { TPageQuery } from '#contract/call.ts';

/** Deep pages are answered empty rather than asking the database to skip billions of rows. */
const MAX_OFFSET = 1_000_000;

export interface Page<T> {
  list: T[];
  totalCount: number;
  totalPage: number;
  pageCurrent: number;
  pageSize: number;
}

export function pageWindow(q: TPageQuery): { limit: number; offset: number } {
  const offset = (q.pageCurrent - 1) * q.pageSize;
  return offset > MAX_OFFSET ? { limit: 0, offset: 0 } : { limit: q.pageSize, offset };
}

export function toPage<R, T>(rows: R[], totalCount: number, q: TPageQuery, present: (r: R) => T): Page<T> {
  return {
    list: rows.map(present),
    totalCount,
    totalPage: Math.ceil(totalCount / q.pageSize),
    pageCurrent: q.pageCurrent,
    pageSize: q.pageSize,
  };
}

/** A LIKE pattern that matches the text anywhere, with the user's % and _ taken literally. */
export const containing = (s: string): string => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Counts a list's rows under a key naming its filter, or reuses a recent count of the same filter: an exact count
 * of a large list costs more than the page itself.
 */
export type CountMemo = (key: string, count: () => Promise<number>) => Promise<number>;
export const countNow: CountMemo = (_key, count) => count();
