import { z } from './zod-config.ts';
import { defineCall, Id, PageQuery, pageOf } from './call.ts';
import { SEARCH_TYPES } from './kinds.ts';

/** One search over everything a visitor may see (decision 46); its types are in kinds.ts. */
export { SEARCH_TYPE_NAMES, SEARCH_TYPES, SearchType, searchHitPath } from './kinds.ts';

export const SEARCH_KEYWORD_MAX = 50;
const keyword = z
  .string({ error: '请输入搜索关键词' })
  .trim()
  .min(1, { error: '请输入搜索关键词' })
  .max(SEARCH_KEYWORD_MAX, { error: `搜索内容不能超过 ${SEARCH_KEYWORD_MAX} 个字` });
const searchType = z.coerce
  .number({ error: '搜索类型不正确' })
  .int({ error: '搜索类型不正确' })
  .refine((v) => (SEARCH_TYPES as readonly number[]).includes(v), { error: '搜索类型不正确' });

export const SearchHit = z.object({
  type: z.number().int(),
  id: z.string(),
  title: z.string(),
  /** the title escaped, the matched words wrapped in <mark> */
  titleHtml: z.string(),
  /** up to ~120 characters of the summary around the first match, escaped and marked the same way */
  summaryHtml: z.string(),
  byName: z.string(),
  pic: z.string(),
  categoryId: z.string(),
  /** fen; 0 free */
  price: z.number().int(),
  popularity: z.number().int(),
});
export type TSearchHit = z.output<typeof SearchHit>;

export const SearchResult = pageOf(SearchHit).extend({
  /** how many results each type has for this keyword (the tabs), filters of category and price aside */
  counts: z.array(z.object({ type: z.number().int(), count: z.number().int() })),
});
export type TSearchResult = z.output<typeof SearchResult>;

export const searchList = defineCall({
  method: 'POST',
  path: '/search/api/search/list',
  access: 'api',
  summary: '全站搜索：按相关度、再按热度排序，标出命中的词；按类型、分类、价格筛选，并给出各类型的结果数',
  body: PageQuery.extend({
    keyword,
    type: searchType.default(1),
    categoryId: Id.optional(),
    /** '' all, 'free', 'paid' */
    price: z.enum(['', 'free', 'paid'], { error: '价格筛选不正确' }).default(''),
  }),
  data: SearchResult,
});

export const SearchSuggestion = z.object({ type: z.number().int(), id: z.string(), title: z.string() });
export type TSearchSuggestion = z.output<typeof SearchSuggestion>;
export const searchSuggest = defineCall({
  method: 'POST',
  path: '/search/api/search/suggest',
  access: 'api',
  summary: '搜索框联想：标题以输入的词开头或含有它的课程与内容（最多 8 条）',
  body: z.object({
    keyword: z
      .string()
      .trim()
      .max(SEARCH_KEYWORD_MAX, { error: `搜索内容不能超过 ${SEARCH_KEYWORD_MAX} 个字` }),
  }),
  data: z.array(SearchSuggestion),
});
