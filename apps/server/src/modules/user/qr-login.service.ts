import crypto from 'node:crypto';
import { QR_EXPIRE_SECONDS, type TQrState } from '#contract/qr-login.ts';
import type { TUserInfo } from '#contract/user.ts';
import type { Platform } from '../../platform/context.ts';
import { fail } from '../../platform/http/errors.ts';
import { hashPassword } from '../../platform/password.ts';
import { DevWechatLogin, MpWechatLogin, type MpEvent, type WechatLoginProvider } from '../../platform/wechat.ts';
import { qrcodeDataUrl } from '../../platform/qrcode-image.ts';
import type { RequestMeta, UserAuthService } from './user-auth.service.ts';
import type { SmsCodeService } from './sms-code.service.ts';
import { userRepo, type UserRepo } from './user.repo.ts';
import { accountRepo, type AccountRepo } from './account.repo.ts';

/** After the phone confirms, the person may still need to type a mobile and an SMS code. */
const BIND_WINDOW_MS = 10 * 60_000;

interface Scene {
  siteId: string;
  state: 'waiting' | 'scanned' | 'confirmed';
  openId?: string;
  expiresAt: number;
}

export interface QrCheck {
  state: TQrState;
  token: string;
  userInfo: TUserInfo | null;
  clientType?: number;
}

/**
 * Logging in by scanning a QR code with WeChat. A scene lives in the shared key-value store for two minutes:
 * waiting → scanned → confirmed (by a WeChat identity). The computer polls; a confirmed identity already bound
 * to a user logs in once, an unbound one is bound to a mobile proven by SMS code (registering it if new).
 */
export class QrLoginService {
  readonly provider: WechatLoginProvider | undefined;
  private readonly p: Platform;
  private readonly auth: UserAuthService;
  private readonly codes: SmsCodeService;
  private readonly users: UserRepo;
  private readonly accounts: AccountRepo;

  constructor(p: Platform, auth: UserAuthService, codes: SmsCodeService) {
    this.p = p;
    this.auth = auth;
    this.codes = codes;
    this.users = userRepo(p.db, p.cache.kv);
    this.accounts = accountRepo(p.db);
    const cfg = p.config.wechatLogin;
    this.provider =
      cfg.provider === 'mp'
        ? new MpWechatLogin(cfg, p.cache.kv)
        : cfg.provider === 'dev'
          ? new DevWechatLogin(qrcodeDataUrl)
          : undefined;
  }

  async create(siteId: bigint, origin: string) {
    if (!this.provider) throw fail('本站未开启微信扫码登录，请使用手机号登录');
    const sceneId = crypto.randomBytes(16).toString('base64url');
    let drawn: { qrcodeUrl: string; scanUrl: string };
    try {
      drawn = await this.provider.qrcode(sceneId, QR_EXPIRE_SECONDS, origin);
    } catch (err) {
      this.p.log.error({ err }, 'wechat qrcode failed');
      throw fail('微信二维码获取失败，请稍后再试或使用手机号登录');
    }
    await this.save(sceneId, {
      siteId: String(siteId),
      state: 'waiting',
      expiresAt: Date.now() + QR_EXPIRE_SECONDS * 1000,
    });
    return { sceneId, ...drawn, expireSeconds: QR_EXPIRE_SECONDS };
  }

  async check(siteId: bigint, sceneId: string, clientType: number, meta: RequestMeta): Promise<QrCheck> {
    const none = { token: '', userInfo: null };
    const scene = await this.scene(siteId, sceneId);
    if (!scene) return { state: 'expired', ...none };
    if (scene.state !== 'confirmed') return { state: scene.state, ...none };
    const userId = await this.accounts.wechatUser(siteId, this.kind(), scene.openId!);
    if (!userId) return { state: 'bind', ...none };
    // two polls racing on one confirmed scene: only the first gets a session
    if ((await this.p.cache.kv.incr(`qr-claim:${sceneId}`, BIND_WINDOW_MS)) > 1) return { state: 'expired', ...none };
    await this.p.cache.kv.del(this.key(sceneId));
    const user = await this.users.byId(siteId, userId);
    if (!user) return { state: 'expired', ...none };
    const r = await this.auth.loginAs(user, clientType, meta, 'wechat');
    return { state: 'success', token: r.token, userInfo: r.userInfo, clientType: r.clientType };
  }

