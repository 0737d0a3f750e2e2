import { and, count, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { TPageQuery } from '#contract/call.ts';
import type { Db } from '../../platform/db/client.ts';
import { containing, countNow, pageWindow, type CountMemo } from '../../platform/db/page.ts';
import { joinedList, listOf, param, statement } from '../../platform/db/statement.ts';
import { newId } from '../../platform/ids.ts';
import { LocalCache } from '../../platform/local-cache.ts';
import { batchedRead } from '../../platform/batched-read.ts';
import { blog, blogComment, blogUserRecord } from '../../db/schema/community-blog.ts';
import { blogViewCount } from '../../db/schema/community-blog-feed.ts';

export type BlogRow = typeof blog.$inferSelect;
export type BlogValues = Pick<BlogRow, 'title' | 'summary' | 'artPic' | 'content' | 'tags' | 'isPublish'>;

/** List columns: everything but the body, which only the article page reads. */
const { content: _body, ...listColumns } = getTableColumns(blog);
export { listColumns as blogListColumns };
export type BlogListRow = Omit<BlogRow, 'content'>;

/** What everyone may read: published and not taken down (also what a blogger's counts count, decision 61). */
export const readable = (siteId: bigint) => and(eq(blog.siteId, siteId), eq(blog.isPublish, 1), eq(blog.isHidden, 0));

// built once: every read of a post starts here (decision 23)
const byIdQ = statement<{ siteId: bigint; id: bigint }>()((db) =>
  db
    .select()
    .from(blog)
    .where(and(eq(blog.siteId, param('siteId')), eq(blog.id, param('id'))))
    .limit(1),
);

/** Posts by site and id, the pairs as two comma-separated lists unnested side by side: many readers' posts at once. */
const byIdsQ = statement<{ sites: string; ids: string }>()((db) =>
  db
    .select()
    .from(blog)
    .where(
      sql`(${blog.siteId}, ${blog.id}) in (select * from unnest(${listOf('sites', 'bigint')}, ${listOf('ids', 'bigint')}))`,
    ),
);
/** At most this many posts in one read. */
const POSTS_PER_READ = 200;

/** What the calls about a post (comments, likes) need of it: whose it is and whether it may be read. */
export type BlogBrief = Pick<BlogRow, 'id' | 'userId' | 'title' | 'isPublish' | 'isHidden'>;
const briefQ = statement<{ siteId: bigint; id: bigint }>()((db) =>
  db
    .select({ id: blog.id, userId: blog.userId, title: blog.title, isPublish: blog.isPublish, isHidden: blog.isHidden })
    .from(blog)
    .where(and(eq(blog.siteId, param('siteId')), eq(blog.id, param('id'))))
    .limit(1),
);

/**
 * Posts as readers are shown them, kept for a second once read twice within one: a popular post is read once a
 * second per process, not once per reader, while a post read once is not kept (holding every post read would only
 * feed the garbage collector). Every write of a post's row below drops it here at once; another process's write
 * shows here within the second (decision 57).
 */
export const SHOWN_TTL_MS = 1_000;
const SHOWN_MAX = 2_000;
const SEEN_MAX = 20_000;
/** List rows kept for the 关注 pages: small (no body), shared by every fan whose inbox holds the post. */
const LISTED_MAX = 5_000;

export function blogRepo(db: Db, memo: CountMemo = countNow) {
  const shown = new LocalCache<string, Promise<BlogRow | undefined>>({ max: SHOWN_MAX, ttlMs: SHOWN_TTL_MS });
  const seen = new LocalCache<string, true>({ max: SEEN_MAX, ttlMs: SHOWN_TTL_MS });
  const listed = new LocalCache<string, BlogListRow>({ max: LISTED_MAX, ttlMs: SHOWN_TTL_MS });
  // counts the drops, so that rows read while a write dropped them are not kept
  let drops = 0;
  const drop = (siteId: bigint, id: bigint) => {
    drops++;
    shown.delete(`${siteId}:${id}`);
    listed.delete(`${siteId}:${id}`);
  };
  // readers of posts not kept would each pay a round trip: under load the posts asked for while one read runs are
  // the next read, one statement for all of them
  const readPost = batchedRead<{ siteId: bigint; id: bigint }, BlogRow | undefined>({
    max: POSTS_PER_READ,
    run: async (asks) => {
      const rows = await byIdsQ(db, {
        sites: joinedList(asks, (a) => a.siteId),
        ids: joinedList(asks, (a) => a.id),
      });
      const found = new Map(rows.map((r) => [`${r.siteId}:${r.id}`, r]));
      return asks.map((a) => found.get(`${a.siteId}:${a.id}`));
    },
  });
  const readableRows = async (siteId: bigint, ids: bigint[]) =>
    ids.length
      ? db
          .select(listColumns)
          .from(blog)
          .where(and(readable(siteId), inArray(blog.id, ids)))
      : [];
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
      drop(siteId, id);
      return row!;
    },
    async byId(siteId: bigint, id: bigint): Promise<BlogRow | undefined> {
      const [row] = await byIdQ(db, { siteId, id });
      return row;
    },
    /** The post without its body. */
    async brief(siteId: bigint, id: bigint): Promise<BlogBrief | undefined> {
      const [row] = await briefQ(db, { siteId, id });
      return row;
    },
    /** The post for its page: up to a second old, never older than this process's last write of it. Not to change. */
    shown(siteId: bigint, id: bigint): Promise<BlogRow | undefined> {
      const key = `${siteId}:${id}`;
      const read = () => readPost({ siteId, id });
      if (seen.get(key)) return shown.load(key, read);
      seen.set(key, true);
      return read();
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
    /** Readable posts by id, in the order of `ids` (the search index's rank). */
    async readableByIds(siteId: bigint, ids: bigint[]): Promise<BlogListRow[]> {
      const byId = new Map((await readableRows(siteId, ids)).map((r) => [r.id, r]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },
    /**
     * Posts of the 关注 pages by id, in the order of `ids`, for ids just found readable: each row up to a second
     * old and never older than this process's last write of it, as `shown` (decision 57), read from the database
     * only when not kept. Not to change.
     */
    async listed(siteId: bigint, ids: bigint[]): Promise<BlogListRow[]> {
      const byId = new Map<bigint, BlogListRow>();
      const missing: bigint[] = [];
      for (const id of ids) {
        const hit = listed.get(`${siteId}:${id}`);
        if (hit) byId.set(id, hit);
        else missing.push(id);
      }
      const before = drops;
      for (const row of await readableRows(siteId, missing)) {
        byId.set(row.id, row);
        if (drops === before) listed.set(`${siteId}:${row.id}`, row);
      }
      return ids.flatMap((id) => byId.get(id) ?? []);
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
      drop(siteId, id);
      return rows.length > 0;
    },
    /** The post, its comments, its likes and collections and its view count. */
    async remove(siteId: bigint, id: bigint): Promise<void> {
      await db.delete(blogComment).where(and(eq(blogComment.siteId, siteId), eq(blogComment.blogId, id)));
      await db.delete(blogUserRecord).where(and(eq(blogUserRecord.siteId, siteId), eq(blogUserRecord.blogId, id)));
      await db.delete(blogViewCount).where(and(eq(blogViewCount.siteId, siteId), eq(blogViewCount.blogId, id)));
      await db.delete(blog).where(and(eq(blog.siteId, siteId), eq(blog.id, id)));
      drop(siteId, id);
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
      const done = await db.transaction(async (tx) => {
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
      if (done) drop(siteId, blogId);
      return done;
    },
    /** Counts the post's visible comments again (after a comment is written, deleted, hidden or restored). */
    async recountComments(siteId: bigint, id: bigint): Promise<void> {
      await db
        .update(blog)
        .set({
          commentCount: sql`(select count(*) from ${blogComment} c where c.site_id = ${siteId} and c.blog_id = ${id} and c.is_hidden = 0)`,
        })
        .where(and(eq(blog.siteId, siteId), eq(blog.id, id)));
      drop(siteId, id);
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
