import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { TPageQuery } from '#contract/call.ts';
import type { Db } from '../../platform/db/client.ts';
import { pageWindow } from '../../platform/db/page.ts';
import { newId } from '../../platform/ids.ts';
import { course, userCourseCollect } from '../../db/schema/course.ts';

export type CollectRow = typeof userCourseCollect.$inferSelect;

export function collectionRepo(db: Db) {
  return {
    async add(siteId: bigint, userId: bigint, courseId: bigint): Promise<void> {
      await db.insert(userCourseCollect).values({ id: newId(), siteId, userId, courseId }).onConflictDoNothing();
    },
    async remove(siteId: bigint, userId: bigint, courseId: bigint): Promise<boolean> {
      const rows = await db
        .delete(userCourseCollect)
        .where(
          and(
            eq(userCourseCollect.siteId, siteId),
            eq(userCourseCollect.userId, userId),
            eq(userCourseCollect.courseId, courseId),
          ),
        )
        .returning({ id: userCourseCollect.id });
      return rows.length > 0;
    },
    /** The user's favourites of live courses, newest first. */
    async page(siteId: bigint, userId: bigint, q: TPageQuery, courseType?: number) {
      const join = and(
        eq(course.siteId, userCourseCollect.siteId),
        eq(course.id, userCourseCollect.courseId),
        eq(course.statusId, 1),
      );
      const where = and(
        eq(userCourseCollect.siteId, siteId),
        eq(userCourseCollect.userId, userId),
        courseType !== undefined ? eq(course.courseType, courseType) : undefined,
      );
      const { limit, offset } = pageWindow(q);
      const [rows, [total]] = await Promise.all([
        db
          .select({ uc: userCourseCollect })
          .from(userCourseCollect)
          .innerJoin(course, join)
          .where(where)
          .orderBy(desc(userCourseCollect.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(userCourseCollect).innerJoin(course, join).where(where),
      ]);
      return { rows: rows.map((r) => r.uc), total: total!.n };
    },
    async collectedOf(siteId: bigint, userId: bigint, courseIds: bigint[]): Promise<Set<bigint>> {
      if (!courseIds.length) return new Set();
      const rows = await db
        .select({ courseId: userCourseCollect.courseId })
        .from(userCourseCollect)
        .where(
          and(
            eq(userCourseCollect.siteId, siteId),
            eq(userCourseCollect.userId, userId),
            inArray(userCourseCollect.courseId, courseIds),
          ),
        );
      return new Set(rows.map((r) => r.courseId));
    },
  };
}
export type CollectionRepo = ReturnType<typeof collectionRepo>;
