import { fail } from '../../platform/http/errors.ts';

/** Referring new users (a referral code, a share link, rewards) is for users granted the right by the platform. */
export function mayRefer(user: { isRecommended: number }): void {
  if (user.isRecommended !== 1) throw fail('您还没有推荐资格，如需开通请联系客服');
}
