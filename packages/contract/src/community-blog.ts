import { z } from './zod-config.ts';
import { defineCall, Empty, Id, IdBody, ImageUrl, oneOf, optionalText, PageQuery, pageOf, text } from './call.ts';
import { optionalRichText } from './rich-text.ts';

/**
 * Community blogs (spec §7 Community, issue 21). The spec names the calls but not their shapes; these follow the
 * house contract (pages `{pageCurrent,pageSize}` → `{list,totalCount,…}`, ids as decimal strings).
 *
 * One information feed, not two (decision 22): `articleType` 1 is a member's blog post, stored here; 2 is news,
 * and news ARE the information centre's articles (the website nav articles the administrator edits). blog/list
 * with articleType 2, and the article zone calls, read the information centre and shape its articles as feed
 * items whose `url` leads to `/info/detail/:id`; nobody writes news through blog/save.
 *
 * Paths the spec leaves vague: its "save" after "fans/list" is following a blogger (`fans/save`), undone by
 * `fans/delete`; blog/stand toggles the reader's like; blog/user/record/save and delete set or clear a like
 * (recordType 1) or a collection (2).
 */

export const BLOG_TAB = { latest: 1, following: 2, hot: 3 } as const;
export const BLOG_RECORD = { like: 1, collect: 2 } as const;
export const BLOG_TAG_MAX = 5;
export const BLOG_TAG_LENGTH = 12;

const Tags = z
  .array(
    text('标签', BLOG_TAG_LENGTH).refine((t) => !/[,，]/.test(t), { error: '标签里不能有逗号' }),
    {
      error: '标签格式不正确',
    },
  )
  .max(BLOG_TAG_MAX, { error: `最多添加 ${BLOG_TAG_MAX} 个标签` })
  .default([])
  .transform((tags) => [...new Set(tags)]);

/** A post in a list: no body. `url` is where it is read (a news item's is its information-centre page). */
export const BlogItem = z.object({
  id: z.string(),
  articleType: z.number().int(),
  title: z.string(),
  summary: z.string(),
  artPic: z.string(),
  tags: z.array(z.string()),
  userId: z.string(),
  nickname: z.string(),
  headImgUrl: z.string(),
  viewCount: z.number().int(),
  likeCount: z.number().int(),
  collectionCount: z.number().int(),
  commentCount: z.number().int(),
  isPublish: z.number().int(),
  isHidden: z.number().int(),
  isRecommend: z.number().int(),
  publishTime: z.string(),
  gmtCreate: z.string(),
  gmtModified: z.string(),
  url: z.string(),
});
export type TBlogItem = z.output<typeof BlogItem>;

/** A post to read: its cleaned HTML body and, for a signed-in reader, what they have done with it. */
export const BlogView = BlogItem.extend({
  content: z.string(),
  isLike: z.number().int(),
  isCollect: z.number().int(),
  isFollow: z.number().int(),
  canEdit: z.number().int(),
});
export type TBlogView = z.output<typeof BlogView>;

export const Blogger = z.object({
  userId: z.string(),
  nickname: z.string(),
  headImgUrl: z.string(),
  introduce: z.string(),
  articleCount: z.number().int(),
  fansCount: z.number().int(),
  likeCount: z.number().int(),
  isRecommend: z.number().int(),
  /** 1 when the signed-in reader follows this blogger; 0 for visitors. */
  isFollow: z.number().int(),
});
export type TBlogger = z.output<typeof Blogger>;

/** A comment; a first-level one carries its replies (two levels, never deeper). */
export const BlogComment = z.object({
  id: z.string(),
  blogId: z.string(),
  parentId: z.string(),
  userId: z.string(),
  nickname: z.string(),
  headImgUrl: z.string(),
  replyUserId: z.string(),
  replyNickname: z.string(),
  content: z.string(),
  gmtCreate: z.string(),
  canDelete: z.number().int(),
  get replyList() {
    return z.array(BlogComment);
  },
});
export type TBlogComment = {
  id: string;
  blogId: string;
  parentId: string;
  userId: string;
  nickname: string;
  headImgUrl: string;
  replyUserId: string;
  replyNickname: string;
  content: string;
  gmtCreate: string;
  canDelete: number;
  replyList: TBlogComment[];
};

const Tab = oneOf([1, 2, 3], '请选择最新、热门或关注').default(1);

export const BlogListQuery = PageQuery.extend({
  articleType: oneOf([1, 2], '文章类型只能是博客（1）或资讯（2）').default(1),
  /** 1 latest, 3 hot (likes, comments, collections and views, decaying with age), 2 following (signed in). */
  tab: Tab,
  tagName: optionalText('标签', BLOG_TAG_LENGTH),
  /** one blogger's posts */
  userId: Id.optional(),
});
export type TBlogListQuery = z.output<typeof BlogListQuery>;

