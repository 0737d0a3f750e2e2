import type { TUserInfo } from '#contract/user.ts';
import type { Platform } from '../../platform/context.ts';
import type { Db } from '../../platform/db/client.ts';
import { fail } from '../../platform/http/errors.ts';
import { maskMobile } from '../../platform/mask.ts';
import { userInfoKey, userRepo, type UserRepo, type UserRow } from './user.repo.ts';
import { accountRepo } from './account.repo.ts';

// short enough that a VIP membership running out shows within a minute
const USER_INFO_TTL_MS = 30_000;
import { presentUserInfo } from './user.presenter.ts';

export interface UserBrief {
  id: bigint;
  mobile: string;
  nickname: string;
  headImgUrl: string;
  userType: number;
  statusId: number;
}
const brief = (r: Pick<UserRow, keyof UserBrief>): UserBrief => ({
  id: r.id,
  mobile: r.mobile,
  nickname: r.nickname,
  headImgUrl: r.headImgUrl,
  userType: r.userType,
  statusId: r.statusId,
});

/** A user's own profile, and what other domains may ask about users. */
export class UserService {
  private readonly repo: UserRepo;
  private readonly p: Platform;
  constructor(p: Platform) {
    this.p = p;
    this.repo = userRepo(p.db, p.cache.kv);
  }

  /** The signed-in user's own info: read on every page, so kept briefly in the cache (writes drop it). */
  async view(siteId: bigint, userId: bigint): Promise<TUserInfo> {
    const key = userInfoKey(siteId, userId);
    const cached = await this.p.cache.kv.get<TUserInfo>(key);
    if (cached) return cached;
    const row = await this.repo.byId(siteId, userId);
    if (!row || row.statusId !== 1) throw fail('账号不存在或已停用');
    const info = presentUserInfo(row);
    await this.p.cache.kv.set(key, info, USER_INFO_TTL_MS);
    return info;
  }

  async update(siteId: bigint, userId: bigint, input: { nickname?: string; headImgUrl?: string }): Promise<TUserInfo> {
    const row = await this.repo.update(siteId, userId, input);
    if (!row) throw fail('账号不存在或已停用');
    return presentUserInfo(row);
  }

  /** Who users are, for other domains' lists (admin pages, messages); keyed by id. */
  async briefs(siteId: bigint, ids: bigint[]): Promise<Map<bigint, UserBrief>> {
    const rows = await this.repo.byIds(siteId, ids);
    return new Map(rows.map((r) => [r.id, brief(r)]));
  }

  /** A user another domain acts for; the caller holds their session, so a missing row is a stale session. */
  async brief(siteId: bigint, userId: bigint): Promise<UserBrief> {
    const row = await this.repo.byId(siteId, userId);
    if (!row || row.statusId !== 1) throw fail('账号不存在或已停用');
    return brief(row);
  }

  async findByMobile(siteId: bigint, mobile: string): Promise<UserBrief | undefined> {
    const row = await this.repo.byMobile(siteId, mobile);
    return row ? brief(row) : undefined;
  }

  /** Active VIP members in id order, a batch at a time (reminders of VIP-free live courses). */
  vipIdsAfter(siteId: bigint, after: bigint, limit: number): Promise<bigint[]> {
    return this.repo.vipIdsAfter(siteId, after, limit);
  }

  /** Active users in id order, a batch at a time (message fan-out). */
  activeIdsAfter(siteId: bigint, after: bigint, limit: number): Promise<bigint[]> {
    return this.repo.activeIdsAfter(siteId, after, limit);
  }

  /** A lecturer application approved (2) or an administrator's choice; false when there is no such user. */
  async setUserType(siteId: bigint, userId: bigint, userType: number): Promise<boolean> {
    return !!(await this.repo.update(siteId, userId, { userType }));
  }

  /**
   * Membership bought (days > 0) or refunded (days < 0), in the caller's transaction when given one. Returns the
   * new expiry; the cached user info is dropped (call refreshInfo again after the commit).
   */
  async extendVip(siteId: bigint, userId: bigint, days: number, tx?: Db): Promise<Date | null> {
    const repo = tx ? userRepo(tx, this.p.cache.kv) : this.repo;
    const at = await repo.shiftVip(siteId, userId, days);
    if (at === undefined) throw fail('账号不存在或已停用');
    return at;
  }

  /** Drops the cached user info, so the next read shows a change made in another commit (membership). */
  async refreshInfo(siteId: bigint, userId: bigint): Promise<void> {
    await this.p.cache.kv.del(userInfoKey(siteId, userId));
  }

  /** Whether a referral code belongs to an active user of the site, and whom to thank. */
  async referrer(siteId: bigint, code: string): Promise<{ valid: boolean; referrerNickname: string }> {
    const row = await this.repo.byReferralCode(siteId, code);
    if (!row || row.statusId !== 1) return { valid: false, referrerNickname: '' };
    return { valid: true, referrerNickname: row.nickname || maskMobile(row.mobile) };
  }

  /**
   * The user's openid under a WeChat app id (WeChat Pay JSAPI pays by it): the one bound by the site's official
   * account login (decision 10), when that account is the app asked about. An openid is per app: one from another
   * app, or a development identity, would be refused by WeChat Pay.
   */
  async wechatOpenId(siteId: bigint, userId: bigint, appId: string): Promise<string | undefined> {
    const login = this.p.config.wechatLogin;
    if (login.provider !== 'mp' || login.appId !== appId) return undefined;
    return accountRepo(this.p.db).wechatOfUser(siteId, userId, 'mp');
  }
}
