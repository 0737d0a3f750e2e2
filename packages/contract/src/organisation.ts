import { z } from './zod-config.ts';
import { defineCall, Empty, IdBody, ImageUrl, oneOf, optionalText, PageQuery, pageOf, text } from './call.ts';
import { CourseBrief } from './course.ts';
import { optionalRichText } from './rich-text.ts';
import { Mobile } from './user.ts';

/**
 * Organisations (userType 3, decision 47): the organisation centre (its lecturers, their courses, classes, exams
 * and sales) and the public school page /schoolProfile/:id. A lecturer teaches for an organisation once they
 * accept its invitation; the organisation sees what its lecturers publish while the relation lasts.
 */

/** 1 invited, 2 teaching, 3 declined, 4 ended. */
export const OrgRelationStatus = { INVITED: 1, ACCEPTED: 2, DECLINED: 3, ENDED: 4 } as const;
export const ORG_RELATION_LABELS: Record<number, string> = { 1: '待接受', 2: '任教中', 3: '已拒绝', 4: '已解除' };

export const OrgProfile = z.object({
  /** the organisation's user id: the school page is /schoolProfile/{id} */
  id: z.string(),
  orgName: z.string(),
  logoUrl: z.string(),
  summary: z.string(),
  introduce: z.string(),
});
export type TOrgProfile = z.output<typeof OrgProfile>;

export const OrgCentre = z.object({
  profile: OrgProfile,
  lecturerCount: z.number().int(),
  invitedCount: z.number().int(),
  courseCount: z.number().int(),
  gradeCount: z.number().int(),
  examCount: z.number().int(),
  /** paid orders of its lecturers' courses since each joined, less the refunded ones */
  orderCount: z.number().int(),
  /** fen */
  salesAmount: z.number().int(),
});
export type TOrgCentre = z.output<typeof OrgCentre>;

export const OrgRelation = z.object({
  id: z.string(),
  orgUserId: z.string(),
  orgName: z.string(),
  lecturerUserId: z.string(),
  lecturerName: z.string(),
  headImgUrl: z.string(),
  /** masked: 138****0002 */
  mobile: z.string(),
  status: z.number().int(),
  remark: z.string(),
  gmtCreate: z.string(),
  answerTime: z.string(),
});
export type TOrgRelation = z.output<typeof OrgRelation>;

export const orgCentreView = defineCall({
  method: 'POST',
  path: '/user/auth/org/view',
  access: 'auth',
  summary: '机构中心概况（机构账号）',
  body: Empty,
  data: OrgCentre,
});
export const orgProfileSave = defineCall({
  method: 'POST',
  path: '/user/auth/org/profile/save',
  access: 'auth',
  summary: '保存机构主页资料（名称、标志、简介、介绍）',
  body: z.object({
    orgName: text('机构名称', 50),
    logoUrl: ImageUrl,
    summary: optionalText('一句话简介', 200),
    introduce: optionalRichText('机构介绍', 20000),
  }),
  data: OrgProfile,
});
export const orgLecturerInvite = defineCall({
  method: 'POST',
  path: '/user/auth/org/lecturer/invite',
  access: 'auth',
  summary: '按手机号邀请讲师加入机构（对方在“讲师信息”中接受）',
  body: z.object({ mobile: Mobile, remark: optionalText('邀请说明', 200) }),
  data: OrgRelation,
});
export const orgLecturerPage = defineCall({
  method: 'POST',
  path: '/user/auth/org/lecturer/page',
  access: 'auth',
  summary: '机构的讲师与邀请',
  body: PageQuery.extend({ status: z.coerce.number().int().min(1).max(4).optional().catch(undefined) }),
  data: pageOf(OrgRelation),
});
export const orgRelationEnd = defineCall({
  method: 'POST',
  path: '/user/auth/org/relation/end',
  access: 'auth',
  summary: '解除任教关系或撤回邀请（机构或讲师本人）',
  body: IdBody,
  data: OrgRelation,
});
export const orgInviteList = defineCall({
  method: 'POST',
  path: '/user/auth/org/invite/list',
  access: 'auth',
  summary: '讲师收到的机构邀请和当前任教的机构',
  body: Empty,
  data: z.array(OrgRelation),
});
export const orgInviteAnswer = defineCall({
  method: 'POST',
  path: '/user/auth/org/invite/answer',
  access: 'auth',
  summary: '讲师接受或拒绝机构邀请',
  body: IdBody.extend({ accept: oneOf([0, 1] as const, '请选择接受或拒绝') }),
  data: OrgRelation,
});

export const OrgCourse = CourseBrief.extend({ isPutaway: z.number().int(), statusId: z.number().int() });
export const orgCoursePage = defineCall({
  method: 'POST',
  path: '/user/auth/org/course/page',
  access: 'auth',
  summary: '机构讲师的课程（含下架）',
  body: PageQuery,
  data: pageOf(OrgCourse),
});
export const OrgGrade = z.object({
  id: z.string(),
  gradeName: z.string(),
  lecturerName: z.string(),
  studentCount: z.number().int(),
  capacity: z.number().int(),
  beginTime: z.string(),
  endTime: z.string(),
});
export const orgGradePage = defineCall({
  method: 'POST',
  path: '/user/auth/org/grade/page',
  access: 'auth',
  summary: '机构讲师开设的班级',
  body: PageQuery,
  data: pageOf(OrgGrade),
});
export const OrgExam = z.object({
  id: z.string(),
  examName: z.string(),
  lecturerName: z.string(),
  problemCount: z.number().int(),
  totalScore: z.number().int(),
  studyCount: z.number().int(),
  isPutAway: z.number().int(),
  gmtCreate: z.string(),
});
export const orgExamPage = defineCall({
  method: 'POST',
  path: '/user/auth/org/exam/page',
  access: 'auth',
  summary: '机构讲师发布的试卷',
  body: PageQuery,
  data: pageOf(OrgExam),
});
export const OrgSale = z.object({
  orderNo: z.string(),
  courseName: z.string(),
  lecturerName: z.string(),
  mobile: z.string(),
  pricePaid: z.number().int(),
  /** 2 paid, 5 refunded */
  orderStatus: z.number().int(),
  payTime: z.string(),
});
export const orgSalePage = defineCall({
  method: 'POST',
  path: '/user/auth/org/sale/page',
  access: 'auth',
  summary: '机构讲师的课程销售（加入机构之后）',
  body: PageQuery,
  data: pageOf(OrgSale),
});

export const SchoolLecturer = z.object({
  id: z.string(),
  lecturerName: z.string(),
  headImgUrl: z.string(),
  position: z.string(),
});
export const SchoolProfile = OrgProfile.extend({
  lecturers: z.array(SchoolLecturer),
  courseCount: z.number().int(),
});
export type TSchoolProfile = z.output<typeof SchoolProfile>;
export const schoolProfileView = defineCall({
  method: 'POST',
  path: '/user/api/org/view',
  access: 'api',
  summary: '机构主页：介绍与讲师',
  body: IdBody,
  data: SchoolProfile,
});
export const schoolList = defineCall({
  method: 'POST',
  path: '/user/api/org/list',
  access: 'api',
  summary: '有机构主页的机构（最多 500 个，供网站地图和机构列表）',
  body: Empty,
  data: z.array(OrgProfile.omit({ introduce: true })),
});
export const schoolCoursePage = defineCall({
  method: 'POST',
  path: '/user/api/org/course/page',
  access: 'api',
  summary: '机构主页：讲师在架的课程',
  body: PageQuery.extend(IdBody.shape),
  data: pageOf(CourseBrief),
});
