import { z } from './zod-config.ts';
import { defineCall, Empty, Id, PageQuery, pageOf } from './call.ts';

/**
 * The information centre (/info): the site's published articles, grouped by the website nav groups the
 * administrator edits. The spec names "website information category list" without a path or shape
 * (docs/decisions/0022-information-centre.md).
 */
export const InfoCategory = z.object({ id: z.string(), navName: z.string(), articleCount: z.number().int() });
export type TInfoCategory = z.output<typeof InfoCategory>;

export const InfoArticleBrief = z.object({
  id: z.string(),
  navId: z.string(),
  navName: z.string(),
  artTitle: z.string(),
  artPic: z.string(),
  /** The body as plain text, cut to about 120 characters. */
  summary: z.string(),
  gmtModified: z.string(),
});
export type TInfoArticleBrief = z.output<typeof InfoArticleBrief>;

export const InfoArticleQuery = PageQuery.extend({ navId: Id.optional() });
export type TInfoArticleQuery = z.output<typeof InfoArticleQuery>;

export const websiteInfoCategoryList = defineCall({
  method: 'POST',
  path: '/system/api/website/info/category/list',
  access: 'api',
  summary: '资讯分类（启用且有文章的导航分组，含文章数）',
  body: Empty,
  data: z.array(InfoCategory),
});

export const websiteInfoArticleList = defineCall({
  method: 'POST',
  path: '/system/api/website/info/article/list',
  access: 'api',
  summary: '资讯文章分页（最近更新在前，可按分类）',
  body: InfoArticleQuery,
  data: pageOf(InfoArticleBrief),
});
