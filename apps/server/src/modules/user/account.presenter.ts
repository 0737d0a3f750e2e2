import type { TBankAccount } from '#contract/account.ts';
import { formatTime } from '../../platform/time.ts';
import { maskDigits, maskMobile } from '../../platform/mask.ts';
import type { BankRow, ResearchRow } from './account.repo.ts';
import type { UserRow } from './user.repo.ts';

export const presentBank = (r: BankRow): TBankAccount => ({
  bankCardNo: maskDigits(r.bankCardNo, 4, 4),
  bankName: r.bankName,
  bankBranchName: r.bankBranchName,
  bankUserName: r.bankUserName,
  bankIdCardNo: maskDigits(r.bankIdCardNo, 4, 4),
  gmtModified: formatTime(r.gmtModified),
});

export const presentResearch = (r: ResearchRow) => ({
  education: r.education,
  occupation: r.occupation,
  learnGoal: r.learnGoal,
  interests: r.interests,
  weeklyHours: r.weeklyHours,
  source: r.source,
  remark: r.remark,
  gmtModified: formatTime(r.gmtModified),
});

/** A referred user as the referrer sees them: no id, mobile masked. */
export const presentReferred = (u: UserRow) => ({
  nickname: u.nickname,
  mobile: maskMobile(u.mobile),
  headImgUrl: u.headImgUrl,
  gmtCreate: formatTime(u.gmtCreate),
});
