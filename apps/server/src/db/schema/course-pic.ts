import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { gmt, id, ref, siteId, statusSort } from './common.ts';

/**
 * Pictures shown with a chapter or a lesson (slides, illustrations). A picture of the chapter itself has no
 * `periodId`; a lesson's picture names its lesson and that lesson's chapter. The image lives in public storage
 * (the image upload); the row only points at it. The draft twin follows the studio's rule: the same id for the
 * draft and the published row, approval upserts and retires (status 0) what the draft no longer has.
 */
const picColumns = () => ({
  id: id(),
  siteId: siteId(),
  courseId: ref('course_id').notNull(),
  chapterId: ref('chapter_id').notNull(),
  periodId: ref('period_id'),
  picName: text('pic_name').notNull().default(''),
  picUrl: text('pic_url').notNull(),
  ...gmt,
  ...statusSort,
});

export const courseChapterPicAudit = pgTable('course_chapter_pic_audit', picColumns(), (t) => [
  index('course_chapter_pic_audit_course_idx').on(t.siteId, t.courseId, t.chapterId, t.sort, t.id),
]);

export const courseChapterPic = pgTable('course_chapter_pic', picColumns(), (t) => [
  index('course_chapter_pic_course_idx').on(t.siteId, t.courseId, t.chapterId, t.sort, t.id),
]);
