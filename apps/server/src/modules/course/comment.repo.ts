import { and, count, desc, eq } from 'drizzle-orm';
import type { TPageQuery } from '#contract/call.ts';
import type { Db } from '../../platform/db/client.ts';
import { pageWindow } from '../../platform/db/page.ts';
import { newId } from '../../platform/ids.ts';
import { userCourseComment } from '../../db/schema/course.ts';

export type CommentRow = typeof userCourseComment.$inferSelect;

export function commentRepo(db: Db) {
  return {
    async insert(
      siteId: bigint,
      courseId: bigint,
      userId: bigint,
      commentText: string,
      parentId: bigint | null,
    ): Promise<CommentRow> {
      const [row] = await db
        .insert(userCourseComment)
        .values({ id: newId(), siteId, courseId, userId, commentText, parentId })
        .returning();
      return row!;
    },
    async byId(siteId: bigint, id: bigint): Promise<CommentRow | undefined> {
      const [row] = await db
        .select()
        .from(userCourseComment)
        .where(
          and(eq(userCourseComment.siteId, siteId), eq(userCourseComment.id, id), eq(userCourseComment.statusId, 1)),
        )
        .limit(1);
      return row;
    },
    async page(siteId: bigint, courseId: bigint, q: TPageQuery) {
      const where = and(
        eq(userCourseComment.siteId, siteId),
        eq(userCourseComment.courseId, courseId),
        eq(userCourseComment.statusId, 1),
      );
      const { limit, offset } = pageWindow(q);
      const rows = await db
        .select()
        .from(userCourseComment)
        .where(where)
        .orderBy(desc(userCourseComment.id))
        .limit(limit)
        .offset(offset);
      // a first page with room to spare holds every comment (most courses have a few): nothing left to count
      if (offset === 0 && rows.length < limit) return { rows, total: rows.length };
      const [total] = await db.select({ n: count() }).from(userCourseComment).where(where);
      return { rows, total: total!.n };
    },
    /** Deleting a comment also removes the replies to it. */
    async remove(siteId: bigint, id: bigint): Promise<boolean> {
      const rows = await db
        .delete(userCourseComment)
        .where(and(eq(userCourseComment.siteId, siteId), eq(userCourseComment.id, id)))
        .returning({ id: userCourseComment.id });
      await db
        .delete(userCourseComment)
        .where(and(eq(userCourseComment.siteId, siteId), eq(userCourseComment.parentId, id)));
      return rows.length > 0;
    },
  };
}
export type CommentRepo = ReturnType<typeof commentRepo>;
