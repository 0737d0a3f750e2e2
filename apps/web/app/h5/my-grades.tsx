import { redirect, useLocation } from 'react-router';
import { Link } from '../components/link.tsx';
import { GradeRelation, gradeExpireList, gradeInfoPage } from '#contract/grade.ts';
import type { Route } from './+types/my-grades.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { hrefWith } from '../features/course/catalogue.ts';
import { tokenOf } from '../lib/session.ts';
import { pageLoad } from '../lib/session-load.ts';
import { H5Chip } from './h5-chip.tsx';
import { H5Footer, H5Header } from './h5-frame.tsx';
import { h5LoginPath } from './h5-links.ts';
import './h5-grade.css';

export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  if (!tokenOf(args.request)) throw redirect(h5LoginPath(url.pathname + url.search));
  const ended = url.searchParams.get('ended') === '1';
  const page = await pageLoad(args, ended ? gradeExpireList : gradeInfoPage, { pageSize: 50, scope: 'my' });
  return { ended, page };
}

const ROLE: Record<number, string> = { 1: '学员', 2: '班级管理员', 9: '班主任' };

/** /h5/account/grades — my classes on a phone (PC /account/grades/my): running or ended, each opening its page. */
export default function H5MyGrades({ loaderData }: Route.ComponentProps) {
  const { ended, page } = loaderData;
  const { pathname, search } = useLocation();
  const url = new URL(pathname + search, 'http://h5');
  const chip = (on: boolean, value: string | null, label: string) => (
    <H5Chip to={hrefWith(url, 'ended', value)} replace on={on}>
      {label}
    </H5Chip>
  );
  return (
    <>
      <PageMeta title="我的班级" />
      <H5Header title="我的班级" />
      <h1 className="h5-visually-hidden">我的班级</h1>
      <nav className="h5-filter" aria-label="班级状态">
        <div className="h5-chips">
          {chip(!ended, null, '进行中')}
          {chip(ended, '1', '已结束')}
        </div>
      </nav>
      {page.list.length === 0 ? (
        <div className="h5-empty">
          <p>{ended ? '还没有已结束的班级' : '还没有加入班级'}</p>
          <Link className="h5-button" to="/h5/grade">
            去看看可加入的班级
          </Link>
        </div>
      ) : (
        <ul className="h5-grades">
          {page.list.map((g) => (
            <li key={g.id}>
              <Link to={`/h5/grade/view/${g.id}`} className="h5-grade">
                <strong>{g.gradeName}</strong>
                <span>
                  班主任 {g.lecturerName} · 我是{ROLE[g.myRole] ?? ROLE[GradeRelation.STUDENT]}
                </span>
                <span>
                  {g.beginTime.slice(0, 10)} 至 {g.endTime.slice(0, 10)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <H5Footer />
    </>
  );
}
