import { z } from './zod-config.ts';
import { optionalRichText, richText } from './rich-text.ts';
import { defineCall, Empty, Id, IdBody, oneOf, optionalText, PageQuery, pageOf, text } from './call.ts';

/**
 * Exams, part 1: categories, the lecturer's question bank (problem = question) (papers and their audit copy are in
 * exam-paper.ts). The public paper centre is in exam-centre.ts, attempts and marking in exam-attempt.ts, the wrong-answer book,
 * practice and favourites in exam-practice.ts.
 *
 * Scores are whole points. Answers are always arrays of strings:
 * - single choice (1) and true/false (3): one option key, e.g. ['B'] (true/false options are A 正确, B 错误);
 * - multiple choice (2): the chosen keys, e.g. ['A', 'C'];
 * - fill-in-the-blank (4): one entry per blank, in order; in a problem's reference answer an entry may list
 *   accepted alternatives separated by '|', e.g. ['print', 'len|len()'];
 * - short answer (5): one entry, the text written (the reference answer likewise);
 * - material (6): holds sub-problems (`children`) and takes no answer itself.
 */
export const ProblemType = { SINGLE: 1, MULTIPLE: 2, JUDGE: 3, FILL: 4, SHORT: 5, MATERIAL: 6 } as const;
export const PROBLEM_TYPES = [1, 2, 3, 4, 5, 6] as const;
export const OBJECTIVE_TYPES: readonly number[] = [1, 2, 3, 4];
export const problemTypeName: Record<number, string> = {
  1: '单选题',
  2: '多选题',
  3: '判断题',
  4: '填空题',
  5: '简答题',
  6: '材料题',
};
/** Category types: 1 subject (科目), 2 year (年份). */
export const CategoryType = { SUBJECT: 1, YEAR: 2 } as const;
/**
 * Paper audit status: 0 submitted and waiting, 1 approved (published), 2 rejected, 3 being edited (not submitted).
 * An approved paper edited again goes back to 3; the published copy stays as it was until the next approval.
 * Audit and shelf work as for courses: approval publishes, a paper published for the first time goes on the
 * shelf, and from then on its lecturer puts it on or off the shelf (is/put/way); re-approval keeps that choice.
 */
export const PaperAuditStatus = { PENDING: 0, APPROVED: 1, REJECTED: 2, EDITING: 3 } as const;
/** Multiple choice with some but not all right keys and no wrong key: 0 scores nothing, 1 scores half (rounded down). */
export const PartialRule = { NONE: 0, HALF: 1 } as const;
export const EXAM_LIMITS = {
  maxOptions: 8,
  minOptions: 2,
  maxProblemsPerPaper: 300,
  maxSections: 20,
  maxAnswerChars: 5000,
  /** Saves are accepted this long after the deadline (a slow network at the last second), then the job submits. */
  graceSeconds: 60,
  /** Correct practice answers in a row that take a problem out of the wrong-answer book. */
  bookStreakToRemove: 3,
  maxAnswerMinutes: 600,
} as const;

export const Category = z.object({
  id: z.string(),
  categoryType: z.number().int(),
  categoryName: z.string(),
  sort: z.number().int(),
});
export type TCategory = z.output<typeof Category>;

export const categoryList = defineCall({
  method: 'GET',
  path: '/exam/api/grade/info/category',
  access: 'api',
  summary: '试卷与题库分类：科目与年份',
  body: Empty,
  data: z.object({ subjectList: z.array(Category), yearList: z.array(Category) }),
});

/* ---- problems (the lecturer's question bank) ---- */

export const OptionIn = z.object({ content: richText('选项内容', 2000) });
export const Option = z.object({ key: z.string(), content: z.string() });
export type TOption = z.output<typeof Option>;

export const optionalId = z
  .union([Id, z.literal(''), z.null()])
  .optional()
  .transform((v) => (v ? v : undefined));

export const ProblemFields = z.object({
  problemType: oneOf(PROBLEM_TYPES, '请选择题型：单选、多选、判断、填空、简答或材料题'),
  /** A sub-problem of a material problem (type 6); sub-problems cannot be material problems themselves. */
  parentId: optionalId,
  /** Rich text (HTML; images allowed), cleaned on the server. */
  problemContent: richText('题干', 20000),
  /** Choice problems: 2–8 options, keyed A, B, C… in the order given. Ignored for other types. */
  options: z
    .array(OptionIn, { error: '选项格式不正确' })
    .max(EXAM_LIMITS.maxOptions, { error: '选项最多 8 个' })
    .default([]),
  /** See the answer forms at the top of this file. */
  answer: z
    .array(
      z.string({ error: '答案格式不正确' }).trim().max(EXAM_LIMITS.maxAnswerChars, { error: '答案不能超过 5000 个字' }),
      { error: '答案格式不正确' },
    )
    .max(50, { error: '答案格式不正确' })
    .default([]),
  analysis: optionalRichText('解析', 20000),
  /** A video explaining the problem, from the lecturer's video library; played through exam/sign. */
  videoId: optionalId,
  score: z.coerce
    .number({ error: '请填写分值' })
    .int({ error: '分值必须是整数' })
    .min(1, { error: '分值至少 1 分' })
    .max(100, { error: '分值不能超过 100 分' })
    .default(2),
  difficulty: oneOf([1, 2, 3], '请选择难度：1 容易、2 中等、3 困难').default(1),
  subjectId: optionalId,
  yearId: optionalId,
  knowledgePoints: z.array(text('知识点', 20)).max(10, { error: '知识点最多 10 个' }).default([]),
});
export type TProblemFields = z.output<typeof ProblemFields>;

