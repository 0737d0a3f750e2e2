import { z } from './zod-config.ts';
import { defineCall, Id, IdBody, oneOf, optionalText, PageQuery, pageOf } from './call.ts';
import { Attempt, answerSave, examFinish, RecordResult, RecordSummary } from './exam-attempt.ts';

/**
 * Class exams (班级考试, spec §7 Grade "exam …, relation …, answer …"): a paper of the class teacher's bank assigned
 * to one class with an opening window and attempts allowed. Members begin, continue and submit through the same
 * attempt engine as any paper (an attempt is an ordinary exam record tied to the class exam), so saving per
 * answer, resuming and the deadline behave as in exam-attempt.ts.
 *
 * The spec names the calls but not their paths beyond `/exam/auth/grade/`: the member's calls follow the
 * reference system's `/exam/auth/grade/exam/student/relation/…` and `/exam/auth/grade/student/exam/answer/…`,
 * the teacher's `/exam/auth/grade/exam/…`. Bodies and replies are the house's (JSON, ids as strings, pages).
 */

/** Where a class exam stands in its window. */
export const GradeExamState = { UPCOMING: 1, OPEN: 2, CLOSED: 3 } as const;
export const gradeExamStateName: Record<number, string> = { 1: '未开始', 2: '进行中', 3: '已结束' };
/** Spec §4 compensate status: 0 none, 1 reopened for one member (one more attempt until a time), 2 used. */
export const CompensateStatus = { NONE: 0, REOPENED: 1, USED: 2 } as const;

export const GRADE_EXAM_LIMITS = {
  maxAttempts: 10,
  /** the longest window, so a typo in the year does not leave an exam open for a decade */
  maxWindowDays: 366,
} as const;

/** Refusal to anyone outside the class: the student-relation check answers it with code 999 (spec §8). */
export const NOT_A_MEMBER = '您不是该班级的成员，不能参加班级考试';

const Time = z
  .string({ error: '请选择时间' })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/, { error: '时间格式应为 YYYY-MM-DD HH:mm:ss' });

const Rules = z.object({
  beginTime: Time,
  endTime: Time,
  attemptLimit: z.coerce
    .number({ error: '请填写可考次数' })
    .int({ error: '可考次数应为整数' })
    .min(1, { error: '可考次数至少为 1' })
    .max(GRADE_EXAM_LIMITS.maxAttempts, { error: `可考次数不能超过 ${GRADE_EXAM_LIMITS.maxAttempts}` })
    .default(1),
  isShowAnswer: oneOf([0, 1], '请选择交卷后是否显示答案与解析').default(0),
});

export const GradeExamFields = Rules.extend({ gradeId: Id, examId: Id });
export type TGradeExamFields = z.output<typeof GradeExamFields>;

/** A class exam. The `my…` fields are the signed-in member's (0 / '' for the teacher); the counts are the teacher's. */
export const GradeExam = z.object({
  id: z.string(),
  gradeId: z.string(),
  examId: z.string(),
  examName: z.string(),
  answerTime: z.number().int(),
  paperTotalScore: z.number().int(),
  passScore: z.number().int(),
  beginTime: z.string(),
  endTime: z.string(),
  attemptLimit: z.number().int(),
  isShowAnswer: z.number().int(),
  state: z.number().int(),
  stateName: z.string(),
  /** the teacher's: attempts handed in, and those waiting for marking */
  submittedCount: z.number().int(),
  waitMarkCount: z.number().int(),
  /** handed-in attempts of the member */
  myAttemptCount: z.number().int(),
  /** the member's attempt in progress, '' when none */
  myRecordId: z.string(),
  /** the member's best handed-in score, -1 before any */
  myBestScore: z.number().int(),
  /** the member's latest handed-in attempt, '' when none */
  myLastRecordId: z.string(),
  myCanBegin: z.number().int(),
  /** why the member cannot begin now, '' when they can */
  myReason: z.string(),
  myCompensateStatus: z.number().int(),
  /** the member may read right answers and explanations of their handed-in attempts now */
  myAnswersShown: z.number().int(),
});
export type TGradeExam = z.output<typeof GradeExam>;

