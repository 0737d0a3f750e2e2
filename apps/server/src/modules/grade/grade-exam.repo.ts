import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { TPageQuery } from '#contract/call.ts';
import { CompensateStatus } from '#contract/grade-exam.ts';
import type { Db } from '../../platform/db/client.ts';
import { pageWindow } from '../../platform/db/page.ts';
import { newId } from '../../platform/ids.ts';
import { grade, gradeStudent } from '../../db/schema/grade.ts';
import { gradeExam, gradeExamStudent } from '../../db/schema/grade-exam.ts';

export type GradeExamRow = typeof gradeExam.$inferSelect;
export type GradeExamStudentRow = typeof gradeExamStudent.$inferSelect;
export type GradeExamValues = Pick<GradeExamRow, 'examId' | 'beginTime' | 'endTime' | 'attemptLimit' | 'isShowAnswer'>;

const live = (siteId: bigint) => and(eq(gradeExam.siteId, siteId), eq(gradeExam.statusId, 1));

/** Class exams and the members they were reopened for, always by site; a deleted class exam reads as missing. */
export function gradeExamRepo(db: Db) {
  return {
    async insert(siteId: bigint, gradeId: bigint, teacherId: bigint, v: GradeExamValues): Promise<GradeExamRow> {
      const [row] = await db
        .insert(gradeExam)
        .values({ id: newId(), siteId, gradeId, lecturerUserId: teacherId, ...v })
        .returning();
      return row!;
    },
    async update(siteId: bigint, id: bigint, v: GradeExamValues): Promise<GradeExamRow | undefined> {
      const [row] = await db
        .update(gradeExam)
        .set({ ...v, gmtModified: new Date() })
        .where(and(live(siteId), eq(gradeExam.id, id)))
        .returning();
      return row;
    },
    async remove(siteId: bigint, id: bigint): Promise<boolean> {
      const rows = await db
        .update(gradeExam)
        .set({ statusId: 0, gmtModified: new Date() })
        .where(and(live(siteId), eq(gradeExam.id, id)))
        .returning({ id: gradeExam.id });
      return rows.length > 0;
    },
    async byId(siteId: bigint, id: bigint): Promise<GradeExamRow | undefined> {
      const [row] = await db
        .select()
        .from(gradeExam)
        .where(and(live(siteId), eq(gradeExam.id, id)))
        .limit(1);
      return row;
    },
    /**
     * A class exam with what a member's call needs in one round trip: its class (live, its end) and the user's
     * membership now. Undefined when the class exam is deleted or missing.
     */
    async gate(siteId: bigint, id: bigint, userId: bigint) {
      const [row] = await db
        .select({
          exam: gradeExam,
          gradeStatus: grade.statusId,
          gradeEnd: grade.endTime,
          teacherId: grade.lecturerUserId,
          memberStatus: gradeStudent.statusId,
          role: gradeStudent.role,
        })
        .from(gradeExam)
        .innerJoin(grade, and(eq(grade.siteId, gradeExam.siteId), eq(grade.id, gradeExam.gradeId)))
        .leftJoin(
          gradeStudent,
          and(
            eq(gradeStudent.siteId, gradeExam.siteId),
            eq(gradeStudent.gradeId, gradeExam.gradeId),
            eq(gradeStudent.userId, userId),
          ),
        )
        .where(and(live(siteId), eq(gradeExam.id, id)))
        .limit(1);
      return row;
    },
    /** A class's exams, the earliest opening first. */
    async page(siteId: bigint, gradeId: bigint, q: TPageQuery) {
      const where = and(live(siteId), eq(gradeExam.gradeId, gradeId));
      const { limit, offset } = pageWindow(q);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(gradeExam)
          .where(where)
          .orderBy(asc(gradeExam.beginTime), asc(gradeExam.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(gradeExam).where(where),
      ]);
      return { rows, total: total!.n };
    },
    async ofGrade(siteId: bigint, gradeId: bigint): Promise<GradeExamRow[]> {
      return db
        .select()
        .from(gradeExam)
        .where(and(live(siteId), eq(gradeExam.gradeId, gradeId)))
        .orderBy(asc(gradeExam.beginTime), asc(gradeExam.id));
    },
    /** The class's members now (user ids). */
    async memberIds(siteId: bigint, gradeId: bigint): Promise<bigint[]> {
      const rows = await db
        .select({ userId: gradeStudent.userId })
        .from(gradeStudent)
        .where(and(eq(gradeStudent.siteId, siteId), eq(gradeStudent.gradeId, gradeId), eq(gradeStudent.statusId, 1)));
      return rows.map((r) => r.userId);
    },
    async relations(siteId: bigint, gradeExamIds: bigint[], userId: bigint): Promise<GradeExamStudentRow[]> {
      if (gradeExamIds.length === 0) return [];
      return db
        .select()
        .from(gradeExamStudent)
        .where(
          and(
            eq(gradeExamStudent.siteId, siteId),
            inArray(gradeExamStudent.gradeExamId, gradeExamIds),
            eq(gradeExamStudent.userId, userId),
          ),
        );
    },
    /** Reopens the class exam for one member: one more attempt, until `until` (spec §4 compensate status). */
    async compensate(siteId: bigint, gradeExamId: bigint, userId: bigint, until: Date): Promise<GradeExamStudentRow> {
      const [row] = await db
        .insert(gradeExamStudent)
        .values({
          id: newId(),
          siteId,
          gradeExamId,
          userId,
          compensateStatus: CompensateStatus.REOPENED,
          compensateEndTime: until,
          extraAttempts: 1,
        })
        .onConflictDoUpdate({
          target: [gradeExamStudent.siteId, gradeExamStudent.gradeExamId, gradeExamStudent.userId],
          set: {
            compensateStatus: CompensateStatus.REOPENED,
            compensateEndTime: until,
            // a compensation not yet used is moved, not doubled
            extraAttempts: sql`${gradeExamStudent.extraAttempts} + case when ${gradeExamStudent.compensateStatus} = ${CompensateStatus.REOPENED} then 0 else 1 end`,
            gmtModified: new Date(),
          },
        })
        .returning();
      return row!;
    },
    async useCompensation(siteId: bigint, gradeExamId: bigint, userId: bigint): Promise<void> {
      await db
        .update(gradeExamStudent)
        .set({ compensateStatus: CompensateStatus.USED, gmtModified: new Date() })
        .where(
          and(
            eq(gradeExamStudent.siteId, siteId),
            eq(gradeExamStudent.gradeExamId, gradeExamId),
            eq(gradeExamStudent.userId, userId),
            eq(gradeExamStudent.compensateStatus, CompensateStatus.REOPENED),
          ),
        );
    },
  };
}
export type GradeExamRepo = ReturnType<typeof gradeExamRepo>;
