import { z } from './zod-config.ts';
import { defineCall, Empty, Id, IdBody, ImageUrl, oneOf, optionalText, PageQuery, pageOf, text } from './call.ts';
import { Mobile } from './user.ts';

/** Who may join a class: 1 anyone at once, 2 by application the teacher or a class admin audits, 3 with the code. */
export const JoinRule = { OPEN: 1, APPLY: 2, CODE: 3 } as const;
/** A member's role in a class. */
export const GradeRole = { STUDENT: 1, ADMIN: 2 } as const;
/** What the signed-in user is to a class (`myRole`): none, student, class admin, or its teacher. */
export const GradeRelation = { NONE: 0, STUDENT: 1, ADMIN: 2, TEACHER: 9 } as const;
export const ApplyStatus = { PENDING: 1, APPROVED: 2, REFUSED: 3, IGNORED: 4 } as const;
/** Why a member is no longer one. */
export const LeaveType = { NONE: 0, QUIT: 1, KICKED: 2, DISBANDED: 3 } as const;

export const GRADE_LIMITS = {
  maxCapacity: 100_000,
  /** rows of an uploaded member list */
  maxImportRows: 5_000,
  importMaxBytes: 2 * 1024 * 1024,
  maxCourses: 50,
  maxBatch: 200,
  /** days of the summary's chart of progress over time: 30 by default, at most this many */
  maxHistoryDays: 366,
} as const;

const Time = z
  .string({ error: '请选择时间' })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/, { error: '时间格式应为 YYYY-MM-DD HH:mm:ss' });

const GradeBase = z.object({
  gradeName: text('班级名称', 50),
  gradeCover: ImageUrl,
  introduction: optionalText('班级介绍', 2000),
  categoryId: z
    .union([Id, z.literal(''), z.null()])
    .optional()
    .transform((v) => (v ? v : undefined)),
  capacity: z.coerce
    .number({ error: '班级人数上限应为数字' })
    .int({ error: '班级人数上限应为整数' })
    .min(0, { error: '班级人数上限不能小于 0（0 为不限）' })
    .max(GRADE_LIMITS.maxCapacity, { error: `班级人数上限不能超过 ${GRADE_LIMITS.maxCapacity}` })
    .default(0),
  beginTime: Time,
  endTime: Time,
  joinRule: oneOf([1, 2, 3], '请选择加入方式：直接加入、申请审核或邀请码'),
});
/** The end after the beginning is checked by the server, once the times are read as Shanghai's. */
export const GradeFields = GradeBase;
export type TGradeFields = z.output<typeof GradeFields>;

export const Grade = z.object({
  id: z.string(),
  gradeName: z.string(),
  gradeCover: z.string(),
  introduction: z.string(),
  categoryId: z.string(),
  categoryName: z.string(),
  capacity: z.number().int(),
  studentCount: z.number().int(),
  beginTime: z.string(),
  endTime: z.string(),
  joinRule: z.number().int(),
  /** only the teacher and the class admins see it; '' for everyone else */
  invitationCode: z.string(),
  lecturerUserId: z.string(),
  lecturerName: z.string(),
  statusId: z.number().int(),
  /** 1 once the end time has passed: on the expire list, and its courses no longer open */
  isExpired: z.number().int(),
  /** GradeRelation of the signed-in user; 0 on public calls */
  myRole: z.number().int(),
  /** the user's pending application, 1, or 0 */
  myApplyStatus: z.number().int(),
  /** applications waiting for audit: shown to the teacher and the class admins only, 0 for everyone else */
  pendingApplyCount: z.number().int(),
  gmtCreate: z.string(),
});
export type TGrade = z.output<typeof Grade>;

/* ---- classes ---- */

