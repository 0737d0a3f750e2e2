import { extractLogSave, type TAccountBalance } from '#contract/account-ledger.ts';
import type { CallBody } from '#contract/call.ts';
import { yuanToFen } from '#contract/order.ts';
import { money } from './order-format.ts';

/** A withdrawal form's messages by its own field names: the amount typed in yuan, and the SMS code. */
export type WithdrawErrors = Partial<Record<'amount' | 'code', string>>;

/**
 * Why nothing can be withdrawn yet, or null: no card is bound (the card's section is `cardPlace` on the page), or
 * less than the minimum may be withdrawn.
 */
export function withdrawBlocked(balance: TAccountBalance, cardPlace: string): string | null {
  if (balance.bankBound !== 1) return `请先在${cardPlace}绑定本人银行卡`;
  if (balance.availableAmount < balance.minExtractAmount)
    return `可提现金额满 ${money(balance.minExtractAmount)} 才能申请提现`;
  return null;
}

/**
 * A withdrawal as the person typed it, checked before anything is sent: the amount in yuan with at most two
 * decimals, no more than is available and at least the contract's minimum, and the SMS code. The contract names
 * the amount in fen (`extractAmount`); its messages come back under the yuan field.
 */
export function checkWithdrawal(
  balance: TAccountBalance,
  amount: string,
  code: string,
): { ok: true; data: CallBody<typeof extractLogSave> } | { ok: false; errors: WithdrawErrors } {
  const errors: WithdrawErrors = {};
  const fen = yuanToFen(amount);
  if (!amount.trim()) errors.amount = '请填写提现金额';
  else if (fen === null) errors.amount = '请填写正确的金额，最多两位小数';
  else if (fen > balance.availableAmount) errors.amount = `不能超过可提现金额 ${money(balance.availableAmount)}`;
  const checked = extractLogSave.body.safeParse({ extractAmount: fen ?? 0, code });
  if (!checked.success)
    for (const issue of checked.error.issues) {
      const field = issue.path[0] === 'extractAmount' ? 'amount' : 'code';
      errors[field] ??= issue.message;
    }
  if (errors.amount || errors.code || !checked.success) return { ok: false, errors };
  return { ok: true, data: checked.data };
}
