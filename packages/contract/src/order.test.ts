import { describe, expect, it } from 'vitest';
import { fenToYuan } from './money.ts';
import { orderList, yuanToFen } from './order.ts';
import { extractLogSave } from './account-ledger.ts';
import { adminExtractAudit } from './order-admin.ts';

describe('money text', () => {
  it('shows fen as yuan without float rounding', () => {
    expect(fenToYuan(12345)).toBe('123.45');
    expect(fenToYuan(5)).toBe('0.05');
    expect(fenToYuan(-5)).toBe('-0.05');
    expect(fenToYuan(0)).toBe('0.00');
    expect(fenToYuan(1_000_000_01)).toBe('1000000.01');
  });

  it('reads a yuan amount typed by a person into fen', () => {
    expect(yuanToFen('123.4')).toBe(12340);
    expect(yuanToFen(' 100 ')).toBe(10000);
    expect(yuanToFen('0.29')).toBe(29);
    expect(yuanToFen('1.005')).toBeNull();
    expect(yuanToFen('-1')).toBeNull();
    expect(yuanToFen('abc')).toBeNull();
  });
});

describe('order and withdrawal requests', () => {
  it('lists every state but closed when no state is given', () => {
    expect(orderList.body.parse({})).toMatchObject({ orderStatus: 0, pageCurrent: 1 });
    expect(orderList.body.safeParse({ orderStatus: 9 }).success).toBe(false);
  });

  it('refuses a withdrawal under the minimum and a fractional fen', () => {
    const small = extractLogSave.body.safeParse({ extractAmount: 9999, code: '123456' });
    expect(small.success).toBe(false);
    expect(small.error?.issues[0]?.message).toBe('提现金额不能少于 100.00 元');
    expect(extractLogSave.body.safeParse({ extractAmount: 10000.5, code: '123456' }).success).toBe(false);
    expect(extractLogSave.body.parse({ extractAmount: '10000', code: '123456' }).extractAmount).toBe(10000);
  });

  it('needs a reason to reject a withdrawal', () => {
    expect(adminExtractAudit.body.safeParse({ id: '1', extractStatus: 5 }).success).toBe(false);
    expect(adminExtractAudit.body.safeParse({ id: '1', extractStatus: 5, remark: '卡号有误' }).success).toBe(true);
    expect(adminExtractAudit.body.safeParse({ id: '1', extractStatus: 2 }).success).toBe(true);
  });
});