export const gradeInfoSave = defineCall({
  method: 'POST',
  path: '/exam/auth/grade/info/save',
  access: 'auth',
  summary: '创建班级（讲师或机构）',
  body: GradeFields,
  data: Grade,
});
export const gradeInfoUpdate = defineCall({
  method: 'PUT',
  path: '/exam/auth/grade/info/update',
  access: 'auth',
  summary: '修改班级（仅班主任）',
  body: GradeBase.extend({ id: Id }),
  data: Grade,
});
/** teacher: classes I teach; admin: classes I administer; my: classes I belong to. Expired classes excluded. */
export const GradeScope = z.enum(['teacher', 'admin', 'my'], { error: '请选择班级范围' });
export const gradeInfoPage = defineCall({
  method: 'POST',
  path: '/exam/auth/grade/info/page',
  access: 'auth',
  summary: '我的班级：我教的、我管理的、我加入的（未结束的）',
  body: PageQuery.extend({ scope: GradeScope.default('my') }),
  data: pageOf(Grade),
});
export const gradeExpireList = defineCall({
  method: 'POST',
  path: '/exam/auth/grade/info/expire/list',
  access: 'auth',
  summary: '已结束的班级：我教的、我管理的、我加入的',
  body: PageQuery.extend({ scope: GradeScope.default('my') }),
  data: pageOf(Grade),
});
export const gradeInfoView = defineCall({
  method: 'POST',
  path: '/exam/auth/grade/info/view',
  access: 'auth',
  summary: '班级详情（含我与班级的关系）',
  body: IdBody,
  data: Grade,
});
export const gradeInfoShare = defineCall({
  method: 'POST',
  path: '/exam/auth/grade/info/share',
  access: 'auth',
  summary: '班级的加入链接（带邀请码）与二维码（班主任与班级管理员）',
  body: IdBody,
  data: z.object({ joinUrl: z.string(), invitationCode: z.string(), qrcodeImg: z.string() }),
});
export const gradeInfoDisband = defineCall({
  method: 'POST',
  path: '/exam/auth/grade/info/disband',
  access: 'auth',
  summary: '解散班级（仅班主任）：成员收到消息，班级课程随即不再开放',
  body: IdBody,
  data: z.null(),
});
export const gradeListPublic = defineCall({
  method: 'POST',
  path: '/exam/api/grade/info/list',
  access: 'api',
  summary: '可加入的班级（未结束），可按分类筛选',
  body: PageQuery.extend({
    categoryId: z
      .union([Id, z.literal('')])
      .optional()
      .transform((v) => (v ? v : undefined)),
  }),
  data: pageOf(Grade),
});
export const gradeViewPublic = defineCall({
  method: 'POST',
  path: '/exam/api/grade/info/view',
  access: 'api',
  summary: '班级公开信息',
  body: IdBody,
  data: Grade,
});

/* ---- members ---- */

export const GradeStudent = z.object({
  id: z.string(),
  gradeId: z.string(),
  userId: z.string(),
  nickname: z.string(),
  /** masked for class admins, whole for the teacher */
  mobile: z.string(),
  headImgUrl: z.string(),
  role: z.number().int(),
  joinedAt: z.string(),
});
export type TGradeStudent = z.output<typeof GradeStudent>;

export const gradeStudentJoin = defineCall({
  method: 'POST',
  path: '/exam/auth/grade/student/grade/add',
  access: 'auth',
  summary: '加入班级：直接加入、提交申请或凭邀请码加入',
  body: z.object({
    gradeId: Id,
    invitationCode: z.string().trim().max(20, { error: '邀请码不正确' }).default(''),
    applyRemark: optionalText('申请说明', 200),
  }),
  data: z.object({ joined: z.number().int(), applyStatus: z.number().int() }),
});
export const gradeStudentAdd = defineCall({
  method: 'POST',
  path: '/exam/auth/grade/student/add',
  access: 'auth',
  summary: '按手机号添加学员（仅班主任）',
  body: z.object({ gradeId: Id, mobile: Mobile }),
  data: GradeStudent,
});
export const ImportRow = z.object({
  row: z.number().int(),
  mobile: z.string(),
  /** why the row was not added */
  reason: z.string(),
});
export const ImportReport = z.object({
  added: z.number().int(),
  refused: z.number().int(),
  /** the refused rows, in the file's order */
  rows: z.array(ImportRow),
});
export type TImportReport = z.output<typeof ImportReport>;
/** multipart: the field `gradeId`, then `file` (.xlsx, mobiles in the first column) */
export const gradeStudentImport = defineCall({
  method: 'POST',
  path: '/exam/auth/grade/student/import',
  access: 'auth',
  summary: '上传 xlsx 手机号名单批量添加学员（仅班主任），逐行报告未添加的原因',
  body: Empty,
  data: ImportReport,
});
export const gradeStudentTemplate = defineCall({
  method: 'GET',
  path: '/exam/auth/grade/student/template',
  access: 'auth',
  summary: '下载学员名单模板 xlsx',
  body: Empty,
  data: z.null(),
});
export const gradeStudentQuit = defineCall({
  method: 'PUT',
  path: '/exam/auth/grade/student/quit',
  access: 'auth',
  summary: '退出班级',
  body: z.object({ gradeId: Id }),
  data: z.null(),
});
export const gradeStudentKickOut = defineCall({
  method: 'PUT',
  path: '/exam/auth/grade/student/kick/out',
  access: 'auth',
  summary: '移出学员（班主任，或班级管理员移出普通学员）',
  body: IdBody,
  data: z.null(),
});
export const gradeStudentPage = defineCall({
  method: 'POST',
  path: '/exam/auth/grade/student/page',
  access: 'auth',
  summary: '班级成员（班主任与班级管理员）',
  body: PageQuery.extend({
    gradeId: Id,
    role: oneOf([0, 1, 2], '成员角色不正确').default(0),
    /** part of a nickname or of a mobile */
    keyword: optionalText('搜索内容', 20),
  }),
  data: pageOf(GradeStudent),
});
export const gradeStudentUpdateAdmin = defineCall({
  method: 'PUT',
  path: '/exam/auth/grade/student/update/admin',
  access: 'auth',
  summary: '设为或取消班级管理员（仅班主任）',
  body: z.object({ id: Id, role: oneOf([1, 2], '请选择角色：学员或班级管理员') }),
  data: GradeStudent,
});

