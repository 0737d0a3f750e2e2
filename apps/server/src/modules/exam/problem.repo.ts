import { and, asc, count, desc, eq, ilike, inArray, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { TPageQuery } from '#contract/call.ts';
import type { Db } from '../../platform/db/client.ts';
import { containing, pageWindow } from '../../platform/db/page.ts';
import { newId } from '../../platform/ids.ts';
import { examPaperProblem, examPaperProblemAudit, examProblem } from '../../db/schema/exam.ts';

export type ProblemRow = typeof examProblem.$inferSelect;
export type ProblemValues = Omit<typeof examProblem.$inferInsert, 'id' | 'siteId' | 'lecturerUserId'>;

export interface ProblemFilter {
  problemType?: number;
  difficulty?: number;
  subjectId?: string;
  keyword: string;
}

export function problemRepo(db: Db) {
  const live = (siteId: bigint) => and(eq(examProblem.siteId, siteId), eq(examProblem.statusId, 1));
  return {
    async insert(siteId: bigint, lecturerUserId: bigint, values: ProblemValues): Promise<ProblemRow> {
      const [row] = await db
        .insert(examProblem)
        .values({ ...values, id: newId(), siteId, lecturerUserId })
        .returning();
      return row!;
    },
    async update(siteId: bigint, id: bigint, values: Partial<ProblemValues>): Promise<ProblemRow | undefined> {
      const [row] = await db
        .update(examProblem)
        .set({ ...values, gmtModified: new Date() })
        .where(and(live(siteId), eq(examProblem.id, id)))
        .returning();
      return row;
    },
    async liveById(siteId: bigint, id: bigint): Promise<ProblemRow | undefined> {
      const [row] = await db
        .select()
        .from(examProblem)
        .where(and(live(siteId), eq(examProblem.id, id)))
        .limit(1);
      return row;
    },
    /** Any status: attempts and the book keep showing a problem its lecturer deleted later. */
    byIds(siteId: bigint, ids: bigint[]): Promise<ProblemRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(examProblem)
        .where(and(eq(examProblem.siteId, siteId), inArray(examProblem.id, ids)));
    },
    childrenOf(siteId: bigint, parentIds: bigint[], liveOnly = true): Promise<ProblemRow[]> {
      if (parentIds.length === 0) return Promise.resolve([]);
      const where = and(
        eq(examProblem.siteId, siteId),
        inArray(examProblem.parentId, parentIds),
        liveOnly ? eq(examProblem.statusId, 1) : undefined,
      );
      return db.select().from(examProblem).where(where).orderBy(asc(examProblem.sort), asc(examProblem.id));
    },
    async ownPage(siteId: bigint, lecturerUserId: bigint, q: TPageQuery & ProblemFilter) {
      const conds: SQL[] = [
        eq(examProblem.siteId, siteId),
        eq(examProblem.statusId, 1),
        eq(examProblem.lecturerUserId, lecturerUserId),
        isNull(examProblem.parentId),
      ];
      if (q.problemType) conds.push(eq(examProblem.problemType, q.problemType));
      if (q.difficulty) conds.push(eq(examProblem.difficulty, q.difficulty));
      if (q.subjectId) conds.push(eq(examProblem.subjectId, BigInt(q.subjectId)));
      if (q.keyword) conds.push(ilike(examProblem.problemContent, containing(q.keyword)));
      const where = and(...conds);
      const { limit, offset } = pageWindow(q);
      const rows = await db
        .select()
        .from(examProblem)
        .where(where)
        .orderBy(desc(examProblem.id))
        .limit(limit)
        .offset(offset);
      const [total] = await db.select({ n: count() }).from(examProblem).where(where);
      return { rows, total: total!.n };
    },
    async softDelete(siteId: bigint, ids: bigint[]): Promise<void> {
      await db
        .update(examProblem)
        .set({ statusId: 0, gmtModified: new Date() })
        .where(
          and(eq(examProblem.siteId, siteId), or(inArray(examProblem.id, ids), inArray(examProblem.parentId, ids))),
        );
    },
    async usedByPublished(siteId: bigint, problemId: bigint): Promise<boolean> {
      const rows = await db
        .select({ id: examPaperProblem.id })
        .from(examPaperProblem)
        .where(and(eq(examPaperProblem.siteId, siteId), eq(examPaperProblem.problemId, problemId)))
        .limit(1);
      return rows.length > 0;
    },
    async usedByPaper(siteId: bigint, problemId: bigint): Promise<boolean> {
      const inAudit = await db
        .select({ id: examPaperProblemAudit.id })
        .from(examPaperProblemAudit)
        .where(and(eq(examPaperProblemAudit.siteId, siteId), eq(examPaperProblemAudit.problemId, problemId)))
        .limit(1);
      if (inAudit.length) return true;
      const inPaper = await db
        .select({ id: examPaperProblem.id })
        .from(examPaperProblem)
        .where(and(eq(examPaperProblem.siteId, siteId), eq(examPaperProblem.problemId, problemId)))
        .limit(1);
      return inPaper.length > 0;
    },
    /** Random top-level problems of one lecturer's bank for rule-based composition. */
    pick(
      siteId: bigint,
      lecturerUserId: bigint,
      rule: { problemType: number; subjectId?: string; difficulty?: number },
      n: number,
      exclude: bigint[],
    ) {
      const conds: SQL[] = [
        eq(examProblem.siteId, siteId),
        eq(examProblem.statusId, 1),
        eq(examProblem.lecturerUserId, lecturerUserId),
        isNull(examProblem.parentId),
        eq(examProblem.problemType, rule.problemType),
      ];
      if (rule.subjectId) conds.push(eq(examProblem.subjectId, BigInt(rule.subjectId)));
      if (rule.difficulty) conds.push(eq(examProblem.difficulty, rule.difficulty));
      if (exclude.length) conds.push(notInArray(examProblem.id, exclude));
      return db
        .select()
        .from(examProblem)
        .where(and(...conds))
        .orderBy(sql`random()`)
        .limit(n);
    },
    async countMatching(
      siteId: bigint,
      lecturerUserId: bigint,
      rule: { problemType: number; subjectId?: string; difficulty?: number },
    ): Promise<number> {
      const conds: SQL[] = [
        eq(examProblem.siteId, siteId),
        eq(examProblem.statusId, 1),
        eq(examProblem.lecturerUserId, lecturerUserId),
        isNull(examProblem.parentId),
        eq(examProblem.problemType, rule.problemType),
      ];
      if (rule.subjectId) conds.push(eq(examProblem.subjectId, BigInt(rule.subjectId)));
      if (rule.difficulty) conds.push(eq(examProblem.difficulty, rule.difficulty));
      const [row] = await db
        .select({ n: count() })
        .from(examProblem)
        .where(and(...conds));
      return row!.n;
    },
  };
}
export type ProblemRepo = ReturnType<typeof problemRepo>;
