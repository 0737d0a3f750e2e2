import type { TAccountBalance, TExtractLog, TLedgerKind, TLedgerRow } from '#contract/account-ledger.ts';
import { ORDER_LIMITS } from '#contract/order.ts';
import { formatTime } from '../../platform/time.ts';
import { maskDigits } from '../../platform/mask.ts';
import type { AccountRow, LedgerEntryRow } from './ledger.repo.ts';
import type { ExtractRow, ExtractWithUser } from './extract.repo.ts';
import type { LecturerShareRow } from './rates.repo.ts';

export const presentLedger = (r: LedgerEntryRow): TLedgerRow => ({
  id: String(r.id),
  kind: r.kind as TLedgerKind,
  availableDelta: r.availableDelta,
  frozenDelta: r.frozenDelta,
  withdrawnDelta: r.withdrawnDelta,
  availableAfter: r.availableAfter,
  frozenAfter: r.frozenAfter,
  withdrawnAfter: r.withdrawnAfter,
  orderNo: r.orderNo === null ? '' : String(r.orderNo),
  extractId: r.extractId === null ? '' : String(r.extractId),
  remark: r.remark,
  gmtCreate: formatTime(r.gmtCreate),
});

export function presentBalance(a: AccountRow | undefined, bankBound: boolean): TAccountBalance {
  return {
    availableAmount: a?.availableAmount ?? 0,
    frozenAmount: a?.frozenAmount ?? 0,
    withdrawnAmount: a?.withdrawnAmount ?? 0,
    totalIncome: (a?.totalShare ?? 0) + (a?.totalReward ?? 0),
    totalShare: a?.totalShare ?? 0,
    totalReward: a?.totalReward ?? 0,
    minExtractAmount: ORDER_LIMITS.minExtractFen,
    bankBound: bankBound ? 1 : 0,
  };
}

/** The owner sees the card masked, as everywhere else (decision 12). */
export const presentExtract = (e: ExtractRow): TExtractLog => ({
  id: String(e.id),
  extractAmount: e.extractAmount,
  extractStatus: e.extractStatus,
  bankName: e.bankName,
  bankCardNo: maskDigits(e.bankCardNo, 4, 4),
  bankUserName: e.bankUserName,
  remark: e.remark,
  gmtCreate: formatTime(e.gmtCreate),
  auditTime: formatTime(e.auditTime),
  finishTime: formatTime(e.finishTime),
});

/** The administrator pays to the card, so sees it in full. */
export const presentExtractAdmin = ({ e, mobile, nickname }: ExtractWithUser) => ({
  ...presentExtract(e),
  userId: String(e.userId),
  mobile,
  nickname,
  bankCardNo: e.bankCardNo,
  bankBranchName: e.bankBranchName,
});

export const presentAccountAdmin = (r: { a: AccountRow; mobile: string; nickname: string }) => ({
  userId: String(r.a.userId),
  mobile: r.mobile,
  nickname: r.nickname,
  availableAmount: r.a.availableAmount,
  frozenAmount: r.a.frozenAmount,
  withdrawnAmount: r.a.withdrawnAmount,
  totalIncome: r.a.totalShare + r.a.totalReward,
  gmtModified: formatTime(r.a.gmtModified),
});

export const presentShare = (r: LecturerShareRow) => ({
  id: String(r.id),
  userId: String(r.userId),
  lecturerName: r.lecturerName,
  lecturerMobile: r.lecturerMobile,
  shareRate: r.shareRate,
  statusId: r.statusId,
});
