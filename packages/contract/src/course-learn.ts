import { z } from './zod-config.ts';
import { defineCall, Id, IdBody, optionalText, PageQuery, pageOf, text } from './call.ts';
import { AccessoryBrief, CourseBrief, CourseIdBody, CourseView, PeriodBrief } from './course.ts';

/**
 * The signed-in learner's side of a course (`/course/auth/…`): the personal course page, starting a lesson,
 * downloads, favourites, comments and "my courses". Admin grants are at the end.
 */

/** The course page for the signed-in user: isPay per spec §4, favourite mark, grant expiry and progress. */
export const CourseViewAuth = CourseView.extend({
  isCollect: z.number().int(),
  /** when the user's access ends; '' when it does not (or there is none) */
  expireTime: z.string(),
  /** the user's progress over the course, 0–100 */
  studyPercent: z.number(),
  /** the lesson to continue with; '' before the first lesson */
  lastPeriodId: z.string(),
});
export type TCourseViewAuth = z.output<typeof CourseViewAuth>;

export const courseViewAuth = defineCall({
  method: 'POST',
  path: '/course/auth/course/view',
  access: 'auth',
  summary: '课程详情（登录用户）：isPay、是否收藏、有效期与学习进度',
  body: CourseIdBody,
  data: CourseViewAuth,
});

/**
 * Starting a lesson: checks access (the same rules as playback) and answers what the player needs. Without a
 * periodId it opens the lesson last studied, else the first. A library lesson's document text is in `docText`;
 * a video lesson plays through /vod/auth/videoInfo/play with the periodId.
 */
export const CourseSign = z.object({
  courseId: z.string(),
  chapterId: z.string(),
  periodId: z.string(),
  periodName: z.string(),
  hasVideo: z.number().int(),
  videoDuration: z.number().int(),
  speedDouble: z.number().int(),
  speedDrag: z.number().int(),
  /** seconds to resume from */
  currentPosition: z.number(),
  /** the furthest watched second (a course that forbids seeking allows seeking up to here) */
  watchedUntil: z.number(),
  isFinish: z.number().int(),
  docName: z.string(),
  /** 'text' | 'markdown' | 'html' (sanitized) | '' */
  docType: z.string(),
  docText: z.string(),
  nextPeriodId: z.string(),
});
export type TCourseSign = z.output<typeof CourseSign>;
export const courseSign = defineCall({
  method: 'POST',
  path: '/course/auth/course/sign',
  access: 'auth',
  summary: '开始学习某课时：校验权限，返回播放/阅读所需信息与上次位置（未购买返回 999“请先购买课程”）',
  body: z.object({ courseId: Id, periodId: Id.optional() }),
  data: CourseSign,
});

/** A lesson in the player's side list, with the user's own progress and whether they may open it. */
export const PeriodLearn = PeriodBrief.extend({
  isPlayable: z.number().int(),
  percent: z.number(),
  isFinish: z.number().int(),
  currentPosition: z.number(),
});
export const ChapterLearn = z.object({
  id: z.string(),
  chapterName: z.string(),
  chapterDesc: z.string(),
  isFree: z.number().int(),
  periodList: z.array(PeriodLearn),
});
export type TChapterLearn = z.output<typeof ChapterLearn>;
export const chapterPage = defineCall({
  method: 'POST',
  path: '/course/auth/course/chapter/page',
  access: 'auth',
  summary: '学习页的章节课时（分页），带本人进度与是否可学',
  body: PageQuery.extend({ courseId: Id }),
  data: pageOf(ChapterLearn),
});

export const accessoryDownload = defineCall({
  method: 'POST',
  path: '/course/auth/course/accessory/download',
  access: 'auth',
  summary: '下载课程附件：有学习权限时返回 5 分钟内有效的下载地址',
  body: z.object({ accessoryId: Id }),
  data: AccessoryBrief.extend({ downloadUrl: z.string(), expireTime: z.string() }),
});

export const collectionSave = defineCall({
  method: 'POST',
  path: '/course/auth/course/collection/save',
  access: 'auth',
  summary: '收藏课程',
  body: CourseIdBody,
  data: z.object({ isCollect: z.number().int() }),
});
export const collectionDelete = defineCall({
  method: 'POST',
  path: '/course/auth/course/collection/delete',
  access: 'auth',
  summary: '取消收藏课程',
  body: CourseIdBody,
  data: z.object({ isCollect: z.number().int() }),
});

