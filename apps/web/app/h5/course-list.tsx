import { useState } from 'react';
import { Link, useLocation, useRevalidator } from 'react-router';
import { InfiniteScroll, PullToRefresh } from 'antd-mobile';
import { courseList, type TCourseBrief, type TCategoryNode } from '#contract/course.ts';
import type { Route } from './+types/course-list.ts';
import { api, inlineMessage } from '../api/client.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { categoryTrail, hrefWith, loadCatalogue } from '../features/course/catalogue.ts';
import { VIDEO_KIND } from '../features/course/course-format.ts';
import { H5CourseRow } from './course-card.tsx';
import { H5Footer, H5Header } from './h5-frame.tsx';

/** A phone's screen holds four or five courses: the first ten arrive with the page, the rest as it scrolls. */
const H5_PAGE_SIZE = 10;

export async function loader(args: Route.LoaderArgs) {
  return loadCatalogue(args, VIDEO_KIND.courseType, H5_PAGE_SIZE);
}

/** /h5/list — the video course catalogue: categories as two rows of chips, then an endless list. */
export default function H5CourseList({ loaderData }: Route.ComponentProps) {
  const { tree, page, query } = loaderData;
  const { search } = useLocation();
  const revalidator = useRevalidator();
  // a pull to refresh starts the list again from the fresh first page
  const [round, setRound] = useState(0);
  const chosen = categoryTrail(tree, query.categoryId);
  return (
    <>
      <PageMeta title={VIDEO_KIND.listTitle} />
      <H5Header title={VIDEO_KIND.listTitle} />
      <h1 className="h5-visually-hidden">{VIDEO_KIND.listTitle}</h1>
      <CategoryChips tree={tree} chosen={chosen} />
      <PullToRefresh
        onRefresh={async () => {
          await revalidator.revalidate();
          setRound((n) => n + 1);
        }}
      >
        {/* a new filter is a new list: its own pages from the first */}
        <EndlessList key={`${search}|${round}`} first={page.list} total={page.totalCount} query={query} />
        <H5Footer />
      </PullToRefresh>
    </>
  );
}

function CategoryChips({ tree, chosen }: { tree: TCategoryNode[]; chosen: string[] }) {
  const { pathname, search } = useLocation();
  const url = new URL(pathname + search, 'http://h5');
  const top = tree.find((c) => c.id === chosen[0]);
  const chip = (id: string | null, name: string, on: boolean) => (
    <Link
      key={id ?? 'all'}
      to={hrefWith(url, 'c', id)}
      replace
      className={on ? 'h5-chip is-on' : 'h5-chip'}
      aria-current={on ? 'true' : undefined}
    >
      {name}
    </Link>
  );
  return (
    <nav className="h5-filter" aria-label="课程分类">
      <div className="h5-chips">
        {chip(null, '全部', chosen.length === 0)}
        {tree.map((c) => chip(c.id, c.categoryName, c.id === chosen[0]))}
      </div>
      {top && top.childrenList.length > 0 ? (
        <div className="h5-chips h5-chips--sub">
          {chip(top.id, '不限', chosen.length === 1)}
          {top.childrenList.map((c) => chip(c.id, c.categoryName, c.id === chosen[1]))}
        </div>
      ) : null}
    </nav>
  );
}

function EndlessList({
  first,
  total,
  query,
}: {
  first: TCourseBrief[];
  total: number;
  query: Route.ComponentProps['loaderData']['query'];
}) {
  const [list, setList] = useState(first);
  const [pageNo, setPageNo] = useState(1);
  const [failure, setFailure] = useState<string | null>(null);
  const hasMore = list.length < total && failure === null;

  async function loadMore() {
    try {
      const next = await api(courseList, { ...query, pageCurrent: pageNo + 1 }, { toast: false });
      // a course published meanwhile shifts the pages: keep each course once
      setList((old) => [...old, ...next.list.filter((c) => !old.some((o) => o.id === c.id))]);
      setPageNo(next.pageCurrent);
      if (next.list.length === 0) setFailure('');
    } catch (err) {
      setFailure(inlineMessage(err, '加载失败，请检查网络后重试') ?? '');
    }
  }

  if (list.length === 0) return <p className="h5-empty">这个分类下暂时还没有课程</p>;
  return (
    <>
      <ul className="h5-list" aria-label={`课程，共 ${total} 门`}>
        {list.map((c) => (
          <li key={c.id}>
            <H5CourseRow course={c} />
          </li>
        ))}
      </ul>
      {failure ? (
        <button type="button" className="h5-retry" onClick={() => setFailure(null)}>
          {failure}，点此重试
        </button>
      ) : (
        <InfiniteScroll loadMore={loadMore} hasMore={hasMore}>
          {hasMore ? '加载中…' : `已显示全部 ${total} 门课程`}
        </InfiniteScroll>
      )}
    </>
  );
}
