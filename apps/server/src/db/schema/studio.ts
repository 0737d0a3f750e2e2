import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { gmt, id, ref, siteId, statusSort } from './common.ts';

/**
 * The lecturer's draft of a course (the audit copy). Ids are shared with the published rows: approval writes
 * course, chapters, lessons and files under the same ids, so links, study records and orders keep pointing at
 * the same things. `auditStatus` 3 editing, 0 waiting for audit, 1 approved, 2 rejected (see `auditOpinion`),
 * as for papers; the service always sets it, and any edit returns it to 3. `isPublished` 1 once a published
 * course exists. `isPutaway` is the shelf state the lecturer asked for; `statusId` 0 a deleted draft.
 */
export const courseAudit = pgTable(
  'course_audit',
  {
    id: id(),
    siteId: siteId(),
    lecturerUserId: ref('lecturer_user_id').notNull(),
    categoryId: ref('category_id').notNull(),
    courseType: integer('course_type').notNull().default(1),
    courseName: text('course_name').notNull(),
    courseLogo: text('course_logo').notNull().default(''),
    introduce: text('introduce').notNull().default(''),
    isFree: integer('is_free').notNull().default(0),
    rulingPrice: bigint('ruling_price', { mode: 'number' }).notNull().default(0),
    coursePrice: bigint('course_price', { mode: 'number' }).notNull().default(0),
    isVipFree: integer('is_vip_free').notNull().default(0),
    speedDouble: integer('speed_double').notNull().default(1),
    speedDrag: integer('speed_drag').notNull().default(1),
    isPutaway: integer('is_putaway').notNull().default(1),
    auditStatus: integer('audit_status').notNull().default(0),
    auditOpinion: text('audit_opinion').notNull().default(''),
    isPublished: integer('is_published').notNull().default(0),
    submitTime: timestamp('submit_time', { withTimezone: true }),
    ...gmt,
    ...statusSort,
  },
  (t) => [
    index('course_audit_lecturer_idx').on(t.siteId, t.lecturerUserId, t.statusId, t.gmtModified.desc()),
    index('course_audit_queue_idx').on(t.siteId, t.auditStatus, t.submitTime),
  ],
);

export const courseChapterAudit = pgTable(
  'course_chapter_audit',
  {
    id: id(),
    siteId: siteId(),
    courseId: ref('course_id').notNull(),
    chapterName: text('chapter_name').notNull(),
    chapterDesc: text('chapter_desc').notNull().default(''),
    isFree: integer('is_free').notNull().default(0),
    ...gmt,
    ...statusSort,
  },
  (t) => [index('course_chapter_audit_course_idx').on(t.siteId, t.courseId, t.sort, t.id)],
);

/** A lesson draft; `videoId` an uploaded video of the lecturer (vod module), its length copied when ready. */
export const coursePeriodAudit = pgTable(
  'course_chapter_period_audit',
  {
    id: id(),
    siteId: siteId(),
    courseId: ref('course_id').notNull(),
    chapterId: ref('chapter_id').notNull(),
    periodName: text('period_name').notNull(),
    periodDesc: text('period_desc').notNull().default(''),
    isFree: integer('is_free').notNull().default(0),
    videoId: ref('video_id'),
    videoDuration: integer('video_duration').notNull().default(0),
    docKey: text('doc_key'),
    docName: text('doc_name').notNull().default(''),
    docPages: integer('doc_pages').notNull().default(0),
    ...gmt,
    ...statusSort,
  },
  (t) => [
    index('course_period_audit_course_idx').on(t.siteId, t.courseId, t.chapterId, t.sort, t.id),
    index('course_period_audit_video_idx').on(t.siteId, t.videoId),
  ],
);

export const courseAccessoryAudit = pgTable(
  'course_accessory_audit',
  {
    id: id(),
    siteId: siteId(),
    courseId: ref('course_id').notNull(),
    accessoryName: text('accessory_name').notNull(),
    storageKey: text('storage_key').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull().default(0),
    ...gmt,
    ...statusSort,
  },
  (t) => [index('course_accessory_audit_course_idx').on(t.siteId, t.courseId, t.sort)],
);
