import { z } from './zod-config.ts';
import { defineCall, Id, IdBody, oneOf, optionalText, PageQuery, pageOf } from './call.ts';
import { CourseView } from './course.ts';
import { CourseAuditBrief, CourseAuditView } from './studio.ts';
import { VideoPlay } from './vod.ts';

/**
 * The administrator's side of the course audit: the queue, the change view (what approval would change on the
 * published course) and the decision (1 approve and publish, 2 reject with an opinion).
 */
/** One field that differs between the draft and the published course. */
export const FieldChange = z.object({ field: z.string(), label: z.string(), before: z.string(), after: z.string() });
/** A chapter, lesson, file or picture that was added, removed or changed, with the changed fields. */
export const ItemChange = z.object({
  kind: z.enum(['chapter', 'period', 'accessory', 'pic']),
  change: z.enum(['added', 'removed', 'changed']),
  id: z.string(),
  name: z.string(),
  chapterName: z.string(),
  fields: z.array(FieldChange),
});
export const CourseAuditDiff = z.object({
  course: CourseAuditView.extend({ lecturerUserId: z.string(), lecturerName: z.string() }),
  isPublished: z.number().int(),
  fields: z.array(FieldChange),
  items: z.array(ItemChange),
  /** the draft in the shape of the public course page */
  draft: CourseView,
});
export type TCourseAuditDiff = z.output<typeof CourseAuditDiff>;

export const adminCourseAuditPage = defineCall({
  method: 'POST',
  path: '/course/admin/course/audit/page',
  access: 'admin',
  summary: '课程审核队列（默认待审核，先提交的在前）',
  body: PageQuery.extend({
    auditStatus: z.coerce.number().int().min(0).max(3).default(0).catch(0),
    courseName: optionalText('课程名称', 100),
  }),
  data: pageOf(
    CourseAuditBrief.extend({ lecturerUserId: z.string(), lecturerName: z.string(), submitTime: z.string() }),
  ),
});
export const adminCourseAuditView = defineCall({
  method: 'POST',
  path: '/course/admin/course/audit/view',
  access: 'admin',
  summary: '课程审核详情：草稿与已发布版本的差异',
  body: IdBody,
  data: CourseAuditDiff,
});
export const adminCourseAudit = defineCall({
  method: 'POST',
  path: '/course/admin/course/audit/audit',
  access: 'admin',
  summary: '审核课程：通过即发布（课程、章节、课时、附件一并生效），不通过须填写意见',
  body: z.object({ id: Id, auditStatus: oneOf([1, 2], '请选择审核结果'), auditOpinion: optionalText('审核意见', 500) }),
  data: CourseAuditView,
});

export const adminCourseAuditPeriodPlay = defineCall({
  method: 'POST',
  path: '/course/admin/course/audit/period/play',
  access: 'admin',
  summary: '审核时播放草稿课时的视频（签名、限时的 HLS 地址，未发布的视频也可播放）',
  body: z.object({ periodId: Id }),
  data: VideoPlay,
});

/** The same change view for the lecturer's own draft: what an approval would change (/account/vod/check). */
export const courseAuditChanges = defineCall({
  method: 'POST',
  path: '/course/auth/course/audit/changes',
  access: 'auth',
  summary: '讲师查看课程草稿与已发布版本的差异（提交审核前核对）',
  body: IdBody,
  data: CourseAuditDiff,
});
