import { and, count, desc, eq } from 'drizzle-orm';
import type { TPageQuery } from '#contract/call.ts';
import type { Db } from '../../platform/db/client.ts';
import { pageWindow } from '../../platform/db/page.ts';
import { newId } from '../../platform/ids.ts';
import { param, statement } from '../../platform/db/statement.ts';
import { userCourseComment } from '../../db/schema/course.ts';

export type CommentRow = typeof userCourseComment.$inferSelect;

const shown = and(
  eq(userCourseComment.siteId, param('siteId')),
  eq(userCourseComment.courseId, param('courseId')),
  eq(userCourseComment.statusId, 1),
);
// a course's first page of comments is read by every reader of the course page: built once (decision 23)
const pageQ = statement<{ siteId: bigint; courseId: bigint; limit: number; offset: number }>()((db) =>
  db
    .select()
    .from(userCourseComment)
    .where(shown)
    .orderBy(desc(userCourseComment.id))
    .limit(param('limit'))
    .offset(param('offset')),
);
const countQ = statement<{ siteId: bigint; courseId: bigint }>()((db) =>
  db.select({ n: count() }).from(userCourseComment).where(shown),
);

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
      const { limit, offset } = pageWindow(q);
      const rows = await pageQ(db, { siteId, courseId, limit, offset });
      // a first page with room to spare holds every comment (most courses have a few): nothing left to count
      if (offset === 0 && rows.length < limit) return { rows, total: rows.length };
      const [total] = await countQ(db, { siteId, courseId });
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
