import { UserType } from '#contract/user.ts';
import { fail, notFound } from '../../platform/http/errors.ts';

/**
 * A lecturer's sales are for lecturers: anyone else is told to apply, with 999 as the question bank does (a code
 * of 300–400 would send them to the login page).
 */
export function mustBeLecturer(user: { userType: number }): void {
  if (user.userType !== UserType.LECTURER) throw fail('只有讲师可以查看课程销售记录，请先申请成为讲师');
}

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
