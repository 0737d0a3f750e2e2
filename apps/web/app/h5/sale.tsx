import type { Route } from './+types/sale.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { SALE_KINDS, loadSalePage } from '../features/order/sale-courses.ts';
import { H5CourseSection } from './course-card.tsx';
import { H5Chip } from './h5-chip.tsx';
import { H5Footer, H5Header } from './h5-frame.tsx';
import { H5Pager } from './h5-pager.tsx';
import './h5-pages.css';

export function loader(args: Route.LoaderArgs) {
  return loadSalePage(args, args.params.type);
}

/** /h5/sale/:type — courses sold below their strike-through price on a phone, one chip per kind, deepest first. */
export default function H5Sale({ loaderData }: Route.ComponentProps) {
  const { type, label, total, current, totalPage, list } = loaderData;
  return (
    <>
      <PageMeta title={`优惠活动 - ${label}`} />
      <H5Header title="优惠活动" />
      <h1 className="h5-visually-hidden">优惠活动</h1>
      <nav className="h5-filter" aria-label="课程类型">
        <div className="h5-chips">
          {SALE_KINDS.map((k) => (
            <H5Chip key={k.type} to={`/h5/sale/${k.type}`} replace on={k.type === type}>
              {k.label}
            </H5Chip>
          ))}
        </div>
      </nav>
      <H5CourseSection
        id="sale-courses"
        title={`共 ${total} 门优惠中的${label}，优惠大的在前`}
        label={`优惠中的${label}，共 ${total} 门`}
        courses={list}
        empty={`暂时没有优惠中的${label}`}
      />
      <H5Pager page={{ pageCurrent: current, totalPage }} />
      <H5Footer />
    </>
  );
}
