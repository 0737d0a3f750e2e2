import { describe, expect, it } from 'vitest';
import type { TAccountBalance } from '#contract/account-ledger.ts';
import { checkWithdrawal, withdrawBlocked } from './withdraw-check.ts';

const balance = (over: Partial<TAccountBalance> = {}): TAccountBalance => ({
  availableAmount: 25_000,
  frozenAmount: 0,
  withdrawnAmount: 0,
  totalIncome: 25_000,
  totalShare: 25_000,
  totalReward: 0,
  minExtractAmount: 10_000,
  bankBound: 1,
  ...over,
});

describe('a withdrawal checked before it is sent', () => {
  it('sends the amount in fen with the code', () => {
    expect(checkWithdrawal(balance(), ' 120.5 ', '123456')).toEqual({
      ok: true,
      data: { extractAmount: 12_050, code: '123456' },
    });
    expect(checkWithdrawal(balance(), '250', '123456').ok).toBe(true);
  });

  it('refuses below the minimum, above what is available, or not money, in Chinese under the yuan field', () => {
    expect(checkWithdrawal(balance(), '99.99', '123456')).toEqual({
      ok: false,
      errors: { amount: '提现金额不能少于 100.00 元' },
    });
    expect(checkWithdrawal(balance(), '250.01', '123456')).toEqual({
      ok: false,
      errors: { amount: '不能超过可提现金额 ¥250.00' },
    });
    expect(checkWithdrawal(balance(), '1.234', '123456')).toEqual({
      ok: false,
      errors: { amount: '请填写正确的金额，最多两位小数' },
    });
    expect(checkWithdrawal(balance(), '  ', '123456')).toEqual({ ok: false, errors: { amount: '请填写提现金额' } });
  });

  it('names every field that is wrong at once', () => {
    const r = checkWithdrawal(balance(), '50', '');
    expect(r.ok).toBe(false);
    expect(!r.ok && Object.keys(r.errors).sort()).toEqual(['amount', 'code']);
  });

  it('says what to do first when nothing can be withdrawn yet', () => {
    expect(withdrawBlocked(balance({ bankBound: 0 }), '下方')).toBe('请先在下方绑定本人银行卡');
    expect(withdrawBlocked(balance({ availableAmount: 9_999 }), '下方')).toBe('可提现金额满 ¥100.00 才能申请提现');
    expect(withdrawBlocked(balance(), '下方')).toBeNull();
  });
});
