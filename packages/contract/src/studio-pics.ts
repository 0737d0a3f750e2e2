import { z } from './zod-config.ts';
import { defineCall, Id, IdBody, optionalText } from './call.ts';

/**
 * Pictures of a chapter or a lesson (slides, illustrations shown with it), spec §7 "chapter pic and period pic".
 * The lecturer first uploads the image (/system/auth/upload/aliyun, which checks it decodes as an image) and then
 * attaches the returned url to the chapter or lesson draft. They are published with the course on approval.
 */
export const PicAudit = z.object({
  id: z.string(),
  courseId: z.string(),
  chapterId: z.string(),
  /** '' for a picture of the chapter itself */
  periodId: z.string(),
  picName: z.string(),
  picUrl: z.string(),
  sort: z.number().int(),
  gmtCreate: z.string(),
});
export type TPicAudit = z.output<typeof PicAudit>;

/** How many pictures one chapter or one lesson may hold. */
export const PICS_PER_ITEM_MAX = 50;

/** The url /system/auth/upload/aliyun answered for the image. */
const PicUrl = z
  .string({ error: '请先上传图片' })
  .trim()
  .min(1, { error: '请先上传图片' })
  .max(500, { error: '图片地址过长，请重新上传' });
const PicFields = z.object({ picUrl: PicUrl, picName: optionalText('图片名称', 100) });

const auth = 'auth' as const;

export const chapterPicAuditList = defineCall({
  method: 'POST',
  path: '/course/auth/course/chapter/pic/audit/list',
  access: auth,
  summary: '章节草稿的图片（不含其课时的图片）',
  body: z.object({ chapterId: Id }),
  data: z.array(PicAudit),
});
export const chapterPicAuditSave = defineCall({
  method: 'POST',
  path: '/course/auth/course/chapter/pic/audit/save',
  access: auth,
  summary: '为章节草稿添加一张已上传的图片（改后需重新提交审核）',
  body: PicFields.extend({ chapterId: Id }),
  data: PicAudit,
});
export const chapterPicAuditDelete = defineCall({
  method: 'POST',
  path: '/course/auth/course/chapter/pic/audit/delete',
  access: auth,
  summary: '删除章节草稿的图片',
  body: IdBody,
  data: z.null(),
});

export const periodPicAuditList = defineCall({
  method: 'POST',
  path: '/course/auth/course/chapter/period/pic/audit/list',
  access: auth,
  summary: '课时草稿的图片',
  body: z.object({ periodId: Id }),
  data: z.array(PicAudit),
});
export const periodPicAuditSave = defineCall({
  method: 'POST',
  path: '/course/auth/course/chapter/period/pic/audit/save',
  access: auth,
  summary: '为课时草稿添加一张已上传的图片（改后需重新提交审核）',
  body: PicFields.extend({ periodId: Id }),
  data: PicAudit,
});
export const periodPicAuditDelete = defineCall({
  method: 'POST',
  path: '/course/auth/course/chapter/period/pic/audit/delete',
  access: auth,
  summary: '删除课时草稿的图片',
  body: IdBody,
  data: z.null(),
});

/** A published picture, as learners see it. */
export const CoursePic = z.object({
  id: z.string(),
  chapterId: z.string(),
  periodId: z.string(),
  picName: z.string(),
  picUrl: z.string(),
});
export type TCoursePic = z.output<typeof CoursePic>;
export const coursePicList = defineCall({
  method: 'POST',
  path: '/course/api/course/pic/list',
  access: 'api',
  summary: '已发布课程的章节与课时图片（按章节、课时、顺序）',
  body: z.object({ courseId: Id }),
  data: z.array(CoursePic),
});