  async register(
    siteId: bigint,
    input: {
      sceneId: string;
      mobile: string;
      code: string;
      password?: string;
      nickname?: string;
      referralCode?: string;
      clientType: number;
    },
    meta: RequestMeta,
  ) {
    const scene = await this.scene(siteId, input.sceneId);
    if (!scene) throw fail('二维码已过期，请刷新后重新扫码');
    if (scene.state !== 'confirmed') throw fail('请先用微信扫码并在手机上确认');
    const provider = this.kind();
    if (await this.accounts.wechatUser(siteId, provider, scene.openId!))
      throw fail('该微信已绑定账号，请刷新二维码重新扫码登录');
    let user = await this.users.byMobile(siteId, input.mobile);
    const isNew = !user;
    if (user) {
      if (user.statusId !== 1) throw fail('该账号已被停用，如有疑问请联系客服');
      if (await this.accounts.wechatOfUser(siteId, user.id, provider))
        throw fail('该手机号已绑定其他微信，请使用手机号登录');
      await this.codes.consume(siteId, input.mobile, input.code);
    } else {
      const passwordHash = input.password ? await hashPassword(input.password) : undefined;
      await this.codes.consume(siteId, input.mobile, input.code);
      user = await this.auth.createAccount(siteId, {
        mobile: input.mobile,
        passwordHash,
        nickname: input.nickname,
        referralCode: input.referralCode,
      });
    }
    if (!(await this.accounts.bindWechat(siteId, user.id, provider, scene.openId!)))
      throw fail('该微信已绑定账号，请刷新二维码重新扫码登录');
    await this.p.cache.kv.del(this.key(input.sceneId));
    return this.auth.loginAs(user, input.clientType, meta, isNew ? 'register' : 'wechat');
  }

  /** The development scan page opened the code. */
  async devScan(siteId: bigint, sceneId: string): Promise<{ state: TQrState }> {
    this.devOnly();
    const scene = await this.scene(siteId, sceneId);
    if (!scene) return { state: 'expired' };
    if (scene.state === 'waiting') await this.save(sceneId, { ...scene, state: 'scanned' });
    return { state: scene.state === 'confirmed' ? 'bind' : 'scanned' };
  }

  /** The development scan page confirmed, as the WeChat identity it keeps for this browser. */
  async devConfirm(siteId: bigint, sceneId: string, openId: string): Promise<{ state: TQrState }> {
    this.devOnly();
    return { state: await this.confirm(siteId, sceneId, openId) };
  }

  /** WeChat reported a scan of one of our codes: for an official account, scanning is confirming. */
  async mpScanned(siteId: bigint, event: MpEvent): Promise<string> {
    if (this.provider?.kind !== 'mp' || !event.sceneId || !event.openId) return '';
    const state = await this.confirm(siteId, event.sceneId, event.openId);
    if (state === 'expired') return '二维码已过期，请在电脑上刷新二维码后重新扫码';
    return state === 'bind' ? '扫码成功，请在电脑上填写手机号完成绑定' : '扫码成功，请回到电脑继续';
  }

  private async confirm(siteId: bigint, sceneId: string, openId: string): Promise<TQrState> {
    const scene = await this.scene(siteId, sceneId);
    if (!scene) return 'expired';
    if (scene.state === 'confirmed') return scene.openId === openId ? 'bind' : 'expired';
    await this.save(sceneId, { ...scene, state: 'confirmed', openId, expiresAt: Date.now() + BIND_WINDOW_MS });
    return (await this.accounts.wechatUser(siteId, this.kind(), openId)) ? 'success' : 'bind';
  }

  private devOnly(): void {
    if (this.provider?.kind !== 'dev') throw fail('本站未启用开发环境扫码');
  }

  private kind(): string {
    return this.provider?.kind ?? 'off';
  }

  private key(sceneId: string): string {
    return `qr:${sceneId}`;
  }

  private async scene(siteId: bigint, sceneId: string): Promise<Scene | undefined> {
    const scene = await this.p.cache.kv.get<Scene>(this.key(sceneId));
    if (!scene || scene.siteId !== String(siteId) || scene.expiresAt <= Date.now()) return undefined;
    return scene;
  }

  private async save(sceneId: string, scene: Scene): Promise<void> {
    await this.p.cache.kv.set(this.key(sceneId), scene, Math.max(1, scene.expiresAt - Date.now()));
  }
}
