import type { Platform } from '../../platform/context.ts';
import { userRepo } from './user.repo.ts';

/** Masks a mainland mobile for display to others: 138****0001. */
export const maskMobile = (m: string): string => (m.length === 11 ? `${m.slice(0, 3)}****${m.slice(7)}` : m);

export class UserService {
  private readonly repo;
  constructor(p: Platform) {
    this.repo = userRepo(p.db);
  }

  /** Whether a referral code belongs to an active user of the site, and whom to thank. */
  async referrer(siteId: bigint, code: string): Promise<{ valid: boolean; referrerNickname: string }> {
    const row = await this.repo.byReferralCode(siteId, code);
    if (!row || row.statusId !== 1) return { valid: false, referrerNickname: '' };
    return { valid: true, referrerNickname: row.nickname || maskMobile(row.mobile) };
  }
}
