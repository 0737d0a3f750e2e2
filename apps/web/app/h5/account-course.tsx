import { useSearchParams } from 'react-router';
import { Link } from '../components/link.tsx';
import type { Route } from './+types/account-course.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { loadMyCourses } from '../features/account/my-lists.ts';
import { H5Chip } from './h5-chip.tsx';
import { H5Header } from './h5-frame.tsx';
import { h5DetailPath, h5PeriodPath } from './h5-links.ts';
import { H5Pager } from './h5-pager.tsx';
import './h5-lists.css';

const TYPES = [
  { value: '', label: '全部' },
  { value: '1', label: '录播课程' },
  { value: '3', label: '资源' },
  { value: '4', label: '文库' },
];
const HOW: Record<number, string> = { 0: '免费加入', 1: '已购买', 2: '管理员开通', 3: '班级开通', 4: '会员免费' };
const MEMBERSHIP = 4;

export function loader(args: Route.LoaderArgs) {
  return loadMyCourses(args, 10);
}

/** /h5/account/course — the courses I may study, my progress in each, and the way back in. */
export default function H5MyCourses({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  const [params] = useSearchParams();
  const type = params.get('type') ?? '';
  return (
    <>
      <PageMeta title="我的课程" />
      <H5Header title="我的课程" />
      <h1 className="h5-visually-hidden">我的课程</h1>
      <nav className="h5-chips" aria-label="课程类型">
        {TYPES.map((t) => (
          <H5Chip
            key={t.value}
            to={t.value ? `/h5/account/course?type=${t.value}` : '/h5/account/course'}
            on={type === t.value}
          >
            {t.label}
          </H5Chip>
        ))}
      </nav>
      {page.list.length === 0 ? (
        <div className="h5-empty">
          <p>还没有可以学习的课程</p>
          <Link className="h5-button h5-button--primary" to="/h5/list">
            去选一门课
          </Link>
        </div>
      ) : (
        <ul className="h5-rows" aria-label={`我的课程，共 ${page.totalCount} 门`}>
          {page.list.map((c) => {
            const go = c.lastPeriodId ? h5PeriodPath(c.id, c.lastPeriodId) : h5DetailPath(c);
            const percent = Math.round(c.studyPercent);
            return (
              <li key={c.id} className="h5-rows__item">
                <Link className="h5-rows__link" to={go}>
                  <span className="h5-rows__title">{c.courseName}</span>
                  <span className="h5-muted">
                    {c.lecturerName ? `${c.lecturerName} · ` : ''}共 {c.periodTotal} 课时 · {HOW[c.buyType] ?? '已开通'}
                  </span>
                  <span className="h5-progress" aria-hidden="true">
                    <span style={{ width: `${percent}%` }} />
                  </span>
                  <span className="h5-muted">
                    已学 {percent}% ·{' '}
                    {c.isExpired
                      ? c.buyType === MEMBERSHIP
                        ? '会员已到期'
                        : '已过期'
                      : c.lastStudyTime
                        ? `最近学习 ${c.lastStudyTime.slice(0, 16)}`
                        : `加入于 ${c.joinTime.slice(0, 10)}`}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      <H5Pager page={page} />
    </>
  );
}