export const blogList = defineCall({
  method: 'POST',
  path: '/community/api/blog/list',
  access: 'api',
  summary: '博客/资讯列表（tab 1 最新、3 热门；articleType 2 为资讯中心文章）',
  body: BlogListQuery,
  data: pageOf(BlogItem),
});
export const blogView = defineCall({
  method: 'POST',
  path: '/community/api/blog/view',
  access: 'api',
  summary: '阅读博客（浏览数入库后才应答）',
  body: IdBody,
  data: BlogView,
});
export const CommentQuery = PageQuery.extend({ blogId: Id });
export const blogCommentListPublic = defineCall({
  method: 'POST',
  path: '/community/api/blog/comment/list',
  access: 'api',
  summary: '博客评论（一级评论分页，各带回复）',
  body: CommentQuery,
  data: pageOf(BlogComment),
});
export const bloggerViewPublic = defineCall({
  method: 'POST',
  path: '/community/api/blogger/view',
  access: 'api',
  summary: '博主主页信息',
  body: z.object({ userId: Id }),
  data: Blogger,
});
export const blogSearchList = defineCall({
  method: 'POST',
  path: '/community/api/blog/search/list',
  access: 'api',
  summary: '搜索博客（标题、摘要、标签）',
  body: PageQuery.extend({ keyword: text('搜索关键词', 50) }),
  data: pageOf(BlogItem),
});
export const ArticleZone = z.object({ id: z.string(), zoneName: z.string(), articleCount: z.number().int() });
export const articleZoneCategoryList = defineCall({
  method: 'POST',
  path: '/community/api/article/zone/category/list',
  access: 'api',
  summary: '文章专区分类：资讯中心的分类（首页文章专区）',
  body: Empty,
  data: z.array(ArticleZone),
});
export const articleZoneRefList = defineCall({
  method: 'POST',
  path: '/community/api/article/zone/ref/list',
  access: 'api',
  summary: '某文章专区的文章（资讯，最近更新在前）',
  body: PageQuery.extend({ zoneId: Id.optional() }),
  data: pageOf(BlogItem),
});
export const articleRecommendList = defineCall({
  method: 'POST',
  path: '/community/api/article/recommend/list',
  access: 'api',
  summary: '推荐文章（管理员推荐的博客，最新在前）',
  body: z.object({ size: z.coerce.number().int().min(1).max(20).default(6) }).default({ size: 6 }),
  data: z.array(BlogItem),
});

/* ---- signed in ---- */

const BloggerFields = z.object({
  nickname: text('博主昵称', 20),
  headImgUrl: ImageUrl,
  introduce: optionalText('博主简介', 200),
});
export const bloggerSave = defineCall({
  method: 'POST',
  path: '/community/auth/blogger/save',
  access: 'auth',
  summary: '开通/保存我的博主资料',
  body: BloggerFields,
  data: Blogger,
});
export const bloggerUpdate = defineCall({
  method: 'POST',
  path: '/community/auth/blogger/update',
  access: 'auth',
  summary: '修改我的博主资料',
  body: BloggerFields,
  data: Blogger,
});
export const bloggerMyself = defineCall({
  method: 'POST',
  path: '/community/auth/blogger/myself',
  access: 'auth',
  summary: '我的博主资料（未开通时按账号资料给出）',
  body: Empty,
  data: Blogger,
});
export const bloggerView = defineCall({
  method: 'POST',
  path: '/community/auth/blogger/view',
  access: 'auth',
  summary: '博主主页信息（含我是否关注）',
  body: z.object({ userId: Id }),
  data: Blogger,
});
export const bloggerRecommendList = defineCall({
  method: 'POST',
  path: '/community/auth/blogger/recommend/list',
  access: 'auth',
  summary: '推荐博主（含我是否关注）',
  body: Empty,
  data: z.array(Blogger),
});
export const bloggerRecommendListPublic = defineCall({
  method: 'POST',
  path: '/community/api/blogger/recommend/list',
  access: 'api',
  summary: '推荐博主（访客看到的）',
  body: Empty,
  data: z.array(Blogger),
});
export const blogAttentionList = defineCall({
  method: 'POST',
  path: '/community/auth/blog/attention/list',
  access: 'auth',
  summary: '关注：我关注的博主发布的博客，最新在前',
  body: PageQuery,
  data: pageOf(BlogItem),
});

