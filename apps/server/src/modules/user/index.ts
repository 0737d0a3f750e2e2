import type { ModuleContext } from '../module.ts';
import { secureCookies } from '../module.ts';
import { UserService } from './user.service.ts';
import { UserAuthService } from './user-auth.service.ts';
import { CaptchaService } from './captcha.service.ts';
import { SmsCodeService } from './sms-code.service.ts';
import { loginCookie, userRoutes } from './user.routes.ts';
import { QrLoginService } from './qr-login.service.ts';
import { qrLoginRoutes, wechatCallbackRoutes } from './qr-login.routes.ts';
import { BankAccountService } from './bank-account.service.ts';
import { ResearchService } from './research.service.ts';
import { ReferralService } from './referral.service.ts';
import { FaceService } from './face.service.ts';
import { UserAdminService } from './user-admin.service.ts';
import { userExtRoutes } from './user-ext.routes.ts';

/** The user domain needs no other domain. */
export type UserDeps = Record<string, never>;
export type UserServices = Awaited<ReturnType<typeof registerUser>>;

/** Accounts, login (password, SMS, QR, WeChat), captcha and SMS codes, bank card, survey, referral, face checks. */
export async function registerUser({ on, p, sessions, http }: ModuleContext, _deps: UserDeps) {
  const secure = secureCookies(p);
  const users = new UserService(p);
  const captcha = new CaptchaService(p);
  const smsCodes = new SmsCodeService(p);
  const userAuth = new UserAuthService(p, sessions, captcha, smsCodes);
  const qrLogin = new QrLoginService(p, userAuth, smsCodes);
  const ext = {
    bank: new BankAccountService(p, users, smsCodes),
    research: new ResearchService(p),
    referral: new ReferralService(p),
    face: new FaceService(p),
    admin: new UserAdminService(p, sessions),
  };
  userRoutes(on, userAuth, users, captcha, smsCodes, secure);
  qrLoginRoutes(on, qrLogin, loginCookie(secure), p.config.publicUrl);
  const wechat = p.config.wechatLogin;
  if (wechat.provider === 'mp') await wechatCallbackRoutes(http, qrLogin, wechat.token);
  userExtRoutes(on, ext, p.config.publicUrl);
  return { users, userAuth, captcha, smsCodes, qrLogin, ...ext };
}
