import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { gmt, id, ref, siteId, statusSort } from './common.ts';

/**
 * One category tree per kind of course: categoryType 1 video courses (录播), 2 resources (资源), 3 libraries
 * (文库). A course holds one category; listing by a category includes its descendants. `floor` is the level, 1–3.
 */
export const courseCategory = pgTable(
  'course_category',
  {
    id: id(),
    siteId: siteId(),
    parentId: bigint('parent_id', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    categoryType: integer('category_type').notNull().default(1),
    categoryName: text('category_name').notNull(),
    floor: integer('floor').notNull().default(1),
    remark: text('remark').notNull().default(''),
    ...gmt,
    ...statusSort,
  },
  (t) => [index('course_category_tree_idx').on(t.siteId, t.categoryType, t.parentId, t.sort)],
);

/**
 * The published course. courseType 1 video (录播), 2 live (直播), 3 resource (资源), 4 library (文库).
 * Money in fen: `rulingPrice` is the strike-through price shown, `coursePrice` what is charged. `isVipFree` lets
 * VIP members study it without buying; `speedDouble`/`speedDrag` allow playback speed change and free seeking.
 * `isPutaway` 1 on the shelf. The counters are kept by the services that change them.
 */
export const course = pgTable(
  'course',
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
    isRecommend: integer('is_recommend').notNull().default(0),
    countBuy: integer('count_buy').notNull().default(0),
    countStudy: integer('count_study').notNull().default(0),
    periodTotal: integer('period_total').notNull().default(0),
    ...gmt,
    ...statusSort,
  },
  (t) => [
    // one index per list order (default, popular, price), so a page is read in order instead of sorted
    index('course_list_idx').on(t.siteId, t.courseType, t.isPutaway, t.statusId, t.sort, t.id.desc()),
    index('course_popular_idx').on(
      t.siteId,
      t.courseType,
      t.isPutaway,
      t.statusId,
      t.countBuy.desc(),
      t.countStudy.desc(),
      t.id.desc(),
    ),
    index('course_price_idx').on(t.siteId, t.courseType, t.isPutaway, t.statusId, t.coursePrice, t.id.desc()),
    index('course_category_idx').on(t.siteId, t.categoryId),
    index('course_lecturer_idx').on(t.siteId, t.lecturerUserId),
    index('course_name_trgm_idx').using('gin', sql`${t.courseName} gin_trgm_ops`),
  ],
);

export const courseChapter = pgTable(
  'course_chapter',
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
  (t) => [index('course_chapter_course_idx').on(t.siteId, t.courseId, t.sort, t.id)],
);

/**
 * A lesson (课时). A video lesson points at a transcoded video of the vod module; a library lesson at a
 * document in storage (`docKey`, `docPages`). `videoDuration` (seconds) is copied when the video is ready,
 * so progress needs no call to the vod module.
 */
export const coursePeriod = pgTable(
  'course_chapter_period',
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
    countStudy: integer('count_study').notNull().default(0),
    ...gmt,
    ...statusSort,
  },
  (t) => [
    index('course_period_course_idx').on(t.siteId, t.courseId, t.chapterId, t.sort, t.id),
    index('course_period_video_idx').on(t.siteId, t.videoId),
  ],
);

/** A downloadable file of a course (a resource course's files, or a video course's handouts). */
export const courseAccessory = pgTable(
  'course_accessory',
  {
    id: id(),
    siteId: siteId(),
    courseId: ref('course_id').notNull(),
    accessoryName: text('accessory_name').notNull(),
    storageKey: text('storage_key').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull().default(0),
    downloadCount: integer('download_count').notNull().default(0),
    ...gmt,
    ...statusSort,
  },
  (t) => [index('course_accessory_course_idx').on(t.siteId, t.courseId, t.sort)],
);

/**
 * The entitlement: the user may study the course. buyType 1 bought, 0 joined a free course, 2 granted by an
 * administrator, 3 granted by a class. `expireAt` null means no end. Progress of the course is kept here too.
 */
export const userCourse = pgTable(
  'user_course',
  {
    id: id(),
    siteId: siteId(),
    userId: ref('user_id').notNull(),
    courseId: ref('course_id').notNull(),
    buyType: integer('buy_type').notNull().default(0),
    expireAt: timestamp('expire_at', { withTimezone: true }),
    grantedBy: ref('granted_by'),
    ...gmt,
    statusId: integer('status_id').notNull().default(1),
  },
  (t) => [
    uniqueIndex('user_course_uq').on(t.siteId, t.userId, t.courseId),
    index('user_course_course_idx').on(t.siteId, t.courseId),
  ],
);

export const userCourseCollect = pgTable(
  'user_course_collect',
  {
    id: id(),
    siteId: siteId(),
    userId: ref('user_id').notNull(),
    courseId: ref('course_id').notNull(),
    gmtCreate: gmt.gmtCreate,
  },
  (t) => [
    uniqueIndex('user_course_collect_uq').on(t.siteId, t.userId, t.courseId),
    index('user_course_collect_user_idx').on(t.siteId, t.userId, t.gmtCreate),
  ],
);

/** A comment on a course; `parentId` for a reply. Deleted by its author or the course's lecturer. */
export const userCourseComment = pgTable(
  'user_course_comment',
  {
    id: id(),
    siteId: siteId(),
    courseId: ref('course_id').notNull(),
    userId: ref('user_id').notNull(),
    parentId: ref('parent_id'),
    commentText: text('comment_text').notNull(),
    ...gmt,
    statusId: integer('status_id').notNull().default(1),
  },
  (t) => [index('user_course_comment_course_idx').on(t.siteId, t.courseId, t.gmtCreate)],
);

/** Courses shown in a home-page zone (zone of the system module). */
export const zoneCourse = pgTable(
  'zone_course',
  {
    id: id(),
    siteId: siteId(),
    zoneId: ref('zone_id').notNull(),
    courseId: ref('course_id').notNull(),
    ...gmt,
    ...statusSort,
  },
  (t) => [uniqueIndex('zone_course_uq').on(t.siteId, t.zoneId, t.courseId)],
);
