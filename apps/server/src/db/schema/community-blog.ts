import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { gmt, id, ref, siteId, statusSort } from './common.ts';

/**
 * A user's blog profile, made the first time they write or edit it. The counts are kept on the row (changed in
 * the same statement as what they count) so a blogger's card is one read.
 */
export const blogger = pgTable(
  'blogger',
  {
    id: id(),
    siteId: siteId(),
    userId: ref('user_id').notNull(),
    nickname: text('nickname').notNull().default(''),
    headImgUrl: text('head_img_url').notNull().default(''),
    introduce: text('introduce').notNull().default(''),
    articleCount: integer('article_count').notNull().default(0),
    fansCount: integer('fans_count').notNull().default(0),
    likeCount: integer('like_count').notNull().default(0),
    isRecommend: integer('is_recommend').notNull().default(0),
    ...gmt,
    ...statusSort,
  },
  (t) => [
    uniqueIndex('blogger_user_uq').on(t.siteId, t.userId),
    index('blogger_recommend_idx').on(t.siteId, t.isRecommend, t.sort),
  ],
);

/**
 * A blog post. `isPublish` 0 is a draft only its author sees; `isHidden` 1 is taken down by an administrator
 * (kept, so it can be restored). `tags` are the author's free labels, comma-joined, at most five.
 */
export const blog = pgTable(
  'blog',
  {
    id: id(),
    siteId: siteId(),
    userId: ref('user_id').notNull(),
    articleType: integer('article_type').notNull().default(1),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    artPic: text('art_pic').notNull().default(''),
    content: text('content').notNull().default(''),
    tags: text('tags').notNull().default(''),
    isPublish: integer('is_publish').notNull().default(0),
    isHidden: integer('is_hidden').notNull().default(0),
    isRecommend: integer('is_recommend').notNull().default(0),
    viewCount: integer('view_count').notNull().default(0),
    likeCount: integer('like_count').notNull().default(0),
    collectionCount: integer('collection_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    publishTime: timestamp('publish_time', { withTimezone: true }),
    /**
     * The hot tab's rank: the log of the weighed response plus the publish time in units of 12.5 hours, so a post
     * needs ten times the response to stay level with one published 12.5 hours later. Time decays every post
     * alike, so the order holds without recomputing; the database keeps it current with every count.
     * `blog_epoch` is an immutable wrapper of extract(epoch), defined in the migration that added this column.
     */
    hotScore: doublePrecision('hot_score').generatedAlwaysAs(
      sql`log(greatest(like_count * 3 + comment_count * 4 + collection_count * 5 + view_count * 0.2 + 1, 1)) + blog_epoch(coalesce(publish_time, gmt_create)) / 45000`,
    ),
    ...gmt,
    ...statusSort,
  },
  (t) => [
    index('blog_latest_idx').on(t.siteId, t.isPublish, t.isHidden, t.publishTime),
    // in the order the hot tab asks for (PostgreSQL's `desc` puts nulls first)
    index('blog_hot_idx')
      .on(t.siteId, t.hotScore.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`is_publish = 1 and is_hidden = 0`),
    // blog/search/list matches a keyword anywhere in the title, summary or labels
    index('blog_search_trgm_idx').using('gin', sql`(title || ' ' || summary || ' ' || tags) gin_trgm_ops`),
    index('blog_author_idx').on(t.siteId, t.userId, t.id),
    // the 关注 tab: the followed authors' published posts, newest first, read from the index alone
    index('blog_author_feed_idx')
      .on(t.siteId, t.userId, t.publishTime, t.id)
      .where(sql`is_publish = 1 and is_hidden = 0`),
    index('blog_recommend_idx').on(t.siteId, t.isRecommend, t.publishTime),
  ],
);

/** A comment on a post, or (with `parentId`) a reply under a first-level comment: two levels, never deeper. */
export const blogComment = pgTable(
  'blog_comment',
  {
    id: id(),
    siteId: siteId(),
    blogId: ref('blog_id').notNull(),
    userId: ref('user_id').notNull(),
    parentId: ref('parent_id'),
    replyUserId: ref('reply_user_id'),
    content: text('content').notNull(),
    isHidden: integer('is_hidden').notNull().default(0),
    ...gmt,
    ...statusSort,
  },
  (t) => [
    index('blog_comment_blog_idx').on(t.siteId, t.blogId, t.parentId, t.id),
    index('blog_comment_site_idx').on(t.siteId, t.id),
  ],
);

/** A user's like (recordType 1) or collection (2) of a post; once each. */
export const blogUserRecord = pgTable(
  'blog_user_record',
  {
    id: id(),
    siteId: siteId(),
    blogId: ref('blog_id').notNull(),
    userId: ref('user_id').notNull(),
    recordType: integer('record_type').notNull(),
    gmtCreate: gmt.gmtCreate,
  },
  (t) => [
    uniqueIndex('blog_user_record_uq').on(t.siteId, t.userId, t.recordType, t.blogId),
    index('blog_user_record_list_idx').on(t.siteId, t.userId, t.recordType, t.id),
  ],
);

/** A fan following a blogger (both are users). */
export const bloggerFollow = pgTable(
  'blogger_follow',
  {
    id: id(),
    siteId: siteId(),
    userId: ref('user_id').notNull(),
    bloggerUserId: ref('blogger_user_id').notNull(),
    gmtCreate: gmt.gmtCreate,
  },
  (t) => [
    uniqueIndex('blogger_follow_uq').on(t.siteId, t.userId, t.bloggerUserId),
    index('blogger_follow_fans_idx').on(t.siteId, t.bloggerUserId, t.id),
  ],
);
