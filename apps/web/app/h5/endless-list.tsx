import { useState, type ReactNode } from 'react';
import { InfiniteScroll } from 'antd-mobile';
import { inlineMessage } from '../api/client.ts';

interface Page<T> {
  list: T[];
  pageCurrent: number;
}

/**
 * A list that fetches its next page as the reader scrolls to its end: the first page comes with the page, the rest
 * through `more(pageNo)`. A failed page is offered again rather than ending the list. Give it a new `key` for a new
 * filter, so it starts from that filter's first page.
 */
export function EndlessList<T extends { id: string }>({
  first,
  total,
  label,
  empty,
  done,
  more,
  row,
  className = 'h5-list',
}: {
  first: T[];
  total: number;
  /** the list's name for screen readers, with the count */
  label: string;
  empty: ReactNode;
  /** said under the last row */
  done: string;
  more: (pageNo: number) => Promise<Page<T>>;
  /** `index` counts from the first row: the rows a phone's screen shows first may load their images at once */
  row: (item: T, index: number) => ReactNode;
  className?: string;
}) {
  const [list, setList] = useState(first);
  const [pageNo, setPageNo] = useState(1);
  const [failure, setFailure] = useState<string | null>(null);
  const hasMore = list.length < total && failure === null;

  async function loadMore() {
    try {
      const next = await more(pageNo + 1);
      // an item published meanwhile shifts the pages: keep each once
      setList((old) => [...old, ...next.list.filter((c) => !old.some((o) => o.id === c.id))]);
      setPageNo(next.pageCurrent);
      if (next.list.length === 0) setFailure('');
    } catch (err) {
      setFailure(inlineMessage(err, '加载失败，请检查网络后重试') ?? '');
    }
  }

  if (list.length === 0) return <p className="h5-empty">{empty}</p>;
  return (
    <>
      <ul className={className} aria-label={label}>
        {list.map((item, i) => (
          <li key={item.id}>{row(item, i)}</li>
        ))}
      </ul>
      {failure ? (
        <button type="button" className="h5-retry" onClick={() => setFailure(null)}>
          {failure}，点此重试
        </button>
      ) : (
        <InfiniteScroll loadMore={loadMore} hasMore={hasMore}>
          {hasMore ? '加载中…' : done}
        </InfiniteScroll>
      )}
    </>
  );
}
