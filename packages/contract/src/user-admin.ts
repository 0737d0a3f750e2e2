import { z } from './zod-config.ts';
import { defineCall, Id, oneOf, optionalText, PageQuery, pageOf } from './call.ts';
import { UserType } from './user.ts';

/** A user as the platform administrator sees them (full mobile). */
export const UserAdmin = z.object({
  id: z.string(),
  mobile: z.string(),
  nickname: z.string(),
  headImgUrl: z.string(),
  userType: z.number().int(),
  isVip: z.number().int(),
  isRecommended: z.number().int(),
  statusId: z.number().int(),
  referrerMobile: z.string(),
  gmtCreate: z.string(),
});
export type TUserAdmin = z.output<typeof UserAdmin>;

export const adminUserPage = defineCall({
  method: 'POST',
  path: '/user/admin/user/page',
  access: 'admin',
  summary: '用户列表（手机号、昵称模糊搜索）',
  body: PageQuery.extend({
    mobile: optionalText('手机号', 11),
    nickname: optionalText('昵称', 20),
    userType: z.coerce.number().int().min(UserType.NORMAL).max(UserType.ORGANISATION).optional(),
    statusId: z.coerce.number().int().min(0).max(1).optional(),
  }),
  data: pageOf(UserAdmin),
});
export const adminUserStatus = defineCall({
  method: 'POST',
  path: '/user/admin/user/status',
  access: 'admin',
  summary: '停用或启用用户（停用立即退出其所有登录）',
  body: z.object({ id: Id, statusId: oneOf([0, 1], '状态应为 0（停用）或 1（启用）') }),
  data: UserAdmin,
});
export const adminUserType = defineCall({
  method: 'POST',
  path: '/user/admin/user/type',
  access: 'admin',
  summary: '设置用户类型：1 普通用户，2 讲师，3 机构',
  body: z.object({
    id: Id,
    userType: oneOf([UserType.NORMAL, UserType.LECTURER, UserType.ORGANISATION], '用户类型应为 1、2 或 3'),
  }),
  data: UserAdmin,
});
export const adminUserRecommended = defineCall({
  method: 'POST',
  path: '/user/admin/user/recommended',
  access: 'admin',
  summary: '开通或取消推荐资格',
  body: z.object({ id: Id, isRecommended: oneOf([0, 1], '推荐资格应为 0 或 1') }),
  data: UserAdmin,
});
