import { fail, notFound } from '../../platform/http/errors.ts';

/** A lecturer's sales are for lecturers: the user domain's one rule for them (decision 34). */
export { mustBeLecturer } from '../user/user.policy.ts';

/** An order is its buyer's: another user's order reads as no order at all. */
export function ownOrder<T extends { userId: bigint }>(order: T | undefined, userId: bigint): T {
  if (!order || order.userId !== userId) throw notFound('订单');
  return order;
}

/** Paying an order again is for its buyer only (the cashier's refusal words it as a deleted order). */
export function mayPay<T extends { userId: bigint }>(order: T | undefined, userId: bigint): T {
  if (!order || order.userId !== userId) throw fail('订单不存在或已删除');
  return order;
}
