import type { TUserInfo } from '#contract/user.ts';
import type { Platform } from '../../platform/context.ts';
import { fail } from '../../platform/http/errors.ts';
import { userRepo, type UserRepo } from './user.repo.ts';
import { presentUserInfo } from './user.presenter.ts';

/** Masks a mainland mobile for display to others: 138****0001. */
export const maskMobile = (m: string): string => (m.length === 11 ? `${m.slice(0, 3)}****${m.slice(7)}` : m);

/** A user's own profile, and what other domains may ask about users. */
export class UserService {
  private readonly repo: UserRepo;
  constructor(p: Platform) {
    this.repo = userRepo(p.db);
  }

  async view(siteId: bigint, userId: bigint): Promise<TUserInfo> {
    const row = await this.repo.byId(siteId, userId);
    if (!row || row.statusId !== 1) throw fail('账号不存在或已停用');
    return presentUserInfo(row);
  }

  async update(siteId: bigint, userId: bigint, input: { nickname?: string; headImgUrl?: string }): Promise<TUserInfo> {
    const row = await this.repo.update(siteId, userId, input);
    if (!row) throw fail('账号不存在或已停用');
    return presentUserInfo(row);
  }

  /** Whether a referral code belongs to an active user of the site, and whom to thank. */
  async referrer(siteId: bigint, code: string): Promise<{ valid: boolean; referrerNickname: string }> {
    const row = await this.repo.byReferralCode(siteId, code);
    if (!row || row.statusId !== 1) return { valid: false, referrerNickname: '' };
    return { valid: true, referrerNickname: row.nickname || maskMobile(row.mobile) };
  }
}
