import { z } from './zod-config.ts';
import { defineCall, Empty } from './call.ts';

/** Mainland China mobile numbers: 11 digits starting with 1 and a carrier digit 3–9. */
export const MOBILE_RE = /^1[3-9]\d{9}$/;
export const Mobile = z
  .string({ error: '请填写手机号' })
  .trim()
  .min(1, { error: '请填写手机号' })
  .regex(MOBILE_RE, { error: '请填写正确的 11 位手机号' });

/** At least 8 characters with both letters and digits. */
export const PASSWORD_RULE = '密码至少 8 位，且须同时包含字母和数字';
export const NewPassword = z
  .string({ error: '请填写密码' })
  .min(8, { error: PASSWORD_RULE })
  .max(64, { error: '密码不能超过 64 位' })
  .refine((v) => /[A-Za-z]/.test(v) && /\d/.test(v), { error: PASSWORD_RULE });
const Password = z
  .string({ error: '请填写密码' })
  .min(1, { error: '请填写密码' })
  .max(64, { error: '手机号或密码不正确' });
export const SmsCode = z
  .string({ error: '请填写短信验证码' })
  .trim()
  .min(1, { error: '请填写短信验证码' })
  .regex(/^\d{6}$/, { error: '短信验证码为 6 位数字' });
const ClientType = z.coerce.number().int().min(1).max(4).default(1);
const Captcha = {
  verToken: z.string().trim().max(64).optional(),
  verCode: z.string().trim().max(8).optional(),
};

export { UserType } from './kinds.ts';

export { isLecturerOnly, LECTURER_ONLY_DATA, LECTURER_ONLY_MSG } from './codes.ts';

/** Spec §3 User info. */
export const UserInfo = z.object({
  id: z.string(),
  nickname: z.string(),
  mobile: z.string(),
  headImgUrl: z.string(),
  userType: z.number().int(),
  isVip: z.number().int(),
  vipExpireTime: z.string(),
  isRecommended: z.number().int(),
  referralCode: z.string(),
  gmtCreate: z.string(),
});
export type TUserInfo = z.output<typeof UserInfo>;
export const LoginResult = z.object({ token: z.string(), userInfo: UserInfo });

export const captchaImage = defineCall({
  method: 'GET',
  path: '/user/api/user/captchaImage',
  access: 'api',
  summary: '图形验证码（4 位，5 分钟内有效，不区分大小写）',
  body: Empty,
  data: z.object({ verToken: z.string(), img: z.string() }),
});

export const sendCode = defineCall({
  method: 'POST',
  path: '/user/api/user/send/code',
  access: 'api',
  summary: '发送短信验证码（6 位，5 分钟内有效）',
  body: z.object({ mobile: Mobile }),
  data: z.object({ intervalSeconds: z.number().int() }),
});

export const register = defineCall({
  method: 'POST',
  path: '/user/api/user/register',
  access: 'api',
  summary: '手机号注册',
  body: z.object({
    mobile: Mobile,
    code: SmsCode,
    password: NewPassword,
    nickname: z.string().trim().max(20, { error: '昵称不能超过 20 个字' }).optional(),
    referralCode: z.string().trim().max(32).optional(),
    clientType: ClientType,
  }),
  data: LoginResult,
});

export const loginPassword = defineCall({
  method: 'POST',
  path: '/user/api/user/login/password',
  access: 'api',
  summary: '密码登录（失败 3 次后需要图形验证码）',
  body: z.object({ mobile: Mobile, password: Password, clientType: ClientType, ...Captcha }),
  data: LoginResult,
});

export const loginCode = defineCall({
  method: 'POST',
  path: '/user/api/user/login/code',
  access: 'api',
  summary: '短信验证码登录',
  body: z.object({ mobile: Mobile, code: SmsCode, clientType: ClientType }),
  data: LoginResult,
});

export const updatePassword = defineCall({
  method: 'POST',
  path: '/user/api/user/update/password',
  access: 'api',
  summary: '用短信验证码重设密码',
  body: z.object({ mobile: Mobile, code: SmsCode, password: NewPassword }),
  data: z.null(),
});

export const extView = defineCall({
  method: 'POST',
  path: '/user/auth/user/ext/view',
  access: 'auth',
  summary: '当前用户信息',
  body: Empty,
  data: UserInfo,
});

export const extUpdate = defineCall({
  method: 'POST',
  path: '/user/auth/user/ext/update',
  access: 'auth',
  summary: '修改昵称与头像',
  body: z.object({
    nickname: z.string().trim().min(1, { error: '请填写昵称' }).max(20, { error: '昵称不能超过 20 个字' }).optional(),
    headImgUrl: z
      .string()
      .trim()
      .max(500)
      .refine((v) => v === '' || v.startsWith('/media/') || /^https:\/\//.test(v), {
        error: '头像地址不正确，请重新上传',
      })
      .optional(),
  }),
  data: UserInfo,
});

export const extExitLogin = defineCall({
  method: 'POST',
  path: '/user/auth/user/ext/exit/login',
  access: 'auth',
  summary: '退出登录',
  body: z.object({ clientType: ClientType }).default({ clientType: 1 }),
  data: z.null(),
});
