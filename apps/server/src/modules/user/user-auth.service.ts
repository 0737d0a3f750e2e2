import crypto from 'node:crypto';
import { Limits } from '#contract/codes.ts';
import type { TUserInfo } from '#contract/user.ts';
import type { Platform } from '../../platform/context.ts';
import { fail } from '../../platform/http/errors.ts';
import type { Sessions } from '../../platform/http/session.ts';
import { hashPassword, verifyPassword } from '../../platform/password.ts';
import { userRepo, type UserRepo, type UserRow } from './user.repo.ts';
import { presentUserInfo } from './user.presenter.ts';
import type { CaptchaService } from './captcha.service.ts';
import type { SmsCodeService } from './sms-code.service.ts';
import { LoginThrottle } from '../../platform/login-throttle.ts';

export const WEB_CLIENT = 1;
const WEB_SESSION_MS = Limits.tokenCookieMaxAgeSeconds * 1000;
const APP_SESSION_MS = 30 * 24 * 60 * 60_000;
const REFERRAL_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export interface RequestMeta {
  ip: string;
  userAgent: string;
}

export interface LoginResult {
  token: string;
  userInfo: TUserInfo;
  clientType: number;
}

function referralCode(): string {
  return Array.from(crypto.randomBytes(8), (b) => REFERRAL_ALPHABET[b % REFERRAL_ALPHABET.length]).join('');
}

/** Registration, the three ways to log in, password reset and logout. */
export class UserAuthService {
  private readonly p: Platform;
  private readonly repo: UserRepo;
  private readonly sessions: Sessions;
  private readonly captcha: CaptchaService;
  private readonly codes: SmsCodeService;
  private readonly throttle: LoginThrottle;

  constructor(p: Platform, sessions: Sessions, captcha: CaptchaService, codes: SmsCodeService) {
    this.p = p;
    this.repo = userRepo(p.db, p.cache.kv);
    this.sessions = sessions;
    this.captcha = captcha;
    this.codes = codes;
    this.throttle = new LoginThrottle(p.cache.kv, {
      name: 'login',
      addressShare: 4,
      waitMessage: (minutes) => `此网络的密码错误次数过多，请 ${minutes} 分钟后再试，或使用短信验证码登录`,
    });
  }

  async register(
    siteId: bigint,
    input: {
      mobile: string;
      code: string;
      password: string;
      nickname?: string;
      referralCode?: string;
      clientType: number;
    },
    meta: RequestMeta,
  ): Promise<LoginResult> {
    if (await this.repo.byMobile(siteId, input.mobile)) throw fail('该手机号已注册，请直接登录');
    const passwordHash = await hashPassword(input.password);
    await this.codes.consume(siteId, input.mobile, input.code);
    const created = await this.createAccount(siteId, { ...input, passwordHash });
    return this.loginAs(created, input.clientType, meta, 'register');
  }

  /**
   * Creates the account of a mobile whose SMS code was already checked, binding the referrer when the code
   * names an active user. A user without a password (registered by WeChat) gets an unusable random one.
   */
  async createAccount(
    siteId: bigint,
    input: { mobile: string; passwordHash?: string; nickname?: string; referralCode?: string },
  ): Promise<UserRow> {
    const referrer = input.referralCode ? await this.repo.byReferralCode(siteId, input.referralCode) : undefined;
    const passwordHash = input.passwordHash ?? (await hashPassword(crypto.randomBytes(24).toString('base64url')));
    let created: UserRow | undefined;
    for (let attempt = 0; attempt < 3 && !created; attempt++) {
      created = await this.repo.insert(siteId, {
        mobile: input.mobile,
        passwordHash,
        nickname: input.nickname || `学员${input.mobile.slice(-4)}`,
        referralCode: referralCode(),
        referrerId: referrer && referrer.statusId === 1 ? referrer.id : null,
      });
      if (!created && (await this.repo.byMobile(siteId, input.mobile))) throw fail('该手机号已注册，请直接登录');
    }
    if (!created) throw fail('注册失败，请稍后再试');
    return created;
  }

