import { useEffect, useState } from 'react';
import { useLocation, useRevalidator } from 'react-router';
import { Link } from '../components/link.tsx';
import type { TCategoryNode } from '#contract/course.ts';
import { callLater } from '../api/later.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { categoryTrail, hrefWith, type loadCatalogue } from '../features/course/catalogue.ts';
import { LIBRARY_KIND, RESOURCE_KIND, VIDEO_KIND, type CourseKind } from '../features/course/course-format.ts';
import { H5CourseRow } from './course-card.tsx';
import { EndlessList } from './endless-list.tsx';
import { H5Chip } from './h5-chip.tsx';
import { H5Footer, H5Header } from './h5-frame.tsx';
import './h5-lists.css';
import { PullRefresh } from './pull-refresh.tsx';
import { whenIdle } from '../lib/idle.ts';

// the next pages come after a scroll: the call's module (and zod) stays out of the first load
const moreCourses = callLater(() => import('#contract/course.ts').then((m) => m.courseList));

/** A phone's screen holds four or five courses: the first ten arrive with the page, the rest as it scrolls. */
export const H5_PAGE_SIZE = 10;

/** The three catalogues, one tap apart. */
const KINDS = [
  { ...VIDEO_KIND, path: '/h5/list' },
  { ...RESOURCE_KIND, path: '/h5/resource' },
  { ...LIBRARY_KIND, path: '/h5/library' },
];

export type Catalogue = Awaited<ReturnType<typeof loadCatalogue>>;

/** A catalogue on a phone (video courses, resources or libraries): the category chips over an endless list. */
export function H5Catalogue({ kind, tree, page, query }: Catalogue & { kind: CourseKind }) {
  const { search } = useLocation();
  const revalidator = useRevalidator();
  useEffect(() => whenIdle(() => moreCourses.preload()), []);
  // a pull to refresh starts the list again from the fresh first page
  const [round, setRound] = useState(0);
  const chosen = categoryTrail(tree, query.categoryId);
  return (
    <>
      <PageMeta title={kind.listTitle} />
      <H5Header title={kind.listTitle} />
      <h1 className="h5-visually-hidden">{kind.listTitle}</h1>
      <nav className="h5-chips h5-kinds" aria-label="目录">
        {KINDS.map((k) => (
          <Link
            key={k.courseType}
            to={k.path}
            className={k.courseType === kind.courseType ? 'h5-chip is-on' : 'h5-chip'}
            aria-current={k.courseType === kind.courseType ? 'page' : undefined}
          >
            {k.listTitle}
          </Link>
        ))}
      </nav>
      <CategoryChips tree={tree} chosen={chosen} />
      <PullRefresh
        onRefresh={async () => {
          await revalidator.revalidate();
          setRound((n) => n + 1);
        }}
      >
        {/* a new filter is a new list: its own pages from the first */}
        <EndlessList
          key={`${search}|${round}`}
          first={page.list}
          total={page.totalCount}
          label={`${kind.noun}，共 ${page.totalCount} 门`}
          empty={`这个分类下暂时还没有${kind.noun}`}
          done={`已显示全部 ${page.totalCount} 门${kind.noun}`}
          more={(n) => moreCourses.api({ ...query, pageCurrent: n }, { toast: false })}
          row={(c, i) => <H5CourseRow course={c} eager={i < 4} />}
        />
        <H5Footer />
      </PullRefresh>
    </>
  );
}

function CategoryChips({ tree, chosen }: { tree: TCategoryNode[]; chosen: string[] }) {
  const { pathname, search } = useLocation();
  const url = new URL(pathname + search, 'http://h5');
  const top = tree.find((c) => c.id === chosen[0]);
  const chip = (id: string | null, name: string, on: boolean) => (
    <H5Chip key={id ?? 'all'} to={hrefWith(url, 'c', id)} replace on={on}>
      {name}
    </H5Chip>
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
