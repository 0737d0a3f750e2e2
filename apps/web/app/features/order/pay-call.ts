import {
  orderContinuePay,
  orderPay,
  vipOrderPay,
  type TPayClient,
  type TPayResult,
  type TPayType,
} from '#contract/order.ts';
import { api } from '../../api/client.ts';

/** What the buyer is about to pay for: a course, a VIP plan, or an unpaid order of theirs (continue pay). */
export type Purchase =
  | { kind: 'course'; courseId: string; name: string; price: number; rulingPrice: number }
  | { kind: 'vip'; vipSetId: string; name: string; price: number; rulingPrice: number; days: number }
  | { kind: 'order'; orderNo: string; name: string; price: number };

/**
 * The pay call of a purchase, on the PC checkout and the H5 one alike; `payClient` says what the page runs on, which
 * picks the trade type (a computer's by default).
 */
export function payCall(p: Purchase, payType: TPayType | undefined, payClient: TPayClient = 'pc'): Promise<TPayResult> {
  if (p.kind === 'course') return api(orderPay, { courseId: p.courseId, payType, payClient });
  if (p.kind === 'vip') return api(vipOrderPay, { vipSetId: p.vipSetId, payType, payClient });
  return api(orderContinuePay, { orderNo: p.orderNo, payType, payClient });
}
