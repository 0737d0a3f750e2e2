import { and, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { TPageQuery } from '#contract/call.ts';
import { RecordStatus } from '#contract/exam-attempt.ts';
import { rowsOf, type Db } from '../../platform/db/client.ts';
import { pageWindow } from '../../platform/db/page.ts';
import { newId } from '../../platform/ids.ts';
import { examAnswer, examRecord } from '../../db/schema/exam-attempt.ts';
import { saveKey, type AnswerSave } from './attempt-saves.ts';

/**
 * An attempt counts (已考 N 次) once it is handed in: one still being answered, or abandoned before the
 * deadline's job closes it, is not a sitting, and its score is not a result.
 */
const handedIn = sql`${examRecord.status} >= ${RecordStatus.SUBMITTED}`;
const submittedCount = sql<number>`(count(*) filter (where ${handedIn}))::int`;
const bestSubmittedScore = sql<number>`coalesce(max(${examRecord.totalScore}) filter (where ${handedIn}), 0)::int`;

export type RecordRow = typeof examRecord.$inferSelect;
export type AnswerRow = typeof examAnswer.$inferSelect;
export interface ScoredAnswer {
  problemId: bigint;
  answer: string[];
  score: number | null;
  isCorrect: number | null;
  markStatus: number;
}

export function attemptRepo(db: Db) {
  return {
    /** Nothing when the user already has an attempt in progress at this paper (the partial unique index). */
    async insertRecord(values: Omit<typeof examRecord.$inferInsert, 'id'>): Promise<RecordRow | undefined> {
      const [row] = await db
        .insert(examRecord)
        .values({ ...values, id: newId() })
        .onConflictDoNothing()
        .returning();
      return row;
    },
    /** The attempt in progress at the paper itself (`gradeExamId` null) or through one class exam. */
    async openRecord(
      siteId: bigint,
      examId: bigint,
      userId: bigint,
      gradeExamId: bigint | null = null,
    ): Promise<RecordRow | undefined> {
      const [row] = await db
        .select()
        .from(examRecord)
        .where(
          and(
            eq(examRecord.siteId, siteId),
            eq(examRecord.examId, examId),
            eq(examRecord.userId, userId),
            eq(examRecord.status, 1),
            gradeExamId === null ? isNull(examRecord.gradeExamId) : eq(examRecord.gradeExamId, gradeExamId),
          ),
        )
        .limit(1);
      return row;
    },
    async recordById(siteId: bigint, id: bigint, tx: Db = db): Promise<RecordRow | undefined> {
      const [row] = await tx
        .select()
        .from(examRecord)
        .where(and(eq(examRecord.siteId, siteId), eq(examRecord.id, id)))
        .limit(1);
      return row;
    },
    async lockRecord(tx: Db, siteId: bigint, id: bigint): Promise<RecordRow | undefined> {
      const [row] = await tx
        .select()
        .from(examRecord)
        .where(and(eq(examRecord.siteId, siteId), eq(examRecord.id, id)))
        .for('update')
        .limit(1);
      return row;
    },
    /**
     * Saves in one statement, each stored only while its attempt is the user's, in progress and within the deadline
     * plus grace. FOR SHARE makes a save wait for a submission in flight and then see it submitted, so no answer is
     * stored after its attempt was scored. The rows go as one JSON parameter (one prepared statement for any number)
     * and are locked and written in the order given (n), which callers keep the same for every group so that groups
     * never deadlock. Returns the saved time of each stored answer by `site:record:problem`; a refused one is absent.
     */
    async saveAnswers(saves: AnswerSave[], graceSeconds: number): Promise<Map<string, Date>> {
      const rows = saves.map((s, n) => ({
        n,
        id: String(newId()),
        site_id: String(s.siteId),
        record_id: String(s.recordId),
        user_id: String(s.userId),
        problem_id: String(s.problemId),
        answer: s.answer,
      }));
      const result = await db.execute(sql`
        INSERT INTO exam_answer (id, site_id, record_id, problem_id, answer, saved_time)
        SELECT x.id, r.site_id, r.id, x.problem_id, x.answer, now()
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(n int, id bigint, site_id bigint, record_id bigint, user_id bigint, problem_id bigint, answer jsonb)
        JOIN exam_record r ON r.site_id = x.site_id AND r.id = x.record_id
        WHERE r.user_id = x.user_id AND r.status = 1 AND r.deadline_time + ${`${graceSeconds} seconds`}::interval > now()
        ORDER BY x.n
        FOR SHARE OF r
        ON CONFLICT (site_id, record_id, problem_id)
          DO UPDATE SET answer = excluded.answer, saved_time = excluded.saved_time, gmt_modified = now()
        RETURNING site_id::text AS s, record_id::text AS r, problem_id::text AS p, saved_time`);
      const out = new Map<string, Date>();
      for (const row of rowsOf<{ s: string; r: string; p: string; saved_time: Date | string }>(result))
        out.set(saveKey({ siteId: row.s, recordId: row.r, problemId: row.p }), new Date(row.saved_time));
      return out;
    },
    answersOf(siteId: bigint, recordId: bigint, tx: Db = db): Promise<AnswerRow[]> {
      return tx
        .select()
        .from(examAnswer)
        .where(and(eq(examAnswer.siteId, siteId), eq(examAnswer.recordId, recordId)));
    },
    async answerOf(siteId: bigint, recordId: bigint, problemId: bigint): Promise<AnswerRow | undefined> {
      const [row] = await db
        .select()
        .from(examAnswer)
        .where(
          and(eq(examAnswer.siteId, siteId), eq(examAnswer.recordId, recordId), eq(examAnswer.problemId, problemId)),
        )
        .limit(1);
      return row;
    },
    /**
     * Writes the answers and scores of every problem of the attempt in one statement (unanswered ones get an empty
     * answer). The answer is written too: answers sent with the submission replace what was saved before. The rows
     * go as one JSON parameter, so the statement text is the same for every paper and stays prepared.
     */
    async writeScores(tx: Db, siteId: bigint, recordId: bigint, scored: ScoredAnswer[]): Promise<void> {
      if (scored.length === 0) return;
      const rows = scored.map((s) => ({
        id: String(newId()),
        problem_id: String(s.problemId),
        answer: s.answer,
        score: s.score,
        is_correct: s.isCorrect,
        mark_status: s.markStatus,
      }));
      await tx.execute(sql`
        INSERT INTO exam_answer (id, site_id, record_id, problem_id, answer, score, is_correct, mark_status)
        SELECT x.id, ${siteId}, ${recordId}, x.problem_id, x.answer, x.score, x.is_correct, x.mark_status
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(id bigint, problem_id bigint, answer jsonb, score int, is_correct int, mark_status int)
        ON CONFLICT (site_id, record_id, problem_id) DO UPDATE SET
          answer = excluded.answer,
          saved_time = CASE WHEN exam_answer.answer = excluded.answer THEN exam_answer.saved_time ELSE now() END,
          score = excluded.score, is_correct = excluded.is_correct, mark_status = excluded.mark_status, gmt_modified = now()`);
    },
    async updateRecord(
      siteId: bigint,
      id: bigint,
      values: Partial<typeof examRecord.$inferInsert>,
      tx: Db = db,
    ): Promise<RecordRow | undefined> {
      const [row] = await tx
        .update(examRecord)
        .set({ ...values, gmtModified: new Date() })
        .where(and(eq(examRecord.siteId, siteId), eq(examRecord.id, id)))
        .returning();
      return row;
    },
    async addLeave(siteId: bigint, id: bigint, userId: bigint): Promise<RecordRow | undefined> {
      const [row] = await db
        .update(examRecord)
        .set({ leaveCount: sql`${examRecord.leaveCount} + 1` })
        .where(
          and(
            eq(examRecord.siteId, siteId),
            eq(examRecord.id, id),
            eq(examRecord.userId, userId),
            eq(examRecord.status, 1),
          ),
        )
        .returning();
      return row;
    },
    async markAnswer(
      tx: Db,
      siteId: bigint,
      recordId: bigint,
      problemId: bigint,
      values: { score: number; isCorrect: number; markRemark: string },
    ): Promise<void> {
      await tx
        .update(examAnswer)
        .set({ ...values, markStatus: 2, gmtModified: new Date() })
        .where(
          and(eq(examAnswer.siteId, siteId), eq(examAnswer.recordId, recordId), eq(examAnswer.problemId, problemId)),
        );
    },
    async page(siteId: bigint, q: TPageQuery, where: SQL[]) {
      const w = and(eq(examRecord.siteId, siteId), ...where);
      const { limit, offset } = pageWindow(q);
      const rows = await db.select().from(examRecord).where(w).orderBy(desc(examRecord.id)).limit(limit).offset(offset);
      const [total] = await db.select({ n: count() }).from(examRecord).where(w);
      return { rows, total: total!.n };
    },
    /** The user's own attempts at one paper (not those of class exams): how many were handed in, the best score among them. */
    async userStats(siteId: bigint, userId: bigint, examId: bigint) {
      const [row] = await db
        .select({ n: submittedCount, best: bestSubmittedScore })
        .from(examRecord)
        .where(
          and(
            eq(examRecord.siteId, siteId),
            eq(examRecord.userId, userId),
            eq(examRecord.examId, examId),
            isNull(examRecord.gradeExamId),
          ),
        );
      return { attemptCount: row!.n, bestScore: Number(row!.best) };
    },
    /** One row per paper the user sat of their own accord (class exams are listed in their classes): attempts, best score, the latest attempt. */
    async userPapers(siteId: bigint, userId: bigint, q: TPageQuery) {
      const { limit, offset } = pageWindow(q);
      const where = and(eq(examRecord.siteId, siteId), eq(examRecord.userId, userId), isNull(examRecord.gradeExamId));
      const rows = await db
        .select({
          examId: examRecord.examId,
          attemptCount: submittedCount,
          bestScore: bestSubmittedScore,
          lastId: sql<string>`max(${examRecord.id})::text`,
        })
        .from(examRecord)
        .where(where)
        .groupBy(examRecord.examId)
        .orderBy(sql`max(${examRecord.id}) desc`)
        .limit(limit)
        .offset(offset);
      const [total] = await db
        .select({ n: sql<number>`count(distinct ${examRecord.examId})::int` })
        .from(examRecord)
        .where(where);
      return { rows, total: Number(total!.n) };
    },
    recordsByIds(siteId: bigint, ids: bigint[]): Promise<RecordRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(examRecord)
        .where(and(eq(examRecord.siteId, siteId), inArray(examRecord.id, ids)));
    },
    /** Submitted attempts at a paper, for statistics and the export. */
    submitted(siteId: bigint, examId: bigint): Promise<RecordRow[]> {
      return db
        .select()
        .from(examRecord)
        .where(and(eq(examRecord.siteId, siteId), eq(examRecord.examId, examId), sql`${examRecord.status} > 1`))
        .orderBy(desc(examRecord.submitTime));
    },
    async correctCounts(siteId: bigint, examId: bigint): Promise<Map<bigint, { answered: number; correct: number }>> {
      const rows = await db
        .select({
          problemId: examAnswer.problemId,
          answered: sql<number>`count(*) filter (where jsonb_array_length(${examAnswer.answer}) > 0)::int`,
          correct: sql<number>`count(*) filter (where ${examAnswer.isCorrect} = 1)::int`,
        })
        .from(examAnswer)
        .innerJoin(examRecord, and(eq(examRecord.id, examAnswer.recordId), eq(examRecord.siteId, examAnswer.siteId)))
        .where(and(eq(examAnswer.siteId, siteId), eq(examRecord.examId, examId), sql`${examRecord.status} > 1`))
        .groupBy(examAnswer.problemId);
      return new Map(rows.map((r) => [r.problemId, { answered: Number(r.answered), correct: Number(r.correct) }]));
    },
    async waitMarkCounts(siteId: bigint, examIds: bigint[]): Promise<Map<bigint, number>> {
      if (examIds.length === 0) return new Map();
      const rows = await db
        .select({ examId: examRecord.examId, n: count() })
        .from(examRecord)
        .where(and(eq(examRecord.siteId, siteId), inArray(examRecord.examId, examIds), eq(examRecord.status, 2)))
        .groupBy(examRecord.examId);
      return new Map(rows.map((r) => [r.examId, r.n]));
    },
  };
}
export type AttemptRepo = ReturnType<typeof attemptRepo>;