const BlogFields = {
  title: text('标题', 100),
  summary: optionalText('摘要', 200),
  artPic: ImageUrl,
  content: optionalRichText('正文', 200_000),
  tags: Tags,
  /** 0 keeps it a draft, 1 publishes it. */
  isPublish: oneOf([0, 1], '请选择保存草稿或发布').default(0),
};
export const blogSave = defineCall({
  method: 'POST',
  path: '/community/auth/blog/save',
  access: 'auth',
  summary: '写博客：保存草稿（isPublish 0）或发布（1）',
  body: z.object(BlogFields),
  data: BlogView,
});
export const blogUpdate = defineCall({
  method: 'POST',
  path: '/community/auth/blog/update',
  access: 'auth',
  summary: '修改我的博客（草稿可发布；已发布的不能退回草稿）',
  body: z.object({ id: Id, ...BlogFields }),
  data: BlogView,
});
export const blogMyList = defineCall({
  method: 'POST',
  path: '/community/auth/blog/list',
  access: 'auth',
  summary: '我的博客（isPublish 1 已发布、0 草稿，不填为全部）',
  body: PageQuery.extend({ isPublish: oneOf([0, 1], '请选择已发布或草稿').optional() }),
  data: pageOf(BlogItem),
});
export const blogViewAuth = defineCall({
  method: 'POST',
  path: '/community/auth/blog/view',
  access: 'auth',
  summary: '阅读博客（含我的点赞、收藏、关注；作者可看自己的草稿）',
  body: IdBody,
  data: BlogView,
});
export const RecordBody = z.object({
  blogId: Id,
  recordType: oneOf([1, 2], '请选择点赞（1）或收藏（2）'),
});
export const RecordState = z.object({
  isLike: z.number().int(),
  isCollect: z.number().int(),
  likeCount: z.number().int(),
  collectionCount: z.number().int(),
});
export const blogRecordSave = defineCall({
  method: 'POST',
  path: '/community/auth/blog/user/record/save',
  access: 'auth',
  summary: '点赞或收藏博客（重复无影响）',
  body: RecordBody,
  data: RecordState,
});
export const blogRecordDelete = defineCall({
  method: 'POST',
  path: '/community/auth/blog/user/record/delete',
  access: 'auth',
  summary: '取消点赞或收藏',
  body: RecordBody,
  data: RecordState,
});
export const blogStand = defineCall({
  method: 'POST',
  path: '/community/auth/blog/stand',
  access: 'auth',
  summary: '点赞/取消点赞（切换）',
  body: z.object({ blogId: Id }),
  data: RecordState,
});
export const bloggerFollowList = defineCall({
  method: 'POST',
  path: '/community/auth/blogger/user/record/list',
  access: 'auth',
  summary: '我关注的博主',
  body: PageQuery,
  data: pageOf(Blogger),
});
export const fansList = defineCall({
  method: 'POST',
  path: '/community/auth/fans/list',
  access: 'auth',
  summary: '我的粉丝',
  body: PageQuery,
  data: pageOf(Blogger),
});
export const FollowBody = z.object({ bloggerUserId: Id });
export const fansSave = defineCall({
  method: 'POST',
  path: '/community/auth/fans/save',
  access: 'auth',
  summary: '关注博主（重复无影响）',
  body: FollowBody,
  data: z.object({ isFollow: z.number().int(), fansCount: z.number().int() }),
});
export const fansDelete = defineCall({
  method: 'POST',
  path: '/community/auth/fans/delete',
  access: 'auth',
  summary: '取消关注博主',
  body: FollowBody,
  data: z.object({ isFollow: z.number().int(), fansCount: z.number().int() }),
});
export const blogCollectionList = defineCall({
  method: 'POST',
  path: '/community/auth/blog/user/record/collection/list',
  access: 'auth',
  summary: '我收藏的博客',
  body: PageQuery,
  data: pageOf(BlogItem),
});
export const blogCollectionDelete = defineCall({
  method: 'POST',
  path: '/community/auth/blog/user/record/collection/delete',
  access: 'auth',
  summary: '取消收藏',
  body: z.object({ blogId: Id }),
  data: z.null(),
});
export const blogDelete = defineCall({
  method: 'POST',
  path: '/community/auth/blog/delete',
  access: 'auth',
  summary: '删除我的博客（连同评论）',
  body: IdBody,
  data: z.null(),
});
export const blogCommentSave = defineCall({
  method: 'POST',
  path: '/community/auth/blog/comment/save',
  access: 'auth',
  summary: '评论博客，或回复一条评论（parentId）',
  body: z.object({ blogId: Id, parentId: Id.optional(), content: text('评论内容', 1000) }),
  data: BlogComment,
});
export const blogCommentList = defineCall({
  method: 'POST',
  path: '/community/auth/blog/comment/list',
  access: 'auth',
  summary: '博客评论（标出我能删除的：我写的，或我博客下的）',
  body: CommentQuery,
  data: pageOf(BlogComment),
});
export const blogCommentDelete = defineCall({
  method: 'POST',
  path: '/community/auth/blog/comment/delete',
  access: 'auth',
  summary: '删除评论（评论者或博客作者；一级评论连同回复）',
  body: IdBody,
  data: z.null(),
});
