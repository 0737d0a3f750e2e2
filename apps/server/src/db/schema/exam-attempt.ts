import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { gmt, id, ref, siteId } from './common.ts';

/**
 * One attempt at a published paper (user exam record). Status 1 in progress, 2 submitted and waiting for marking,
 * 3 marked. The deadline is fixed at start; a user holds at most one attempt in progress per paper, and one more
 * per class exam of that paper (`gradeExamId`: the attempt was begun through that class exam, which alone reads it).
 */
export const examRecord = pgTable(
  'exam_record',
  {
    id: id(),
    siteId: siteId(),
    examId: ref('exam_id').notNull(),
    userId: ref('user_id').notNull(),
    /** The paper's lecturer, so the marking queue is one index away. */
    lecturerUserId: ref('lecturer_user_id').notNull(),
    status: integer('status').notNull().default(1),
    startTime: timestamp('start_time', { withTimezone: true }).notNull().defaultNow(),
    deadlineTime: timestamp('deadline_time', { withTimezone: true }).notNull(),
    submitTime: timestamp('submit_time', { withTimezone: true }),
    isAutoSubmit: integer('is_auto_submit').notNull().default(0),
    objectiveScore: integer('objective_score').notNull().default(0),
    subjectiveScore: integer('subjective_score').notNull().default(0),
    totalScore: integer('total_score').notNull().default(0),
    isPass: integer('is_pass').notNull().default(0),
    waitMarkCount: integer('wait_mark_count').notNull().default(0),
    leaveCount: integer('leave_count').notNull().default(0),
    shuffleSeed: integer('shuffle_seed').notNull().default(0),
    gradeExamId: ref('grade_exam_id'),
    ...gmt,
  },
  (t) => [
    uniqueIndex('exam_record_open_uq')
      .on(t.siteId, t.examId, t.userId, sql`coalesce(${t.gradeExamId}, 0)`)
      .where(sql`${t.status} = 1`),
    index('exam_record_grade_exam_idx')
      .on(t.siteId, t.gradeExamId, t.userId, t.status)
      .where(sql`${t.gradeExamId} is not null`),
    index('exam_record_user_idx').on(t.siteId, t.userId, t.examId, t.id),
    index('exam_record_exam_idx').on(t.siteId, t.examId, t.status),
    index('exam_record_mark_idx').on(t.siteId, t.lecturerUserId, t.status, t.id),
  ],
);

/**
 * One answer of an attempt, in the paper's true option keys. The unique key makes a save an idempotent upsert.
 * markStatus 0 objective (scored at submission), 1 waiting for the lecturer, 2 marked; score null until scored.
 */
export const examAnswer = pgTable(
  'exam_answer',
  {
    id: id(),
    siteId: siteId(),
    recordId: ref('record_id').notNull(),
    problemId: ref('problem_id').notNull(),
    answer: jsonb('answer').$type<string[]>().notNull().default([]),
    savedTime: timestamp('saved_time', { withTimezone: true }).notNull().defaultNow(),
    score: integer('score'),
    isCorrect: integer('is_correct'),
    markStatus: integer('mark_status').notNull().default(0),
    markRemark: text('mark_remark').notNull().default(''),
    ...gmt,
  },
  (t) => [uniqueIndex('exam_answer_uq').on(t.siteId, t.recordId, t.problemId)],
);

/** The wrong-answer book: one row per user and problem. */
export const examErrorProblem = pgTable(
  'exam_error_problem',
  {
    id: id(),
    siteId: siteId(),
    userId: ref('user_id').notNull(),
    problemId: ref('problem_id').notNull(),
    subjectId: ref('subject_id'),
    problemType: integer('problem_type').notNull(),
    wrongCount: integer('wrong_count').notNull().default(1),
    correctStreak: integer('correct_streak').notNull().default(0),
    lastAnswer: jsonb('last_answer').$type<string[]>().notNull().default([]),
    ...gmt,
  },
  (t) => [
    uniqueIndex('exam_error_problem_uq').on(t.siteId, t.userId, t.problemId),
    index('exam_error_problem_list_idx').on(t.siteId, t.userId, t.subjectId, t.gmtModified),
  ],
);

/** A practice set drawn from categories; `problemIds` keeps the drawn order. */
export const examPractice = pgTable(
  'exam_practice',
  {
    id: id(),
    siteId: siteId(),
    userId: ref('user_id').notNull(),
    practiceName: text('practice_name').notNull(),
    subjectId: ref('subject_id'),
    problemIds: text('problem_ids').array().notNull().default([]),
    ...gmt,
  },
  (t) => [index('exam_practice_user_idx').on(t.siteId, t.userId, t.id)],
);

/** Practice answers: one per practice set and problem (the latest); book practice has no set. */
export const examPracticeAnswer = pgTable(
  'exam_practice_answer',
  {
    id: id(),
    siteId: siteId(),
    practiceId: ref('practice_id').notNull(),
    userId: ref('user_id').notNull(),
    problemId: ref('problem_id').notNull(),
    answer: jsonb('answer').$type<string[]>().notNull().default([]),
    isCorrect: integer('is_correct').notNull().default(0),
    ...gmt,
  },
  (t) => [uniqueIndex('exam_practice_answer_uq').on(t.siteId, t.practiceId, t.problemId)],
);

/** Favourites of the exam domain (collectionType 4: papers). */
export const examCollection = pgTable(
  'exam_collection',
  {
    id: id(),
    siteId: siteId(),
    userId: ref('user_id').notNull(),
    collectionType: integer('collection_type').notNull().default(4),
    collectionId: ref('collection_id').notNull(),
    ...gmt,
  },
  (t) => [
    uniqueIndex('exam_collection_uq').on(t.siteId, t.userId, t.collectionType, t.collectionId),
    index('exam_collection_list_idx').on(t.siteId, t.userId, t.id),
  ],
);

/** Problems attached to a lesson (period) as exercises. */
export const examPeriodProblem = pgTable(
  'exam_period_problem',
  {
    id: id(),
    siteId: siteId(),
    periodId: ref('period_id').notNull(),
    problemId: ref('problem_id').notNull(),
    lecturerUserId: ref('lecturer_user_id').notNull(),
    sort: integer('sort').notNull().default(0),
    ...gmt,
  },
  (t) => [uniqueIndex('exam_period_problem_uq').on(t.siteId, t.periodId, t.problemId)],
);
