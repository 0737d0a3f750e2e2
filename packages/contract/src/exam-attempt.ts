import { z } from './zod-config.ts';
import { defineCall, Id, optionalText, PageQuery, pageOf } from './call.ts';
import { EXAM_LIMITS, ProblemFull, ProblemShown } from './exam.ts';
import { VideoPlay } from './vod.ts';

/**
 * Exams, part 2: attempts (exam records), answers, marking, statistics and the export.
 *
 * An attempt's deadline is fixed by the server when it starts (start + answerTime). Saves are accepted until
 * the deadline plus EXAM_LIMITS.graceSeconds; then a job submits the attempt. Record status: 1 in progress,
 * 2 submitted (subjective answers waiting for the lecturer), 3 marked (final score known).
 */
export const RecordStatus = { IN_PROGRESS: 1, SUBMITTED: 2, MARKED: 3 } as const;
/** Per answer: 1 right, 2 partly right (multiple choice, fill-in), 0 wrong; null while waiting for marking. */
export const Correctness = { WRONG: 0, RIGHT: 1, PARTIAL: 2 } as const;
/** A save refused because the time and the grace are over (or the job or the leave limit has submitted it). */
export const SAVE_REFUSED_AFTER_DEADLINE = '考试已结束，答案未能保存';
/** A save refused because the student has submitted the attempt. */
export const SAVE_REFUSED_SUBMITTED = '这次考试已交卷，答案不能再修改';

const AnswerIn = z
  .array(z.string({ error: '答案格式不正确' }).max(EXAM_LIMITS.maxAnswerChars, { error: '答案不能超过 5000 个字' }), {
    error: '答案格式不正确',
  })
  .max(50, { error: '答案格式不正确' });

export const SavedAnswer = z.object({ problemId: z.string(), answer: z.array(z.string()), savedTime: z.string() });

/** Everything the attempt page needs, on start and on continue: the same order, every saved answer, the clock. */
export const Attempt = z.object({
  recordId: z.string(),
  examId: z.string(),
  examName: z.string(),
  answerTime: z.number().int(),
  totalScore: z.number().int(),
  passScore: z.number().int(),
  status: z.number().int(),
  startTime: z.string(),
  deadlineTime: z.string(),
  /** Seconds left by the server's clock; the page counts down from this and re-syncs on continue. */
  remainingSeconds: z.number().int(),
  leaveCount: z.number().int(),
  leaveLimit: z.number().int(),
  sections: z.array(z.object({ titleName: z.string(), score: z.number().int(), problems: z.array(ProblemShown) })),
  answers: z.array(SavedAnswer),
});
export type TAttempt = z.output<typeof Attempt>;

export const RecordSummary = z.object({
  recordId: z.string(),
  examId: z.string(),
  examName: z.string(),
  status: z.number().int(),
  statusName: z.string(),
  startTime: z.string(),
  deadlineTime: z.string(),
  submitTime: z.string(),
  /** 1 when the job submitted it (the student did not). */
  isAutoSubmit: z.number().int(),
  objectiveScore: z.number().int(),
  subjectiveScore: z.number().int(),
  /** The score so far; final once status is 3. */
  totalScore: z.number().int(),
  paperTotalScore: z.number().int(),
  passScore: z.number().int(),
  isPass: z.number().int(),
  leaveCount: z.number().int(),
  waitMarkCount: z.number().int(),
});
export type TRecordSummary = z.output<typeof RecordSummary>;

const RecordIdBody = z.object({ recordId: Id });

export const examOnline = defineCall({
  method: 'POST',
  path: '/exam/auth/user/exam/record/examOnline',
  access: 'auth',
  summary: '开始考试（已有进行中的考试则返回它）；截止时间由服务器确定',
  body: z.object({ examId: Id }),
  data: Attempt,
});
export const examContinue = defineCall({
  method: 'POST',
  path: '/exam/auth/user/exam/record/continue',
  access: 'auth',
  summary: '继续考试：恢复题目顺序、全部已保存答案与剩余时间',
  body: RecordIdBody,
  data: Attempt,
});
export const answerSave = defineCall({
  method: 'POST',
  path: '/exam/auth/user/exam/record/answer/save',
  access: 'auth',
  summary: `保存一题的答案（可重复提交，以最后一次为准；空数组表示清空）；截止 ${EXAM_LIMITS.graceSeconds} 秒后拒绝：${SAVE_REFUSED_AFTER_DEADLINE}`,
  body: z.object({ recordId: Id, problemId: Id, answer: AnswerIn }),
  data: z.object({
    problemId: z.string(),
    saved: z.literal(1),
    savedTime: z.string(),
    remainingSeconds: z.number().int(),
  }),
});
export const examFinish = defineCall({
  method: 'POST',
  path: '/exam/auth/user/exam/record/examFinish',
  access: 'auth',
  summary: '交卷：可附带尚未保存的答案（断网期间排队的），一并保存后评分；客观题立即得分，主观题进入批阅',
  body: z.object({
    recordId: Id,
    answers: z
      .array(z.object({ problemId: Id, answer: AnswerIn }))
      .max(EXAM_LIMITS.maxProblemsPerPaper * 2, { error: '答案过多' })
      .default([]),
  }),
  data: RecordSummary,
});
export const examLeave = defineCall({
  method: 'POST',
  path: '/exam/auth/user/exam/record/leave',
  access: 'auth',
  summary: '报告一次离开考试页面（切屏）；试卷限定次数时超过即自动交卷',
  body: RecordIdBody,
  data: z.object({ leaveCount: z.number().int(), leaveLimit: z.number().int(), submitted: z.number().int() }),
});
export const recordList = defineCall({
  method: 'POST',
  path: '/exam/auth/user/exam/record/list',
  access: 'auth',
  summary: '我的考试记录',
  body: PageQuery.extend({
    examId: z.union([Id, z.literal('')]).optional(),
    status: z.coerce.number().int().min(1).max(3).optional().catch(undefined),
  }),
  data: pageOf(RecordSummary),
});
export const recordCheck = defineCall({
  method: 'POST',
  path: '/exam/auth/user/exam/record/check',
  access: 'auth',
  summary: '能否开始这份试卷、是否有进行中的考试',
  body: z.object({ examId: Id }),
  data: z.object({
    canStart: z.number().int(),
    reason: z.string(),
    recordId: z.string(),
    remainingSeconds: z.number().int(),
  }),
});

