import { useLocation } from 'react-router';
import { Link } from '../components/link.tsx';
import { isId } from '#contract/call.ts';
import { categoryList } from '#contract/exam.ts';
import { gradeListPublic } from '#contract/grade.ts';
import type { Route } from './+types/grade-list.ts';
import { pageLoad } from '../lib/session-load.ts';
import { hrefWith } from '../features/course/catalogue.ts';
import { GRADE_JOIN_RULES } from '../features/grade/grade-labels.ts';
import { H5Footer, H5Header } from './h5-frame.tsx';
import './h5-grade.css';

export const meta: Route.MetaFunction = () => [{ title: '班级' }];

export async function loader(args: Route.LoaderArgs) {
  const category = new URL(args.request.url).searchParams.get('category') ?? '';
  const categoryId = isId(category) ? category : '';
  const [page, categories] = await Promise.all([
    pageLoad(args, gradeListPublic, { pageCurrent: 1, pageSize: 50, categoryId }),
    pageLoad(args, categoryList, {}),
  ]);
  return { page, subjects: categories.subjectList, categoryId };
}

/** /h5/grade — the classes open to join on a phone, by subject; a class opens its page to join or apply. */
export default function H5GradeList({ loaderData }: Route.ComponentProps) {
  const { page, subjects, categoryId } = loaderData;
  const { pathname, search } = useLocation();
  const url = new URL(pathname + search, 'http://h5');
  const chip = (key: string, id: string | null, name: string) => (
    <Link
      key={key}
      to={hrefWith(url, 'category', id)}
      replace
      className={(id ?? '') === categoryId ? 'h5-chip is-on' : 'h5-chip'}
      aria-current={(id ?? '') === categoryId ? 'true' : undefined}
    >
      {name}
    </Link>
  );
  return (
    <>
      <H5Header title="班级" />
      <h1 className="h5-visually-hidden">班级</h1>
      <nav className="h5-filter" aria-label="班级分类">
        <div className="h5-chips">
          {chip('all', null, '全部')}
          {subjects.map((s) => chip(s.id, s.id, s.categoryName))}
        </div>
      </nav>
      {page.list.length === 0 ? (
        <p className="h5-empty">暂时没有可加入的班级</p>
      ) : (
        <ul className="h5-grades">
          {page.list.map((g) => (
            <li key={g.id}>
              <Link to={`/h5/grade/view/${g.id}`} className="h5-grade">
                <strong>{g.gradeName}</strong>
                <span>
                  班主任 {g.lecturerName} · {g.studentCount}
                  {g.capacity > 0 ? ` / ${g.capacity}` : ''} 人
                </span>
                <span>
                  {g.beginTime.slice(0, 10)} 至 {g.endTime.slice(0, 10)} · {GRADE_JOIN_RULES[g.joinRule] ?? ''}
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