/** A problem with its answer and analysis: for its lecturer, and for a student after submission. */
export interface TProblemFull {
  id: string;
  parentId: string;
  problemType: number;
  problemTypeName: string;
  problemContent: string;
  options: TOption[];
  answer: string[];
  analysis: string;
  videoId: string;
  score: number;
  difficulty: number;
  subjectId: string;
  subjectName: string;
  yearId: string;
  yearName: string;
  knowledgePoints: string[];
  blankCount: number;
  gmtCreate: string;
  gmtModified: string;
  children: TProblemFull[];
}
export const ProblemFull: z.ZodType<TProblemFull> = z.lazy(() =>
  z.object({
    id: z.string(),
    parentId: z.string(),
    problemType: z.number().int(),
    problemTypeName: z.string(),
    problemContent: z.string(),
    options: z.array(Option),
    answer: z.array(z.string()),
    analysis: z.string(),
    videoId: z.string(),
    score: z.number().int(),
    difficulty: z.number().int(),
    subjectId: z.string(),
    subjectName: z.string(),
    yearId: z.string(),
    yearName: z.string(),
    knowledgePoints: z.array(z.string()),
    /** Fill-in-the-blank: how many blanks the page draws. */
    blankCount: z.number().int(),
    gmtCreate: z.string(),
    gmtModified: z.string(),
    children: z.array(ProblemFull),
  }),
);

/**
 * A problem as shown during an attempt or a practice: never the answer nor the analysis. During an attempt with
 * shuffled options, `options` are re-lettered A, B, C… in the shown order and answers use the shown keys.
 */
export interface TProblemShown {
  id: string;
  problemType: number;
  problemTypeName: string;
  problemContent: string;
  options: TOption[];
  score: number;
  blankCount: number;
  children: TProblemShown[];
}
export const ProblemShown: z.ZodType<TProblemShown> = z.lazy(() =>
  z.object({
    id: z.string(),
    problemType: z.number().int(),
    problemTypeName: z.string(),
    problemContent: z.string(),
    options: z.array(Option),
    score: z.number().int(),
    blankCount: z.number().int(),
    children: z.array(ProblemShown),
  }),
);

const difficultyFilter = z.coerce.number().int().min(1).max(3).optional().catch(undefined);
const typeFilter = z.coerce.number().int().min(1).max(6).optional().catch(undefined);

export const problemList = defineCall({
  method: 'POST',
  path: '/exam/auth/exam/problem/list',
  access: 'auth',
  summary: '我的题库（讲师）：顶层题目，材料题带子题',
  body: PageQuery.extend({
    problemType: typeFilter,
    difficulty: difficultyFilter,
    subjectId: optionalId,
    keyword: optionalText('关键词', 50),
  }),
  data: pageOf(ProblemFull),
});
export const problemSave = defineCall({
  method: 'POST',
  path: '/exam/auth/exam/problem/save',
  access: 'auth',
  summary: '新增题目（讲师）',
  body: ProblemFields,
  data: ProblemFull,
});
export const problemUpdate = defineCall({
  method: 'POST',
  path: '/exam/auth/exam/problem/update',
  access: 'auth',
  summary: '修改题目（讲师；题型不可改）',
  body: ProblemFields.extend({ id: Id }),
  data: ProblemFull,
});
export const problemDelete = defineCall({
  method: 'POST',
  path: '/exam/auth/exam/problem/delete',
  access: 'auth',
  summary: '删除题目（讲师；已组卷的题目需先从试卷移除）',
  body: IdBody,
  data: z.null(),
});
/** The id travels in the path: GET /exam/auth/exam/problem/view/123 (a query ?id=123 also works). */
export const problemView = defineCall({
  method: 'GET',
  path: '/exam/auth/exam/problem/view/:id',
  access: 'auth',
  summary: '题目详情（讲师）',
  body: IdBody,
  data: ProblemFull,
});
export const videoRef = defineCall({
  method: 'POST',
  path: '/exam/auth/exam/video/ref',
  access: 'auth',
  summary: '为题目关联（或用空 videoId 取消）讲解视频（讲师）',
  body: z.object({ problemId: Id, videoId: optionalId }),
  data: ProblemFull,
});
