import { z } from './zod-config.ts';
import { defineCall, Empty, IdBody, oneOf, optionalText, PageQuery, pageOf, text } from './call.ts';
import { richText } from './rich-text.ts';
import { Mobile } from './user.ts';

/**
 * The enquiry form of /onlineRegistration (spec: /marketing/api/act/counsel/save) with the administrator's list,
 * follow-up and export, and the platform introduction pages of /terrace/:id the administrator writes.
 */

/** One address or one mobile leaves at most this many enquiries a day. */
export const COUNSEL_DAILY_LIMIT = 3;

/** 1 new, 2 contacted, 3 enrolled, 4 invalid. */
export const COUNSEL_FOLLOW_LABELS: Record<number, string> = { 1: '待跟进', 2: '已联系', 3: '已报名', 4: '无效' };

export const counselSave = defineCall({
  method: 'POST',
  path: '/marketing/api/act/counsel/save',
  access: 'api',
  summary: '在线报名 / 咨询登记（同一地址或手机号每天最多 3 次）',
  body: z.object({
    realName: text('姓名', 20),
    mobile: Mobile,
    subject: optionalText('意向课程', 50),
    content: optionalText('咨询内容', 500),
  }),
  data: z.object({ id: z.string() }),
});

export const CounselAdmin = z.object({
  id: z.string(),
  realName: z.string(),
  mobile: z.string(),
  subject: z.string(),
  content: z.string(),
  clientIp: z.string(),
  followStatus: z.number().int(),
  followRemark: z.string(),
  followTime: z.string(),
  gmtCreate: z.string(),
});
export type TCounselAdmin = z.output<typeof CounselAdmin>;

const CounselFilter = z.object({
  followStatus: z.coerce.number().int().min(1).max(4).optional().catch(undefined),
  mobile: optionalText('手机号', 11),
  realName: optionalText('姓名', 20),
});
export const adminCounselPage = defineCall({
  method: 'POST',
  path: '/marketing/admin/act/counsel/page',
  access: 'admin',
  summary: '咨询登记列表（按跟进状态、手机号、姓名筛选）',
  body: PageQuery.extend(CounselFilter.shape),
  data: pageOf(CounselAdmin),
});
export const adminCounselFollow = defineCall({
  method: 'POST',
  path: '/marketing/admin/act/counsel/follow',
  access: 'admin',
  summary: '更新咨询的跟进状态与备注',
  body: IdBody.extend({
    followStatus: oneOf([1, 2, 3, 4] as const, '请选择跟进状态'),
    followRemark: optionalText('跟进备注', 500),
  }),
  data: CounselAdmin,
});
export const adminCounselExport = defineCall({
  method: 'GET',
  path: '/marketing/admin/act/counsel/export',
  access: 'admin',
  summary: '导出咨询登记（xlsx，按当前筛选，最多 10000 条）',
  body: CounselFilter,
  data: z.null(),
});

export const TerraceBrief = z.object({ id: z.string(), title: z.string(), summary: z.string() });
export const TerracePage = TerraceBrief.extend({ content: z.string(), gmtModified: z.string() });
export type TTerracePage = z.output<typeof TerracePage>;
export const TerraceAdmin = TerracePage.extend({ statusId: z.number().int(), sort: z.number().int() });

export const terraceView = defineCall({
  method: 'POST',
  path: '/system/api/terrace/view',
  access: 'api',
  summary: '平台介绍页',
  body: IdBody,
  data: TerracePage,
});
export const terraceList = defineCall({
  method: 'POST',
  path: '/system/api/terrace/list',
  access: 'api',
  summary: '平台介绍页目录（显示中的，按排序）',
  body: Empty,
  data: z.array(TerraceBrief),
});
const TerraceFields = z.object({
  title: text('标题', 50),
  summary: optionalText('摘要', 200),
  content: richText('正文', 50000),
  statusId: oneOf([0, 1] as const, '请选择是否显示').default(1),
  sort: z.coerce.number().int().min(0).max(9999).default(100),
});
export const adminTerraceList = defineCall({
  method: 'POST',
  path: '/system/admin/terrace/list',
  access: 'admin',
  summary: '平台介绍页（全部）',
  body: Empty,
  data: z.array(TerraceAdmin),
});
export const adminTerraceSave = defineCall({
  method: 'POST',
  path: '/system/admin/terrace/save',
  access: 'admin',
  summary: '新建平台介绍页',
  body: TerraceFields,
  data: TerraceAdmin,
});
export const adminTerraceUpdate = defineCall({
  method: 'POST',
  path: '/system/admin/terrace/update',
  access: 'admin',
  summary: '修改平台介绍页',
  body: TerraceFields.extend(IdBody.shape),
  data: TerraceAdmin,
});
export const adminTerraceDelete = defineCall({
  method: 'POST',
  path: '/system/admin/terrace/delete',
  access: 'admin',
  summary: '删除平台介绍页',
  body: IdBody,
  data: z.null(),
});