/* ---- applications ---- */

export const GradeApply = z.object({
  id: z.string(),
  gradeId: z.string(),
  userId: z.string(),
  nickname: z.string(),
  mobile: z.string(),
  applyStatus: z.number().int(),
  applyRemark: z.string(),
  auditOpinion: z.string(),
  auditTime: z.string(),
  gmtCreate: z.string(),
});
export type TGradeApply = z.output<typeof GradeApply>;

export const gradeApplyPage = defineCall({
  method: 'POST',
  path: '/exam/auth/grade/apply/record/page',
  access: 'auth',
  summary: '入班申请（班主任与班级管理员）',
  body: PageQuery.extend({ gradeId: Id, applyStatus: oneOf([0, 1, 2, 3, 4], '申请状态不正确').default(1) }),
  data: pageOf(GradeApply),
});
const AuditResult = oneOf([2, 3], '请选择审核结果：通过或拒绝');
export const gradeApplyAudit = defineCall({
  method: 'POST',
  path: '/exam/auth/grade/apply/record/audit',
  access: 'auth',
  summary: '审核一条入班申请：通过或拒绝（申请人收到消息）',
  body: z.object({ id: Id, applyStatus: AuditResult, auditOpinion: optionalText('审核意见', 200) }),
  data: GradeApply,
});
const ApplyIds = z
  .array(Id, { error: '请选择申请' })
  .min(1, { error: '请选择申请' })
  .max(GRADE_LIMITS.maxBatch, { error: `一次最多处理 ${GRADE_LIMITS.maxBatch} 条申请` });
export const BatchResult = z.object({
  done: z.number().int(),
  /** what could not be done and why, per application */
  refused: z.array(z.object({ id: z.string(), reason: z.string() })),
});
export const gradeApplyBatch = defineCall({
  method: 'POST',
  path: '/exam/auth/grade/apply/record/batch',
  access: 'auth',
  summary: '批量审核入班申请',
  body: z.object({ ids: ApplyIds, applyStatus: AuditResult, auditOpinion: optionalText('审核意见', 200) }),
  data: BatchResult,
});
export const gradeApplyIgnore = defineCall({
  method: 'POST',
  path: '/exam/auth/grade/apply/record/ignore',
  access: 'auth',
  summary: '忽略入班申请（不通知申请人）',
  body: z.object({ ids: ApplyIds }),
  data: BatchResult,
});

/* ---- courses ---- */

export const GradeCourse = z.object({
  id: z.string(),
  courseId: z.string(),
  courseName: z.string(),
  courseLogo: z.string(),
  coursePrice: z.number().int(),
  periodTotal: z.number().int(),
  lecturerName: z.string(),
});
export type TGradeCourse = z.output<typeof GradeCourse>;
export const gradeCourseSave = defineCall({
  method: 'POST',
  path: '/exam/auth/grade/course/save',
  access: 'auth',
  summary: '设置班级课程（仅班主任，本人的课程）：给出的列表即班级课程',
  body: z.object({
    gradeId: Id,
    courseIds: z
      .array(Id, { error: '课程格式不正确' })
      .max(GRADE_LIMITS.maxCourses, { error: `一个班级最多 ${GRADE_LIMITS.maxCourses} 门课程` }),
  }),
  data: z.array(GradeCourse),
});
export const gradeCoursePage = defineCall({
  method: 'POST',
  path: '/exam/auth/grade/course/page',
  access: 'auth',
  summary: '班级课程（班主任与成员）',
  body: PageQuery.extend({ gradeId: Id }),
  data: pageOf(GradeCourse),
});
export const courseGradeSave = defineCall({
  method: 'POST',
  path: '/course/auth/grade/save',
  access: 'auth',
  summary: '把一门本人的课程加入班级（仅班主任）',
  body: z.object({ gradeId: Id, courseId: Id }),
  data: GradeCourse,
});
export const courseGradeCheck = defineCall({
  method: 'GET',
  path: '/course/auth/grade/check',
  access: 'auth',
  summary: '能否通过班级学习这个课时',
  body: z.object({ periodId: Id }),
  data: z.object({ isGrade: z.number().int(), gradeId: z.string(), gradeName: z.string(), endTime: z.string() }),
});

