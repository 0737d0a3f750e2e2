import { z } from './zod-config.ts';
import { defineCall, Id, IdBody, oneOf, optionalText, PageQuery, pageOf, text } from './call.ts';
import { optionalRichText } from './rich-text.ts';

/**
 * Community questions and answers (spec §7, "Questions"), and the community labels. The spec names the calls but
 * not their shapes; where it is silent this file follows the house contract:
 * - a label's `labelNo` is its id; `labelNo: ''` lists every question (the "all" tab);
 * - `questions/comment/save` saves an answer (`content`, rich text) or, with `answerId`, a plain-text comment on
 *   that answer (`commentText`); `questions/comment/delete` deletes one of the user's own (`commentType` 1 an
 *   answer, 2 a comment); `auth/questions/comment/list` is "my answers";
 * - `questions/user/record/save` likes (`like: 1`) or unlikes (`like: 0`) an answer, idempotently;
 * - `questions/comment/accept` is not in the spec: the asker accepts one answer with it, once.
 */

export const LabelType = { BLOG: 1, QUESTION: 2 } as const;
export const MAX_QUESTION_LABELS = 3;
export const QuestionSort = z.enum(['latest', 'hot', 'unanswered'], { error: '排序方式只能是最新、热门或待回答' });

export const CommunityLabel = z.object({
  id: z.string(),
  labelNo: z.string(),
  labelName: z.string(),
  labelType: z.number().int(),
  sort: z.number().int(),
  statusId: z.number().int(),
});
export type TCommunityLabel = z.output<typeof CommunityLabel>;

export const QuestionUser = z.object({ id: z.string(), nickname: z.string(), headImgUrl: z.string() });
export type TQuestionUser = z.output<typeof QuestionUser>;

/** A question as lists show it: no body, only its first words. */
export const QuestionItem = z.object({
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  labels: z.array(z.object({ labelNo: z.string(), labelName: z.string() })),
  asker: QuestionUser,
  answerCount: z.number().int(),
  viewCount: z.number().int(),
  accepted: z.number().int(),
  isHidden: z.number().int(),
  gmtCreate: z.string(),
  gmtModified: z.string(),
});
export type TQuestionItem = z.output<typeof QuestionItem>;

export const QuestionView = QuestionItem.extend({
  content: z.string(),
  labelIds: z.array(z.string()),
  acceptedAnswerId: z.string(),
});
export type TQuestionView = z.output<typeof QuestionView>;

export const AnswerComment = z.object({
  id: z.string(),
  answerId: z.string(),
  commentText: z.string(),
  user: QuestionUser,
  gmtCreate: z.string(),
});
export type TAnswerComment = z.output<typeof AnswerComment>;

export const Answer = z.object({
  id: z.string(),
  questionId: z.string(),
  content: z.string(),
  user: QuestionUser,
  likeCount: z.number().int(),
  commentCount: z.number().int(),
  isAccepted: z.number().int(),
  isHidden: z.number().int(),
  /** The newest comments, oldest first (at most 50). */
  comments: z.array(AnswerComment),
  gmtCreate: z.string(),
});
export type TAnswer = z.output<typeof Answer>;

/** One of my answers, with the question it answers. */
export const MyAnswer = Answer.omit({ comments: true }).extend({ questionTitle: z.string() });
export type TMyAnswer = z.output<typeof MyAnswer>;

const LabelIds = z
  .array(Id, { error: '请选择问题标签' })
  .max(MAX_QUESTION_LABELS, { error: `最多选择 ${MAX_QUESTION_LABELS} 个标签` })
  .default([]);
const QuestionInput = z.object({
  title: text('问题标题', 100).refine((v) => [...v].length >= 5, { error: '问题标题至少 5 个字，请把问题说清楚' }),
  content: optionalRichText('问题描述', 20000),
  labelIds: LabelIds,
});
const LabelTypeField = oneOf([1, 2], '标签类型只能是 1（博客）或 2（问答）');

/* ---- public ---- */