  /** Logs the login (or registration) and starts the session of a user another step has identified. */
  async loginAs(user: UserRow, clientType: number, meta: RequestMeta, loginType: string): Promise<LoginResult> {
    this.ensureActive(user);
    await this.repo.logLogin(user.siteId, {
      userId: user.id,
      mobile: user.mobile,
      loginStatus: loginType === 'register' ? 2 : 1,
      loginType,
      clientType,
      ...this.metaOf(meta),
    });
    return this.startSession(user, clientType);
  }

  async loginPassword(
    siteId: bigint,
    input: { mobile: string; password: string; clientType: number; verToken?: string; verCode?: string },
    meta: RequestMeta,
  ): Promise<LoginResult> {
    const state = await this.throttle.before(siteId, input.mobile, meta.ip);
    if (state.needCaptcha) await this.captcha.verify(input.verToken, input.verCode);
    const user = await this.repo.byMobile(siteId, input.mobile);
    const ok = user ? await verifyPassword(user.passwordHash, input.password) : false;
    if (!user || !ok) {
      const needCaptcha = await this.throttle.failed(siteId, input.mobile, meta.ip);
      await this.repo.logLogin(siteId, {
        userId: user?.id ?? null,
        mobile: input.mobile,
        loginStatus: 0,
        loginType: 'password',
        clientType: input.clientType,
        ...this.metaOf(meta),
      });
      throw fail('手机号或密码不正确', needCaptcha ? { needCaptcha: true } : null);
    }
    this.ensureActive(user);
    await this.throttle.succeeded(siteId, input.mobile, meta.ip);
    await this.repo.logLogin(siteId, {
      userId: user.id,
      mobile: user.mobile,
      loginStatus: 1,
      loginType: 'password',
      clientType: input.clientType,
      ...this.metaOf(meta),
    });
    return this.startSession(user, input.clientType);
  }

  async loginCode(
    siteId: bigint,
    input: { mobile: string; code: string; clientType: number },
    meta: RequestMeta,
  ): Promise<LoginResult> {
    const user = await this.repo.byMobile(siteId, input.mobile);
    if (!user) throw fail('该手机号尚未注册，请先注册');
    this.ensureActive(user);
    await this.codes.consume(siteId, input.mobile, input.code);
    await this.throttle.clear(siteId, input.mobile);
    await this.throttle.succeeded(siteId, input.mobile, meta.ip);
    await this.repo.logLogin(siteId, {
      userId: user.id,
      mobile: user.mobile,
      loginStatus: 1,
      loginType: 'code',
      clientType: input.clientType,
      ...this.metaOf(meta),
    });
    return this.startSession(user, input.clientType);
  }

  async resetPassword(siteId: bigint, input: { mobile: string; code: string; password: string }): Promise<null> {
    const user = await this.repo.byMobile(siteId, input.mobile);
    if (!user) throw fail('该手机号尚未注册');
    if (await verifyPassword(user.passwordHash, input.password)) throw fail('新密码不能与原密码相同');
    const passwordHash = await hashPassword(input.password);
    await this.codes.consume(siteId, input.mobile, input.code);
    await this.repo.update(siteId, user.id, { passwordHash });
    await this.throttle.clear(siteId, input.mobile);
    // whoever knew the old password (a thief, a shared computer) is signed out everywhere, this browser included
    await this.sessions.endAll(siteId, 'user', user.id);
    return null;
  }

  async logout(token: string): Promise<null> {
    await this.sessions.end(token);
    return null;
  }

  private ensureActive(user: UserRow): void {
    if (user.statusId !== 1) throw fail('该账号已被停用，如有疑问请联系客服');
  }

  private metaOf(meta: RequestMeta) {
    return { ip: meta.ip.slice(0, 64), userAgent: meta.userAgent.slice(0, 300) };
  }

  /** One web session per user: a new web login makes the older web tokens answer 304. */
  private async startSession(user: UserRow, clientType: number): Promise<LoginResult> {
    const token = await this.sessions.create({
      siteId: user.siteId,
      subjectKind: 'user',
      subjectId: user.id,
      clientType,
      ttlMs: clientType === WEB_CLIENT ? WEB_SESSION_MS : APP_SESSION_MS,
    });
    if (clientType === WEB_CLIENT) await this.sessions.supersede(user.siteId, 'user', user.id, WEB_CLIENT, token);
    return { token, userInfo: presentUserInfo(user), clientType };
  }

  static readonly webSessionMs = WEB_SESSION_MS;
}
