import { z } from './zod-config.ts';
import { Limits } from './codes.ts';
import { defineCall, Empty, Id, IdBody, optionalText, PageQuery, pageOf } from './call.ts';
import { PaperInfo } from './exam-centre.ts';
import { EXAM_LIMITS, ProblemFull, ProblemShown } from './exam.ts';
import { VideoPlay } from './vod.ts';

/**
 * Exams, part 3: the wrong-answer book, practice (from the book or from a category), paper favourites and
 * problems attached to lessons as exercises.
 *
 * Every wrong objective answer of a submitted attempt goes into the book under the problem's subject. A
 * problem leaves the book after EXAM_LIMITS.bookStreakToRemove correct practice answers in a row.
 */
const optionalId = z
  .union([Id, z.literal(''), z.null()])
  .optional()
  .transform((v) => (v ? v : undefined));
const AnswerIn = z
  .array(z.string({ error: '答案格式不正确' }).max(EXAM_LIMITS.maxAnswerChars, { error: '答案不能超过 5000 个字' }), {
    error: '答案格式不正确',
  })
  .max(50, { error: '答案格式不正确' });

export const ErrorProblem = z.object({
  id: z.string(),
  problemId: z.string(),
  problemType: z.number().int(),
  problemTypeName: z.string(),
  /** The stem as plain text, cut to 200 characters, for the list. */
  summary: z.string(),
  subjectId: z.string(),
  subjectName: z.string(),
  wrongCount: z.number().int(),
  /** Correct practice answers in a row so far (the problem leaves the book at 3). */
  correctStreak: z.number().int(),
  lastAnswer: z.array(z.string()),
  gmtModified: z.string(),
});
export const errorCategoryList = defineCall({
  method: 'GET',
  path: '/exam/auth/user/error/problem/category/list',
  access: 'auth',
  summary: '错题本的科目及每科错题数',
  body: Empty,
  data: z.array(z.object({ subjectId: z.string(), subjectName: z.string(), count: z.number().int() })),
});
export const errorPage = defineCall({
  method: 'POST',
  path: '/exam/auth/user/error/problem/page',
  access: 'auth',
  summary: '错题本',
  body: PageQuery.extend({
    subjectId: optionalId,
    problemType: z.coerce.number().int().min(1).max(6).optional().catch(undefined),
  }),
  data: pageOf(ErrorProblem),
});
export const errorView = defineCall({
  method: 'POST',
  path: '/exam/auth/user/error/problem/view',
  access: 'auth',
  summary: '错题详情：我的错误答案、正确答案与解析（复习）',
  body: IdBody,
  data: ErrorProblem.extend({ problem: ProblemFull }),
});
export const errorProblemView = defineCall({
  method: 'GET',
  path: '/exam/auth/user/error/problem/problem/view',
  access: 'auth',
  summary: '练习错题：只给题目，不给答案（id 为错题本条目）',
  body: IdBody,
  data: ErrorProblem.extend({ problem: ProblemShown }),
});
export const errorDelete = defineCall({
  method: 'DELETE',
  path: '/exam/auth/user/error/problem/delete/:id',
  access: 'auth',
  summary: '从错题本删除一题',
  body: IdBody,
  data: z.null(),
});
export const errorDeleteAll = defineCall({
  method: 'DELETE',
  path: '/exam/auth/user/error/problem/delete/all',
  access: 'auth',
  summary: '清空错题本（可只清空一个科目）',
  body: z.object({ subjectId: optionalId }).prefault({}),
  data: z.object({ deleted: z.number().int() }),
});

/* ---- practice ---- */

