import { PAY_DIFFERENCE_KINDS, type TPayDifference, type TPayDifferenceKind } from '#contract/pay-difference.ts';
import { formatTime } from '../../platform/time.ts';
import { DifferenceKind, DifferenceStatus, type PayDifferenceRow } from './pay-difference.repo.ts';

/** What the administrator should do about each kind of difference. */
const ACTIONS: Record<TPayDifferenceKind, string> = {
  late_paid: '订单已按已支付开通；买家如不再需要，可在订单中退款',
  paid_twice: '该笔为多付的钱款，请点“退还”原路退回买家',
  unsettled: '支付平台已收款但本站未入账：请核对金额与支付渠道，确认后为买家补开通或在支付平台退款',
  not_at_gateway: '本站记为已支付，支付平台查无此收款：请在支付平台后台核实后处理',
  refund_unconfirmed: '退款尚未获支付平台确认，系统会继续查询；如长期未确认，请在支付平台后台核实',
};

export const present = (d: PayDifferenceRow): TPayDifference => ({
  id: String(d.id),
  kind: d.kind,
  kindName: PAY_DIFFERENCE_KINDS[d.kind as TPayDifferenceKind] ?? d.kind,
  orderNo: String(d.orderNo),
  serialNumber: String(d.serialNumber),
  payType: d.payType as TPayDifference['payType'],
  amount: d.amount,
  detail: d.detail,
  action: ACTIONS[d.kind as TPayDifferenceKind] ?? '请核实后处理',
  refundable: d.kind === DifferenceKind.PAID_TWICE && d.statusId === DifferenceStatus.OPEN,
  statusId: d.statusId,
  handled: d.handled,
  gmtCreate: formatTime(d.gmtCreate),
  gmtModified: formatTime(d.gmtModified),
});
