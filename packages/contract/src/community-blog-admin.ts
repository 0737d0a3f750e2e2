import { z } from './zod-config.ts';
import { defineCall, Id, IdBody, oneOf, optionalText, PageQuery, pageOf } from './call.ts';
import { BlogComment, BlogItem, Blogger } from './community-blog.ts';

/** The platform administrator's side of the blogs: list, hide, restore, delete and recommend posts, comments and bloggers. */

export const AdminBlogQuery = PageQuery.extend({
  keyword: optionalText('标题', 50),
  isHidden: oneOf([0, 1], '请选择显示或已隐藏').optional(),
});
export const adminBlogPage = defineCall({
  method: 'POST',
  path: '/community/admin/blog/page',
  access: 'admin',
  summary: '博客管理（含草稿与已隐藏）',
  body: AdminBlogQuery,
  data: pageOf(BlogItem),
});
export const adminBlogHide = defineCall({
  method: 'POST',
  path: '/community/admin/blog/hide',
  access: 'admin',
  summary: '隐藏（1）或恢复（0）博客',
  body: z.object({ id: Id, isHidden: oneOf([0, 1], '请选择隐藏或恢复') }),
  data: z.null(),
});
export const adminBlogRecommend = defineCall({
  method: 'POST',
  path: '/community/admin/blog/recommend',
  access: 'admin',
  summary: '推荐（1）或取消推荐（0）博客',
  body: z.object({ id: Id, isRecommend: oneOf([0, 1], '请选择推荐或取消') }),
  data: z.null(),
});
export const adminBlogDelete = defineCall({
  method: 'POST',
  path: '/community/admin/blog/delete',
  access: 'admin',
  summary: '删除博客（连同评论）',
  body: IdBody,
  data: z.null(),
});
export const AdminComment = BlogComment.omit({ replyList: true }).extend({
  blogTitle: z.string(),
  isHidden: z.number().int(),
});
export const adminBlogCommentPage = defineCall({
  method: 'POST',
  path: '/community/admin/blog/comment/page',
  access: 'admin',
  summary: '博客评论管理（最新在前）',
  body: AdminBlogQuery,
  data: pageOf(AdminComment),
});
export const adminBlogCommentHide = defineCall({
  method: 'POST',
  path: '/community/admin/blog/comment/hide',
  access: 'admin',
  summary: '隐藏（1）或恢复（0）评论',
  body: z.object({ id: Id, isHidden: oneOf([0, 1], '请选择隐藏或恢复') }),
  data: z.null(),
});
export const adminBlogCommentDelete = defineCall({
  method: 'POST',
  path: '/community/admin/blog/comment/delete',
  access: 'admin',
  summary: '删除评论（一级评论连同回复）',
  body: IdBody,
  data: z.null(),
});
export const adminBloggerPage = defineCall({
  method: 'POST',
  path: '/community/admin/blogger/page',
  access: 'admin',
  summary: '博主（推荐的在前）',
  body: PageQuery.extend({ keyword: optionalText('昵称', 20) }),
  data: pageOf(Blogger),
});
export const adminBloggerRecommend = defineCall({
  method: 'POST',
  path: '/community/admin/blogger/recommend',
  access: 'admin',
  summary: '推荐（1）或取消推荐（0）博主',
  body: z.object({ userId: Id, isRecommend: oneOf([0, 1], '请选择推荐或取消') }),
  data: z.null(),
});
