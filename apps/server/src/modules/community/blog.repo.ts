import { and, count, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { TPageQuery } from '#contract/call.ts';
import { rowsOf, type Db } from '../../platform/db/client.ts';
import { withTransaction } from '../../platform/db/transaction.ts';
import { containing, countNow, pageWindow, type CountMemo } from '../../platform/db/page.ts';
import { newId } from '../../platform/ids.ts';
import type { ViewBatchItem } from './blog-view-counter.ts';
import { blog, blogComment, blogUserRecord, bloggerFollow } from '../../db/schema/community-blog.ts';

export type BlogRow = typeof blog.$inferSelect;
export type BlogValues = Pick<BlogRow, 'title' | 'summary' | 'artPic' | 'content' | 'tags' | 'isPublish'>;

/** List columns: everything but the body, which only the article page reads. */
const { content: _body, ...listColumns } = getTableColumns(blog);
export type BlogListRow = Omit<BlogRow, 'content'>;

/** What everyone may read: published and not taken down. */
const readable = (siteId: bigint) => and(eq(blog.siteId, siteId), eq(blog.isPublish, 1), eq(blog.isHidden, 0));

/** The text blog/search/list matches, as the trigram index of the same expression holds it. */
const searchable = sql`(${blog.title} || ' ' || ${blog.summary} || ' ' || ${blog.tags})`;

export function blogRepo(db: Db, memo: CountMemo = countNow) {
  async function page(where: SQL | undefined, q: TPageQuery, order: SQL[], countKey?: string) {
    const { limit, offset } = pageWindow(q);
    const rows = await db
      .select(listColumns)
      .from(blog)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
    if (offset === 0 && rows.length < limit) return { rows, total: rows.length };
    const counted = async () => (await db.select({ n: count() }).from(blog).where(where))[0]!.n;
    return { rows, total: countKey === undefined ? await counted() : await memo(countKey, counted) };
  }
  const latest = [desc(blog.publishTime), desc(blog.id)];

  return {
    async insert(siteId: bigint, userId: bigint, v: BlogValues): Promise<BlogRow> {
      const [row] = await db
        .insert(blog)
        .values({ ...v, id: newId(), siteId, userId, publishTime: v.isPublish ? new Date() : null })
        .returning();
      return row!;
    },
    /** Saves the author's edit; a draft published now takes its publish time. */
    async update(siteId: bigint, id: bigint, v: BlogValues, publishNow: boolean): Promise<BlogRow> {
      const [row] = await db
        .update(blog)
        .set({ ...v, gmtModified: new Date(), ...(publishNow && { publishTime: new Date() }) })
        .where(and(eq(blog.siteId, siteId), eq(blog.id, id)))
        .returning();
      return row!;
    },
    async byId(siteId: bigint, id: bigint): Promise<BlogRow | undefined> {
      const [row] = await db
        .select()
        .from(blog)
        .where(and(eq(blog.siteId, siteId), eq(blog.id, id)))
        .limit(1);
      return row;
    },
    latest: (siteId: bigint, q: TPageQuery, tag: string, userId?: bigint) => {
      const conds = [readable(siteId)];
      if (tag) conds.push(sql`(',' || ${blog.tags} || ',') like ${containing(`,${tag},`)}`);
      if (userId !== undefined) conds.push(eq(blog.userId, userId));
      return page(and(...conds), q, latest, `readable:${siteId}:${tag}:${userId ?? ''}`);
    },
    hot: (siteId: bigint, q: TPageQuery, tag: string) => {
      const conds = [readable(siteId)];
      if (tag) conds.push(sql`(',' || ${blog.tags} || ',') like ${containing(`,${tag},`)}`);
      return page(and(...conds), q, [desc(blog.hotScore), desc(blog.id)], `readable:${siteId}:${tag}:`);
    },
    /**
     * The 关注 tab. The followed authors' posts are spread over the whole table: the page's ids come from the
     * feed index alone (no row read to sort them), then only those twenty rows are read.
     */
    following: async (siteId: bigint, fanId: bigint, q: TPageQuery) => {
      const followed = and(
        readable(siteId),
        inArray(
          blog.userId,
          db
            .select({ id: bloggerFollow.bloggerUserId })
            .from(bloggerFollow)
            .where(and(eq(bloggerFollow.siteId, siteId), eq(bloggerFollow.userId, fanId))),
        ),
      );
      const { limit, offset } = pageWindow(q);
      const ids = (
        await db
          .select({ id: blog.id })
          .from(blog)
          .where(followed)
          .orderBy(...latest)
          .limit(limit)
          .offset(offset)
      ).map((r) => r.id);
      const rows = ids.length
        ? await db
            .select(listColumns)
            .from(blog)
            .where(and(eq(blog.siteId, siteId), inArray(blog.id, ids)))
            .orderBy(...latest)
        : [];
      if (offset === 0 && rows.length < limit) return { rows, total: rows.length };
      const counted = async () => (await db.select({ n: count() }).from(blog).where(followed))[0]!.n;
      return { rows, total: await memo(`following:${siteId}:${fanId}`, counted) };
    },
    search: (siteId: bigint, keyword: string, q: TPageQuery) => {
      return page(
        and(readable(siteId), sql`${searchable} ilike ${containing(keyword)}`),
        q,
        latest,
        `search:${siteId}:${keyword}`,
      );
    },
    recommended: async (siteId: bigint, size: number) =>
      (await page(and(readable(siteId), eq(blog.isRecommend, 1)), { pageCurrent: 1, pageSize: size }, latest)).rows,
    mine: (siteId: bigint, userId: bigint, q: TPageQuery, isPublish?: number) => {
      const conds = [eq(blog.siteId, siteId), eq(blog.userId, userId)];
      if (isPublish !== undefined) conds.push(eq(blog.isPublish, isPublish));
      return page(and(...conds), q, [desc(blog.gmtModified), desc(blog.id)]);
    },
    collected: async (siteId: bigint, userId: bigint, q: TPageQuery) => {
      const where = and(
        eq(blogUserRecord.siteId, siteId),
        eq(blogUserRecord.userId, userId),
        eq(blogUserRecord.recordType, 2),
      );
      const { limit, offset } = pageWindow(q);
      const rows = await db
        .select(listColumns)
        .from(blogUserRecord)
        .innerJoin(blog, and(eq(blog.siteId, blogUserRecord.siteId), eq(blog.id, blogUserRecord.blogId)))
        .where(where)
        .orderBy(desc(blogUserRecord.id))
        .limit(limit)
        .offset(offset);
      const [total] = await db.select({ n: count() }).from(blogUserRecord).where(where);
      return { rows, total: total!.n };
    },
    admin: (siteId: bigint, q: TPageQuery & { keyword: string; isHidden?: number }) => {
      const conds = [eq(blog.siteId, siteId)];
      if (q.keyword) conds.push(sql`${blog.title} ilike ${containing(q.keyword)}`);
      if (q.isHidden !== undefined) conds.push(eq(blog.isHidden, q.isHidden));
      return page(and(...conds), q, [desc(blog.id)]);
    },
    async setFlags(siteId: bigint, id: bigint, flags: { isHidden?: number; isRecommend?: number }): Promise<boolean> {
      const rows = await db
        .update(blog)
        .set(flags)
        .where(and(eq(blog.siteId, siteId), eq(blog.id, id)))
        .returning({ id: blog.id });
      return rows.length > 0;
    },
    /** The post, its comments and its likes and collections. */
    async remove(siteId: bigint, id: bigint): Promise<void> {
      await db.delete(blogComment).where(and(eq(blogComment.siteId, siteId), eq(blogComment.blogId, id)));
      await db.delete(blogUserRecord).where(and(eq(blogUserRecord.siteId, siteId), eq(blogUserRecord.blogId, id)));
      await db.delete(blog).where(and(eq(blog.siteId, siteId), eq(blog.id, id)));
    },
    /**
     * Adds each post's new views, all in one statement (a draft or a hidden post counts none); answers the
     * counts now stored by `siteId:blogId`.
     */
    async addViews(items: ViewBatchItem[]): Promise<Map<string, number>> {
      const values = sql.join(
        items.map((i) => sql`(${i.siteId}::bigint, ${i.blogId}::bigint, ${i.n}::int)`),
        sql`, `,
      );
      // a view count is not money: the statement need not wait for the disk. What it wrote survives this process
      // dying (SIGKILL, a crash) and is lost only if PostgreSQL's own machine fails within a fraction of a second.
      const result = await withTransaction(db, async (tx) => {
        await tx.execute(sql`set local synchronous_commit = off`);
        return tx.execute<{ site_id: string; id: string; view_count: number }>(sql`
        update ${blog} set view_count = ${blog}.view_count + v.n
        from (values ${values}) as v(site_id, id, n)
        where ${blog}.site_id = v.site_id and ${blog}.id = v.id and ${blog}.is_publish = 1 and ${blog}.is_hidden = 0
        returning ${blog}.site_id::text, ${blog}.id::text, ${blog}.view_count`);
      });
      return new Map(rowsOf<(typeof result)[number]>(result).map((r) => [`${r.site_id}:${r.id}`, r.view_count]));
    },

    async records(siteId: bigint, userId: bigint, blogId: bigint): Promise<Set<number>> {
      const rows = await db
        .select({ t: blogUserRecord.recordType })
        .from(blogUserRecord)
        .where(
          and(eq(blogUserRecord.siteId, siteId), eq(blogUserRecord.userId, userId), eq(blogUserRecord.blogId, blogId)),
        );
      return new Set(rows.map((r) => r.t));
    },
    /** Sets or clears one like or collection and the post's count of them, together; false when nothing changed. */
    async setRecord(siteId: bigint, userId: bigint, blogId: bigint, recordType: number, on: boolean) {
      return db.transaction(async (tx) => {
        const where = and(
          eq(blogUserRecord.siteId, siteId),
          eq(blogUserRecord.userId, userId),
          eq(blogUserRecord.blogId, blogId),
          eq(blogUserRecord.recordType, recordType),
        );
        const changed = on
          ? await tx
              .insert(blogUserRecord)
              .values({ id: newId(), siteId, userId, blogId, recordType })
              .onConflictDoNothing()
              .returning({ id: blogUserRecord.id })
          : await tx.delete(blogUserRecord).where(where).returning({ id: blogUserRecord.id });
        const column = recordType === 1 ? blog.likeCount : blog.collectionCount;
        const key = recordType === 1 ? 'likeCount' : 'collectionCount';
        if (changed.length > 0) {
          await tx
            .update(blog)
            .set({ [key]: sql`greatest(${column} + ${on ? 1 : -1}, 0)` })
            .where(and(eq(blog.siteId, siteId), eq(blog.id, blogId)));
        }
        return changed.length > 0;
      });
    },
    /** A blogger's published, visible posts and the likes they have had. */
    async authorTotals(siteId: bigint, userId: bigint): Promise<{ articles: number; likes: number }> {
      const [row] = await db
        .select({ articles: count(), likes: sql<number>`coalesce(sum(${blog.likeCount}), 0)`.mapWith(Number) })
        .from(blog)
        .where(and(readable(siteId), eq(blog.userId, userId)));
      return { articles: row!.articles, likes: row!.likes };
    },
    /** Counts the post's visible comments again (after a comment is written, deleted, hidden or restored). */
    async recountComments(siteId: bigint, id: bigint): Promise<void> {
      await db
        .update(blog)
        .set({
          commentCount: sql`(select count(*) from ${blogComment} c where c.site_id = ${siteId} and c.blog_id = ${id} and c.is_hidden = 0)`,
        })
        .where(and(eq(blog.siteId, siteId), eq(blog.id, id)));
    },
    /** Published posts for the sitemap, newest first. */
    async sitemap(siteId: bigint, limit: number) {
      return db
        .select({ id: blog.id, gmtModified: blog.gmtModified })
        .from(blog)
        .where(readable(siteId))
        .orderBy(desc(blog.publishTime))
        .limit(limit);
    },
  };
}
export type BlogRepo = ReturnType<typeof blogRepo>;
