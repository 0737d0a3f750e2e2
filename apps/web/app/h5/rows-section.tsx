import type { ReactNode } from 'react';
import { H5Pager } from './h5-pager.tsx';

/**
 * One of several lists on a page, named `name` and counted in `unit`s: its heading card (the name and count,
 * whatever `head` adds, and what an empty list means) joined to the rows, then its pager (`param`, for a second
 * list's own page).
 */
export function H5RowsSection({
  name,
  unit,
  head,
  empty,
  page,
  param = 'page',
  children,
}: {
  name: string;
  unit: string;
  head?: ReactNode;
  empty: string;
  page: { list: unknown[]; totalCount: number; pageCurrent: number; totalPage: number };
  param?: string;
  children: ReactNode;
}) {
  return (
    <>
      <section className="h5-section h5-rows-head">
        <h2 className="h5-section__title">
          {name}（{page.totalCount}）
        </h2>
        {head}
        {page.list.length === 0 ? <p className="h5-muted">{empty}</p> : null}
      </section>
      {page.list.length > 0 ? (
        <ul className="h5-rows h5-rows--joined" aria-label={`${name}，共 ${page.totalCount} ${unit}`}>
          {children}
        </ul>
      ) : null}
      <H5Pager page={page} param={param} label={`${name}翻页`} />
    </>
  );
}
