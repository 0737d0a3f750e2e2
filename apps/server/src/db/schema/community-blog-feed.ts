import { integer, index, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { ref, siteId } from './common.ts';

/**
 * The 关注 tab's inbox: one row per fan per post of a blogger they follow, written when the post is published
 * (fan-out on write), so a fan's page is one index range however many bloggers they follow. Derived data: rebuilt
 * from `blog` and `blogger_follow`, never the only record of anything, so it has no id or common columns. The key
 * is the order the tab reads (newest first) and makes a repeated write of the same post a no-op.
 */
export const blogFeed = pgTable(
  'blog_feed',
  {
    siteId: siteId(),
    /** the fan whose inbox this is */
    userId: ref('user_id').notNull(),
    publishTime: timestamp('publish_time', { withTimezone: true }).notNull(),
    blogId: ref('blog_id').notNull(),
    authorId: ref('author_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'blog_feed_pk', columns: [t.siteId, t.userId, t.publishTime, t.blogId] }),
    // a post hidden or deleted leaves every inbox at once
    index('blog_feed_blog_idx').on(t.siteId, t.blogId),
  ],
);

/**
 * A post's views, counted apart from the `blog` row: the row carries a trigram index and the stored hot score, so
 * adding views to it rewrote every index entry of the post on each batch. Here a batch is a narrow update of an
 * unindexed column (a HOT update); once a minute the views that changed are copied to `blog.view_count`, which
 * the lists and the hot score read (decision 54). `views` is the post's whole count; `folded_views` what
 * `blog.view_count` holds of it.
 */
export const blogViewCount = pgTable(
  'blog_view_count',
  {
    siteId: siteId(),
    blogId: ref('blog_id').notNull(),
    views: integer('views').notNull(),
    foldedViews: integer('folded_views').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'blog_view_count_pk', columns: [t.siteId, t.blogId] })],
);
