import type { KeyValue } from '../../platform/cache.ts';
import { fail } from '../../platform/http/errors.ts';

export const ADMIN_THROTTLE = {
  windowMs: 60 * 60_000,
  /** Failures of an account, from anywhere, after which each attempt needs a captcha. */
  captchaAfter: 3,
  /** Failures from one address after which that address, and only it, waits. */
  addressLockAfter: 10,
  lockBaseMs: 30_000,
  lockMaxMs: 15 * 60_000,
} as const;

/**
 * Failed administrator logins. An outsider who knows the login name can make every attempt on that account ask
 * for a captcha, never stop it: only the address that keeps failing waits, twice as long after each further
 * failure, up to 15 minutes. A lost password is reset from the server's shell (`npm run admin`).
 */
export class AdminLoginThrottle {
  private readonly kv: KeyValue;
  constructor(kv: KeyValue) {
    this.kv = kv;
  }

  private keys(siteId: bigint, loginName: string, ip: string) {
    return {
      account: `admin-login-fail:${siteId}:${loginName}`,
      address: `admin-login-fail-ip:${siteId}:${ip}`,
      lock: `admin-login-lock-ip:${siteId}:${ip}`,
    };
  }

  /** Refuses an address that is waiting; says whether this attempt needs a captcha. */
  async before(siteId: bigint, loginName: string, ip: string): Promise<{ needCaptcha: boolean }> {
    const k = this.keys(siteId, loginName, ip);
    const [until, account, address] = await Promise.all([
      this.kv.get<number>(k.lock),
      this.kv.get<number>(k.account),
      this.kv.get<number>(k.address),
    ]);
    if (until && until > Date.now()) {
      const minutes = Math.max(1, Math.ceil((until - Date.now()) / 60_000));
      throw fail(`此网络的密码错误次数过多，请 ${minutes} 分钟后再试`, { needCaptcha: true });
    }
    return { needCaptcha: Math.max(account ?? 0, address ?? 0) >= ADMIN_THROTTLE.captchaAfter };
  }

  /** Records a wrong password; returns whether the next attempt needs a captcha. */
  async failed(siteId: bigint, loginName: string, ip: string): Promise<boolean> {
    const k = this.keys(siteId, loginName, ip);
    const account = await this.kv.incr(k.account, ADMIN_THROTTLE.windowMs);
    const address = await this.kv.incr(k.address, ADMIN_THROTTLE.windowMs);
    if (address >= ADMIN_THROTTLE.addressLockAfter) {
      const ms = Math.min(
        ADMIN_THROTTLE.lockBaseMs * 2 ** (address - ADMIN_THROTTLE.addressLockAfter),
        ADMIN_THROTTLE.lockMaxMs,
      );
      await this.kv.set(k.lock, Date.now() + ms, ms);
    }
    return Math.max(account, address) >= ADMIN_THROTTLE.captchaAfter;
  }

  /** The right password: this address starts afresh (the account's count stays: its guesser may still be at it). */
  async succeeded(siteId: bigint, loginName: string, ip: string): Promise<void> {
    const k = this.keys(siteId, loginName, ip);
    await Promise.all([this.kv.del(k.address), this.kv.del(k.lock)]);
  }

  /** Forgets every failure of an account (the shell's unlock); addresses keep waiting out their own. */
  async clear(siteId: bigint, loginName: string): Promise<void> {
    await this.kv.del(this.keys(siteId, loginName, '').account);
  }
}
