import type { ReactNode } from 'react';
import { Link } from '../components/link.tsx';
import type { Route } from './+types/account-collection.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { COLLECTION_TABS, loadCollection, uncollect, type CollectionTab } from '../features/account/collection-load.ts';
import { useConfirmedRemove } from './confirm-remove.ts';
import { H5CourseRow } from './course-card.tsx';
import { H5ChipNav } from './h5-chip.tsx';
import { H5Header } from './h5-frame.tsx';
import { H5Pager } from './h5-pager.tsx';
import { H5PaperRow } from './paper-row.tsx';
import './h5-lists.css';
import './h5-exam.css';

export function loader(args: Route.LoaderArgs) {
  return loadCollection(args, 10);
}

interface Collected {
  id: string;
  name: string;
  /** when it was collected, or published for a post */
  when: string;
  row: ReactNode;
}

/** /h5/account/collection — the courses, papers and posts I collected, each a tap away, each removable. */
export default function H5Collection({ loaderData }: Route.ComponentProps) {
  const { tab, courses, papers, posts } = loaderData;
  const confirmRemove = useConfirmedRemove();
  const page = courses ?? papers ?? posts;
  const noun = COLLECTION_TABS.find((t) => t.value === tab)!.label;
  const items: Collected[] =
    courses?.list.map((c) => ({
      id: c.id,
      name: c.courseName,
      when: `收藏于 ${c.collectTime.slice(0, 10)}`,
      row: <H5CourseRow course={c} />,
    })) ??
    papers?.list.map((p) => ({
      id: p.id,
      name: p.examName,
      when: p.isPutAway === 1 ? `收藏于 ${p.collectionTime.slice(0, 10)}` : '已下架',
      row: <H5PaperRow paper={p} />,
    })) ??
    posts?.list.map((b) => ({
      id: b.id,
      name: b.title,
      when: `${b.nickname} · ${b.publishTime.slice(0, 10)}`,
      row: (
        <Link className="h5-rows__link" to={`/h5/blog/article/${b.id}`}>
          <span className="h5-rows__title">{b.title}</span>
          {b.summary ? <span className="h5-muted h5-rows__title">{b.summary}</span> : null}
        </Link>
      ),
    })) ??
    [];

  const remove = (item: Collected) =>
    confirmRemove(
      { content: `取消收藏“${item.name}”？`, confirmText: '取消收藏', cancelText: '再想想' },
      () => uncollect(tab, item.id),
      '已取消收藏',
    );

  return (
    <>
      <PageMeta title="我的收藏" />
      <H5Header title="我的收藏" />
      <h1 className="h5-visually-hidden">我的收藏</h1>
      <H5ChipNav
        label="收藏类型"
        options={COLLECTION_TABS}
        on={tab}
        hrefOf={(v) => (v === 'course' ? '/h5/account/collection' : `/h5/account/collection?tab=${v}`)}
      />
      {items.length === 0 ? (
        <div className="h5-empty">
          <p>还没有收藏{noun}</p>
          <Link className="h5-button h5-button--primary" to={EXPLORE[tab]}>
            去逛逛
          </Link>
        </div>
      ) : (
        <ul className="h5-list h5-collected" aria-label={`收藏的${noun}，共 ${page?.totalCount ?? 0} 个`}>
          {items.map((it) => (
            <li key={it.id}>
              {it.row}
              <div className="h5-collected__foot">
                <span className="h5-muted">{it.when}</span>
                <button type="button" className="h5-button" onClick={() => void remove(it)}>
                  取消收藏
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {page ? <H5Pager page={page} /> : null}
    </>
  );
}

const EXPLORE: Record<CollectionTab, string> = { course: '/h5/list', exam: '/h5/exam', blog: '/h5/blog' };
