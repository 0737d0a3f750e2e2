import { sql } from 'drizzle-orm';
import { date, doublePrecision, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { gmt, id, ref, siteId, statusSort } from './common.ts';

/**
 * A class (班级): a teacher (a lecturer or an organisation) runs it for a term, between `beginTime` and `endTime`.
 * `joinRule` 1 open, 2 by application with audit, 3 by invitation code only. `statusId` 0 once disbanded.
 * `categoryId` is a subject of exam_category, the classification the exam side of the site already shows.
 */
export const grade = pgTable(
  'grade',
  {
    id: id(),
    siteId: siteId(),
    gradeName: text('grade_name').notNull(),
    gradeCover: text('grade_cover').notNull().default(''),
    introduction: text('introduction').notNull().default(''),
    categoryId: ref('category_id'),
    /** the most members the class takes; 0 means no limit */
    capacity: integer('capacity').notNull().default(0),
    beginTime: timestamp('begin_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    joinRule: integer('join_rule').notNull().default(1),
    invitationCode: text('invitation_code').notNull(),
    lecturerUserId: ref('lecturer_user_id').notNull(),
    /** members now, kept with every join and leave so the capacity check and the lists need no count */
    studentCount: integer('student_count').notNull().default(0),
    disbandTime: timestamp('disband_time', { withTimezone: true }),
    ...gmt,
    ...statusSort,
  },
  (t) => [
    index('grade_teacher_idx').on(t.siteId, t.lecturerUserId, t.id),
    index('grade_open_idx').on(t.siteId, t.statusId, t.endTime),
    uniqueIndex('grade_code_uq').on(t.siteId, t.invitationCode),
  ],
);

/**
 * A user's membership of a class. `role` 1 student, 2 class admin. `statusId` 1 while a member; a member who quits,
 * is kicked out or whose class is disbanded keeps the row with `leftAt` and `leaveType` (1 quit, 2 kicked, 3
 * disbanded), and joining again turns it back on.
 */
export const gradeStudent = pgTable(
  'grade_student',
  {
    id: id(),
    siteId: siteId(),
    gradeId: ref('grade_id').notNull(),
    userId: ref('user_id').notNull(),
    role: integer('role').notNull().default(1),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    leftAt: timestamp('left_at', { withTimezone: true }),
    leaveType: integer('leave_type').notNull().default(0),
    ...gmt,
    ...statusSort,
  },
  (t) => [
    uniqueIndex('grade_student_uq').on(t.siteId, t.gradeId, t.userId),
    index('grade_student_user_idx').on(t.siteId, t.userId, t.statusId),
    index('grade_student_list_idx').on(t.siteId, t.gradeId, t.statusId, t.id),
    // the member list's order (class admins first, newest first): a page is read off the index, never sorted
    index('grade_student_order_idx').on(
      t.siteId,
      t.gradeId,
      t.statusId,
      t.role.desc().nullsFirst(),
      t.joinedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

/** An application to join a class: `applyStatus` 1 pending, 2 approved, 3 refused, 4 ignored. One pending per user. */
export const gradeApply = pgTable(
  'grade_apply',
  {
    id: id(),
    siteId: siteId(),
    gradeId: ref('grade_id').notNull(),
    userId: ref('user_id').notNull(),
    applyStatus: integer('apply_status').notNull().default(1),
    applyRemark: text('apply_remark').notNull().default(''),
    auditOpinion: text('audit_opinion').notNull().default(''),
    auditUserId: ref('audit_user_id'),
    auditTime: timestamp('audit_time', { withTimezone: true }),
    ...gmt,
    ...statusSort,
  },
  (t) => [
    index('grade_apply_list_idx').on(t.siteId, t.gradeId, t.applyStatus, t.id),
    uniqueIndex('grade_apply_pending_uq')
      .on(t.siteId, t.gradeId, t.userId)
      .where(sql`apply_status = 1`),
  ],
);

/** A course attached to a class: its members study it free while the class lasts. */
export const gradeCourse = pgTable(
  'grade_course',
  {
    id: id(),
    siteId: siteId(),
    gradeId: ref('grade_id').notNull(),
    courseId: ref('course_id').notNull(),
    ...gmt,
    ...statusSort,
  },
  (t) => [
    uniqueIndex('grade_course_uq').on(t.siteId, t.gradeId, t.courseId),
    index('grade_course_course_idx').on(t.siteId, t.courseId),
  ],
);

/**
 * A class's figures at the end of one day (Asia/Shanghai), for the summary's chart of progress over time: learning
 * progress keeps no history, so a daily job writes one row per live class and day (decision 53). `memberCount` the
 * members then, `meanProgress` the mean over them of their mean progress in the class courses (percent, one
 * decimal), `studiedCount` the members who studied a class course that day. One row per class and day: a rerun
 * changes nothing.
 */
export const gradeDay = pgTable(
  'grade_day',
  {
    id: id(),
    siteId: siteId(),
    gradeId: ref('grade_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    memberCount: integer('member_count').notNull().default(0),
    meanProgress: doublePrecision('mean_progress').notNull().default(0),
    studiedCount: integer('studied_count').notNull().default(0),
    ...gmt,
    ...statusSort,
  },
  (t) => [uniqueIndex('grade_day_uq').on(t.siteId, t.gradeId, t.day)],
);
