import { z } from './zod-config.ts';
import { optionalRichText } from './rich-text.ts';
import { defineCall, Id, IdBody, oneOf, optionalText, PageQuery, pageOf, text } from './call.ts';
import { EXAM_LIMITS, PROBLEM_TYPES, ProblemFull, optionalId } from './exam.ts';

/** Exams, part 1b: the lecturer's papers, their audit copy and the administrator's audit (problems are in exam.ts). */

const money = z.coerce
  .number({ error: '价格格式不正确' })
  .int({ error: '价格以分为单位，必须是整数' })
  .min(0, { error: '价格不能为负' })
  .max(100_000_00, { error: '价格不能超过 10 万元' });
const flag = z.coerce.number().int().min(0).max(1).default(0);

export const PaperFields = z.object({
  examName: text('试卷名称', 100),
  subjectId: optionalId,
  yearId: optionalId,
  description: optionalRichText('试卷说明', 2000),
  answerTime: z.coerce
    .number({ error: '请填写答题时长' })
    .int({ error: '答题时长必须是整数分钟' })
    .min(1, { error: '答题时长至少 1 分钟' })
    .max(EXAM_LIMITS.maxAnswerMinutes, { error: '答题时长不能超过 600 分钟' }),
  passScore: z.coerce
    .number({ error: '请填写及格分' })
    .int({ error: '及格分必须是整数' })
    .min(0, { error: '及格分不能为负' })
    .default(60),
  isFree: oneOf([0, 1], '请选择是否免费').default(1),
  /** In fen; must be above 0 when the paper is not free. */
  priceFen: money.default(0),
  shuffleProblems: flag,
  shuffleOptions: flag,
  partialRule: oneOf([0, 1], '请选择多选题少选的计分规则').default(1),
  /** 0: leaving the page is only counted; n: the attempt is submitted when the student leaves more than n times. */
  leaveLimit: z.coerce
    .number()
    .int()
    .min(0, { error: '切屏次数不能为负' })
    .max(100, { error: '切屏次数不能超过 100' })
    .default(0),
});

/** What every view of a paper shows: its name, categories, timing, scores and price. */
export const PaperFacts = z.object({
  id: z.string(),
  examName: z.string(),
  subjectId: z.string(),
  subjectName: z.string(),
  yearId: z.string(),
  yearName: z.string(),
  description: z.string(),
  answerTime: z.number().int(),
  totalScore: z.number().int(),
  passScore: z.number().int(),
  problemCount: z.number().int(),
  isFree: z.number().int(),
  priceFen: z.number().int(),
});

/** The lecturer's paper (audit copy) as a list row. */
export const PaperAudit = PaperFacts.extend({
  shuffleProblems: z.number().int(),
  shuffleOptions: z.number().int(),
  partialRule: z.number().int(),
  leaveLimit: z.number().int(),
  auditStatus: z.number().int(),
  auditOpinion: z.string(),
  /** Whether a published copy exists, and whether it is on the shelf. */
  isPublished: z.number().int(),
  isPutAway: z.number().int(),
  gmtCreate: z.string(),
  gmtModified: z.string(),
});
export type TPaperAudit = z.output<typeof PaperAudit>;

export const SectionFull = z.object({
  titleName: z.string(),
  score: z.number().int(),
  problems: z.array(
    z.object({ problemId: z.string(), score: z.number().int(), sort: z.number().int(), problem: ProblemFull }),
  ),
});
export const PaperPreview = PaperAudit.extend({ sections: z.array(SectionFull) });