/** The result page: only after submission, only for the student or the paper's lecturer. */
export const AnswerResult = z.object({
  problemId: z.string(),
  /** The student's answer in the paper's true option keys. */
  answer: z.array(z.string()),
  score: z.number().int().nullable(),
  isCorrect: z.number().int().nullable(),
  /** 0 objective (scored at once), 1 waiting for the lecturer, 2 marked by the lecturer. */
  markStatus: z.number().int(),
  markRemark: z.string(),
});
export const RecordResult = RecordSummary.extend({
  userId: z.string(),
  userNickname: z.string(),
  sections: z.array(
    z.object({
      titleName: z.string(),
      score: z.number().int(),
      problems: z.array(
        z.object({
          score: z.number().int(),
          problem: ProblemFull,
          result: AnswerResult.nullable(),
          children: z.array(z.object({ problemId: z.string(), result: AnswerResult.nullable() })),
        }),
      ),
    }),
  ),
});
export const answerView = defineCall({
  method: 'POST',
  path: '/exam/auth/user/exam/answer/view',
  access: 'auth',
  summary: '考试结果：每题的作答、得分、正确答案与解析（交卷后；本人或试卷讲师）',
  body: RecordIdBody,
  data: RecordResult,
});
export const userExamList = defineCall({
  method: 'POST',
  path: '/exam/auth/user/exam/list',
  access: 'auth',
  summary: '我考过的试卷：次数、最高分、最近一次',
  body: PageQuery,
  data: pageOf(
    z.object({
      examId: z.string(),
      examName: z.string(),
      paperTotalScore: z.number().int(),
      attemptCount: z.number().int(),
      bestScore: z.number().int(),
      lastRecordId: z.string(),
      lastStatus: z.number().int(),
      lastTime: z.string(),
    }),
  ),
});
export const examSign = defineCall({
  method: 'POST',
  path: '/exam/auth/exam/sign',
  access: 'auth',
  summary: '题目讲解视频：交卷后（或试卷讲师）才给出带签名的 HLS 播放地址（约 2 小时有效，绑定观看者）',
  body: z.object({ problemId: Id, recordId: z.union([Id, z.literal('')]).optional() }),
  data: VideoPlay.extend({ problemId: z.string() }),
});

/* ---- the lecturer: marking, statistics, export ---- */

export const markPage = defineCall({
  method: 'POST',
  path: '/exam/auth/user/exam/record/mark/page',
  access: 'auth',
  summary: '批阅列表（讲师，仅自己的试卷）：默认待批阅',
  body: PageQuery.extend({
    examId: z.union([Id, z.literal('')]).optional(),
    status: z.coerce.number().int().min(2).max(3).default(2),
  }),
  data: pageOf(RecordSummary.extend({ userId: z.string(), userNickname: z.string(), userMobile: z.string() })),
});
export const answerMark = defineCall({
  method: 'POST',
  path: '/exam/auth/user/exam/answer/mark',
  access: 'auth',
  summary: '给一道主观题打分（讲师，仅自己的试卷）；全部批完后成绩确定并通知学员',
  body: z.object({
    recordId: Id,
    problemId: Id,
    score: z.coerce.number({ error: '请填写得分' }).int({ error: '得分必须是整数' }).min(0, { error: '得分不能为负' }),
    markRemark: optionalText('评语', 500),
  }),
  data: RecordSummary,
});
export const examStatistics = defineCall({
  method: 'POST',
  path: '/exam/auth/exam/statistics',
  access: 'auth',
  summary: '试卷统计（讲师）：分数段人数与每题正确率',
  body: z.object({ examId: Id }),
  data: z.object({
    examId: z.string(),
    examName: z.string(),
    submittedCount: z.number().int(),
    markedCount: z.number().int(),
    averageScore: z.number(),
    passCount: z.number().int(),
    /** Ten bands of the paper's total: label like '0-9', the last one includes the full score. */
    buckets: z.array(
      z.object({ label: z.string(), min: z.number().int(), max: z.number().int(), count: z.number().int() }),
    ),
    problems: z.array(
      z.object({
        problemId: z.string(),
        problemTypeName: z.string(),
        problemContent: z.string(),
        answeredCount: z.number().int(),
        correctCount: z.number().int(),
        /** correctCount / submittedCount, 0–1 (unanswered counts as not correct). */
        correctRate: z.number(),
      }),
    ),
  }),
});
/** Replies with an .xlsx file (not the envelope) when allowed; refusals come as the usual envelope. */
export const examExport = defineCall({
  method: 'GET',
  path: '/exam/auth/user/exam/download/export',
  access: 'auth',
  summary: '导出试卷成绩 xlsx（讲师）：每次交卷一行',
  body: z.object({ examId: Id }),
  data: z.null(),
});
