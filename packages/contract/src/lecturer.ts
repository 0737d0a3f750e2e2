import { z } from './zod-config.ts';
import { defineCall, Empty, Id, IdBody, ImageUrl, oneOf, optionalText, PageQuery, pageOf, text } from './call.ts';
import { MOBILE_RE } from './user.ts';

/** Application audit: 0 pending, 1 approved, 2 rejected (the roncoo values). */
export const AuditStatus = { PENDING: 0, APPROVED: 1, REJECTED: 2 } as const;
/** Permission to run live classes: 0 not applied, 1 applied, 2 open, 3 refused. */
export const LiveStatus = { NONE: 0, PENDING: 1, OPEN: 2, REFUSED: 3 } as const;

export const LecturerFields = z.object({
  lecturerName: text('讲师名称', 20),
  lecturerMobile: z
    .string()
    .trim()
    .refine((v) => v === '' || MOBILE_RE.test(v), { error: '请填写正确的 11 位手机号' })
    .default(''),
  lecturerEmail: z
    .string()
    .trim()
    .max(100, { error: '邮箱不能超过 100 个字' })
    .refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), { error: '邮箱格式不正确' })
    .default(''),
  position: text('讲师职位', 50),
  headImgUrl: ImageUrl,
  introduce: text('讲师简介', 2000).refine((v) => v.length >= 10, { error: '讲师简介至少写 10 个字' }),
});

export const LecturerAudit = z.object({
  id: z.string(),
  lecturerName: z.string(),
  lecturerMobile: z.string(),
  lecturerEmail: z.string(),
  position: z.string(),
  headImgUrl: z.string(),
  introduce: z.string(),
  auditStatus: z.number().int(),
  auditOpinion: z.string(),
  auditTime: z.string(),
  gmtCreate: z.string(),
  gmtModified: z.string(),
});
export type TLecturerAudit = z.output<typeof LecturerAudit>;

/** What anyone may see of a lecturer (no mobile, no email). */
export const LecturerPublic = z.object({
  id: z.string(),
  userId: z.string(),
  lecturerName: z.string(),
  headImgUrl: z.string(),
  position: z.string(),
  introduce: z.string(),
  attentionCount: z.number().int(),
});
export type TLecturerPublic = z.output<typeof LecturerPublic>;

export const LecturerSelf = LecturerPublic.extend({
  lecturerMobile: z.string(),
  lecturerEmail: z.string(),
  liveStatus: z.number().int(),
  liveOpinion: z.string(),
});
export type TLecturerSelf = z.output<typeof LecturerSelf>;

export const AttentionItem = z.object({
  lecturerId: z.string(),
  lecturerName: z.string(),
  headImgUrl: z.string(),
  position: z.string(),
  gmtCreate: z.string(),
});
export type TAttentionItem = z.output<typeof AttentionItem>;

const LecturerIdBody = z.object({ lecturerId: Id });

export const lecturerAuditApply = defineCall({
  method: 'POST',
  path: '/user/auth/lecturer/audit/apply',
  access: 'auth',
  summary: '申请成为讲师',
  body: LecturerFields,
  data: LecturerAudit,
});
export const lecturerAuditView = defineCall({
  method: 'POST',
  path: '/user/auth/lecturer/audit/view',
  access: 'auth',
  summary: '我的讲师申请（未申请为 null）',
  body: Empty,
  data: LecturerAudit.nullable(),
});
export const lecturerAuditUpdate = defineCall({
  method: 'POST',
  path: '/user/auth/lecturer/audit/update',
  access: 'auth',
  summary: '修改讲师申请或讲师资料（提交后重新审核）',
  body: LecturerFields,
  data: LecturerAudit,
});
export const lecturerApplyLive = defineCall({
  method: 'POST',
  path: '/user/auth/lecturer/audit/applyLive',
  access: 'auth',
  summary: '讲师申请开通直播',
  body: z.object({ reason: text('申请说明', 500) }),
  data: LecturerSelf,
});
export const lecturerSelfView = defineCall({
  method: 'POST',
  path: '/user/auth/lecturer/view',
  access: 'auth',
  summary: '我的讲师资料',
  body: Empty,
  data: LecturerSelf,
});

