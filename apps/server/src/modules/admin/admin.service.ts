import { and, eq } from 'drizzle-orm';
import type { TAdminInfo } from '#contract/admin.ts';
import type { Platform } from '../../platform/context.ts';
import { fail } from '../../platform/http/errors.ts';
import type { Sessions } from '../../platform/http/session.ts';
import { hashPassword, verifyPassword } from '../../platform/password.ts';
import { adminUser } from '../../db/schema/platform.ts';
import { newId } from '../../platform/ids.ts';
import type { CaptchaService } from '../user/captcha.service.ts';
import { LoginThrottle } from '../../platform/login-throttle.ts';

const ADMIN_SESSION_MS = 12 * 60 * 60_000;

const present = (r: typeof adminUser.$inferSelect): TAdminInfo => ({
  id: String(r.id),
  loginName: r.loginName,
  realName: r.realName,
});

/**
 * Platform administrators: password login, a captcha after repeated failures and a wait for the address that keeps
 * failing (never a lock on the account, which an outsider could hold), and their sessions.
 */
export class AdminService {
  private readonly p: Platform;
  private readonly sessions: Sessions;
  private readonly captcha: CaptchaService;
  readonly throttle: LoginThrottle;
  constructor(p: Platform, sessions: Sessions, captcha: CaptchaService) {
    this.p = p;
    this.sessions = sessions;
    this.captcha = captcha;
    this.throttle = new LoginThrottle(p.cache.kv, {
      name: 'admin-login',
      addressShare: 1,
      waitMessage: (minutes) => `此网络的密码错误次数过多，请 ${minutes} 分钟后再试`,
    });
  }

  async login(
    siteId: bigint,
    input: { loginName: string; password: string; verToken?: string | undefined; verCode?: string | undefined },
    ip: string,
  ): Promise<{ token: string; admin: TAdminInfo }> {
    const { loginName, password } = input;
    const state = await this.throttle.before(siteId, loginName, ip);
    if (state.needCaptcha) await this.captcha.verify(input.verToken, input.verCode);
    const [row] = await this.p.db
      .select()
      .from(adminUser)
      .where(and(eq(adminUser.siteId, siteId), eq(adminUser.loginName, loginName)))
      .limit(1);
    const ok = row ? await verifyPassword(row.passwordHash, password) : false;
    if (!row || !ok) {
      const needCaptcha = await this.throttle.failed(siteId, loginName, ip);
      throw fail('账号或密码不正确', needCaptcha ? { needCaptcha: true } : undefined);
    }
    if (row.statusId !== 1) throw fail('该管理员账号已停用');
    await this.throttle.succeeded(siteId, loginName, ip);
    const token = await this.sessions.create({
      siteId,
      subjectKind: 'admin',
      subjectId: row.id,
      clientType: 1,
      ttlMs: ADMIN_SESSION_MS,
    });
    return { token, admin: present(row) };
  }

  async info(siteId: bigint, id: bigint): Promise<TAdminInfo> {
    const [row] = await this.p.db
      .select()
      .from(adminUser)
      .where(and(eq(adminUser.siteId, siteId), eq(adminUser.id, id)))
      .limit(1);
    if (!row) throw fail('管理员不存在');
    return present(row);
  }

  async logout(token: string): Promise<null> {
    await this.sessions.end(token);
    return null;
  }

  /**
   * The shell's way in (`npm run admin`): a new password for an administrator, the account enabled again and its
   * failures forgotten. Refuses a name the site does not have.
   */
  async resetPassword(siteId: bigint, loginName: string, password: string): Promise<void> {
    const done = await this.p.db
      .update(adminUser)
      .set({ passwordHash: await hashPassword(password), statusId: 1, gmtModified: new Date() })
      .where(and(eq(adminUser.siteId, siteId), eq(adminUser.loginName, loginName)))
      .returning({ id: adminUser.id });
    if (done.length === 0) throw fail(`没有名为 ${loginName} 的管理员`);
    await this.throttle.clear(siteId, loginName);
  }

  /** The shell's unlock: the account enabled again and its failures forgotten, its password unchanged. */
  async unlock(siteId: bigint, loginName: string): Promise<void> {
    const done = await this.p.db
      .update(adminUser)
      .set({ statusId: 1, gmtModified: new Date() })
      .where(and(eq(adminUser.siteId, siteId), eq(adminUser.loginName, loginName)))
      .returning({ id: adminUser.id });
    if (done.length === 0) throw fail(`没有名为 ${loginName} 的管理员`);
    await this.throttle.clear(siteId, loginName);
  }

  /** Creates the administrator if the site has none by that name (used by seeding). */
  async ensure(siteId: bigint, loginName: string, password: string, realName: string): Promise<void> {
    const [row] = await this.p.db
      .select({ id: adminUser.id })
      .from(adminUser)
      .where(and(eq(adminUser.siteId, siteId), eq(adminUser.loginName, loginName)));
    if (row) return;
    await this.p.db
      .insert(adminUser)
      .values({ id: newId(), siteId, loginName, realName, passwordHash: await hashPassword(password) })
      .onConflictDoNothing();
  }

  static readonly sessionMs = ADMIN_SESSION_MS;
}