export const labelList = defineCall({
  method: 'POST',
  path: '/community/api/label/list',
  access: 'api',
  summary: '社区标签（labelType 1 博客，2 问答），按排序',
  body: z.object({ labelType: LabelTypeField.default(2) }),
  data: z.array(CommunityLabel),
});
export const questionList = defineCall({
  method: 'POST',
  path: '/community/api/questions/list',
  access: 'api',
  summary: '问题列表：labelNo 为空即全部；sort latest 最新、hot 热门、unanswered 待回答',
  body: PageQuery.extend({
    labelNo: z.union([z.literal(''), Id]).default(''),
    sort: QuestionSort.default('latest'),
  }),
  data: pageOf(QuestionItem),
});
export const questionSearchList = defineCall({
  method: 'POST',
  path: '/community/api/questions/search/list',
  access: 'api',
  summary: '按标题搜索问题',
  body: PageQuery.extend({ title: text('搜索的关键词', 50) }),
  data: pageOf(QuestionItem),
});
export const questionView = defineCall({
  method: 'POST',
  path: '/community/api/questions/view',
  access: 'api',
  summary: '问题详情（浏览数加一）',
  body: IdBody,
  data: QuestionView,
});
export const questionCommentList = defineCall({
  method: 'POST',
  path: '/community/api/questions/comment/list',
  access: 'api',
  summary: '问题的回答（被采纳的在前，其余按点赞与时间），每条带最新的评论',
  body: PageQuery.extend({ questionId: Id }),
  data: pageOf(Answer),
});

/* ---- signed in ---- */

export const questionSave = defineCall({
  method: 'POST',
  path: '/community/auth/questions/save',
  access: 'auth',
  summary: '提问（最多 3 个标签）',
  body: QuestionInput,
  data: QuestionView,
});
export const questionUpdate = defineCall({
  method: 'POST',
  path: '/community/auth/questions/update',
  access: 'auth',
  summary: '修改我的问题',
  body: QuestionInput.extend({ id: Id }),
  data: QuestionView,
});
export const questionDelete = defineCall({
  method: 'POST',
  path: '/community/auth/questions/delete',
  access: 'auth',
  summary: '删除我的问题（连同回答与评论）',
  body: IdBody,
  data: z.null(),
});
export const myQuestionList = defineCall({
  method: 'POST',
  path: '/community/auth/questions/list',
  access: 'auth',
  summary: '我的提问',
  body: PageQuery,
  data: pageOf(QuestionItem),
});
export const questionViewMine = defineCall({
  method: 'POST',
  path: '/community/auth/questions/view',
  access: 'auth',
  summary: '问题详情与我和它的关系：是否提问者、我赞过的回答',
  body: IdBody,
  data: z.object({ question: QuestionView, isAsker: z.boolean(), likedAnswerIds: z.array(z.string()) }),
});
export const answerSave = defineCall({
  method: 'POST',
  path: '/community/auth/questions/comment/save',
  access: 'auth',
  summary: '回答问题（content），或带 answerId 评论一条回答（commentText）',
  body: z
    .object({
      questionId: Id,
      answerId: Id.optional(),
      content: optionalRichText('回答内容', 20000),
      commentText: optionalText('评论内容', 500),
    })
    .refine((b) => (b.answerId ? b.commentText !== '' : b.content !== ''), {
      error: (issue) => ((issue.input as { answerId?: string }).answerId ? '请填写评论内容' : '请填写回答内容'),
    }),
  data: z.object({ answer: Answer.nullable(), comment: AnswerComment.nullable() }),
});
export const answerAccept = defineCall({
  method: 'POST',
  path: '/community/auth/questions/comment/accept',
  access: 'auth',
  summary: '提问者采纳一条回答（规格未列出此调用，由本项目补充；每个问题只能采纳一次）',
  body: z.object({ answerId: Id }),
  data: QuestionView,
});
export const answerLike = defineCall({
  method: 'POST',
  path: '/community/auth/questions/user/record/save',
  access: 'auth',
  summary: '点赞（like 1）或取消点赞（like 0）一条回答',
  body: z.object({ answerId: Id, like: oneOf([0, 1], 'like 只能是 0 或 1').default(1) }),
  data: z.object({ answerId: z.string(), liked: z.boolean(), likeCount: z.number().int() }),
});
export const myAnswerList = defineCall({
  method: 'POST',
  path: '/community/auth/questions/comment/list',
  access: 'auth',
  summary: '我的回答',
  body: PageQuery,
  data: pageOf(MyAnswer),
});
export const answerDelete = defineCall({
  method: 'POST',
  path: '/community/auth/questions/comment/delete',
  access: 'auth',
  summary: '删除我的回答（commentType 1）或我的评论（commentType 2，回答者也可删除其回答下的评论）',
  body: z.object({ id: Id, commentType: oneOf([1, 2], '请说明删除的是回答（1）还是评论（2）').default(1) }),
  data: z.null(),
});

