import type { KeyValue } from './cache.ts';
import { fail } from './http/errors.ts';

export const THROTTLE = {
  windowMs: 60 * 60_000,
  /** Failures of an account, from anywhere, after which each attempt on it needs a captcha. */
  captchaAfter: 3,
  /** Failures from one address after which that address, and only it, waits. */
  addressWaitAfter: 10,
  waitBaseMs: 30_000,
  waitMaxMs: 15 * 60_000,
} as const;

export interface LoginThrottleOptions {
  /** Keeps the counts of one kind of login apart from another's. */
  name: string;
  /**
   * How many people one address stands for: a learners' address may be a school or a café, so its failures count
   * by this much less toward the captcha and the wait.
   */
  addressShare: number;
  /** The refusal while the address waits. */
  waitMessage(minutes: number): string;
}

/**
 * Failed password logins, counted per account and per address within an hour. An outsider who knows a mobile or a
 * login name can make every attempt on that account ask for a captcha, never stop it: only the address that keeps
 * failing waits, twice as long after each further failure, up to 15 minutes. The same rule for learners and
 * administrators; a lost administrator password is reset from the server's shell (`npm run admin`).
 */
export class LoginThrottle {
  private readonly kv: KeyValue;
  private readonly opts: LoginThrottleOptions;
  constructor(kv: KeyValue, opts: LoginThrottleOptions) {
    this.kv = kv;
    this.opts = opts;
  }

  private keys(siteId: bigint, account: string, ip: string) {
    const n = this.opts.name;
    return {
      account: `${n}-fail:${siteId}:${account}`,
      address: `${n}-fail-ip:${siteId}:${ip}`,
      wait: `${n}-wait-ip:${siteId}:${ip}`,
    };
  }

  private needCaptcha(account: number, address: number): boolean {
    return Math.max(account, Math.floor(address / this.opts.addressShare)) >= THROTTLE.captchaAfter;
  }

  /** Refuses an address that is waiting; says whether this attempt needs a captcha. */
  async before(siteId: bigint, account: string, ip: string): Promise<{ needCaptcha: boolean }> {
    const k = this.keys(siteId, account, ip);
    const [until, byAccount, byAddress] = await Promise.all([
      this.kv.get<number>(k.wait),
      this.kv.get<number>(k.account),
      this.kv.get<number>(k.address),
    ]);
    if (until && until > Date.now()) {
      throw fail(this.opts.waitMessage(Math.max(1, Math.ceil((until - Date.now()) / 60_000))), { needCaptcha: true });
    }
    return { needCaptcha: this.needCaptcha(byAccount ?? 0, byAddress ?? 0) };
  }

  /** Records a wrong password; returns whether the next attempt needs a captcha. */
  async failed(siteId: bigint, account: string, ip: string): Promise<boolean> {
    const k = this.keys(siteId, account, ip);
    const byAccount = await this.kv.incr(k.account, THROTTLE.windowMs);
    const byAddress = await this.kv.incr(k.address, THROTTLE.windowMs);
    const over = Math.floor(byAddress / this.opts.addressShare) - THROTTLE.addressWaitAfter;
    if (over >= 0) {
      const ms = Math.min(THROTTLE.waitBaseMs * 2 ** over, THROTTLE.waitMaxMs);
      await this.kv.set(k.wait, Date.now() + ms, ms);
    }
    return this.needCaptcha(byAccount, byAddress);
  }

  /** The right password: this address starts afresh (the account's count stays: its guesser may still be at it). */
  async succeeded(siteId: bigint, account: string, ip: string): Promise<void> {
    const k = this.keys(siteId, account, ip);
    await Promise.all([this.kv.del(k.address), this.kv.del(k.wait)]);
  }

  /** Forgets an account's failures: its owner proved who they are another way (an SMS code, the server's shell). */
  async clear(siteId: bigint, account: string): Promise<void> {
    await this.kv.del(this.keys(siteId, account, '').account);
  }
}
