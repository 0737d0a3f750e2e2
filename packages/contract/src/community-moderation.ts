import { z } from './zod-config.ts';
import { defineCall, Empty, Id, IdBody, oneOf, optionalText, PageQuery, pageOf } from './call.ts';

/**
 * Keeping the community clean: the site's sensitive-word list, posting limits, and the report (举报) queue.
 * The spec is silent on every call here (§7 lists only the community's reading and writing calls): the paths
 * follow the community's `/community/{auth,admin}/…` prefixes, and the shapes follow the house contract
 * (pages `{pageCurrent,pageSize}` → `{list,totalCount,totalPage,…}`, ids as decimal strings).
 */

/** The kinds of community content, as the report button and the queue name them. */
export const CONTENT_KIND_NAMES = {
  blog: '博客',
  blogComment: '博客评论',
  question: '问题',
  answer: '回答',
  answerComment: '回答评论',
} as const;
export type TContentKind = keyof typeof CONTENT_KIND_NAMES;
const KINDS = Object.keys(CONTENT_KIND_NAMES) as [TContentKind, ...TContentKind[]];
export const ContentKindField = z.enum(KINDS, { error: '举报的内容类型不正确' });

/**
 * How many of each kind one user may publish within an hour (in the manner of spec §9's limits): enough for a
 * lively discussion, too few for a spam script.
 */
export const POSTING_LIMITS_PER_HOUR: Readonly<Record<TContentKind, number>> = {
  blog: 10,
  blogComment: 60,
  question: 10,
  answer: 30,
  answerComment: 60,
};

/** Why a piece is reported: a fixed list, with an optional note. */
export const REPORT_REASONS = {
  spam: '广告或垃圾信息',
  abuse: '辱骂、人身攻击',
  porn: '色情低俗',
  illegal: '违法违规',
  infringe: '抄袭或侵权',
  other: '其他',
} as const;
export type TReportReason = keyof typeof REPORT_REASONS;
const REASONS = Object.keys(REPORT_REASONS) as [TReportReason, ...TReportReason[]];

/** A report's state: waiting for the administrator, its target hidden, or judged harmless. */
export const REPORT_STATUS_NAMES = { pending: '待处理', hidden: '已隐藏', dismissed: '已驳回' } as const;
export type TReportStatus = keyof typeof REPORT_STATUS_NAMES;
const STATUSES = Object.keys(REPORT_STATUS_NAMES) as [TReportStatus, ...TReportStatus[]];
/** The queue's filter: 1 pending, 2 hidden, 3 dismissed, 0 (or left out) every report. */
export const REPORT_STATUS_FILTER = { 1: 'pending', 2: 'hidden', 3: 'dismissed' } as const satisfies Record<
  number,
  TReportStatus
>;

export const SENSITIVE_WORD_MAX = 30;
/** Words one save may add: a pasted list of a few thousand lines, not a dictionary. */
export const SENSITIVE_WORDS_PER_SAVE = 2000;

export const reportSave = defineCall({
  method: 'POST',
  path: '/community/auth/report/save',
  access: 'auth',
  summary: '举报一条社区内容（博客、评论、问题、回答）；同一内容在处理前只能举报一次',
  body: z.object({
    kind: ContentKindField,
    targetId: Id,
    reason: z.enum(REASONS, { error: '请选择举报原因' }),
    text: optionalText('补充说明', 200),
  }),
  data: z.null(),
});

/* ---- platform administrator ---- */

export const SensitiveWord = z.object({
  id: Id,
  word: z.string(),
  /** the administrator who added it */
  addedBy: z.string(),
  gmtCreate: z.string(),
});
export type TSensitiveWord = z.output<typeof SensitiveWord>;

export const adminSensitiveWordList = defineCall({
  method: 'POST',
  path: '/community/admin/sensitive-word/list',
  access: 'admin',
  summary: '敏感词列表（最新在前，可按词搜索）',
  body: PageQuery.extend({ word: optionalText('敏感词', SENSITIVE_WORD_MAX) }),
  data: pageOf(SensitiveWord),
});
export const adminSensitiveWordSave = defineCall({
  method: 'POST',
  path: '/community/admin/sensitive-word/save',
  access: 'admin',
  summary: '添加敏感词：每行一个，去掉首尾空白与重复，已有的跳过',
  body: z.object({
    words: z
      .string({ error: '请填写敏感词，每行一个' })
      .max(SENSITIVE_WORDS_PER_SAVE * (SENSITIVE_WORD_MAX + 2), { error: '一次添加的内容过多，请分批添加' }),
  }),
  data: z.object({ added: z.number().int(), skipped: z.number().int() }),
});
export const adminSensitiveWordDelete = defineCall({
  method: 'POST',
  path: '/community/admin/sensitive-word/delete',
  access: 'admin',
  summary: '删除一个敏感词',
  body: IdBody,
  data: z.null(),
});

export const Report = z.object({
  id: Id,
  kind: ContentKindField,
  kindName: z.string(),
  targetId: Id,
  /** the target as it is now; '' (and `targetGone`) when it has been deleted since */
  targetTitle: z.string(),
  targetUrl: z.string(),
  targetAuthor: z.string(),
  targetHidden: z.boolean(),
  targetGone: z.boolean(),
  /** reports of the same target still waiting, this one included while it waits */
  pendingCount: z.number().int(),
  reason: z.string(),
  reasonName: z.string(),
  text: z.string(),
  reporter: z.string(),
  status: z.enum(STATUSES),
  statusName: z.string(),
  handledBy: z.string(),
  handledAt: z.string(),
  gmtCreate: z.string(),
});
export type TReport = z.output<typeof Report>;

export const adminReportPage = defineCall({
  method: 'POST',
  path: '/community/admin/report/page',
  access: 'admin',
  summary: '举报队列：待处理的在前，附被举报内容的标题、链接、作者与待处理举报数',
  body: PageQuery.extend({
    statusId: oneOf([0, 1, 2, 3] as const, '状态不正确').default(0),
    kind: z.enum(['', ...KINDS], { error: '内容类型不正确' }).default(''),
  }),
  data: pageOf(Report),
});
export const adminReportHide = defineCall({
  method: 'POST',
  path: '/community/admin/report/hide',
  access: 'admin',
  summary: '隐藏被举报的内容，该内容的待处理举报一并标为已隐藏',
  body: IdBody,
  data: Report,
});
export const adminReportRestore = defineCall({
  method: 'POST',
  path: '/community/admin/report/restore',
  access: 'admin',
  summary: '恢复被隐藏的内容，其举报改为已驳回',
  body: IdBody,
  data: Report,
});
export const adminReportDismiss = defineCall({
  method: 'POST',
  path: '/community/admin/report/dismiss',
  access: 'admin',
  summary: '驳回举报（内容无问题）：该内容的待处理举报一并驳回',
  body: IdBody,
  data: Report,
});
export const adminReportCount = defineCall({
  method: 'POST',
  path: '/community/admin/report/count',
  access: 'admin',
  summary: '待处理的举报条数（首页提醒）',
  body: Empty,
  data: z.object({ pendingCount: z.number().int() }),
});
