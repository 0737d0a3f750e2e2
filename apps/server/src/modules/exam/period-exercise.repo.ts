import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { TPageQuery } from '#contract/call.ts';
import type { Db } from '../../platform/db/client.ts';
import { pageWindow } from '../../platform/db/page.ts';
import { newId } from '../../platform/ids.ts';
import { examPeriodProblem } from '../../db/schema/exam-attempt.ts';

export function periodExerciseRepo(db: Db) {
  const ofPeriod = (siteId: bigint, periodId: bigint) =>
    and(eq(examPeriodProblem.siteId, siteId), eq(examPeriodProblem.periodId, periodId));
  return {
    /** Replaces a lesson's exercises in one transaction, in the order given. */
    async replace(siteId: bigint, periodId: bigint, lecturerUserId: bigint, problemIds: bigint[]): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(examPeriodProblem).where(ofPeriod(siteId, periodId));
        if (problemIds.length) {
          await tx
            .insert(examPeriodProblem)
            .values(
              problemIds.map((problemId, sort) => ({ id: newId(), siteId, periodId, problemId, lecturerUserId, sort })),
            );
        }
      });
    },
    async remove(siteId: bigint, periodId: bigint, problemId: bigint): Promise<boolean> {
      const rows = await db
        .delete(examPeriodProblem)
        .where(and(ofPeriod(siteId, periodId), eq(examPeriodProblem.problemId, problemId)))
        .returning({ id: examPeriodProblem.id });
      return rows.length > 0;
    },
    async page(siteId: bigint, periodId: bigint, q: TPageQuery) {
      const { limit, offset } = pageWindow(q);
      const rows = await db
        .select()
        .from(examPeriodProblem)
        .where(ofPeriod(siteId, periodId))
        .orderBy(asc(examPeriodProblem.sort))
        .limit(limit)
        .offset(offset);
      const [total] = await db.select({ n: count() }).from(examPeriodProblem).where(ofPeriod(siteId, periodId));
      return { rows, total: total!.n };
    },
    async periodsOf(siteId: bigint, problemIds: bigint[]): Promise<bigint[]> {
      if (problemIds.length === 0) return [];
      const rows = await db
        .select({ periodId: examPeriodProblem.periodId })
        .from(examPeriodProblem)
        .where(and(eq(examPeriodProblem.siteId, siteId), inArray(examPeriodProblem.problemId, problemIds)))
        .limit(20);
      return rows.map((r) => r.periodId);
    },
  };
}
export type PeriodExerciseRepo = ReturnType<typeof periodExerciseRepo>;
