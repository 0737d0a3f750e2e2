import type { KeyValue } from '../../platform/cache.ts';
import { fail } from '../../platform/http/errors.ts';

export const THROTTLE = {
  windowMs: 60 * 60_000,
  captchaAfter: 3,
  lockAfter: 10,
  lockBaseMs: 30_000,
  lockMaxMs: 15 * 60_000,
  /** An IP is shared by many people (a school, a café), so it gets a larger allowance. */
  ipFactor: 4,
} as const;

export interface ThrottleState {
  needCaptcha: boolean;
}

/**
 * Failed password logins, counted per mobile and per IP within an hour. After 3 a captcha is required; after 10
 * each further failure locks logins for twice as long as the last, up to 15 minutes.
 */
export class LoginThrottle {
  private readonly kv: KeyValue;
  constructor(kv: KeyValue) {
    this.kv = kv;
  }

  private keys(siteId: bigint, mobile: string, ip: string) {
    return { m: `login-fail:${siteId}:${mobile}`, ip: `login-fail-ip:${ip}`, lock: `login-lock:${siteId}:${mobile}` };
  }

  private async failures(siteId: bigint, mobile: string, ip: string): Promise<number> {
    const k = this.keys(siteId, mobile, ip);
    const [m, byIp] = await Promise.all([this.kv.get<number>(k.m), this.kv.get<number>(k.ip)]);
    return Math.max(m ?? 0, Math.floor((byIp ?? 0) / THROTTLE.ipFactor));
  }

  /** Refuses while locked; says whether this attempt needs a captcha. */
  async before(siteId: bigint, mobile: string, ip: string): Promise<ThrottleState> {
    const until = await this.kv.get<number>(this.keys(siteId, mobile, ip).lock);
    if (until && until > Date.now()) {
      const minutes = Math.max(1, Math.ceil((until - Date.now()) / 60_000));
      throw fail(`密码错误次数过多，请 ${minutes} 分钟后再试，或使用短信验证码登录`, { needCaptcha: true });
    }
    return { needCaptcha: (await this.failures(siteId, mobile, ip)) >= THROTTLE.captchaAfter };
  }

  /** Records a failure; returns whether the next attempt needs a captcha. */
  async failed(siteId: bigint, mobile: string, ip: string): Promise<boolean> {
    const k = this.keys(siteId, mobile, ip);
    const n = await this.kv.incr(k.m, THROTTLE.windowMs);
    await this.kv.incr(k.ip, THROTTLE.windowMs);
    if (n >= THROTTLE.lockAfter) {
      const ms = Math.min(THROTTLE.lockBaseMs * 2 ** (n - THROTTLE.lockAfter), THROTTLE.lockMaxMs);
      await this.kv.set(k.lock, Date.now() + ms, ms);
    }
    return n >= THROTTLE.captchaAfter;
  }

  async succeeded(siteId: bigint, mobile: string, ip: string): Promise<void> {
    const k = this.keys(siteId, mobile, ip);
    await Promise.all([this.kv.del(k.m), this.kv.del(k.lock)]);
  }
}
