import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { TPageQuery } from '#contract/call.ts';
import { rowsOf, type Db } from '../../platform/db/client.ts';
import { pageWindow } from '../../platform/db/page.ts';
import { param, statement } from '../../platform/db/statement.ts';
import { blog, bloggerFollow } from '../../db/schema/community-blog.ts';
import { blogFeed } from '../../db/schema/community-blog-feed.ts';

/**
 * One page of a fan's inbox, in one statement built once (decision 23): the page's range of the inbox's key, each
 * entry with the post's id when the post is still readable, or null. The rows themselves come from the posts'
 * repository, which keeps those many fans are shown.
 */
const pageQ = statement<{ siteId: bigint; fanId: bigint; limit: number; offset: number }>()((db) => {
  const f = db
    .select({ blogId: blogFeed.blogId, publishTime: blogFeed.publishTime })
    .from(blogFeed)
    .where(and(eq(blogFeed.siteId, param('siteId')), eq(blogFeed.userId, param('fanId'))))
    .orderBy(desc(blogFeed.publishTime), desc(blogFeed.blogId))
    .limit(param('limit'))
    .offset(param('offset'))
    .as('f');
  return db
    .select({ entry: f.blogId, readable: blog.id })
    .from(f)
    .leftJoin(
      blog,
      and(eq(blog.siteId, param('siteId')), eq(blog.id, f.blogId), eq(blog.isPublish, 1), eq(blog.isHidden, 0)),
    )
    .orderBy(desc(f.publishTime), desc(f.blogId));
});

/** The 关注 inboxes: written per post for its author's fans, per fan for a followed author, and read a page at a time. */
export function blogFeedRepo(db: Db) {
  const inboxOf = (siteId: bigint, fanId: bigint) => and(eq(blogFeed.siteId, siteId), eq(blogFeed.userId, fanId));
  return {
    /**
     * Puts the post into the inboxes of its author's next `batch` fans after follow id `after`, if the post is
     * still published and visible; answers how many fans the batch held and the last one's follow id.
     */
    async fanOut(siteId: bigint, blogId: bigint, after: bigint, batch: number) {
      const result = await db.execute<{ n: number; last: string | null }>(sql`
        with fans as (
          select f.id, f.user_id from ${bloggerFollow} f
          join ${blog} b on b.site_id = f.site_id and b.user_id = f.blogger_user_id
          where f.site_id = ${siteId} and b.id = ${blogId} and f.id > ${after}
          order by f.id limit ${batch}
        ), written as (
          insert into ${blogFeed} (site_id, user_id, publish_time, blog_id, author_id)
          select b.site_id, fans.user_id, b.publish_time, b.id, b.user_id from fans
          join ${blog} b on b.site_id = ${siteId} and b.id = ${blogId}
          where b.is_publish = 1 and b.is_hidden = 0 and b.publish_time is not null
          on conflict do nothing
        )
        select count(*)::int as n, max(fans.id)::text as last from fans`);
      const row = rowsOf<{ n: number; last: string | null }>(result)[0];
      return { n: row?.n ?? 0, last: row?.last ? BigInt(row.last) : after };
    },
    /** Takes the post out of every inbox. */
    async removePost(siteId: bigint, blogId: bigint): Promise<void> {
      await db.delete(blogFeed).where(and(eq(blogFeed.siteId, siteId), eq(blogFeed.blogId, blogId)));
    },
    /** A new fan's inbox gets the author's `limit` latest visible posts. */
    async backFill(siteId: bigint, fanId: bigint, authorId: bigint, limit: number): Promise<void> {
      await db.execute(sql`
        insert into ${blogFeed} (site_id, user_id, publish_time, blog_id, author_id)
        select b.site_id, ${fanId}::bigint, b.publish_time, b.id, b.user_id from ${blog} b
        where b.site_id = ${siteId} and b.user_id = ${authorId} and b.is_publish = 1 and b.is_hidden = 0
          and b.publish_time is not null
        order by b.publish_time desc limit ${limit}
        on conflict do nothing`);
    },
    /**
     * Every fan's inbox on the site made from the follows as they stand (each followed author's `limit` latest
     * visible posts), for data written straight into the tables (the demo community).
     */
    async fillAll(siteId: bigint, limit: number): Promise<void> {
      await db.execute(sql`
        insert into ${blogFeed} (site_id, user_id, publish_time, blog_id, author_id)
        select f.site_id, f.user_id, b.publish_time, b.id, b.user_id from ${bloggerFollow} f
        cross join lateral (
          select id, user_id, publish_time from ${blog}
          where site_id = f.site_id and user_id = f.blogger_user_id and is_publish = 1 and is_hidden = 0
            and publish_time is not null
          order by publish_time desc limit ${limit}
        ) b
        where f.site_id = ${siteId}
        on conflict do nothing`);
    },
    /** An unfollow takes the author's posts out of the fan's inbox. */
    async removeAuthor(siteId: bigint, fanId: bigint, authorId: bigint): Promise<void> {
      await db.delete(blogFeed).where(and(inboxOf(siteId, fanId), eq(blogFeed.authorId, authorId)));
    },
    /** Entries found pointing at a post no longer readable (a hide racing a fan-out): dropped from this inbox. */
    async removeEntries(siteId: bigint, fanId: bigint, blogIds: bigint[]): Promise<void> {
      if (blogIds.length)
        await db.delete(blogFeed).where(and(inboxOf(siteId, fanId), inArray(blogFeed.blogId, blogIds)));
    },
    /** One page of the fan's inbox, newest first: each entry's post id, and the id again if the post is readable. */
    async page(siteId: bigint, fanId: bigint, q: TPageQuery): Promise<{ entry: bigint; readable: bigint | null }[]> {
      const { limit, offset } = pageWindow(q);
      return pageQ(db, { siteId, fanId, limit, offset });
    },
    async total(siteId: bigint, fanId: bigint): Promise<number> {
      return (await db.select({ n: count() }).from(blogFeed).where(inboxOf(siteId, fanId)))[0]!.n;
    },
  };
}
export type BlogFeedRepo = ReturnType<typeof blogFeedRepo>;
