import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TPageQuery } from '#contract/call.ts';
import type { Db } from '../../platform/db/client.ts';
import { containing, pageWindow } from '../../platform/db/page.ts';
import { newId } from '../../platform/ids.ts';
import { param, statement } from '../../platform/db/statement.ts';
import { blog, blogComment } from '../../db/schema/community-blog.ts';

export type BlogCommentRow = typeof blogComment.$inferSelect;

/** Replies shown under each first-level comment of a page; more than this is unlikely on one comment. */
const REPLIES_PER_COMMENT = 50;

type PageValues = { siteId: bigint; blogId: bigint; limit: number; offset: number };
type CommentColumns = Record<'siteId' | 'blogId' | 'isHidden' | 'parentId', AnyPgColumn>;
const visibleOf = (c: CommentColumns) =>
  and(eq(c.siteId, param('siteId')), eq(c.blogId, param('blogId')), eq(c.isHidden, 0));
const topsOf = (c: CommentColumns) => and(visibleOf(c), isNull(c.parentId));

// a post's page of comments is read by every reader of the article page: its statements are built once (decision 23)
const topsQ = statement<PageValues>()((db) =>
  db
    .select()
    .from(blogComment)
    .where(topsOf(blogComment))
    .orderBy(desc(blogComment.id))
    .limit(param('limit'))
    .offset(param('offset')),
);
const topsCountQ = statement<{ siteId: bigint; blogId: bigint }>()((db) =>
  db.select({ n: count() }).from(blogComment).where(topsOf(blogComment)),
);
/** The visible replies under the same page of first-level comments, oldest first. */
const repliesQ = statement<PageValues & { max: number }>()((db) => {
  const top = alias(blogComment, 'top');
  const page = db
    .select({ id: top.id })
    .from(top)
    .where(topsOf(top))
    .orderBy(desc(top.id))
    .limit(param('limit'))
    .offset(param('offset'));
  return db
    .select()
    .from(blogComment)
    .where(and(visibleOf(blogComment), inArray(blogComment.parentId, page)))
    .orderBy(blogComment.id)
    .limit(param('max'));
});

export function blogCommentRepo(db: Db) {
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
      const { limit, offset } = pageWindow(q);
      const at = { siteId, blogId, limit, offset };
      const [tops, replies] = await Promise.all([
        topsQ(db, at),
        repliesQ(db, { ...at, max: REPLIES_PER_COMMENT * limit }),
      ]);
      // a first page with room to spare is its own count
      const total =
        offset === 0 && tops.length < limit ? tops.length : (await topsCountQ(db, { siteId, blogId }))[0]!.n;
      return { tops, replies, total };
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
