import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { courseChapterPicAudit } from '../../db/schema/course-pic.ts';

export type PicAuditRow = typeof courseChapterPicAudit.$inferSelect;

/** Pictures of chapter and lesson drafts. Every query is by site; ownership is checked by the service. */
export function studioPicsRepo(db: Db) {
  const t = courseChapterPicAudit;
  /** The pictures of one chapter (periodId null) or of one lesson. */
  const of = (siteId: bigint, chapterId: bigint, periodId: bigint | null) =>
    and(
      eq(t.siteId, siteId),
      eq(t.chapterId, chapterId),
      periodId === null ? isNull(t.periodId) : eq(t.periodId, periodId),
      eq(t.statusId, 1),
    );
  return {
    list(siteId: bigint, chapterId: bigint, periodId: bigint | null): Promise<PicAuditRow[]> {
      return db
        .select()
        .from(t)
        .where(of(siteId, chapterId, periodId))
        .orderBy(asc(t.sort), asc(t.id));
    },
    ofCourse(siteId: bigint, courseId: bigint): Promise<PicAuditRow[]> {
      return db
        .select()
        .from(t)
        .where(and(eq(t.siteId, siteId), eq(t.courseId, courseId), eq(t.statusId, 1)))
        .orderBy(asc(t.chapterId), asc(t.periodId), asc(t.sort), asc(t.id));
    },
    async count(siteId: bigint, chapterId: bigint, periodId: bigint | null): Promise<{ n: number; maxSort: number }> {
      const [row] = await db
        .select({ n: count(), maxSort: sql<number>`coalesce(max(${t.sort}), 0)::int` })
        .from(t)
        .where(of(siteId, chapterId, periodId));
      return { n: Number(row?.n ?? 0), maxSort: Number(row?.maxSort ?? 0) };
    },
    async one(siteId: bigint, id: bigint): Promise<PicAuditRow | undefined> {
      const [row] = await db
        .select()
        .from(t)
        .where(and(eq(t.siteId, siteId), eq(t.id, id), eq(t.statusId, 1)))
        .limit(1);
      return row;
    },
    async insert(v: typeof t.$inferInsert): Promise<PicAuditRow> {
      const [row] = await db.insert(t).values(v).returning();
      return row!;
    },
    async remove(siteId: bigint, id: bigint): Promise<void> {
      await db.delete(t).where(and(eq(t.siteId, siteId), eq(t.id, id)));
    },
  };
}
export type StudioPicsRepo = ReturnType<typeof studioPicsRepo>;
