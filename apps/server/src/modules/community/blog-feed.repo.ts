import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { TPageQuery } from '#contract/call.ts';
import { rowsOf, type Db } from '../../platform/db/client.ts';
import { pageWindow } from '../../platform/db/page.ts';
import { joinedList, listOf, sqlStatement } from '../../platform/db/statement.ts';
import { batchedRead } from '../../platform/batched-read.ts';
import { blog, bloggerFollow } from '../../db/schema/community-blog.ts';
import { blogFeed } from '../../db/schema/community-blog-feed.ts';

/**
 * Pages of fans' inboxes, in one statement built once (decision 23): each asked page (the lists, comma-separated
 * and unnested side by side) is its range of the inbox's key, each entry with the post's id when the post is still
 * readable, or null. The rows themselves come from the posts' repository, which keeps those many fans are shown.
 */
const pagesQ = sqlStatement<{ sites: string; fans: string; limits: string; offsets: string }>()(
  () => sql`
    select q.i::int as i, f.blog_id::text as entry, b.id::text as readable
    from unnest(${listOf('sites', 'bigint')}, ${listOf('fans', 'bigint')}, ${listOf('limits', 'int')}, ${listOf('offsets', 'int')})
      with ordinality as q(site_id, fan_id, lim, off, i)
    cross join lateral (
      select blog_id, publish_time from ${blogFeed}
      where site_id = q.site_id and user_id = q.fan_id
      order by publish_time desc, blog_id desc limit q.lim offset q.off
    ) f
    left join ${blog} b on b.site_id = q.site_id and b.id = f.blog_id and b.is_publish = 1 and b.is_hidden = 0
    order by q.i, f.publish_time desc, f.blog_id desc`,
);

/** At most this many pages in one read. */
const PAGES_PER_READ = 200;

interface PageAsk {
  siteId: bigint;
  fanId: bigint;
  limit: number;
  offset: number;
}
export interface FeedEntry {
  entry: bigint;
  readable: bigint | null;
}

/** The 关注 inboxes: written per post for its author's fans, per fan for a followed author, and read a page at a time. */
export function blogFeedRepo(db: Db) {
  const inboxOf = (siteId: bigint, fanId: bigint) => and(eq(blogFeed.siteId, siteId), eq(blogFeed.userId, fanId));
  // every fan's page would be a round trip of its own to PostgreSQL: under load, the pages asked for while one
  // read runs are the next read, one statement for all of them
  const readPage = batchedRead<PageAsk, FeedEntry[]>({
    max: PAGES_PER_READ,
    run: async (batch) => {
      const rows = (await pagesQ(db, {
        sites: joinedList(batch, (a) => a.siteId),
        fans: joinedList(batch, (a) => a.fanId),
        limits: joinedList(batch, (a) => a.limit),
        offsets: joinedList(batch, (a) => a.offset),
      })) as { i: number; entry: string; readable: string | null }[];
      const pages = batch.map((): FeedEntry[] => []);
      for (const r of rows)
        pages[r.i - 1]!.push({ entry: BigInt(r.entry), readable: r.readable === null ? null : BigInt(r.readable) });
      return pages;
    },
  });
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
    page(siteId: bigint, fanId: bigint, q: TPageQuery): Promise<FeedEntry[]> {
      const { limit, offset } = pageWindow(q);
      return readPage({ siteId, fanId, limit, offset });
    },
    async total(siteId: bigint, fanId: bigint): Promise<number> {
      return (await db.select({ n: count() }).from(blogFeed).where(inboxOf(siteId, fanId)))[0]!.n;
    },
  };
}
export type BlogFeedRepo = ReturnType<typeof blogFeedRepo>;
