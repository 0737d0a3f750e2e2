import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { ApplyStatus } from '#contract/grade.ts';
import type { Db } from '../../platform/db/client.ts';
import { gradeApply, gradeStudent } from '../../db/schema/grade.ts';

/** The queries over a whole class at once: every member for a ranking or an export, and pending applications. */
export function gradeSummaryRepo(db: Db) {
  return {
    /** Every member of the class, in the member list's order. */
    allMembers(siteId: bigint, gradeId: bigint) {
      return db
        .select({
          id: gradeStudent.id,
          userId: gradeStudent.userId,
          role: gradeStudent.role,
          joinedAt: gradeStudent.joinedAt,
        })
        .from(gradeStudent)
        .where(and(eq(gradeStudent.siteId, siteId), eq(gradeStudent.gradeId, gradeId), eq(gradeStudent.statusId, 1)))
        .orderBy(desc(gradeStudent.role), desc(gradeStudent.joinedAt), desc(gradeStudent.id));
    },
    /** Applications waiting for audit, per class. */
    async pendingCounts(siteId: bigint, gradeIds: bigint[]): Promise<Map<bigint, number>> {
      if (!gradeIds.length) return new Map();
      const rows = await db
        .select({ gradeId: gradeApply.gradeId, n: count() })
        .from(gradeApply)
        .where(
          and(
            eq(gradeApply.siteId, siteId),
            inArray(gradeApply.gradeId, gradeIds),
            eq(gradeApply.applyStatus, ApplyStatus.PENDING),
          ),
        )
        .groupBy(gradeApply.gradeId);
      return new Map(rows.map((r) => [r.gradeId, r.n]));
    },
  };
}
export type GradeSummaryRepo = ReturnType<typeof gradeSummaryRepo>;
