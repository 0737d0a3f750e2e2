import type { TAccountBalance } from '#contract/account-ledger.ts';
import { money } from './order-format.ts';

/** The money account at a glance, as both sites show it: what may be withdrawn first, then what it became. */
export function balanceItems(balance: TAccountBalance) {
  return [
    { key: 'available', label: '可提现', value: balance.availableAmount, main: true },
    { key: 'frozen', label: '提现中（冻结）', value: balance.frozenAmount, main: false },
    { key: 'withdrawn', label: '已提现', value: balance.withdrawnAmount, main: false },
    { key: 'income', label: '累计收入', value: balance.totalIncome, main: false },
  ];
}

/**
 * A refund after a withdrawal leaves the account owing, which later income pays back first: said in words, since
 * a negative balance alone reads as a fault.
 */
export function debtNote(balance: TAccountBalance): string | null {
  if (balance.availableAmount >= 0) return null;
  return `有订单退款扣回了已经提现的收入，可提现金额为负；之后的收入会先抵扣这 ${money(-balance.availableAmount)}。`;
}
