import { z } from './zod-config.ts';
import { defineCall, Empty, Id, IdBody, oneOf, PageQuery, pageOf, text } from './call.ts';
import { PayType } from './order.ts';

/** What the shop and a payment gateway disagree on, and what the administrator should do about it. */
export const PAY_DIFFERENCE_KINDS = {
  late_paid: '订单关闭后到账',
  paid_twice: '重复支付（应退还）',
  unsettled: '支付平台已收款、本站未入账',
  not_at_gateway: '本站已支付、支付平台无此收款',
  refund_unconfirmed: '退款未获支付平台确认',
} as const;
export type TPayDifferenceKind = keyof typeof PAY_DIFFERENCE_KINDS;

export const PayDifference = z.object({
  id: Id,
  kind: z.string(),
  kindName: z.string(),
  orderNo: Id,
  serialNumber: Id,
  payType: PayType,
  amount: z.number().int(),
  detail: z.string(),
  /** what to do, in the administrator's words */
  action: z.string(),
  /** whether this difference is a payment to return through its gateway (its own refund action) */
  refundable: z.boolean(),
  statusId: z.number().int(),
  handled: z.string(),
  gmtCreate: z.string(),
  gmtModified: z.string(),
});
export type TPayDifference = z.output<typeof PayDifference>;

export const adminPayDifferencePage = defineCall({
  method: 'POST',
  path: '/user/admin/order/pay/difference/page',
  access: 'admin',
  summary: '支付差异：本站与支付平台对不上的每一笔（关闭后到账、重复支付、对账差异），及应采取的处理',
  /** statusId 1 open, 2 handled, 0 (or left out) every one */
  body: PageQuery.extend({ statusId: oneOf([0, 1, 2] as const, '状态不正确').default(0) }),
  data: pageOf(PayDifference),
});
export const adminPayDifferenceRefund = defineCall({
  method: 'POST',
  path: '/user/admin/order/pay/difference/refund',
  access: 'admin',
  summary: '退还一笔重复支付：按原支付渠道退回该笔款项（订单本身不变）',
  body: IdBody,
  data: PayDifference,
});
export const adminPayDifferenceHandle = defineCall({
  method: 'POST',
  path: '/user/admin/order/pay/difference/handle',
  access: 'admin',
  summary: '标记一条支付差异已处理，并写明如何处理',
  body: z.object({ id: Id, handled: text('处理说明', 200) }),
  data: PayDifference,
});
export const adminPayDifferenceCount = defineCall({
  method: 'POST',
  path: '/user/admin/order/pay/difference/count',
  access: 'admin',
  summary: '待处理的支付差异条数（首页提醒）',
  body: Empty,
  data: z.object({ openCount: z.number().int() }),
});
