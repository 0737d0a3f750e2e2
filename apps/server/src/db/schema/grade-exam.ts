import { index, integer, pgTable, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { gmt, id, ref, siteId, statusSort } from './common.ts';

/**
 * A class exam (班级考试): one published paper of the class teacher's bank, assigned to one class, open between
 * `beginTime` and `endTime`, sat at most `attemptLimit` times by each member. `isShowAnswer` 1 lets a member read
 * the right answers and explanations once they have handed in; otherwise only after the window closes.
 * `statusId` 0 once the teacher deletes it: its attempts stay in the exam records, unreachable.
 */
export const gradeExam = pgTable(
  'grade_exam',
  {
    id: id(),
    siteId: siteId(),
    gradeId: ref('grade_id').notNull(),
    examId: ref('exam_id').notNull(),
    lecturerUserId: ref('lecturer_user_id').notNull(),
    beginTime: timestamp('begin_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    attemptLimit: integer('attempt_limit').notNull().default(1),
    isShowAnswer: integer('is_show_answer').notNull().default(0),
    ...gmt,
    ...statusSort,
  },
  (t) => [
    index('grade_exam_grade_idx').on(t.siteId, t.gradeId, t.statusId, t.beginTime),
    index('grade_exam_teacher_idx').on(t.siteId, t.lecturerUserId, t.statusId),
  ],
);

/**
 * One member's relation to a class exam, kept only when the teacher has compensated them (spec §4 compensate
 * status): `compensateStatus` 1 reopened, with one more attempt allowed until `compensateEndTime`, whatever the
 * window and the attempts already used; 2 once that attempt has begun.
 */
export const gradeExamStudent = pgTable(
  'grade_exam_student',
  {
    id: id(),
    siteId: siteId(),
    gradeExamId: ref('grade_exam_id').notNull(),
    userId: ref('user_id').notNull(),
    compensateStatus: integer('compensate_status').notNull().default(0),
    compensateEndTime: timestamp('compensate_end_time', { withTimezone: true }),
    /** attempts granted beyond the class exam's limit, one per compensation */
    extraAttempts: integer('extra_attempts').notNull().default(0),
    ...gmt,
  },
  (t) => [uniqueIndex('grade_exam_student_uq').on(t.siteId, t.gradeExamId, t.userId)],
);
