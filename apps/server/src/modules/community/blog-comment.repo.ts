import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { TPageQuery } from '#contract/call.ts';
import type { Db } from '../../platform/db/client.ts';
import { containing, pageWindow } from '../../platform/db/page.ts';
import { newId } from '../../platform/ids.ts';
import { blog, blogComment } from '../../db/schema/community-blog.ts';

export type BlogCommentRow = typeof blogComment.$inferSelect;

/** Replies shown under each first-level comment of a page; more than this is unlikely on one comment. */
const REPLIES_PER_COMMENT = 50;

export function blogCommentRepo(db: Db) {
  const visible = (siteId: bigint, blogId: bigint) =>
    and(eq(blogComment.siteId, siteId), eq(blogComment.blogId, blogId), eq(blogComment.isHidden, 0));
  return {
    async insert(
      siteId: bigint,
      v: { blogId: bigint; userId: bigint; parentId: bigint | null; replyUserId: bigint | null; content: string },
    ): Promise<BlogCommentRow> {
      const [row] = await db
        .insert(blogComment)
        .values({ ...v, id: newId(), siteId })
        .returning();
      return row!;
    },
    async byId(siteId: bigint, id: bigint): Promise<BlogCommentRow | undefined> {
      const [row] = await db
        .select()
        .from(blogComment)
        .where(and(eq(blogComment.siteId, siteId), eq(blogComment.id, id)))
        .limit(1);
      return row;
    },
    /** A page of first-level comments, newest first, and the visible replies under them, oldest first. */
    async page(siteId: bigint, blogId: bigint, q: TPageQuery) {
      const where = and(visible(siteId, blogId), isNull(blogComment.parentId));
      const { limit, offset } = pageWindow(q);
      const tops = await db
        .select()
        .from(blogComment)
        .where(where)
        .orderBy(desc(blogComment.id))
        .limit(limit)
        .offset(offset);
      const [total] = await db.select({ n: count() }).from(blogComment).where(where);
      const replies =
        tops.length === 0
          ? []
          : await db
              .select()
              .from(blogComment)
              .where(
                and(
                  visible(siteId, blogId),
                  inArray(
                    blogComment.parentId,
                    tops.map((t) => t.id),
                  ),
                ),
              )
              .orderBy(blogComment.id)
              .limit(REPLIES_PER_COMMENT * tops.length);
      return { tops, replies, total: total!.n };
    },
    /** The comment and, for a first-level one, its replies; answers how many went. */
    async remove(siteId: bigint, id: bigint): Promise<number> {
      const rows = await db
        .delete(blogComment)
        .where(and(eq(blogComment.siteId, siteId), sql`(${blogComment.id} = ${id} or ${blogComment.parentId} = ${id})`))
        .returning({ id: blogComment.id, isHidden: blogComment.isHidden });
      return rows.filter((r) => r.isHidden === 0).length;
    },
    async setHidden(siteId: bigint, id: bigint, isHidden: number): Promise<BlogCommentRow | undefined> {
      const [row] = await db
        .update(blogComment)
        .set({ isHidden })
        .where(and(eq(blogComment.siteId, siteId), eq(blogComment.id, id)))
        .returning();
      return row;
    },
    async admin(siteId: bigint, q: TPageQuery & { keyword: string; isHidden?: number }) {
      const conds = [eq(blogComment.siteId, siteId)];
      if (q.keyword) conds.push(sql`${blogComment.content} ilike ${containing(q.keyword)}`);
      if (q.isHidden !== undefined) conds.push(eq(blogComment.isHidden, q.isHidden));
      const { limit, offset } = pageWindow(q);
      const rows = await db
        .select({ c: blogComment, blogTitle: blog.title })
        .from(blogComment)
        .leftJoin(blog, and(eq(blog.siteId, blogComment.siteId), eq(blog.id, blogComment.blogId)))
        .where(and(...conds))
        .orderBy(desc(blogComment.id))
        .limit(limit)
        .offset(offset);
      const [total] = await db
        .select({ n: count() })
        .from(blogComment)
        .where(and(...conds));
      return { rows, total: total!.n };
    },
  };
}
export type BlogCommentRepo = ReturnType<typeof blogCommentRepo>;
