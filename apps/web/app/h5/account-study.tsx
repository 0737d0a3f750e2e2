import { Link } from '../components/link.tsx';
import type { Route } from './+types/account-study.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { loadStudyRecords } from '../features/account/my-lists.ts';
import { clock } from '../features/course/course-format.ts';
import { H5Header } from './h5-frame.tsx';
import { h5PeriodPath } from './h5-links.ts';
import { H5Pager } from './h5-pager.tsx';
import './h5-lists.css';

export function loader(args: Route.LoaderArgs) {
  return loadStudyRecords(args, 10);
}

/** /h5/account/study — the lessons studied most recently, each a way back to where it stopped. */
export default function H5StudyRecords({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <>
      <PageMeta title="学习记录" />
      <H5Header title="学习记录" />
      <h1 className="h5-visually-hidden">学习记录</h1>
      {page.list.length === 0 ? (
        <div className="h5-empty">
          <p>还没有学习记录</p>
          <Link className="h5-button h5-button--primary" to="/h5/list">
            去选一门课
          </Link>
        </div>
      ) : (
        <ul className="h5-rows" aria-label={`学习记录，共 ${page.totalCount} 条`}>
          {page.list.map((r) => (
            <li key={r.periodId} className="h5-rows__item">
              <Link className="h5-rows__link" to={h5PeriodPath(r.courseId, r.periodId)}>
                <span className="h5-rows__title">{r.courseName}</span>
                <span className="h5-muted">
                  {r.periodName}
                  {r.videoDuration > 0
                    ? `（看到 ${clock(r.currentPosition) || '00:00'} / ${clock(r.videoDuration)}）`
                    : ''}
                </span>
                <span className="h5-progress" aria-hidden="true">
                  <span style={{ width: `${Math.round(r.percent)}%` }} />
                </span>
                <span className="h5-muted">
                  {r.isFinish ? '已学完' : `已学 ${Math.round(r.percent)}%`} · 最近学习 {r.studyTime.slice(0, 16)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <H5Pager page={page} />
    </>
  );
}
