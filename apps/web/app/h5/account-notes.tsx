import { Link } from '../components/link.tsx';
import { noteLogDelete, type TNoteLog } from '#contract/study.ts';
import type { Route } from './+types/account-notes.ts';
import { api } from '../api/client.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { loadMyNotes } from '../features/account/my-lists.ts';
import { clock } from '../features/course/course-format.ts';
import { useConfirmedRemove } from './confirm-remove.ts';
import { H5Header } from './h5-frame.tsx';
import { h5PeriodPath } from './h5-links.ts';
import { H5Pager } from './h5-pager.tsx';
import './h5-lists.css';

export function loader(args: Route.LoaderArgs) {
  return loadMyNotes(args, 10);
}

/** /h5/account/notes — my notes, each leading back to its lesson at the second it was written. */
export default function H5Notes({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  const confirmRemove = useConfirmedRemove();

  const remove = (n: TNoteLog) =>
    confirmRemove(
      { content: '删除这条笔记？', confirmText: '删除' },
      () => api(noteLogDelete, { id: n.id }),
      '笔记已删除',
    );

  return (
    <>
      <PageMeta title="我的笔记" />
      <H5Header title="我的笔记" />
      <h1 className="h5-visually-hidden">我的笔记</h1>
      {page.list.length === 0 ? (
        <p className="h5-empty">还没有笔记，看课时可以随手记下要点</p>
      ) : (
        <ul className="h5-rows" aria-label={`我的笔记，共 ${page.totalCount} 条`}>
          {page.list.map((n) => (
            <li key={n.id} className="h5-rows__item">
              <div className="h5-rows__link">
                <span className="h5-rows__title">{n.courseName}</span>
                <span className="h5-muted">{n.periodName}</span>
                <p className="h5-pre">{n.content}</p>
                <span className="h5-muted">{n.gmtModified.slice(0, 16)}</span>
              </div>
              <div className="h5-rows__actions">
                <Link className="h5-button h5-button--primary" to={h5PeriodPath(n.courseId, n.periodId, n.position)}>
                  回到 {clock(n.position) || '00:00'}
                </Link>
                <button type="button" className="h5-button" onClick={() => void remove(n)}>
                  删除
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <H5Pager page={page} />
    </>
  );
}