export const attentionSave = defineCall({
  method: 'POST',
  path: '/user/auth/lecturer/attention/save',
  access: 'auth',
  summary: '关注讲师',
  body: LecturerIdBody,
  data: z.object({ isAttention: z.literal(1) }),
});
export const attentionDelete = defineCall({
  method: 'POST',
  path: '/user/auth/lecturer/attention/delete',
  access: 'auth',
  summary: '取消关注讲师',
  body: LecturerIdBody,
  data: z.null(),
});
export const attentionList = defineCall({
  method: 'POST',
  path: '/user/auth/lecturer/attention/list',
  access: 'auth',
  summary: '我关注的讲师',
  body: PageQuery,
  data: pageOf(AttentionItem),
});
export const attentionCheck = defineCall({
  method: 'POST',
  path: '/user/auth/lecturer/attention/check',
  access: 'auth',
  summary: '是否已关注该讲师',
  body: LecturerIdBody,
  data: z.object({ isAttention: z.number().int() }),
});

/** A listed lecturer by id, or by the lecturer's user id (the id papers and classes name their lecturer by). */
export const lecturerPublicView = defineCall({
  method: 'POST',
  path: '/user/api/lecturer/view',
  access: 'api',
  summary: '讲师主页',
  body: IdBody,
  data: LecturerPublic,
});
export const lecturerPublicList = defineCall({
  method: 'POST',
  path: '/user/api/lecturer/list',
  access: 'api',
  summary: '师资团队',
  body: PageQuery.extend({ lecturerName: optionalText('讲师名称', 20) }),
  data: pageOf(LecturerPublic),
});

/* ---- platform administrator ---- */

export const LecturerAuditAdmin = LecturerAudit.extend({
  userId: z.string(),
  userMobile: z.string(),
  userNickname: z.string(),
});
export const LecturerAdmin = LecturerSelf.extend({
  statusId: z.number().int(),
  liveReason: z.string(),
  userMobile: z.string(),
  gmtCreate: z.string(),
});

const statusFilter = (max: number) => z.coerce.number().int().min(0).max(max).optional();
const Opinion = optionalText('审核意见', 500);

export const adminLecturerAuditPage = defineCall({
  method: 'POST',
  path: '/user/admin/lecturer/audit/page',
  access: 'admin',
  summary: '讲师申请列表',
  body: PageQuery.extend({
    auditStatus: statusFilter(2),
    lecturerName: optionalText('讲师名称', 20),
    mobile: optionalText('手机号', 11),
  }),
  data: pageOf(LecturerAuditAdmin),
});
export const adminLecturerAuditView = defineCall({
  method: 'POST',
  path: '/user/admin/lecturer/audit/view',
  access: 'admin',
  summary: '讲师申请详情',
  body: IdBody,
  data: LecturerAuditAdmin,
});
export const adminLecturerAudit = defineCall({
  method: 'POST',
  path: '/user/admin/lecturer/audit/audit',
  access: 'admin',
  summary: '审核讲师申请（通过或不通过，不通过须填写意见）',
  body: z.object({ id: Id, auditStatus: oneOf([1, 2], '请选择审核结果'), auditOpinion: Opinion }),
  data: LecturerAuditAdmin,
});
export const adminLecturerPage = defineCall({
  method: 'POST',
  path: '/user/admin/lecturer/page',
  access: 'admin',
  summary: '讲师列表',
  body: PageQuery.extend({ lecturerName: optionalText('讲师名称', 20), liveStatus: statusFilter(3) }),
  data: pageOf(LecturerAdmin),
});
export const adminLecturerLiveAudit = defineCall({
  method: 'POST',
  path: '/user/admin/lecturer/live/audit',
  access: 'admin',
  summary: '审核讲师直播申请',
  body: z.object({ id: Id, auditStatus: oneOf([1, 2], '请选择审核结果'), auditOpinion: Opinion }),
  data: LecturerAdmin,
});
