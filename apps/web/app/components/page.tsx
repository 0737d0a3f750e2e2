import type { ReactNode } from 'react';
import { Empty } from 'antd';
import { PageMeta } from './page-meta.tsx';

/** A content page: its meta, a 1200px column and a heading. */
export function Page({ title, children, heading = true }: { title: string; children?: ReactNode; heading?: boolean }) {
  return (
    <div className="qk-container qk-page">
      <PageMeta title={title} />
      {heading ? <h1 className="qk-page__title">{title}</h1> : null}
      {children}
    </div>
  );
}

/** The honest state of a list with nothing in it (yet). */
export function EmptyState({ text = '暂无内容', children }: { text?: string; children?: ReactNode }) {
  return (
    <div className="qk-empty">
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text}>
        {children}
      </Empty>
    </div>
  );
}
