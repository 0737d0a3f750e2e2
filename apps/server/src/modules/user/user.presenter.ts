import type { TUserInfo } from '#contract/user.ts';
import { formatTime } from '../../platform/time.ts';
import type { UserRow } from './user.repo.ts';

export const isVip = (u: Pick<UserRow, 'vipExpireAt'>, now = Date.now()): boolean =>
  !!u.vipExpireAt && u.vipExpireAt.getTime() > now;

/** The user's own view of their account (never shown to others: it carries the full mobile). */
export function presentUserInfo(u: UserRow): TUserInfo {
  return {
    id: String(u.id),
    nickname: u.nickname,
    mobile: u.mobile,
    headImgUrl: u.headImgUrl,
    userType: u.userType,
    isVip: isVip(u) ? 1 : 0,
    vipExpireTime: formatTime(u.vipExpireAt),
    isRecommended: u.isRecommended,
    referralCode: u.referralCode,
    gmtCreate: formatTime(u.gmtCreate),
  };
}