const GradeExamIdBody = z.object({ gradeExamId: Id });
const RecordIdBody = z.object({ recordId: Id });

/* ---- the teacher ---- */

export const gradeExamSave = defineCall({
  method: 'POST',
  path: '/exam/auth/grade/exam/save',
  access: 'auth',
  summary: '布置班级考试（仅班主任）：从本人已发布的试卷中选一份，设定开放时间、可考次数与是否显示答案',
  body: GradeExamFields,
  data: GradeExam,
});
export const gradeExamEdit = defineCall({
  method: 'POST',
  path: '/exam/auth/grade/exam/edit',
  access: 'auth',
  summary: '修改班级考试（仅班主任）：已有人交卷后不能更换试卷',
  body: Rules.extend({ id: Id, examId: Id }),
  data: GradeExam,
});
export const gradeExamDel = defineCall({
  method: 'POST',
  path: '/exam/auth/grade/exam/del',
  access: 'auth',
  summary: '删除班级考试（仅班主任）：成员不再能参加或查看',
  body: IdBody,
  data: z.null(),
});
export const gradeExamList = defineCall({
  method: 'POST',
  path: '/exam/auth/grade/exam/list',
  access: 'auth',
  summary: '班级考试列表（班主任与成员）：成员看到自己的次数、成绩与能否开始',
  body: PageQuery.extend({ gradeId: Id }),
  data: pageOf(GradeExam),
});

/** An attempt of a class exam in the teacher's lists. */
export const GradeExamRecord = RecordSummary.extend({
  gradeExamId: z.string(),
  userId: z.string(),
  userNickname: z.string(),
  userMobile: z.string(),
});
/** Not in the spec's list; the reference system's `relation/page`: the teacher's marking list of a class. */
export const gradeExamRelationPage = defineCall({
  method: 'POST',
  path: '/exam/auth/grade/exam/student/relation/page',
  access: 'auth',
  summary: '班级考试的答卷（仅班主任）：默认待批阅，可按考试筛选',
  body: PageQuery.extend({
    gradeId: Id,
    gradeExamId: z.union([Id, z.literal('')]).default(''),
    status: oneOf([0, 1, 2, 3], '答卷状态不正确').default(2),
  }),
  data: pageOf(GradeExamRecord),
});
export const gradeExamRelationAudit = defineCall({
  method: 'POST',
  path: '/exam/auth/grade/exam/student/relation/audit',
  access: 'auth',
  summary: '批阅一道主观题（仅班主任）；全部批完即批阅完成，成绩确定并通知学员',
  body: z.object({
    recordId: Id,
    problemId: Id,
    score: z.coerce.number({ error: '请填写得分' }).int({ error: '得分必须是整数' }).min(0, { error: '得分不能为负' }),
    markRemark: optionalText('评语', 500),
  }),
  data: RecordSummary,
});
export const SysAudit = z.object({
  recordId: z.string(),
  objectiveScore: z.number().int(),
  waitMarkCount: z.number().int(),
  /** every objective answer as the system scored it */
  items: z.array(
    z.object({
      problemId: z.string(),
      problemTypeName: z.string(),
      score: z.number().int(),
      maxScore: z.number().int(),
      isCorrect: z.number().int(),
    }),
  ),
});
export const gradeAnswerSysAudit = defineCall({
  method: 'POST',
  path: '/exam/auth/grade/student/exam/answer/sys/audit',
  access: 'auth',
  summary: '系统评分（仅班主任）：一份答卷客观题的逐题得分与合计',
  body: RecordIdBody,
  data: SysAudit,
});
export const CompensateFields = z.object({
  gradeExamId: Id,
  userId: Id,
  /** until when the reopened attempt may be begun */
  compensateEndTime: Time,
});
export const gradeExamRelationSave = defineCall({
  method: 'POST',
  path: '/exam/auth/grade/exam/student/relation/save',
  access: 'auth',
  summary: '补考（仅班主任）：为一名成员重新开放一次考试机会，直到给定时间（迟到、缺考）',
  body: CompensateFields,
  data: z.object({
    gradeExamId: z.string(),
    userId: z.string(),
    compensateStatus: z.number().int(),
    compensateEndTime: z.string(),
  }),
});