export const paperAuditList = defineCall({
  method: 'POST',
  path: '/exam/auth/exam/audit/list',
  access: 'auth',
  summary: '我的试卷（讲师，审核副本）',
  body: PageQuery.extend({
    examName: optionalText('试卷名称', 100),
    auditStatus: z.coerce.number().int().min(0).max(3).optional().catch(undefined),
  }),
  data: pageOf(PaperAudit),
});
export const paperAuditSave = defineCall({
  method: 'POST',
  path: '/exam/auth/exam/audit/save',
  access: 'auth',
  summary: '新建试卷（讲师）',
  body: PaperFields,
  data: PaperAudit,
});
export const paperAuditUpdate = defineCall({
  method: 'POST',
  path: '/exam/auth/exam/audit/update',
  access: 'auth',
  summary: '修改试卷信息（讲师；修改后需重新提交审核）',
  body: PaperFields.extend({ id: Id }),
  data: PaperAudit,
});
export const paperPutAway = defineCall({
  method: 'POST',
  path: '/exam/auth/exam/audit/is/put/way',
  access: 'auth',
  summary: '上架或下架已发布的试卷（讲师）；再次审核通过不改变上下架状态',
  body: z.object({ id: Id, isPutAway: oneOf([0, 1], '请选择上架或下架') }),
  data: PaperAudit,
});
export const SectionIn = z.object({
  titleName: text('大题名称', 50),
  problems: z
    .array(
      z.object({
        problemId: Id,
        /** Ignored for material problems: theirs is the sum of their sub-problems' scores. */
        score: z.coerce
          .number({ error: '请填写分值' })
          .int({ error: '分值必须是整数' })
          .min(1, { error: '每题至少 1 分' })
          .max(100, { error: '每题不能超过 100 分' }),
      }),
    )
    .min(1, { error: '每个大题至少选 1 道题' }),
});
export const paperRefSave = defineCall({
  method: 'POST',
  path: '/exam/auth/exam/audit/save/exam/ref',
  access: 'auth',
  summary: '手动组卷：按大题列出题目与分值，整体替换试卷结构（讲师）',
  body: z.object({
    examId: Id,
    sections: z
      .array(SectionIn)
      .min(1, { error: '请至少添加 1 个大题' })
      .max(EXAM_LIMITS.maxSections, { error: '大题最多 20 个' }),
  }),
  data: PaperPreview,
});
export const AutoRule = z.object({
  titleName: optionalText('大题名称', 50),
  problemType: oneOf(PROBLEM_TYPES, '请选择题型'),
  subjectId: optionalId,
  difficulty: z.coerce.number().int().min(1).max(3).optional().catch(undefined),
  count: z.coerce
    .number({ error: '请填写题目数量' })
    .int()
    .min(1, { error: '题目数量至少 1' })
    .max(100, { error: '每条规则最多 100 题' }),
  score: z.coerce
    .number({ error: '请填写分值' })
    .int({ error: '分值必须是整数' })
    .min(1, { error: '每题至少 1 分' })
    .max(100, { error: '每题不能超过 100 分' }),
});
export const paperAutoRefSave = defineCall({
  method: 'POST',
  path: '/exam/auth/exam/auto/save/exam/ref',
  access: 'auth',
  summary: '按规则自动组卷：每条规则从题库随机抽题成为一个大题，整体替换试卷结构（讲师）',
  body: z.object({
    examId: Id,
    rules: z
      .array(AutoRule)
      .min(1, { error: '请至少添加 1 条组卷规则' })
      .max(EXAM_LIMITS.maxSections, { error: '规则最多 20 条' }),
  }),
  data: PaperPreview,
});
export const paperPreview = defineCall({
  method: 'POST',
  path: '/exam/auth/exam/audit/preview',
  access: 'auth',
  summary: '预览试卷（讲师，含答案与解析）',
  body: z.object({ examId: Id }),
  data: PaperPreview,
});
export const paperSubmitAudit = defineCall({
  method: 'POST',
  path: '/exam/auth/exam/audit/is/submit/audit',
  access: 'auth',
  summary: '提交试卷审核（讲师）',
  body: IdBody,
  data: PaperAudit,
});

/* ---- platform administrator: paper audit ---- */

const PaperLecturer = { lecturerUserId: z.string(), lecturerName: z.string(), lecturerMobile: z.string() };
export const PaperAuditAdmin = PaperAudit.extend(PaperLecturer);
export const adminPaperAuditPage = defineCall({
  method: 'POST',
  path: '/exam/admin/exam/audit/page',
  access: 'admin',
  summary: '试卷审核列表（默认待审核优先）',
  body: PageQuery.extend({
    auditStatus: z.coerce.number().int().min(0).max(3).optional().catch(undefined),
    examName: optionalText('试卷名称', 100),
  }),
  data: pageOf(PaperAuditAdmin),
});
export const adminPaperAuditView = defineCall({
  method: 'POST',
  path: '/exam/admin/exam/audit/view',
  access: 'admin',
  summary: '试卷审核详情（含全部题目、答案与解析）',
  body: IdBody,
  data: PaperPreview.extend(PaperLecturer),
});
export const adminPaperAudit = defineCall({
  method: 'POST',
  path: '/exam/admin/exam/audit/audit',
  access: 'admin',
  summary: '审核试卷：通过即发布（首次发布即上架，之后由讲师上架或下架），不通过须填写意见；讲师收到站内信',
  body: z.object({ id: Id, auditStatus: oneOf([1, 2], '请选择审核结果'), auditOpinion: optionalText('审核意见', 500) }),
  data: PaperAuditAdmin,
});