/* ---- summary and tips ---- */

export const GradeSummaryRow = z.object({
  userId: z.string(),
  nickname: z.string(),
  role: z.number().int(),
  /** per class course, in the order of `courses`: the percent of its lessons studied */
  progress: z.array(z.number()),
  /** the mean of `progress` */
  meanProgress: z.number(),
  /** per class exam, in the order of `exams`: the best handed-in score, -1 before any */
  scores: z.array(z.number().int()),
});
/** The summary's order: 0 members as the member list has them, 1 a ranking by mean progress, highest first. */
export const SummaryOrder = { JOINED: 0, RANKED: 1 } as const;
export const gradeSummary = defineCall({
  method: 'POST',
  path: '/exam/auth/grade/summary',
  access: 'auth',
  summary: '班级学习统计（班主任与班级管理员）：每位成员在每门班级课程的进度与每场班级考试的成绩，可按平均进度排名',
  body: PageQuery.extend({ gradeId: Id, order: oneOf([0, 1], '排序方式不正确').default(0) }),
  data: pageOf(GradeSummaryRow).extend({
    courses: z.array(z.object({ courseId: z.string(), courseName: z.string() })),
    exams: z.array(z.object({ gradeExamId: z.string(), examName: z.string() })),
  }),
});
/** Replies with an .xlsx file (not the envelope) when allowed; refusals come as the usual envelope. */
export const gradeSummaryExport = defineCall({
  method: 'GET',
  path: '/exam/auth/grade/summary/export',
  access: 'auth',
  summary: '导出班级学习统计 xlsx（仅班主任）：成员按平均进度排名，每门班级课程一列',
  body: z.object({ gradeId: Id }),
  data: z.null(),
});
/** One day of a class: members, their mean progress in the class courses (percent), members who studied that day. */
export const GradeDay = z.object({
  /** YYYY-MM-DD, Asia/Shanghai */
  day: z.string(),
  memberCount: z.number().int(),
  meanProgress: z.number(),
  studiedCount: z.number().int(),
});
export type TGradeDay = z.output<typeof GradeDay>;
/**
 * Its own call rather than a field of the summary's data: the summary is a page of members and is read page by
 * page, while the history is the whole class's and its live point reads every member's progress.
 */
export const gradeSummaryHistory = defineCall({
  method: 'POST',
  path: '/exam/auth/grade/summary/history',
  access: 'auth',
  summary: '班级学习进度走势（班主任与班级管理员）：最近若干天每天的成员数、平均进度与当天学习人数；今天一点为实时数据',
  body: z.object({
    gradeId: Id,
    days: z.coerce
      .number({ error: '天数必须是数字' })
      .int({ error: '天数必须是整数' })
      .min(2, { error: '天数至少为 2' })
      .max(GRADE_LIMITS.maxHistoryDays, { error: `天数不能超过 ${GRADE_LIMITS.maxHistoryDays}` })
      .default(30),
  }),
  /** oldest first; days with no record (before the class began, or missed) are left out */
  data: z.array(GradeDay),
});
export const gradeTips = defineCall({
  method: 'POST',
  path: '/exam/auth/grade/tips',
  access: 'auth',
  summary: '待处理提示：待审核的入班申请数、待批阅的班级考试答卷数；是否显示班级管理入口',
  body: Empty,
  data: z.object({
    applyCount: z.number().int(),
    /** handed-in attempts of the classes I teach waiting for my marking */
    markCount: z.number().int(),
    teachCount: z.number().int(),
    adminCount: z.number().int(),
    /** the side menu's class-management entry: the user administers or teaches a class */
    isGradeAdmin: z.number().int(),
  }),
});

/* ---- platform administrator ---- */

export const adminGradePage = defineCall({
  method: 'POST',
  path: '/exam/admin/grade/info/page',
  access: 'admin',
  summary: '全部班级',
  body: PageQuery.extend({
    gradeName: optionalText('班级名称', 50),
    statusId: oneOf([-1, 0, 1], '状态不正确').default(-1),
  }),
  data: pageOf(Grade),
});
export const adminGradeDisband = defineCall({
  method: 'POST',
  path: '/exam/admin/grade/info/disband',
  access: 'admin',
  summary: '解散班级（成员收到消息）',
  body: IdBody,
  data: z.null(),
});
