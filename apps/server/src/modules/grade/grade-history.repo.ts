import { and, asc, eq, gt, gte, lt, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { newId } from '../../platform/ids.ts';
import { grade, gradeDay } from '../../db/schema/grade.ts';

export type GradeDayRow = typeof gradeDay.$inferSelect;
export interface DayFigures {
  memberCount: number;
  meanProgress: number;
  studiedCount: number;
}

/** The daily figures of classes (grade_day): which classes still need a day written, writing it once, reading them. */
export function gradeHistoryRepo(db: Db) {
  return {
    /**
     * Classes of every site live on the day (not disbanded, begun before it ended, not ended before it began) that
     * have no row for it yet, in id order after `after`: the daily job walks them a batch at a time.
     */
    liveWithoutDay(day: string, from: Date, to: Date, after: bigint, limit: number) {
      return db
        .select({ siteId: grade.siteId, id: grade.id })
        .from(grade)
        .where(
          and(
            eq(grade.statusId, 1),
            lt(grade.beginTime, to),
            gt(grade.endTime, from),
            gt(grade.id, after),
            notExists(
              db
                .select({ one: sql`1` })
                .from(gradeDay)
                .where(and(eq(gradeDay.siteId, grade.siteId), eq(gradeDay.gradeId, grade.id), eq(gradeDay.day, day))),
            ),
          ),
        )
        .orderBy(asc(grade.id))
        .limit(limit);
    },
    /** Writes a class's day unless it is written already (a rerun, or another worker): true if this wrote it. */
    async insertDay(siteId: bigint, gradeId: bigint, day: string, f: DayFigures): Promise<boolean> {
      const rows = await db
        .insert(gradeDay)
        .values({ id: newId(), siteId, gradeId, day, ...f })
        .onConflictDoNothing()
        .returning({ id: gradeDay.id });
      return rows.length > 0;
    },
    /** A class's written days in [first, before), oldest first. */
    days(siteId: bigint, gradeId: bigint, first: string, before: string) {
      return db
        .select()
        .from(gradeDay)
        .where(
          and(
            eq(gradeDay.siteId, siteId),
            eq(gradeDay.gradeId, gradeId),
            gte(gradeDay.day, first),
            lt(gradeDay.day, before),
          ),
        )
        .orderBy(asc(gradeDay.day));
    },
  };
}
export type GradeHistoryRepo = ReturnType<typeof gradeHistoryRepo>;
