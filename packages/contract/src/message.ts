import { z } from './zod-config.ts';
import { defineCall, Empty, Id, IdBody, optionalText, PageQuery, pageOf, text } from './call.ts';
import { MOBILE_RE } from './user.ts';

/** One message in the user's inbox; `id` is the inbox entry, the same message has one per recipient. */
export const MsgUser = z.object({
  id: z.string(),
  msgType: z.number().int(),
  msgTitle: z.string(),
  msgText: z.string(),
  isRead: z.number().int(),
  readTime: z.string(),
  gmtCreate: z.string(),
});
export type TMsgUser = z.output<typeof MsgUser>;

export const msgUserList = defineCall({
  method: 'POST',
  path: '/user/auth/msg/user/list',
  access: 'auth',
  summary: '我的消息（最新在前，isRead 可筛选已读/未读）',
  body: PageQuery.extend({ isRead: z.coerce.number().int().min(0).max(1).optional() }),
  data: pageOf(MsgUser),
});
export const msgUserRead = defineCall({
  method: 'POST',
  path: '/user/auth/msg/user/read',
  access: 'auth',
  summary: '查看并标记已读',
  body: IdBody,
  data: MsgUser,
});
export const msgUserNum = defineCall({
  method: 'POST',
  path: '/user/auth/msg/user/num',
  access: 'auth',
  summary: '未读消息数（头部角标）',
  body: Empty,
  data: z.object({ num: z.number().int() }),
});
export const msgUserReadAll = defineCall({
  method: 'POST',
  path: '/user/auth/msg/user/read/all',
  access: 'auth',
  summary: '全部标记已读',
  body: Empty,
  data: z.object({ count: z.number().int() }),
});
export const msgUserBatchDelete = defineCall({
  method: 'POST',
  path: '/user/auth/msg/user/batch/delete',
  access: 'auth',
  summary: '批量删除我的消息',
  body: z.object({
    ids: z
      .array(Id, { error: '请选择要删除的消息' })
      .min(1, { error: '请选择要删除的消息' })
      .max(100, { error: '一次最多删除 100 条消息' }),
  }),
  data: z.object({ count: z.number().int() }),
});

/* ---- platform administrator ---- */

export const MsgTarget = z.enum(['all', 'user'], { error: '请选择发送对象' });

export const MsgAdmin = z.object({
  id: z.string(),
  msgTitle: z.string(),
  msgText: z.string(),
  targetKind: MsgTarget,
  targetMobile: z.string(),
  sendTime: z.string(),
  isSend: z.number().int(),
  sentCount: z.number().int(),
  readCount: z.number().int(),
  gmtCreate: z.string(),
});
export type TMsgAdmin = z.output<typeof MsgAdmin>;

const SendTime = z
  .string()
  .trim()
  .refine((v) => v === '' || /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(v), {
    error: '发送时间格式应为 YYYY-MM-DD HH:mm:ss',
  })
  .default('');

export const adminMsgPage = defineCall({
  method: 'POST',
  path: '/user/admin/msg/page',
  access: 'admin',
  summary: '站内消息（后台发送的）',
  body: PageQuery.extend({
    isSend: z.coerce.number().int().min(0).max(1).optional(),
    msgTitle: optionalText('消息标题', 50),
  }),
  data: pageOf(MsgAdmin),
});
export const adminMsgSave = defineCall({
  method: 'POST',
  path: '/user/admin/msg/save',
  access: 'admin',
  summary: '发送站内消息：给一个用户（手机号）或全部用户，立即或定时（sendTime 为空即立即）',
  body: z
    .object({
      msgTitle: text('消息标题', 50),
      msgText: text('消息内容', 2000),
      targetKind: MsgTarget,
      mobile: z.string().trim().default(''),
      sendTime: SendTime,
    })
    .refine((b) => b.targetKind === 'all' || MOBILE_RE.test(b.mobile), {
      error: '请填写接收人的 11 位手机号',
      path: ['mobile'],
    }),
  data: MsgAdmin,
});
export const adminMsgDelete = defineCall({
  method: 'POST',
  path: '/user/admin/msg/delete',
  access: 'admin',
  summary: '撤回尚未发送的定时消息',
  body: IdBody,
  data: z.null(),
});
