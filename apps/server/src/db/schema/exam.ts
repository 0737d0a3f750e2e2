import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { gmt, id, ref, siteId, statusSort } from './common.ts';

/** Exam categories: type 1 subject (科目), 2 year (年份). */
export const examCategory = pgTable(
  'exam_category',
  {
    id: id(),
    siteId: siteId(),
    categoryType: integer('category_type').notNull(),
    categoryName: text('category_name').notNull(),
    ...gmt,
    ...statusSort,
  },
  (t) => [index('exam_category_list_idx').on(t.siteId, t.categoryType, t.sort)],
);

/**
 * A problem (question) of a lecturer's bank. `options` holds [{key, content}], `answer` an array of strings (see
 * the contract for each type's form). A material problem (type 6) holds sub-problems through `parentId`.
 * `statusId` 0 is a deleted problem that attempts may still point to.
 */
export const examProblem = pgTable(
  'exam_problem',
  {
    id: id(),
    siteId: siteId(),
    lecturerUserId: ref('lecturer_user_id').notNull(),
    parentId: ref('parent_id'),
    problemType: integer('problem_type').notNull(),
    problemContent: text('problem_content').notNull(),
    options: jsonb('options').$type<{ key: string; content: string }[]>().notNull().default([]),
    answer: jsonb('answer').$type<string[]>().notNull().default([]),
    analysis: text('analysis').notNull().default(''),
    videoId: ref('video_id'),
    score: integer('score').notNull().default(2),
    difficulty: integer('difficulty').notNull().default(1),
    subjectId: ref('subject_id'),
    yearId: ref('year_id'),
    knowledgePoints: text('knowledge_points').array().notNull().default([]),
    ...gmt,
    ...statusSort,
  },
  (t) => [
    index('exam_problem_owner_idx').on(t.siteId, t.lecturerUserId, t.statusId, t.id),
    index('exam_problem_parent_idx').on(t.siteId, t.parentId),
    index('exam_problem_pick_idx').on(t.siteId, t.subjectId, t.problemType, t.difficulty),
  ],
);

/** Paper columns shared by the lecturer's audit copy and the published copy (which keeps the audit copy's id). */
const paperColumns = () => ({
  id: id(),
  siteId: siteId(),
  lecturerUserId: ref('lecturer_user_id').notNull(),
  examName: text('exam_name').notNull(),
  subjectId: ref('subject_id'),
  yearId: ref('year_id'),
  description: text('description').notNull().default(''),
  answerTime: integer('answer_time').notNull(),
  totalScore: integer('total_score').notNull().default(0),
  passScore: integer('pass_score').notNull().default(60),
  problemCount: integer('problem_count').notNull().default(0),
  isFree: integer('is_free').notNull().default(1),
  priceFen: bigint('price_fen', { mode: 'number' }).notNull().default(0),
  shuffleProblems: integer('shuffle_problems').notNull().default(0),
  shuffleOptions: integer('shuffle_options').notNull().default(0),
  partialRule: integer('partial_rule').notNull().default(1),
  leaveLimit: integer('leave_limit').notNull().default(0),
  ...gmt,
  ...statusSort,
});

/** The lecturer's working copy; audit status 0 pending, 1 approved, 2 rejected, 3 editing. */
export const examPaperAudit = pgTable(
  'exam_paper_audit',
  {
    ...paperColumns(),
    auditStatus: integer('audit_status').notNull().default(3),
    auditOpinion: text('audit_opinion').notNull().default(''),
    auditTime: timestamp('audit_time', { withTimezone: true }),
  },
  (t) => [
    index('exam_paper_audit_owner_idx').on(t.siteId, t.lecturerUserId, t.id),
    index('exam_paper_audit_status_idx').on(t.siteId, t.auditStatus, t.id),
  ],
);

/** The approved copy students see and sit; `isPutAway` 1 shows it in the paper centre. */
export const examPaper = pgTable(
  'exam_paper',
  {
    ...paperColumns(),
    isPutAway: integer('is_put_away').notNull().default(0),
    studyCount: integer('study_count').notNull().default(0),
    /** Bumped at each approval, so cached paper structures are known to be stale. */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('exam_paper_shelf_idx').on(t.siteId, t.isPutAway, t.subjectId, t.id),
    index('exam_paper_owner_idx').on(t.siteId, t.lecturerUserId, t.id),
    index('exam_paper_name_trgm_idx').using('gin', sql`${t.examName} gin_trgm_ops`),
  ],
);

const sectionColumns = () => ({
  id: id(),
  siteId: siteId(),
  examId: ref('exam_id').notNull(),
  titleName: text('title_name').notNull(),
  score: integer('score').notNull().default(0),
  sort: integer('sort').notNull().default(0),
});
const paperProblemColumns = () => ({
  id: id(),
  siteId: siteId(),
  examId: ref('exam_id').notNull(),
  sectionId: ref('section_id').notNull(),
  problemId: ref('problem_id').notNull(),
  score: integer('score').notNull(),
  sort: integer('sort').notNull().default(0),
});

export const examPaperSectionAudit = pgTable('exam_paper_section_audit', sectionColumns(), (t) => [
  index('exam_paper_section_audit_idx').on(t.siteId, t.examId, t.sort),
]);
export const examPaperSection = pgTable('exam_paper_section', sectionColumns(), (t) => [
  index('exam_paper_section_idx').on(t.siteId, t.examId, t.sort),
]);
export const examPaperProblemAudit = pgTable('exam_paper_problem_audit', paperProblemColumns(), (t) => [
  uniqueIndex('exam_paper_problem_audit_uq').on(t.siteId, t.examId, t.problemId),
  index('exam_paper_problem_audit_problem_idx').on(t.siteId, t.problemId),
]);
export const examPaperProblem = pgTable('exam_paper_problem', paperProblemColumns(), (t) => [
  uniqueIndex('exam_paper_problem_uq').on(t.siteId, t.examId, t.problemId),
  index('exam_paper_problem_problem_idx').on(t.siteId, t.problemId),
]);
