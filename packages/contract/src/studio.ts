import { z } from './zod-config.ts';
import { optionalRichText } from './rich-text.ts';
import { defineCall, Id, IdBody, ImageUrl, oneOf, optionalText, PageQuery, pageOf, text } from './call.ts';
import { CourseView } from './course.ts';

/**
 * The lecturer studio (spec §7 "course audit"): lecturers edit drafts of their courses; submitting sends a draft to
 * the administrator, whose approval publishes it under the same ids. Statuses as for papers: 3 editing, 0 waiting
 * for audit, 1 approved (the draft equals what is on sale), 2 rejected (see auditOpinion).
 */
export const CourseAuditStatus = { PENDING: 0, APPROVED: 1, REJECTED: 2, EDITING: 3 } as const;
export const COURSE_AUDIT_STATUS_NAMES: Record<number, string> = {
  0: '待审核',
  1: '审核通过',
  2: '审核不通过',
  3: '编辑中',
};

/**
 * Lecturers author video (1), live (2), resource (3) and library (4) courses as drafts; a live course's sessions
 * are scheduled with the live calls (live.ts), and only a lecturer whose live teaching was granted may author one.
 */
export const StudioCourseTypes = [1, 2, 3, 4] as const;
/** The highest price a course may ask, in fen (1,000,000 yuan). */
export const COURSE_PRICE_MAX_FEN = 100_000_000;

const flag = (msg: string) => oneOf([0, 1], msg);
const price = (label: string) =>
  z.coerce
    .number({ error: `${label}必须是数字` })
    .int({ error: `${label}以分为单位，必须是整数` })
    .min(0, { error: `${label}不能小于 0` })
    .max(COURSE_PRICE_MAX_FEN, { error: `${label}不能超过 100 万元` })
    .default(0);

export const CourseAuditInput = z.object({
  courseType: oneOf(StudioCourseTypes, '请选择课程类型（录播、直播、资源或文库）').default(1),
  categoryId: Id,
  courseName: text('课程名称', 100),
  courseLogo: ImageUrl,
  introduce: optionalRichText('课程介绍', 50_000),
  isFree: flag('请选择是否免费').default(0),
  rulingPrice: price('划线价'),
  coursePrice: price('课程价格'),
  isVipFree: flag('请选择会员是否免费').default(0),
  speedDouble: flag('请选择是否允许倍速').default(1),
  speedDrag: flag('请选择是否允许拖动').default(1),
  sort: z.coerce.number().int().min(0).max(1_000_000).default(100),
});
export type TCourseAuditInput = z.output<typeof CourseAuditInput>;

/** A draft as the lecturer's course list shows it. */
export const CourseAuditBrief = z.object({
  id: z.string(),
  courseType: z.number().int(),
  courseName: z.string(),
  courseLogo: z.string(),
  categoryId: z.string(),
  isFree: z.number().int(),
  rulingPrice: z.number().int(),
  coursePrice: z.number().int(),
  auditStatus: z.number().int(),
  auditStatusName: z.string(),
  auditOpinion: z.string(),
  /** 1 once a version of the course is on sale (or was, if it is off the shelf) */
  isPublished: z.number().int(),
  isPutaway: z.number().int(),
  periodTotal: z.number().int(),
  gmtModified: z.string(),
});
export type TCourseAuditBrief = z.output<typeof CourseAuditBrief>;

export const CourseAuditView = CourseAuditBrief.extend({
  introduce: z.string(),
  isVipFree: z.number().int(),
  speedDouble: z.number().int(),
  speedDrag: z.number().int(),
  sort: z.number().int(),
  submitTime: z.string(),
});
export type TCourseAuditView = z.output<typeof CourseAuditView>;

export const PeriodAudit = z.object({
  id: z.string(),
  courseId: z.string(),
  chapterId: z.string(),
  periodName: z.string(),
  periodDesc: z.string(),
  isFree: z.number().int(),
  videoId: z.string(),
  videoName: z.string(),
  /** the video's transcoding state (vod VideoStatus), 0 without a video */
  videoStatus: z.number().int(),
  videoDuration: z.number().int(),
  sort: z.number().int(),
});
export type TPeriodAudit = z.output<typeof PeriodAudit>;

export const ChapterAudit = z.object({
  id: z.string(),
  courseId: z.string(),
  chapterName: z.string(),
  chapterDesc: z.string(),
  isFree: z.number().int(),
  sort: z.number().int(),
  periodList: z.array(PeriodAudit),
});
export type TChapterAudit = z.output<typeof ChapterAudit>;

const ChapterInput = z.object({
  chapterName: text('章节名称', 100),
  chapterDesc: optionalText('章节简介', 500),
  isFree: flag('请选择是否免费').default(0),
});
const PeriodInput = z.object({
  periodName: text('课时名称', 100),
  periodDesc: optionalText('课时简介', 500),
  isFree: flag('请选择是否免费').default(0),
});
/** The new order: every id of the list, first to last. */
const SortIds = z.array(Id).min(1, { error: '请提供排序后的列表' }).max(1000, { error: '一次最多排序 1000 项' });

