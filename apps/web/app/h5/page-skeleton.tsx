import { Skeleton } from 'antd-mobile';

/** What a page shows while the next one loads: the shape of a cover, a title and a few lines. */
export function H5PageSkeleton() {
  return (
    <div className="h5-skeleton" aria-busy="true" aria-label="正在加载">
      <Skeleton animated className="h5-skeleton__cover" />
      <div className="h5-skeleton__body">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={5} animated />
      </div>
    </div>
  );
}
