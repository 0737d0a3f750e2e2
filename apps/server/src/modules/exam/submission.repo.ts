import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../platform/db/client.ts';
import { newId } from '../../platform/ids.ts';
import type { RecordRow, ScoredAnswer } from './attempt.repo.ts';

export interface WholeSubmission {
  siteId: bigint;
  recordId: bigint;
  userId: bigint;
  examId: bigint;
  graceSeconds: number;
  scored: ScoredAnswer[];
  wrong: { problemId: bigint; subjectId: bigint | null; problemType: number; answer: string[] }[];
  record: { status: number; objectiveScore: number; waitMarkCount: number; isPass: number };
}

const big = (v: unknown) => BigInt(String(v));
const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));

/** A record row as a raw statement returns it (snake_case; bigints as text or bigint, by driver). */
function recordOf(r: Record<string, unknown>): RecordRow {
  return {
    id: big(r.id),
    siteId: big(r.site_id),
    examId: big(r.exam_id),
    userId: big(r.user_id),
    lecturerUserId: big(r.lecturer_user_id),
    status: Number(r.status),
    startTime: date(r.start_time)!,
    deadlineTime: date(r.deadline_time)!,
    submitTime: date(r.submit_time),
    isAutoSubmit: Number(r.is_auto_submit),
    objectiveScore: Number(r.objective_score),
    subjectiveScore: Number(r.subjective_score),
    totalScore: Number(r.total_score),
    isPass: Number(r.is_pass),
    waitMarkCount: Number(r.wait_mark_count),
    leaveCount: Number(r.leave_count),
    shuffleSeed: Number(r.shuffle_seed),
    gradeExamId: r.grade_exam_id === null || r.grade_exam_id === undefined ? null : big(r.grade_exam_id),
    gmtCreate: date(r.gmt_create)!,
    gmtModified: date(r.gmt_modified)!,
  };
}

/**
 * A student's submission that carries every answer of the paper, scored beforehand: the record, its answers and
 * the wrong-answer book in ONE statement (one round trip, one commit). It applies only to the student's own
 * attempt still in progress and within the deadline plus grace; otherwise nothing is written and undefined tells
 * the caller to take the general path. The record's update takes its row lock, so a save in flight finishes
 * first (and is overwritten by the submission's own answer) and a later save sees the attempt submitted.
 */
export async function submitWhole(db: Db, s: WholeSubmission): Promise<RecordRow | undefined> {
  const answers = s.scored.map((a) => ({
    id: String(newId()),
    problem_id: String(a.problemId),
    answer: a.answer,
    score: a.score,
    is_correct: a.isCorrect,
    mark_status: a.markStatus,
  }));
  const wrong = [...s.wrong]
    .sort((a, b) => (a.problemId < b.problemId ? -1 : a.problemId > b.problemId ? 1 : 0))
    .map((w) => ({
      id: String(newId()),
      problem_id: String(w.problemId),
      subject_id: w.subjectId === null ? null : String(w.subjectId),
      problem_type: w.problemType,
      last_answer: w.answer,
    }));
  const r = s.record;
  const result = await db.execute(sql`
    WITH rec AS (
      UPDATE exam_record SET status = ${r.status}, submit_time = now(), is_auto_submit = 0, objective_score = ${r.objectiveScore},
        subjective_score = 0, total_score = ${r.objectiveScore}, wait_mark_count = ${r.waitMarkCount}, is_pass = ${r.isPass}, gmt_modified = now()
      WHERE site_id = ${s.siteId} AND id = ${s.recordId} AND user_id = ${s.userId} AND exam_id = ${s.examId} AND status = 1
        AND deadline_time + ${`${s.graceSeconds} seconds`}::interval >= now()
      RETURNING *
    ), ans AS (
      INSERT INTO exam_answer (id, site_id, record_id, problem_id, answer, score, is_correct, mark_status)
      SELECT x.id, rec.site_id, rec.id, x.problem_id, x.answer, x.score, x.is_correct, x.mark_status
      FROM rec, jsonb_to_recordset(${JSON.stringify(answers)}::jsonb) AS x(id bigint, problem_id bigint, answer jsonb, score int, is_correct int, mark_status int)
      ON CONFLICT (site_id, record_id, problem_id) DO UPDATE SET
        answer = excluded.answer,
        saved_time = CASE WHEN exam_answer.answer = excluded.answer THEN exam_answer.saved_time ELSE now() END,
        score = excluded.score, is_correct = excluded.is_correct, mark_status = excluded.mark_status, gmt_modified = now()
    ), book AS (
      INSERT INTO exam_error_problem (id, site_id, user_id, problem_id, subject_id, problem_type, last_answer)
      SELECT x.id, rec.site_id, rec.user_id, x.problem_id, x.subject_id, x.problem_type, x.last_answer
      FROM rec, jsonb_to_recordset(${JSON.stringify(wrong)}::jsonb) AS x(id bigint, problem_id bigint, subject_id bigint, problem_type int, last_answer jsonb)
      ON CONFLICT (site_id, user_id, problem_id) DO UPDATE SET wrong_count = exam_error_problem.wrong_count + 1, correct_streak = 0,
        last_answer = excluded.last_answer, gmt_modified = now()
    )
    SELECT * FROM rec`);
  const row = rowsOf<Record<string, unknown>>(result)[0];
  return row ? recordOf(row) : undefined;
}
