import { UserType } from '#contract/user.ts';
import type { SessionUser } from '../../lib/session.ts';

/**
 * Lecturers and organisations earn course shares and recommenders referral rewards: their menus offer 我的收益
 * and 提现. Anyone may open those pages; for everyone else they would only show zeros.
 */
export function earnsMoney(user: SessionUser): boolean {
  return user.userType !== UserType.NORMAL || user.isRecommended === 1;
}
