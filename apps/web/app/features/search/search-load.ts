import { categoryList } from '#contract/course.ts';
import { SEARCH_KEYWORD_MAX, SEARCH_TYPE_NAMES, searchList, SearchType, type TSearchResult } from '#contract/search.ts';
import { isId } from '#contract/call.ts';
import { callWith, ApiError } from '../../api/client.ts';
import { serverContext } from '../../context.ts';
import type { LoaderArgsLike } from '../../lib/session-load.ts';

/** Which course category tree filters each kind of course; the other types have no category filter. */
const CATEGORY_TYPE: Record<number, number> = {
  [SearchType.COURSE]: 1,
  [SearchType.RESOURCE]: 2,
  [SearchType.LIBRARY]: 3,
};
/** The types whose results carry a price. */
export const PRICED = new Set<number>([
  SearchType.COURSE,
  SearchType.LIVE,
  SearchType.RESOURCE,
  SearchType.LIBRARY,
  SearchType.PAPER,
]);
/** The tabs, in the order the site's sections come. */
export const TAB_ORDER = [1, 2, 4, 9, 5, 6, 7, 8].filter((t) => SEARCH_TYPE_NAMES[t]);

export interface SearchQuery {
  keyword: string;
  type: number;
  categoryId: string;
  price: '' | 'free' | 'paid';
  pageCurrent: number;
}

export function searchQueryOf(url: URL, str: string | undefined): SearchQuery {
  const p = url.searchParams;
  const type = Number(p.get('type'));
  const price = p.get('price');
  const page = Number(p.get('page'));
  const categoryId = p.get('categoryId') ?? '';
  return {
    keyword: (str ?? '').trim().slice(0, SEARCH_KEYWORD_MAX),
    type: SEARCH_TYPE_NAMES[type] ? type : SearchType.COURSE,
    categoryId: isId(categoryId) ? categoryId : '',
    price: price === 'free' || price === 'paid' ? price : '',
    pageCurrent: Number.isInteger(page) && page >= 1 && page <= 1000 ? page : 1,
  };
}

/**
 * The search page's data, for the PC and the H5 page alike: the results of one tab with every tab's count, and
 * the first-level categories of a course kind for its filter. A refusal (a keyword too long) is shown in the page.
 */
export async function loadSearch(args: LoaderArgsLike & { params: { str?: string } }, pageSize: number) {
  const query = searchQueryOf(new URL(args.request.url), args.params.str);
  const transport = args.context.get(serverContext).transport;
  const categoryType = CATEGORY_TYPE[query.type];
  const categories = categoryType
    ? (await callWith(transport, categoryList, { categoryType })).map((c) => ({ id: c.id, name: c.categoryName }))
    : [];
  let result: TSearchResult | null = null;
  let refusal = '';
  if (query.keyword) {
    try {
      result = await callWith(transport, searchList, {
        keyword: query.keyword,
        type: query.type,
        categoryId: query.categoryId || undefined,
        price: query.price,
        pageCurrent: query.pageCurrent,
        pageSize,
      });
    } catch (err) {
      if (!(err instanceof ApiError) || !err.refused) throw err;
      refusal = err.message;
    }
  }
  return { query, categories, result, refusal };
}

/** The count of one tab, 0 when the keyword found nothing of that type. */
export function countOf(result: TSearchResult | null, type: number): number {
  return result?.counts.find((c) => c.type === type)?.count ?? 0;
}
