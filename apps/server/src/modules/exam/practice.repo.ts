import { and, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { TPageQuery } from '#contract/call.ts';
import type { Db } from '../../platform/db/client.ts';
import { pageWindow } from '../../platform/db/page.ts';
import { newId } from '../../platform/ids.ts';
import { examCollection, examPractice, examPracticeAnswer } from '../../db/schema/exam-attempt.ts';
import { examPaper, examPaperProblem, examProblem } from '../../db/schema/exam.ts';

export type PracticeRow = typeof examPractice.$inferSelect;
export type PracticeAnswerRow = typeof examPracticeAnswer.$inferSelect;

export function practiceRepo(db: Db) {
  const mine = (siteId: bigint, userId: bigint) =>
    and(eq(examPractice.siteId, siteId), eq(examPractice.userId, userId));
  return {
    /** Problems of free papers on the shelf, drawn at random: practice never gives away a priced paper's problems. */
    async draw(
      siteId: bigint,
      f: { subjectId?: string; problemType?: number; difficulty?: number },
      n: number,
    ): Promise<bigint[]> {
      const conds: SQL[] = [
        eq(examProblem.siteId, siteId),
        eq(examProblem.statusId, 1),
        isNull(examProblem.parentId),
        sql`${examProblem.problemType} <> 6`,
      ];
      if (f.subjectId) conds.push(eq(examProblem.subjectId, BigInt(f.subjectId)));
      if (f.problemType) conds.push(eq(examProblem.problemType, f.problemType));
      if (f.difficulty) conds.push(eq(examProblem.difficulty, f.difficulty));
      conds.push(sql`exists (select 1 from ${examPaperProblem} pp join ${examPaper} ep on ep.id = pp.exam_id
        where pp.site_id = ${examProblem.siteId} and pp.problem_id = ${examProblem.id} and ep.is_put_away = 1 and ep.is_free = 1 and ep.status_id = 1)`);
      const rows = await db
        .select({ id: examProblem.id })
        .from(examProblem)
        .where(and(...conds))
        .orderBy(sql`random()`)
        .limit(n);
      return rows.map((r) => r.id);
    },
    async insert(
      siteId: bigint,
      userId: bigint,
      values: { practiceName: string; subjectId: bigint | null; problemIds: string[] },
    ): Promise<PracticeRow> {
      const [row] = await db
        .insert(examPractice)
        .values({ ...values, id: newId(), siteId, userId })
        .returning();
      return row!;
    },
    async byId(siteId: bigint, userId: bigint, id: bigint): Promise<PracticeRow | undefined> {
      const [row] = await db
        .select()
        .from(examPractice)
        .where(and(mine(siteId, userId), eq(examPractice.id, id)))
        .limit(1);
      return row;
    },
    async page(siteId: bigint, userId: bigint, q: TPageQuery) {
      const { limit, offset } = pageWindow(q);
      const rows = await db
        .select()
        .from(examPractice)
        .where(mine(siteId, userId))
        .orderBy(desc(examPractice.id))
        .limit(limit)
        .offset(offset);
      const [total] = await db.select({ n: count() }).from(examPractice).where(mine(siteId, userId));
      return { rows, total: total!.n };
    },
    async remove(siteId: bigint, userId: bigint, id: bigint): Promise<boolean> {
      const rows = await db
        .delete(examPractice)
        .where(and(mine(siteId, userId), eq(examPractice.id, id)))
        .returning({ id: examPractice.id });
      if (rows.length) await this.clearAnswers(siteId, id);
      return rows.length > 0;
    },
    answers(siteId: bigint, practiceIds: bigint[]): Promise<PracticeAnswerRow[]> {
      if (practiceIds.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(examPracticeAnswer)
        .where(and(eq(examPracticeAnswer.siteId, siteId), inArray(examPracticeAnswer.practiceId, practiceIds)));
    },
    async saveAnswer(
      siteId: bigint,
      userId: bigint,
      practiceId: bigint,
      problemId: bigint,
      answer: string[],
      isCorrect: number,
    ): Promise<void> {
      await db
        .insert(examPracticeAnswer)
        .values({ id: newId(), siteId, userId, practiceId, problemId, answer, isCorrect })
        .onConflictDoUpdate({
          target: [examPracticeAnswer.siteId, examPracticeAnswer.practiceId, examPracticeAnswer.problemId],
          set: { answer, isCorrect, gmtModified: new Date() },
        });
    },
    async answeredBy(siteId: bigint, userId: bigint, problemId: bigint): Promise<boolean> {
      const rows = await db
        .select({ id: examPracticeAnswer.id })
        .from(examPracticeAnswer)
        .where(
          and(
            eq(examPracticeAnswer.siteId, siteId),
            eq(examPracticeAnswer.userId, userId),
            eq(examPracticeAnswer.problemId, problemId),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },
    async clearAnswers(siteId: bigint, practiceId: bigint): Promise<void> {
      await db
        .delete(examPracticeAnswer)
        .where(and(eq(examPracticeAnswer.siteId, siteId), eq(examPracticeAnswer.practiceId, practiceId)));
    },

    /* ---- favourites ---- */
    async collect(siteId: bigint, userId: bigint, collectionType: number, collectionId: bigint): Promise<void> {
      await db
        .insert(examCollection)
        .values({ id: newId(), siteId, userId, collectionType, collectionId })
        .onConflictDoNothing();
    },
    async uncollect(siteId: bigint, userId: bigint, collectionType: number, collectionId: bigint): Promise<void> {
      await db
        .delete(examCollection)
        .where(
          and(
            eq(examCollection.siteId, siteId),
            eq(examCollection.userId, userId),
            eq(examCollection.collectionType, collectionType),
            eq(examCollection.collectionId, collectionId),
          ),
        );
    },
    async isCollected(siteId: bigint, userId: bigint, collectionType: number, collectionId: bigint): Promise<boolean> {
      const rows = await db
        .select({ id: examCollection.id })
        .from(examCollection)
        .where(
          and(
            eq(examCollection.siteId, siteId),
            eq(examCollection.userId, userId),
            eq(examCollection.collectionType, collectionType),
            eq(examCollection.collectionId, collectionId),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },
    async collectionPage(siteId: bigint, userId: bigint, collectionType: number, q: TPageQuery) {
      const where = and(
        eq(examCollection.siteId, siteId),
        eq(examCollection.userId, userId),
        eq(examCollection.collectionType, collectionType),
      );
      const { limit, offset } = pageWindow(q);
      const rows = await db
        .select()
        .from(examCollection)
        .where(where)
        .orderBy(desc(examCollection.id))
        .limit(limit)
        .offset(offset);
      const [total] = await db.select({ n: count() }).from(examCollection).where(where);
      return { rows, total: total!.n };
    },
  };
}
export type PracticeRepo = ReturnType<typeof practiceRepo>;
