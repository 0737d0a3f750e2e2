import { and, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { TPageQuery } from '#contract/call.ts';
import type { Db } from '../../platform/db/client.ts';
import { pageWindow } from '../../platform/db/page.ts';
import { newId } from '../../platform/ids.ts';
import { examErrorProblem } from '../../db/schema/exam-attempt.ts';

export type ErrorRow = typeof examErrorProblem.$inferSelect;

export function errorBookRepo(db: Db) {
  const mine = (siteId: bigint, userId: bigint) =>
    and(eq(examErrorProblem.siteId, siteId), eq(examErrorProblem.userId, userId));
  return {
    /**
     * Wrong answers: into the book, or once more wrong (the streak of correct practice starts again). The rows go
     * as one JSON parameter, so a submission's worth is one short prepared statement.
     */
    async addWrong(
      siteId: bigint,
      userId: bigint,
      items: { problemId: bigint; subjectId: bigint | null; problemType: number; answer: string[] }[],
      tx: Db = db,
    ): Promise<void> {
      if (items.length === 0) return;
      // in problem order, so two submissions of one user touching the same problems lock them in the same order
      const sorted = [...items].sort((a, b) => (a.problemId < b.problemId ? -1 : a.problemId > b.problemId ? 1 : 0));
      const rows = sorted.map((i) => ({
        id: String(newId()),
        problem_id: String(i.problemId),
        subject_id: i.subjectId === null ? null : String(i.subjectId),
        problem_type: i.problemType,
        last_answer: i.answer,
      }));
      await tx.execute(sql`
        INSERT INTO exam_error_problem (id, site_id, user_id, problem_id, subject_id, problem_type, last_answer)
        SELECT x.id, ${siteId}, ${userId}, x.problem_id, x.subject_id, x.problem_type, x.last_answer
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(id bigint, problem_id bigint, subject_id bigint, problem_type int, last_answer jsonb)
        ON CONFLICT (site_id, user_id, problem_id) DO UPDATE SET wrong_count = exam_error_problem.wrong_count + 1, correct_streak = 0,
          last_answer = excluded.last_answer, gmt_modified = now()`);
    },
    async byId(siteId: bigint, userId: bigint, id: bigint): Promise<ErrorRow | undefined> {
      const [row] = await db
        .select()
        .from(examErrorProblem)
        .where(and(mine(siteId, userId), eq(examErrorProblem.id, id)))
        .limit(1);
      return row;
    },
    async byProblem(siteId: bigint, userId: bigint, problemId: bigint): Promise<ErrorRow | undefined> {
      const [row] = await db
        .select()
        .from(examErrorProblem)
        .where(and(mine(siteId, userId), eq(examErrorProblem.problemId, problemId)))
        .limit(1);
      return row;
    },
    async setStreak(
      siteId: bigint,
      id: bigint,
      correctStreak: number,
      lastAnswer: string[],
      wrong: boolean,
    ): Promise<void> {
      await db
        .update(examErrorProblem)
        .set({
          correctStreak,
          lastAnswer,
          gmtModified: new Date(),
          ...(wrong ? { wrongCount: sql`${examErrorProblem.wrongCount} + 1` } : {}),
        })
        .where(and(eq(examErrorProblem.siteId, siteId), eq(examErrorProblem.id, id)));
    },
    async remove(siteId: bigint, userId: bigint, id: bigint): Promise<boolean> {
      const rows = await db
        .delete(examErrorProblem)
        .where(and(mine(siteId, userId), eq(examErrorProblem.id, id)))
        .returning({ id: examErrorProblem.id });
      return rows.length > 0;
    },
    async removeAll(siteId: bigint, userId: bigint, subjectId?: string): Promise<number> {
      const rows = await db
        .delete(examErrorProblem)
        .where(and(mine(siteId, userId), subjectId ? eq(examErrorProblem.subjectId, BigInt(subjectId)) : undefined))
        .returning({ id: examErrorProblem.id });
      return rows.length;
    },
    async page(siteId: bigint, userId: bigint, q: TPageQuery & { subjectId?: string; problemType?: number }) {
      const conds: (SQL | undefined)[] = [mine(siteId, userId)];
      if (q.subjectId === '0') conds.push(isNull(examErrorProblem.subjectId));
      else if (q.subjectId) conds.push(eq(examErrorProblem.subjectId, BigInt(q.subjectId)));
      if (q.problemType) conds.push(eq(examErrorProblem.problemType, q.problemType));
      const where = and(...conds);
      const { limit, offset } = pageWindow(q);
      const rows = await db
        .select()
        .from(examErrorProblem)
        .where(where)
        .orderBy(desc(examErrorProblem.gmtModified), desc(examErrorProblem.id))
        .limit(limit)
        .offset(offset);
      const [total] = await db.select({ n: count() }).from(examErrorProblem).where(where);
      return { rows, total: total!.n };
    },
    subjects(siteId: bigint, userId: bigint) {
      return db
        .select({ subjectId: examErrorProblem.subjectId, n: count() })
        .from(examErrorProblem)
        .where(mine(siteId, userId))
        .groupBy(examErrorProblem.subjectId);
    },
  };
}
export type ErrorBookRepo = ReturnType<typeof errorBookRepo>;
