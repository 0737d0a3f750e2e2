import type { TCategoryNode, TCourseListQuery } from '#contract/course.ts';
import { categoryListForSite, categoryTypeOfCourse, courseList } from '#contract/course.ts';
import { pageLoad, type LoaderArgsLike } from '../../lib/session-load.ts';
import { isId } from '#contract/call.ts';

export const CATALOGUE_PAGE_SIZE = 20;

export const SORTS = [
  { value: 'default', label: '综合' },
  { value: 'newest', label: '最新' },
  { value: 'popular', label: '最热' },
  { value: 'priceAsc', label: '价格从低到高' },
  { value: 'priceDesc', label: '价格从高到低' },
] as const;
type Sort = (typeof SORTS)[number]['value'];

/** The catalogue a URL asks for: ?c=category&free=1|0&sort=newest&page=2&q=keyword. Odd values fall back. */
export function catalogueQuery(url: URL, courseType: number, pageSize = CATALOGUE_PAGE_SIZE): TCourseListQuery {
  const p = url.searchParams;
  const c = p.get('c') ?? '';
  const free = p.get('free');
  const sort = (SORTS.find((s) => s.value === p.get('sort'))?.value ?? 'default') as Sort;
  const page = Number(p.get('page'));
  return {
    courseType: courseType as TCourseListQuery['courseType'],
    categoryId: isId(c) ? c : undefined,
    isFree: free === '1' ? 1 : free === '0' ? 0 : undefined,
    orderBy: sort,
    keyword: (p.get('q') ?? '').trim().slice(0, 50),
    pageCurrent: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
    pageSize,
  };
}

export async function loadCatalogue(args: LoaderArgsLike, courseType: number, pageSize = CATALOGUE_PAGE_SIZE) {
  const query = catalogueQuery(new URL(args.request.url), courseType, pageSize);
  const [tree, page] = await Promise.all([
    pageLoad(args, categoryListForSite, { categoryType: categoryTypeOfCourse(courseType) as 1 | 2 | 3 }),
    pageLoad(args, courseList, query),
  ]);
  return { tree, page, query };
}

/** The chosen category's ancestors and itself, from the top level down (empty when nothing is chosen). */
export function categoryTrail(tree: TCategoryNode[], id: string | undefined): string[] {
  if (!id) return [];
  for (const l1 of tree) {
    if (l1.id === id) return [l1.id];
    for (const l2 of l1.childrenList) {
      if (l2.id === id) return [l1.id, l2.id];
      for (const l3 of l2.childrenList) if (l3.id === id) return [l1.id, l2.id, l3.id];
    }
  }
  return [];
}

/** The same page with one filter changed; any change of filter goes back to page 1. */
export function hrefWith(url: URL, name: string, value: string | null): string {
  const next = new URLSearchParams(url.searchParams);
  if (value === null || value === '') next.delete(name);
  else next.set(name, value);
  if (name !== 'page') next.delete('page');
  const qs = next.toString();
  return qs ? `${url.pathname}?${qs}` : url.pathname;
}
