import { z } from './zod-config.ts';
import { defineCall, Empty } from './call.ts';
import { LoginResult, Mobile, NewPassword, SmsCode, UserInfo } from './user.ts';

/** How long a login QR code stays valid (the page offers a new one after that). */
export const QR_EXPIRE_SECONDS = 120;

/**
 * waiting: shown, not scanned; scanned: the phone opened it; bind: confirmed by a WeChat account that no user
 * owns yet (the page asks for a mobile and SMS code); success: logged in; expired: ask for a new code.
 */
export const QrState = z.enum(['waiting', 'scanned', 'bind', 'success', 'expired']);
export type TQrState = z.output<typeof QrState>;

export const SceneId = z
  .string({ error: '二维码已失效，请刷新二维码' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{16,64}$/, { error: '二维码已失效，请刷新二维码' });

export const getMpQrCodeUrl = defineCall({
  method: 'GET',
  path: '/user/api/user/qrcode/getMpQrCodeUrl',
  access: 'api',
  summary: '微信扫码登录二维码（2 分钟内有效）；开发环境的 scanUrl 是在本站模拟手机扫码的页面',
  body: Empty,
  data: z.object({ sceneId: z.string(), qrcodeUrl: z.string(), scanUrl: z.string(), expireSeconds: z.number().int() }),
});

export const checkQrCodeState = defineCall({
  method: 'POST',
  path: '/user/api/user/checkQrCodeState',
  access: 'api',
  summary: '轮询扫码状态；success 时带登录结果',
  body: z.object({ sceneId: SceneId, clientType: z.coerce.number().int().min(1).max(4).default(1) }),
  data: z.object({ state: QrState, token: z.string(), userInfo: UserInfo.nullable() }),
});

export const registerByQrcode = defineCall({
  method: 'POST',
  path: '/user/api/user/registerByQrcode',
  access: 'api',
  summary: '扫码后绑定手机号：已注册的手机号绑定微信并登录，未注册的同时注册',
  body: z.object({
    sceneId: SceneId,
    mobile: Mobile,
    code: SmsCode,
    password: NewPassword.optional(),
    nickname: z.string().trim().max(20, { error: '昵称不能超过 20 个字' }).optional(),
    referralCode: z.string().trim().max(32).optional(),
    clientType: z.coerce.number().int().min(1).max(4).default(1),
  }),
  data: LoginResult,
});

/** Development provider only: the scan page on this site plays the phone's part. */
export const DevOpenId = z
  .string({ error: '请先生成模拟微信身份' })
  .trim()
  .regex(/^dev_[0-9a-f]{32}$/, { error: '模拟微信身份应为 dev_ 加 32 位十六进制字符' });

export const qrDevScan = defineCall({
  method: 'POST',
  path: '/user/api/user/qrcode/dev/scan',
  access: 'api',
  summary: '（开发环境）模拟手机扫码',
  body: z.object({ sceneId: SceneId }),
  data: z.object({ state: QrState }),
});
export const qrDevConfirm = defineCall({
  method: 'POST',
  path: '/user/api/user/qrcode/dev/confirm',
  access: 'api',
  summary: '（开发环境）模拟在手机上确认登录',
  body: z.object({ sceneId: SceneId, openId: DevOpenId }),
  data: z.object({ state: QrState }),
});
