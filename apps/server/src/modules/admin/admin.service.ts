import { and, eq } from 'drizzle-orm';
import type { TAdminInfo } from '#contract/admin.ts';
import type { Platform } from '../../platform/context.ts';
import { fail } from '../../platform/http/errors.ts';
import type { Sessions } from '../../platform/http/session.ts';
import { hashPassword, verifyPassword } from '../../platform/password.ts';
import { adminUser } from '../../db/schema/platform.ts';
import { newId } from '../../platform/ids.ts';

const ADMIN_SESSION_MS = 12 * 60 * 60_000;
const FAIL_WINDOW_MS = 15 * 60_000;
const MAX_FAILS = 5;

const present = (r: typeof adminUser.$inferSelect): TAdminInfo => ({
  id: String(r.id),
  loginName: r.loginName,
  realName: r.realName,
});

/** Platform administrators: password login with a lockout after repeated failures, and their sessions. */
export class AdminService {
  private readonly p: Platform;
  private readonly sessions: Sessions;
  constructor(p: Platform, sessions: Sessions) {
    this.p = p;
    this.sessions = sessions;
  }

  async login(
    siteId: bigint,
    loginName: string,
    password: string,
    ip: string,
  ): Promise<{ token: string; admin: TAdminInfo }> {
    const failKey = `admin-login-fail:${siteId}:${loginName}`;
    const ipKey = `admin-login-fail-ip:${ip}`;
    const fails = Math.max(
      (await this.p.cache.kv.get<number>(failKey)) ?? 0,
      ((await this.p.cache.kv.get<number>(ipKey)) ?? 0) / 4,
    );
    if (fails >= MAX_FAILS) throw fail('密码错误次数过多，请 15 分钟后再试');
    const [row] = await this.p.db
      .select()
      .from(adminUser)
      .where(and(eq(adminUser.siteId, siteId), eq(adminUser.loginName, loginName)))
      .limit(1);
    const ok = row ? await verifyPassword(row.passwordHash, password) : false;
    if (!row || !ok) {
      await this.p.cache.kv.incr(failKey, FAIL_WINDOW_MS);
      await this.p.cache.kv.incr(ipKey, FAIL_WINDOW_MS);
      throw fail('账号或密码不正确');
    }
    if (row.statusId !== 1) throw fail('该管理员账号已停用');
    await this.p.cache.kv.del(failKey);
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
