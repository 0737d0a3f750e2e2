import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { TPageQuery } from '#contract/call.ts';
import type { Db } from '../../platform/db/client.ts';
import { pageWindow } from '../../platform/db/page.ts';
import { userStudy } from '../../db/schema/study.ts';

export type StudyRow = typeof userStudy.$inferSelect;
export type StudyInsert = typeof userStudy.$inferInsert;

const excluded = (col: string) => sql.raw(`excluded.${col}`);

export function studyRepo(db: Db) {
  return {
    async byPeriod(siteId: bigint, userId: bigint, periodId: bigint): Promise<StudyRow | undefined> {
      const [row] = await db
        .select()
        .from(userStudy)
        .where(and(eq(userStudy.siteId, siteId), eq(userStudy.userId, userId), eq(userStudy.periodId, periodId)))
        .limit(1);
      return row;
    },
    /** Writes the buffer's states: each row is the whole state of one user's lesson. */
    async upsertMany(rows: StudyInsert[]): Promise<void> {
      if (!rows.length) return;
      await db
        .insert(userStudy)
        .values(rows)
        .onConflictDoUpdate({
          target: [userStudy.siteId, userStudy.userId, userStudy.periodId],
          set: {
            currentPosition: excluded('current_position'),
            watchedRanges: excluded('watched_ranges'),
            watchedSec: excluded('watched_sec'),
            creditedSec: excluded('credited_sec'),
            percent: excluded('percent'),
            isFinish: excluded('is_finish'),
            reportCount: excluded('report_count'),
            recentReportIds: excluded('recent_report_ids'),
            lastReportAt: excluded('last_report_at'),
            gmtModified: excluded('gmt_modified'),
          },
          // two writers of one lesson (processes sharing Redis) never put an older state over a newer one
          setWhere: sql`${userStudy.reportCount} <= ${excluded('report_count')}`,
        });
    },
    byCourse(siteId: bigint, userId: bigint, courseId: bigint): Promise<StudyRow[]> {
      return db
        .select()
        .from(userStudy)
        .where(and(eq(userStudy.siteId, siteId), eq(userStudy.userId, userId), eq(userStudy.courseId, courseId)));
    },
    async hasStudied(siteId: bigint, userId: bigint, courseId: bigint): Promise<boolean> {
      const rows = await db
        .select({ id: userStudy.id })
        .from(userStudy)
        .where(and(eq(userStudy.siteId, siteId), eq(userStudy.userId, userId), eq(userStudy.courseId, courseId)))
        .limit(1);
      return rows.length > 0;
    },
    /** The lessons studied most recently. */
    async recent(siteId: bigint, userId: bigint, q: TPageQuery, courseId?: bigint) {
      const where = and(eq(userStudy.siteId, siteId), eq(userStudy.userId, userId), courseId !== undefined ? eq(userStudy.courseId, courseId) : undefined);
      const { limit, offset } = pageWindow(q);
      const [rows, [total]] = await Promise.all([
        db.select().from(userStudy).where(where).orderBy(desc(userStudy.gmtModified), desc(userStudy.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(userStudy).where(where),
      ]);
      return { rows, total: total!.n };
    },
    /** Per course: the sum of lesson percents, and the lesson and time studied last. */
    async summaries(siteId: bigint, userId: bigint, courseIds: bigint[]) {
      const out = new Map<bigint, { percentSum: number; lastPeriodId: bigint; lastStudyAt: Date }>();
      if (!courseIds.length) return out;
      const where = and(eq(userStudy.siteId, siteId), eq(userStudy.userId, userId), inArray(userStudy.courseId, courseIds));
      const sums = await db
        .select({ courseId: userStudy.courseId, percentSum: sql<number>`coalesce(sum(${userStudy.percent}), 0)::float8` })
        .from(userStudy)
        .where(where)
        .groupBy(userStudy.courseId);
      const last = await db
        .selectDistinctOn([userStudy.courseId], { courseId: userStudy.courseId, periodId: userStudy.periodId, at: userStudy.gmtModified })
        .from(userStudy)
        .where(where)
        .orderBy(userStudy.courseId, desc(userStudy.gmtModified));
      const lastBy = new Map(last.map((r) => [r.courseId, r]));
      for (const s of sums) {
        const l = lastBy.get(s.courseId)!;
        out.set(s.courseId, { percentSum: Number(s.percentSum), lastPeriodId: l.periodId, lastStudyAt: l.at });
      }
      return out;
    },
    /** Total accepted reports of a user (tests and the benchmark compare it with what was sent). */
    async reportTotal(siteId: bigint, userId?: bigint): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`coalesce(sum(${userStudy.reportCount}), 0)::int` })
        .from(userStudy)
        .where(and(eq(userStudy.siteId, siteId), userId !== undefined ? eq(userStudy.userId, userId) : undefined));
      return Number(row!.n);
    },
  };
}
export type StudyRepo = ReturnType<typeof studyRepo>;
