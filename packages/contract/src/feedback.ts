import { z } from './zod-config.ts';
import { defineCall, IdBody, ImageUrl, optionalText, PageQuery, pageOf, text } from './call.ts';

/** 1 suggestion, 2 problem, 3 complaint. */
export const FeedbackType = z.coerce
  .number()
  .int()
  .min(1, { error: '请选择反馈类型' })
  .max(3, { error: '请选择反馈类型' });
export const FEEDBACK_TYPES = [
  { value: 1, label: '功能建议' },
  { value: 2, label: '使用问题' },
  { value: 3, label: '投诉' },
] as const;
export const feedbackTypeLabel = (v: number): string => FEEDBACK_TYPES.find((t) => t.value === v)?.label ?? '其他';

export const FeedbackLog = z.object({
  id: z.string(),
  feedbackType: z.number().int(),
  content: z.string(),
  contact: z.string(),
  imgUrls: z.array(z.string()),
  replyText: z.string(),
  replyTime: z.string(),
  gmtCreate: z.string(),
});
export type TFeedbackLog = z.output<typeof FeedbackLog>;

export const feedbackSave = defineCall({
  method: 'POST',
  path: '/data/auth/feedback/log/save',
  access: 'auth',
  summary: '提交意见反馈（每天最多 10 条）',
  body: z.object({
    feedbackType: FeedbackType.default(1),
    content: text('反馈内容', 1000).refine((v) => v.length >= 5, { error: '反馈内容至少写 5 个字' }),
    contact: optionalText('联系方式', 50),
    imgUrls: z.array(ImageUrl).max(4, { error: '最多上传 4 张图片' }).default([]),
  }),
  data: FeedbackLog,
});
export const feedbackPage = defineCall({
  method: 'POST',
  path: '/data/auth/feedback/log/page',
  access: 'auth',
  summary: '我的反馈与回复',
  body: PageQuery,
  data: pageOf(FeedbackLog),
});

export const FeedbackAdmin = FeedbackLog.extend({
  userId: z.string(),
  userMobile: z.string(),
  userNickname: z.string(),
});

export const adminFeedbackPage = defineCall({
  method: 'POST',
  path: '/data/admin/feedback/page',
  access: 'admin',
  summary: '意见反馈列表（isReply 筛选已回复/未回复）',
  body: PageQuery.extend({
    isReply: z.coerce.number().int().min(0).max(1).optional(),
    content: optionalText('反馈内容', 50),
  }),
  data: pageOf(FeedbackAdmin),
});
export const adminFeedbackReply = defineCall({
  method: 'POST',
  path: '/data/admin/feedback/reply',
  access: 'admin',
  summary: '回复意见反馈（用户在“意见反馈”和消息中看到）',
  body: IdBody.extend({ replyText: text('回复内容', 1000) }),
  data: FeedbackAdmin,
});