/* ---- the member ---- */

export const gradeExamRelationCheck = defineCall({
  method: 'POST',
  path: '/exam/auth/grade/exam/student/relation/check',
  access: 'auth',
  summary: `能否参加这场班级考试；非成员得到 999：${NOT_A_MEMBER}`,
  body: GradeExamIdBody,
  data: z.object({
    canBegin: z.number().int(),
    reason: z.string(),
    recordId: z.string(),
    remainingSeconds: z.number().int(),
    attemptCount: z.number().int(),
    attemptLimit: z.number().int(),
  }),
});
export const gradeExamRelationBegin = defineCall({
  method: 'POST',
  path: '/exam/auth/grade/exam/student/relation/begin',
  access: 'auth',
  summary: '开始班级考试（已有进行中的则返回它）：仅成员、开放时间内（或补考中）、次数未用完',
  body: GradeExamIdBody,
  data: Attempt,
});
export const gradeExamRelationContinue = defineCall({
  method: 'POST',
  path: '/exam/auth/grade/exam/student/relation/continue',
  access: 'auth',
  summary: '继续班级考试：恢复题目顺序、全部已保存答案与剩余时间',
  body: RecordIdBody,
  data: Attempt,
});
export const gradeAnswerSave = defineCall({
  method: 'POST',
  path: '/exam/auth/grade/student/exam/answer/save',
  access: 'auth',
  summary: '保存班级考试一题的答案（与试卷考试相同：可重复提交，以最后一次为准）',
  body: answerSave.body,
  data: answerSave.data,
});
export const gradeExamRelationSubmit = defineCall({
  method: 'POST',
  path: '/exam/auth/grade/exam/student/relation/submit',
  access: 'auth',
  summary: '交卷（提交批阅）：可附带断网期间排队的答案；客观题立即得分，主观题交班主任批阅',
  body: examFinish.body,
  data: RecordSummary,
});
export const GradeScore = z.object({
  exam: GradeExam,
  /** the counted attempt (the best handed in), null before any */
  record: RecordSummary.nullable(),
  /** 1 + members with a better best score; 0 before any */
  rank: z.number().int(),
  /** members with a handed-in attempt */
  rankedCount: z.number().int(),
  memberCount: z.number().int(),
  /** every handed-in attempt of the member, newest first */
  attempts: z.array(RecordSummary),
});
export const gradeExamRelationScore = defineCall({
  method: 'POST',
  path: '/exam/auth/grade/exam/student/relation/score',
  access: 'auth',
  summary: '我的班级考试成绩：计分的一次（最高分）、班级排名与每次交卷（班主任可看任一成员）',
  body: GradeExamIdBody.extend({ userId: z.union([Id, z.literal('')]).default('') }),
  data: GradeScore,
});
export const gradeAnswerView = defineCall({
  method: 'POST',
  path: '/exam/auth/grade/student/exam/answer/view',
  access: 'auth',
  summary: '班级考试答卷的逐题结果；正确答案与解析仅在班主任允许或考试结束后给出',
  body: RecordIdBody,
  data: RecordResult.extend({ gradeExamId: z.string(), gradeId: z.string(), answersShown: z.number().int() }),
});

/* ---- public ---- */

export const gradeExamCheck = defineCall({
  method: 'GET',
  path: '/exam/api/grade/exam/check',
  access: 'api',
  summary: '班级考试是否存在及其开放状态（不含成绩与成员信息）',
  body: GradeExamIdBody,
  data: z.object({
    gradeExamId: z.string(),
    gradeId: z.string(),
    state: z.number().int(),
    stateName: z.string(),
    beginTime: z.string(),
    endTime: z.string(),
  }),
});