export const PracticeAnswer = z.object({
  problemId: z.string(),
  answer: z.array(z.string()),
  isCorrect: z.number().int(),
  rightAnswer: z.array(z.string()),
  analysis: z.string(),
  /** 1 when the problem has an explanation video this user may now watch (practice/sign). */
  hasVideo: z.number().int(),
});
export const Practice = z.object({
  id: z.string(),
  practiceName: z.string(),
  subjectId: z.string(),
  subjectName: z.string(),
  problemCount: z.number().int(),
  answeredCount: z.number().int(),
  correctCount: z.number().int(),
  gmtCreate: z.string(),
});
export const practiceSave = defineCall({
  method: 'POST',
  path: '/exam/auth/practice/save',
  access: 'auth',
  summary: '按科目、题型、难度抽题组成一次练习（题目来自已上架的免费试卷）',
  body: z.object({
    practiceName: optionalText('练习名称', 50),
    subjectId: optionalId,
    problemType: z.coerce.number().int().min(1).max(5).optional().catch(undefined),
    difficulty: z.coerce.number().int().min(1).max(3).optional().catch(undefined),
    count: z.coerce
      .number({ error: '请填写题目数量' })
      .int()
      .min(1, { error: '至少 1 题' })
      .max(50, { error: '一次练习最多 50 题' })
      .default(10),
  }),
  data: Practice,
});
export const practiceView = defineCall({
  method: 'POST',
  path: '/exam/auth/practice/view',
  access: 'auth',
  summary: '练习：题目（无答案）与已作答题目的反馈',
  body: IdBody,
  data: Practice.extend({ problems: z.array(ProblemShown), answers: z.array(PracticeAnswer) }),
});
export const practiceList = defineCall({
  method: 'POST',
  path: '/exam/auth/practice/list',
  access: 'auth',
  summary: '我的练习',
  body: PageQuery,
  data: pageOf(Practice),
});
export const practiceDelete = defineCall({
  method: 'POST',
  path: '/exam/auth/practice/delete',
  access: 'auth',
  summary: '删除一次练习',
  body: IdBody,
  data: z.null(),
});
export const practiceSign = defineCall({
  method: 'POST',
  path: '/exam/auth/practice/sign',
  access: 'auth',
  summary:
    '练习题的讲解视频：作答后（练习、错题本中的题或能学习的课时练习）才给出带签名的 HLS 播放地址（约 2 小时有效，绑定观看者）',
  body: z.object({ problemId: Id }),
  data: VideoPlay.extend({ problemId: z.string() }),
});
export const practiceAnswerSave = defineCall({
  method: 'POST',
  path: '/exam/auth/practice/user/answer/save',
  access: 'auth',
  summary: '练习作答并立即判分：返回对错、正确答案与解析；错题本中的题连续答对 3 次即移出',
  body: z.object({
    problemId: Id,
    answer: AnswerIn,
    /** The practice set answered in; empty when practising from the wrong-answer book. */
    practiceId: optionalId,
  }),
  data: PracticeAnswer.extend({
    /** For a problem in the wrong-answer book: the streak after this answer, and 1 when it has left the book. */
    inBook: z.number().int(),
    correctStreak: z.number().int(),
    removedFromBook: z.number().int(),
  }),
});
export const practiceAnswerDelete = defineCall({
  method: 'DELETE',
  path: '/exam/auth/practice/user/answer/delete',
  access: 'auth',
  summary: '清空一次练习的作答，重新开始',
  body: z.object({ practiceId: Id }),
  data: z.null(),
});

/* ---- favourites ---- */

const CollectionBody = z.object({
  collectionId: Id,
  collectionType: z.coerce
    .number({ error: '收藏类型不正确' })
    .refine((v) => v === Limits.collectionTypeExam, { error: '收藏类型不正确（试卷为 4）' })
    .default(Limits.collectionTypeExam),
});
export const collectionCollect = defineCall({
  method: 'POST',
  path: '/exam/auth/exam/problem/collection/collect',
  access: 'auth',
  summary: '收藏试卷（collectionType=4）；重复收藏无副作用',
  body: CollectionBody,
  data: z.object({ isCollect: z.literal(1) }),
});
export const collectionDelete = defineCall({
  method: 'POST',
  path: '/exam/auth/exam/problem/collection/delete',
  access: 'auth',
  summary: '取消收藏试卷',
  body: CollectionBody,
  data: z.null(),
});
export const collectionList = defineCall({
  method: 'POST',
  path: '/exam/auth/exam/problem/collection/list',
  access: 'auth',
  summary: '我收藏的试卷（已下架的也列出，isPutAway=0）',
  body: PageQuery,
  data: pageOf(PaperInfo.extend({ collectionTime: z.string(), isPutAway: z.number().int() })),
});

/* ---- exercises attached to lessons ---- */

export const courseExamRefSave = defineCall({
  method: 'POST',
  path: '/exam/auth/course/exam/ref/save',
  access: 'auth',
  summary: '把题库中的题目挂到课时上作为随堂练习（讲师；整体替换该课时的题目）',
  body: z.object({ periodId: Id, problemIds: z.array(Id).max(50, { error: '每个课时最多 50 题' }) }),
  data: z.object({ periodId: z.string(), problemCount: z.number().int() }),
});
export const courseExamRefDelete = defineCall({
  method: 'POST',
  path: '/exam/auth/course/exam/ref/delete',
  access: 'auth',
  summary: '移除课时上的一道练习题（讲师）',
  body: z.object({ periodId: Id, problemId: Id }),
  data: z.null(),
});
export const exerciseListForPage = defineCall({
  method: 'POST',
  path: '/exam/auth/exercise/listForPage',
  access: 'auth',
  summary: '课时的随堂练习（不含答案；作答用练习作答调用，立即反馈）',
  body: PageQuery.extend({ periodId: Id }),
  data: pageOf(ProblemShown),
});