const auth = 'auth' as const;

export const courseAuditList = defineCall({
  method: 'POST',
  path: '/course/auth/course/audit/list',
  access: auth,
  summary: '讲师的课程（草稿）列表，含审核状态与上下架状态',
  body: PageQuery.extend({
    courseName: optionalText('课程名称', 100),
    courseType: z.coerce.number().int().optional().catch(undefined),
    auditStatus: z.coerce.number().int().min(0).max(3).optional().catch(undefined),
  }),
  data: pageOf(CourseAuditBrief),
});
export const courseAuditSave = defineCall({
  method: 'POST',
  path: '/course/auth/course/audit/save',
  access: auth,
  summary: '新建课程草稿',
  body: CourseAuditInput,
  data: CourseAuditView,
});
export const courseAuditView = defineCall({
  method: 'POST',
  path: '/course/auth/course/audit/view',
  access: auth,
  summary: '课程草稿详情',
  body: IdBody,
  data: CourseAuditView,
});
export const courseAuditUpdate = defineCall({
  method: 'POST',
  path: '/course/auth/course/audit/update',
  access: auth,
  summary: '修改课程草稿（改后需重新提交审核；已发布的版本照常销售）',
  body: CourseAuditInput.extend({ id: Id }),
  data: CourseAuditView,
});
export const courseAuditDelete = defineCall({
  method: 'POST',
  path: '/course/auth/course/audit/delete',
  access: auth,
  summary: '删除未发布的课程草稿',
  body: IdBody,
  data: z.null(),
});
export const courseAuditStand = defineCall({
  method: 'POST',
  path: '/course/auth/course/audit/stand',
  access: auth,
  summary: '已发布课程上架或下架',
  body: z.object({ id: Id, isPutaway: flag('请选择上架或下架') }),
  data: CourseAuditView,
});
export const courseAuditSubmit = defineCall({
  method: 'POST',
  path: '/course/auth/course/audit/submit',
  access: auth,
  summary: '提交课程审核',
  body: IdBody,
  data: CourseAuditView,
});
export const courseAuditPreview = defineCall({
  method: 'POST',
  path: '/course/auth/course/audit/preview',
  access: auth,
  summary: '预览课程草稿（与公开课程页同一形状）',
  body: IdBody,
  data: CourseView,
});

export const chapterAuditList = defineCall({
  method: 'POST',
  path: '/course/auth/course/chapter/audit/list',
  access: auth,
  summary: '课程草稿的章节（含课时）',
  body: z.object({ courseId: Id }),
  data: z.array(ChapterAudit),
});
export const chapterAuditSave = defineCall({
  method: 'POST',
  path: '/course/auth/course/chapter/audit/save',
  access: auth,
  summary: '添加章节',
  body: ChapterInput.extend({ courseId: Id }),
  data: ChapterAudit,
});
export const chapterAuditUpdate = defineCall({
  method: 'POST',
  path: '/course/auth/course/chapter/audit/update',
  access: auth,
  summary: '修改章节',
  body: ChapterInput.extend({ id: Id }),
  data: ChapterAudit,
});
export const chapterAuditDelete = defineCall({
  method: 'POST',
  path: '/course/auth/course/chapter/audit/delete',
  access: auth,
  summary: '删除章节及其课时',
  body: IdBody,
  data: z.null(),
});
export const chapterAuditSort = defineCall({
  method: 'POST',
  path: '/course/auth/course/chapter/audit/sort',
  access: auth,
  summary: '章节排序（拖动后提交全部章节的新顺序）',
  body: z.object({ courseId: Id, ids: SortIds }),
  data: z.array(ChapterAudit),
});

export const periodAuditList = defineCall({
  method: 'POST',
  path: '/course/auth/course/chapter/period/audit/list',
  access: auth,
  summary: '章节的课时草稿',
  body: z.object({ chapterId: Id }),
  data: z.array(PeriodAudit),
});
export const periodAuditSave = defineCall({
  method: 'POST',
  path: '/course/auth/course/chapter/period/audit/save',
  access: auth,
  summary: '添加课时',
  body: PeriodInput.extend({ chapterId: Id }),
  data: PeriodAudit,
});
export const periodAuditUpdate = defineCall({
  method: 'POST',
  path: '/course/auth/course/chapter/period/audit/update',
  access: auth,
  summary: '修改课时',
  body: PeriodInput.extend({ id: Id }),
  data: PeriodAudit,
});
export const periodAuditDelete = defineCall({
  method: 'POST',
  path: '/course/auth/course/chapter/period/audit/delete',
  access: auth,
  summary: '删除课时',
  body: IdBody,
  data: z.null(),
});
export const periodAuditSort = defineCall({
  method: 'POST',
  path: '/course/auth/course/chapter/period/audit/sort',
  access: auth,
  summary: '课时排序（拖动后提交本章全部课时的新顺序）',
  body: z.object({ chapterId: Id, ids: SortIds }),
  data: z.array(PeriodAudit),
});
