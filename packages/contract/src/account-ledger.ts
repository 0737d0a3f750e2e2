import { z } from './zod-config.ts';
import { defineCall, Empty, PageQuery, pageOf } from './call.ts';
import { SmsCode } from './user.ts';
import { DateRange, fen, ORDER_LIMITS } from './order.ts';

/**
 * A user's money: lecturer shares, referral rewards and withdrawals. The account (available, frozen, withdrawn)
 * changes only by ledger rows, and each row records its change to each balance and the balances after it.
 * The bank card itself is `/user/auth/user/account/view|update` (account.ts).
 */

/** Why a ledger row was written. */
export const LedgerKind = z.enum([
  'share',
  'reward',
  'share_reversal',
  'reward_reversal',
  'withdraw_freeze',
  'withdraw_unfreeze',
  'withdraw_paid',
]);
export type TLedgerKind = z.output<typeof LedgerKind>;
export const LEDGER_KIND_NAMES: Record<TLedgerKind, string> = {
  share: '课程分成',
  reward: '推荐奖励',
  share_reversal: '退款扣回分成',
  reward_reversal: '退款扣回奖励',
  withdraw_freeze: '提现冻结',
  withdraw_unfreeze: '提现退回',
  withdraw_paid: '提现到账',
};

/** Withdrawal (account extract) states: the roncoo ExtractStatus values. */
export const ExtractStatus = { REVIEWING: 1, PAYING: 2, CONFIRMING: 3, SUCCESS: 4, FAILED: 5 } as const;
export const EXTRACT_STATUS_NAMES: Record<number, string> = {
  1: '审核中',
  2: '支付中',
  3: '确认中',
  4: '成功',
  5: '失败',
};

export const AccountBalance = z.object({
  /** may be withdrawn; negative when a refund took back money already withdrawn */
  availableAmount: z.number().int(),
  /** held by withdrawals under way */
  frozenAmount: z.number().int(),
  /** paid out to the bank card */
  withdrawnAmount: z.number().int(),
  /** shares and rewards earned, less what refunds took back */
  totalIncome: z.number().int(),
  totalShare: z.number().int(),
  totalReward: z.number().int(),
  minExtractAmount: z.number().int(),
  /** 1 when a bank card is bound (withdrawals need one) */
  bankBound: z.number().int(),
});
export type TAccountBalance = z.output<typeof AccountBalance>;

export const accountBalanceView = defineCall({
  method: 'POST',
  path: '/user/auth/user/account/balance/view',
  access: 'auth',
  summary: '我的账户余额：可提现、冻结中、已提现与累计收入（分）',
  body: Empty,
  data: AccountBalance,
});

export const LedgerRow = z.object({
  id: z.string(),
  kind: LedgerKind,
  /** changes of each balance, fen (signed) */
  availableDelta: z.number().int(),
  frozenDelta: z.number().int(),
  withdrawnDelta: z.number().int(),
  /** the balances right after this row */
  availableAfter: z.number().int(),
  frozenAfter: z.number().int(),
  withdrawnAfter: z.number().int(),
  /** the order it came from, '' for withdrawals */
  orderNo: z.string(),
  /** the withdrawal it belongs to, '' for orders */
  extractId: z.string(),
  remark: z.string(),
  gmtCreate: z.string(),
});
export type TLedgerRow = z.output<typeof LedgerRow>;

export const accountLedgerList = defineCall({
  method: 'POST',
  path: '/user/auth/user/account/ledger/list',
  access: 'auth',
  summary: '我的账户明细（收支流水），新的在前',
  body: PageQuery.extend({ kind: LedgerKind.optional() }),
  data: pageOf(LedgerRow),
});

export const IncomeDay = z.object({
  /** YYYY-MM-DD, Asia/Shanghai */
  date: z.string(),
  /** course sales credited that day */
  saleCount: z.number().int(),
  /** shares credited less shares taken back that day */
  shareAmount: z.number().int(),
  /** rewards credited less rewards taken back that day */
  rewardAmount: z.number().int(),
});
export const accountIncomeDay = defineCall({
  method: 'POST',
  path: '/user/auth/user/account/income/day',
  access: 'auth',
  summary: '我的每日收入（图表用）：默认最近 7 天，每天一项（无收入为 0）',
  body: DateRange,
  data: z.object({ list: z.array(IncomeDay), shareAmount: z.number().int(), rewardAmount: z.number().int() }),
});

/* ---- withdrawals ---- */

export const ExtractLog = z.object({
  id: z.string(),
  extractAmount: z.number().int(),
  extractStatus: z.number().int(),
  bankName: z.string(),
  /** masked: first and last four digits */
  bankCardNo: z.string(),
  bankUserName: z.string(),
  /** why it failed, or the administrator's note */
  remark: z.string(),
  gmtCreate: z.string(),
  auditTime: z.string(),
  finishTime: z.string(),
});
export type TExtractLog = z.output<typeof ExtractLog>;

export const extractLogSave = defineCall({
  method: 'POST',
  path: '/user/auth/user/account/extract/log/save',
  access: 'auth',
  summary: `申请提现到已绑定的银行卡（需本人手机短信验证码；最少 ${ORDER_LIMITS.minExtractFen / 100} 元，金额以分为单位）`,
  body: z.object({ extractAmount: fen('提现金额', ORDER_LIMITS.minExtractFen), code: SmsCode }),
  data: ExtractLog,
});
export const extractLogList = defineCall({
  method: 'POST',
  path: '/user/auth/user/account/extract/log/list',
  access: 'auth',
  summary: '我的提现记录，新的在前',
  body: PageQuery.extend({ extractStatus: z.coerce.number().int().min(1).max(5).optional() }),
  data: pageOf(ExtractLog),
});

/* ---- referral rewards ---- */

export const RewardItem = z.object({
  orderNo: z.string(),
  productName: z.string(),
  /** the referred buyer, masked */
  buyerMobile: z.string(),
  buyerNickname: z.string(),
  pricePaid: z.number().int(),
  rewardAmount: z.number().int(),
  /** 1 credited, 2 taken back (the order was refunded) */
  rewardStatus: z.number().int(),
  gmtCreate: z.string(),
});
export const recommendedRewardList = defineCall({
  method: 'POST',
  path: '/user/auth/user/recommended/reward/list',
  access: 'auth',
  summary: '我的推荐奖励：我推荐的用户每笔付款给我的奖励，新的在前',
  body: PageQuery,
  data: pageOf(RewardItem),
});
