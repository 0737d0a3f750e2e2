import { describe, expect, it } from 'vitest';
import { mayPay, ownOrder } from './order.policy.ts';

describe('whose order it is', () => {
  it('shows and pays an order for its buyer only, as if another’s did not exist', () => {
    const order = { userId: 5n };
    expect(ownOrder(order, 5n)).toBe(order);
    expect(mayPay(order, 5n)).toBe(order);
    expect(() => ownOrder(order, 6n)).toThrow(expect.objectContaining({ code: 999, message: '订单不存在或已删除' }));
    expect(() => mayPay(undefined, 5n)).toThrow('订单不存在或已删除');
  });
});