export const CourseComment = z.object({
  id: z.string(),
  courseId: z.string(),
  parentId: z.string(),
  userId: z.string(),
  nickname: z.string(),
  headImgUrl: z.string(),
  commentText: z.string(),
  gmtCreate: z.string(),
  /** 1 when the reader may delete it: its author or the course's lecturer */
  canDelete: z.number().int(),
});
export type TCourseComment = z.output<typeof CourseComment>;
export const courseCommentSave = defineCall({
  method: 'POST',
  path: '/course/auth/course/comment/save',
  access: 'auth',
  summary: '发表课程评论（parentId 为回复）',
  body: z.object({ courseId: Id, commentText: text('评论内容', 500), parentId: Id.optional() }),
  data: CourseComment,
});
export const courseCommentList = defineCall({
  method: 'POST',
  path: '/course/auth/course/comment/list',
  access: 'auth',
  summary: '课程评论（登录用户，带可删除标记），最新在前',
  body: PageQuery.extend({ courseId: Id }),
  data: pageOf(CourseComment),
});
/** The course page shows comments to visitors too; canDelete is always 0 here. */
export const courseCommentListPublic = defineCall({
  method: 'POST',
  path: '/course/api/course/comment/list',
  access: 'api',
  summary: '课程评论（公开），最新在前',
  body: PageQuery.extend({ courseId: Id }),
  data: pageOf(CourseComment),
});
export const courseCommentDelete = defineCall({
  method: 'POST',
  path: '/course/auth/course/comment/delete',
  access: 'auth',
  summary: '删除课程评论（评论者本人或课程讲师）',
  body: IdBody,
  data: z.null(),
});

/** /account/course: the courses the user may study, with progress. */
export const MyCourse = CourseBrief.extend({
  /** 0 joined free, 1 bought, 2 granted by an administrator, 3 by a class, 4 free for VIP members and studied as one */
  buyType: z.number().int(),
  expireTime: z.string(),
  isExpired: z.number().int(),
  studyPercent: z.number(),
  lastPeriodId: z.string(),
  lastStudyTime: z.string(),
  joinTime: z.string(),
});
export type TMyCourse = z.output<typeof MyCourse>;
export const userCourseList = defineCall({
  method: 'POST',
  path: '/course/auth/user/order/course/ref/list',
  access: 'auth',
  summary: '我的课程：已购买、已加入或被授予的课程，以及以会员身份学习的会员免费课程，附学习进度，最近学习在前',
  body: PageQuery.extend({ courseType: z.coerce.number().int().min(1).max(4).optional() }),
  data: pageOf(MyCourse),
});

export const CollectedCourse = CourseBrief.extend({ collectTime: z.string() });
export const userCollectionList = defineCall({
  method: 'POST',
  path: '/course/auth/user/collection/course/list',
  access: 'auth',
  summary: '我收藏的课程',
  body: PageQuery.extend({ courseType: z.coerce.number().int().min(1).max(4).optional() }),
  data: pageOf(CollectedCourse),
});
export const userCollectionDelete = defineCall({
  method: 'POST',
  path: '/course/auth/user/collection/course/delete',
  access: 'auth',
  summary: '取消收藏（我的收藏页）',
  body: CourseIdBody,
  data: z.null(),
});

// ---- administration: the course list and access grants (buyType 2) ----

export const CourseAdmin = CourseBrief.extend({
  isPutaway: z.number().int(),
  statusId: z.number().int(),
  sort: z.number().int(),
});
export const adminCoursePage = defineCall({
  method: 'POST',
  path: '/course/admin/course/page',
  access: 'admin',
  summary: '课程列表（管理）',
  body: PageQuery.extend({
    courseName: optionalText('课程名称', 50),
    courseType: z.coerce.number().int().min(1).max(4).optional(),
    isPutaway: z.coerce.number().int().min(0).max(1).optional(),
  }),
  data: pageOf(CourseAdmin),
});

export const UserCourseGrant = z.object({
  id: z.string(),
  userId: z.string(),
  mobile: z.string(),
  nickname: z.string(),
  courseId: z.string(),
  courseName: z.string(),
  buyType: z.number().int(),
  expireTime: z.string(),
  isExpired: z.number().int(),
  gmtCreate: z.string(),
});
export type TUserCourseGrant = z.output<typeof UserCourseGrant>;
export const adminUserCoursePage = defineCall({
  method: 'POST',
  path: '/course/admin/user/course/page',
  access: 'admin',
  summary: '学习权限列表（按课程或手机号筛选）',
  body: PageQuery.extend({ courseId: Id.optional(), mobile: optionalText('手机号', 11) }),
  data: pageOf(UserCourseGrant),
});
export const adminUserCourseGrant = defineCall({
  method: 'POST',
  path: '/course/admin/user/course/grant',
  access: 'admin',
  summary: '为用户开通课程（buyType 2），expireTime 为空表示永久；已有权限时更新有效期',
  body: z.object({
    mobile: z
      .string({ error: '请填写手机号' })
      .trim()
      .regex(/^1\d{10}$/, { error: '请填写正确的手机号' }),
    courseId: Id,
    /** 'YYYY-MM-DD HH:mm:ss' (Asia/Shanghai) or '' for no end */
    expireTime: z.string().trim().max(19, { error: '有效期格式应为 YYYY-MM-DD HH:mm:ss' }).default(''),
  }),
  data: UserCourseGrant,
});
export const adminUserCourseRevoke = defineCall({
  method: 'POST',
  path: '/course/admin/user/course/revoke',
  access: 'admin',
  summary: '收回用户的课程权限（按权限记录 id）',
  body: IdBody,
  data: z.null(),
});