/* ---- platform administrator ---- */

const LabelInput = z.object({
  labelType: LabelTypeField.default(2),
  labelName: text('标签名称', 20),
  sort: z.coerce.number({ error: '排序必须是数字' }).int().min(0).max(99999).default(100),
  statusId: oneOf([0, 1], '状态只能是启用或停用').default(1),
});
export const adminLabel = {
  list: defineCall({
    method: 'POST',
    path: '/community/admin/label/list',
    access: 'admin',
    summary: '社区标签（含停用的）',
    body: z.object({ labelType: LabelTypeField.default(2) }),
    data: z.array(CommunityLabel),
  }),
  save: defineCall({
    method: 'POST',
    path: '/community/admin/label/save',
    access: 'admin',
    summary: '新增社区标签',
    body: LabelInput,
    data: CommunityLabel,
  }),
  update: defineCall({
    method: 'POST',
    path: '/community/admin/label/update',
    access: 'admin',
    summary: '修改社区标签',
    body: LabelInput.omit({ labelType: true }).extend({ id: Id }),
    data: CommunityLabel,
  }),
  delete: defineCall({
    method: 'POST',
    path: '/community/admin/label/delete',
    access: 'admin',
    summary: '删除社区标签（问题上的该标签一并去掉）',
    body: IdBody,
    data: z.null(),
  }),
  sort: defineCall({
    method: 'POST',
    path: '/community/admin/label/sort',
    access: 'admin',
    summary: '按给出的顺序排列标签',
    body: z.object({
      ids: z
        .array(Id, { error: '请给出标签的顺序' })
        .min(1, { error: '请给出标签的顺序' })
        .max(200, { error: '一次最多排列 200 个标签' }),
    }),
    data: z.null(),
  }),
};

const HiddenFilter = z.coerce.number().int().min(0).max(1).optional();
export const AdminAnswer = MyAnswer;
export const adminQuestion = {
  page: defineCall({
    method: 'POST',
    path: '/community/admin/questions/page',
    access: 'admin',
    summary: '问题管理：按标题、是否隐藏筛选',
    body: PageQuery.extend({ title: optionalText('标题', 50), isHidden: HiddenFilter }),
    data: pageOf(QuestionItem),
  }),
  hide: defineCall({
    method: 'POST',
    path: '/community/admin/questions/hide',
    access: 'admin',
    summary: '隐藏问题（除提问者外谁都看不到）',
    body: IdBody,
    data: z.null(),
  }),
  restore: defineCall({
    method: 'POST',
    path: '/community/admin/questions/restore',
    access: 'admin',
    summary: '恢复被隐藏的问题',
    body: IdBody,
    data: z.null(),
  }),
  delete: defineCall({
    method: 'POST',
    path: '/community/admin/questions/delete',
    access: 'admin',
    summary: '删除问题（连同回答与评论）',
    body: IdBody,
    data: z.null(),
  }),
  answerPage: defineCall({
    method: 'POST',
    path: '/community/admin/questions/answer/page',
    access: 'admin',
    summary: '回答管理：按问题、内容、是否隐藏筛选',
    body: PageQuery.extend({
      questionId: z.union([z.literal(''), Id]).default(''),
      keyword: optionalText('关键词', 50),
      isHidden: HiddenFilter,
    }),
    data: pageOf(AdminAnswer),
  }),
  answerHide: defineCall({
    method: 'POST',
    path: '/community/admin/questions/answer/hide',
    access: 'admin',
    summary: '隐藏回答',
    body: IdBody,
    data: z.null(),
  }),
  answerRestore: defineCall({
    method: 'POST',
    path: '/community/admin/questions/answer/restore',
    access: 'admin',
    summary: '恢复被隐藏的回答',
    body: IdBody,
    data: z.null(),
  }),
  answerDelete: defineCall({
    method: 'POST',
    path: '/community/admin/questions/answer/delete',
    access: 'admin',
    summary: '删除回答（连同其评论）',
    body: IdBody,
    data: z.null(),
  }),
};
