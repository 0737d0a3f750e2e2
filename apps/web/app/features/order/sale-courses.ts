import { data } from 'react-router';
import { courseList, CourseType, type TCourseBrief } from '#contract/course.ts';
import { pageLoad, type LoaderArgsLike } from '../../lib/session-load.ts';

/** /sale/:type — the kinds of course on sale, by the spec's route parameter (the course type). */
export const SALE_KINDS = [
  { type: CourseType.VIDEO, label: '录播课程' },
  { type: CourseType.RESOURCE, label: '资源' },
  { type: CourseType.LIBRARY, label: '文库' },
] as const;

export const SALE_PAGE_SIZE = 20;
const SCAN_PAGE_SIZE = 100;
// The course list has no "discounted" filter, so the page reads the paid list and keeps the discounted ones;
// this bounds that read to the 500 most popular paid courses of a kind.
const SCAN_PAGES = 5;

/** A course is on sale when it is paid and its strike-through price is above what is charged. */
export function onSale(c: TCourseBrief): boolean {
  return c.isFree === 0 && c.coursePrice > 0 && c.rulingPrice > c.coursePrice;
}

/** Discounted courses of one kind, deepest discount first (then the most popular). */
export async function loadSaleCourses(args: LoaderArgsLike, courseType: 1 | 3 | 4): Promise<TCourseBrief[]> {
  const page = (n: number) =>
    pageLoad(args, courseList, {
      courseType,
      isFree: 0,
      orderBy: 'popular',
      keyword: '',
      pageCurrent: n,
      pageSize: SCAN_PAGE_SIZE,
    });
  const first = await page(1);
  const rest = await Promise.all(
    Array.from({ length: Math.min(first.totalPage, SCAN_PAGES) - 1 }, (_, i) => page(i + 2)),
  );
  const all = [first, ...rest].flatMap((p) => p.list).filter(onSale);
  // stable sort: equal discounts keep the popular order
  return all.sort((a, b) => a.coursePrice * b.rulingPrice - b.coursePrice * a.rulingPrice);
}

/**
 * The sale page, PC and phone: one kind's discounted courses (the route's type, video courses when absent; another
 * value is a page that does not exist), a page of them at a time.
 */
export async function loadSalePage(args: LoaderArgsLike, typeParam: string | undefined) {
  const type = typeParam === undefined ? 1 : Number(typeParam);
  const kind = SALE_KINDS.find((k) => k.type === type);
  if (!kind) throw data(null, { status: 404 });
  const all = await loadSaleCourses(args, kind.type);
  const totalPage = Math.max(1, Math.ceil(all.length / SALE_PAGE_SIZE));
  const asked = Number(new URL(args.request.url).searchParams.get('page'));
  const current = Number.isInteger(asked) && asked >= 1 && asked <= totalPage ? asked : 1;
  return {
    type: kind.type,
    label: kind.label,
    total: all.length,
    current,
    totalPage,
    list: all.slice((current - 1) * SALE_PAGE_SIZE, current * SALE_PAGE_SIZE),
  };
}
