import { Link } from '../components/link.tsx';
import type { Route } from './+types/sale.ts';
import { EmptyState, Page } from '../components/page.tsx';
import { CourseGrid } from '../features/course/course-card.tsx';
import { LinkPager } from '../features/course/link-pager.tsx';
import { SALE_KINDS, loadSalePage } from '../features/order/sale-courses.ts';
import '../features/course/course.css';

export function loader(args: Route.LoaderArgs) {
  return loadSalePage(args, args.params.type);
}

/** /sale/:type — courses sold below their strike-through price, one tab per kind of course, deepest discount first. */
export default function SalePage({ loaderData }: Route.ComponentProps) {
  const { type, label, total, current, totalPage, list } = loaderData;
  const base = `/sale/${type}`;
  return (
    <Page title={`优惠活动 - ${label}`} heading={false}>
      <h1 className="qk-page__title">优惠活动</h1>
      <nav className="qk-sortbar" aria-label="课程类型">
        <span className="qk-sortbar__sorts">
          {SALE_KINDS.map((k) => (
            <Link key={k.type} to={`/sale/${k.type}`} className={k.type === type ? 'is-active' : undefined}>
              {k.label}
            </Link>
          ))}
        </span>
        <span className="qk-muted">
          共 {total} 门优惠中的{label}，优惠大的在前
        </span>
      </nav>
      {list.length === 0 ? <EmptyState text={`暂时没有优惠中的${label}`} /> : <CourseGrid courses={list} />}
      <LinkPager current={current} totalPage={totalPage} href={(n) => (n > 1 ? `${base}?page=${n}` : base)} />
    </Page>
  );
}
