import { Pagination } from 'antd';
import { Link } from '../../components/link.tsx';
import { isId } from '#contract/call.ts';
import { categoryList } from '#contract/exam.ts';
import { gradeListPublic } from '#contract/grade.ts';
import type { Route } from './+types/index.ts';
import { pageLoad } from '../../lib/session-load.ts';
import { EmptyState, Page } from '../../components/page.tsx';
import { pageFromUrl, useQueryParam } from '../../features/account/page-query.ts';
import { GRADE_JOIN_RULES } from '../../features/grade/grade-labels.ts';
import '../../features/grade/grade.css';

const PAGE_SIZE = 12;

export const meta: Route.MetaFunction = () => [
  { title: '班级' },
  { name: 'description', content: '加入讲师开设的班级，在班主任带领下按计划学完班级课程。' },
];

export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const category = url.searchParams.get('category') ?? '';
  const categoryId = isId(category) ? category : '';
  const [page, categories] = await Promise.all([
    pageLoad(args, gradeListPublic, { pageCurrent: pageFromUrl(args.request), pageSize: PAGE_SIZE, categoryId }),
    pageLoad(args, categoryList, {}),
  ]);
  return { page, subjects: categories.subjectList, categoryId };
}

/** /grade — the classes open to join, by subject, each leading to its page where a learner joins or applies. */
export default function GradeList({ loaderData }: Route.ComponentProps) {
  const { page, subjects, categoryId } = loaderData;
  const setParam = useQueryParam();
  return (
    <Page title="班级">
      <nav className="qk-grade-filter" aria-label="班级分类">
        <button type="button" aria-pressed={categoryId === ''} onClick={() => setParam('category', null)}>
          全部
        </button>
        {subjects.map((s) => (
          <button
            type="button"
            key={s.id}
            aria-pressed={categoryId === s.id}
            onClick={() => setParam('category', s.id)}
          >
            {s.categoryName}
          </button>
        ))}
      </nav>
      {page.list.length === 0 ? (
        <EmptyState text={categoryId ? '这个分类下暂时没有可加入的班级' : '暂时没有可加入的班级'} />
      ) : (
        <ul className="qk-grade-grid">
          {page.list.map((g) => (
            <li key={g.id}>
              <Link to={`/grade/view/${g.id}`} className="qk-grade-card">
                {g.gradeCover ? (
                  <img src={g.gradeCover} alt="" loading="lazy" />
                ) : (
                  <span className="qk-grade-card__cover" aria-hidden="true">
                    {g.gradeName.slice(0, 2)}
                  </span>
                )}
                <strong>{g.gradeName}</strong>
                <span className="qk-muted">
                  班主任 {g.lecturerName} · {g.studentCount}
                  {g.capacity > 0 ? ` / ${g.capacity}` : ''} 人
                </span>
                <span className="qk-muted">
                  {g.beginTime.slice(0, 10)} 至 {g.endTime.slice(0, 10)}
                </span>
                <span className="qk-grade-card__rule">{GRADE_JOIN_RULES[g.joinRule] ?? ''}</span>
                <p className="qk-grade-card__intro">{g.introduction}</p>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {page.totalPage > 1 ? (
        <Pagination
          className="qk-pager"
          current={page.pageCurrent}
          pageSize={PAGE_SIZE}
          total={page.totalCount}
          showSizeChanger={false}
          onChange={(n) => setParam('page', n)}
        />
      ) : null}
    </Page>
  );
}
