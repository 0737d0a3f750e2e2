import { and, count, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { TPageQuery } from '#contract/call.ts';
import { RecordStatus } from '#contract/exam-attempt.ts';
import type { Db } from '../../platform/db/client.ts';
import { pageWindow } from '../../platform/db/page.ts';
import { examRecord } from '../../db/schema/exam-attempt.ts';

/** Queries over the attempts begun through class exams (`grade_exam_id` set), always by site. */
export function heldAttemptRepo(db: Db) {
  const of = (siteId: bigint, gradeExamIds: bigint[]) =>
    and(eq(examRecord.siteId, siteId), inArray(examRecord.gradeExamId, gradeExamIds));
  return {
    /** Every attempt at these class exams, of one user or of all, newest first. */
    records(siteId: bigint, gradeExamIds: bigint[], userId?: bigint) {
      if (gradeExamIds.length === 0) return Promise.resolve([]);
      const where: SQL[] = [of(siteId, gradeExamIds)!];
      if (userId !== undefined) where.push(eq(examRecord.userId, userId));
      return db
        .select()
        .from(examRecord)
        .where(and(...where))
        .orderBy(desc(examRecord.id));
    },
    async page(siteId: bigint, gradeExamIds: bigint[], status: number, q: TPageQuery) {
      if (gradeExamIds.length === 0) return { rows: [], total: 0 };
      const w = and(of(siteId, gradeExamIds), status ? eq(examRecord.status, status) : undefined);
      const { limit, offset } = pageWindow(q);
      const rows = await db.select().from(examRecord).where(w).orderBy(desc(examRecord.id)).limit(limit).offset(offset);
      const [total] = await db.select({ n: count() }).from(examRecord).where(w);
      return { rows, total: total!.n };
    },
    /** Each user's best handed-in score at one class exam, and whether that attempt is final (marked). */
    async best(siteId: bigint, gradeExamIds: bigint[], userIds?: bigint[]) {
      if (gradeExamIds.length === 0 || userIds?.length === 0) return [];
      return db
        .select({
          gradeExamId: examRecord.gradeExamId,
          userId: examRecord.userId,
          best: sql<number>`max(${examRecord.totalScore})::int`,
          marked: sql<number>`(count(*) filter (where ${examRecord.status} = ${RecordStatus.MARKED}))::int`,
          handedIn: sql<number>`count(*)::int`,
        })
        .from(examRecord)
        .where(
          and(
            of(siteId, gradeExamIds),
            gte(examRecord.status, RecordStatus.SUBMITTED),
            userIds ? inArray(examRecord.userId, userIds) : undefined,
          ),
        )
        .groupBy(examRecord.gradeExamId, examRecord.userId);
    },
    async waiting(siteId: bigint, gradeExamIds: bigint[]): Promise<Map<bigint, number>> {
      if (gradeExamIds.length === 0) return new Map();
      const rows = await db
        .select({ id: examRecord.gradeExamId, n: count() })
        .from(examRecord)
        .where(and(of(siteId, gradeExamIds), eq(examRecord.status, RecordStatus.SUBMITTED)))
        .groupBy(examRecord.gradeExamId);
      return new Map(rows.map((r) => [r.id!, r.n]));
    },
  };
}
export type HeldAttemptRepo = ReturnType<typeof heldAttemptRepo>;
