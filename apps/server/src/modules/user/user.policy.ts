import { LECTURER_ONLY_DATA, LECTURER_ONLY_MSG, UserType } from '#contract/user.ts';
import { fail } from '../../platform/http/errors.ts';

/**
 * Lecturers' calls refuse everyone else with one code and one message (decision 34): 999, because the person is
 * signed in and a code of 300–400 would send them to the login page; the data lets pages explain how to apply.
 */
export function mustBeLecturer(user: { userType: number }): void {
  if (user.userType !== UserType.LECTURER) throw fail(LECTURER_ONLY_MSG, LECTURER_ONLY_DATA);
}

/** Referring new users (a referral code, a share link, rewards) is for users granted the right by the platform. */
export function mayRefer(user: { isRecommended: number }): void {
  if (user.isRecommended !== 1) throw fail('您还没有推荐资格，如需开通请联系客服');
}
