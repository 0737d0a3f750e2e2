import { doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { gmt, id, ref, siteId } from './common.ts';

/**
 * A user's progress in one lesson (period). Written in batches from the progress buffer, so every column is
 * the buffer's whole state: `watchedRanges` the merged [start, end] seconds watched, `watchedSec` their length,
 * `creditedSec` the watch time credited (capped by wall-clock time between reports), `reportCount` the reports
 * accepted, `recentReportIds` the last report ids (a repeat is ignored), `lastReportAt` for the wall-clock cap.
 * `percent` is 0–100 (100 once finished); course progress is the mean over the course's lessons.
 */
export const userStudy = pgTable(
  'user_study',
  {
    id: id(),
    siteId: siteId(),
    userId: ref('user_id').notNull(),
    courseId: ref('course_id').notNull(),
    chapterId: ref('chapter_id').notNull(),
    periodId: ref('period_id').notNull(),
    currentPosition: doublePrecision('current_position').notNull().default(0),
    watchedRanges: jsonb('watched_ranges').$type<[number, number][]>().notNull().default([]),
    watchedSec: doublePrecision('watched_sec').notNull().default(0),
    creditedSec: doublePrecision('credited_sec').notNull().default(0),
    percent: doublePrecision('percent').notNull().default(0),
    isFinish: integer('is_finish').notNull().default(0),
    reportCount: integer('report_count').notNull().default(0),
    recentReportIds: jsonb('recent_report_ids').$type<string[]>().notNull().default([]),
    lastReportAt: timestamp('last_report_at', { withTimezone: true }),
    ...gmt,
  },
  (t) => [
    uniqueIndex('user_study_period_uq').on(t.siteId, t.userId, t.periodId),
    index('user_study_course_idx').on(t.siteId, t.userId, t.courseId),
    index('user_study_recent_idx').on(t.siteId, t.userId, t.gmtModified),
  ],
);

/** A note a user took on a lesson at a second of it; only its author sees it. */
export const noteLog = pgTable(
  'note_log',
  {
    id: id(),
    siteId: siteId(),
    userId: ref('user_id').notNull(),
    courseId: ref('course_id').notNull(),
    chapterId: ref('chapter_id').notNull(),
    periodId: ref('period_id').notNull(),
    position: doublePrecision('position').notNull().default(0),
    content: text('content').notNull(),
    ...gmt,
  },
  (t) => [
    index('note_log_user_idx').on(t.siteId, t.userId, t.gmtCreate),
    index('note_log_period_idx').on(t.siteId, t.userId, t.periodId),
  ],
);
