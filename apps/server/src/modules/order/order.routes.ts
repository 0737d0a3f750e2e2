import type { FastifyRequest } from 'fastify';
import * as c from '#contract/order.ts';
import type { TPayClient } from '#contract/order.ts';
import * as a from '#contract/order-admin.ts';
import { recommendedRewardList } from '#contract/account-ledger.ts';
import * as d from '#contract/pay-difference.ts';
import type { Router } from '../../platform/http/route.ts';
import { originOf } from '../../platform/http/origin.ts';
import { sendFile, XLSX_TYPE } from '../../platform/http/download.ts';
import type { OrderServices } from './index.ts';

/** Orders, VIP plans and the lecturer's and referrer's views of them; the administrator's orders and plans. */
export function orderRoutes(on: Router, s: OrderServices, publicUrl: string | undefined): void {
  const ctx = (req: FastifyRequest, client: TPayClient) => ({
    origin: originOf(req, publicUrl),
    clientIp: req.ip,
    client,
  });
  on(c.payChannelList, async () => s.checkout.channels());
  on(c.orderPay, ({ site, actor, body, req }) =>
    s.orders.payCourse(site.id, actor.id, body.courseId, body.payType, ctx(req, body.payClient)),
  );
  on(c.vipOrderPay, ({ site, actor, body, req }) =>
    s.orders.payVip(site.id, actor.id, body.vipSetId, body.payType, ctx(req, body.payClient)),
  );
  on(c.orderContinuePay, ({ site, actor, body, req }) =>
    s.orders.continuePay(site.id, actor.id, body.orderNo, body.payType, ctx(req, body.payClient)),
  );
  on(c.orderClose, ({ site, actor, body }) => s.orders.close(site.id, actor.id, body.orderNo));
  on(c.orderList, ({ site, actor, body }) => s.orders.list(site.id, actor.id, body));
  on(c.orderView, ({ site, actor, body }) => s.orders.view(site.id, actor.id, body.orderNo));
  on(c.orderLecturer, ({ site, actor, body }) => s.orders.lecturerSales(site.id, actor.id, body));
  on(recommendedRewardList, ({ site, actor, body }) => s.orders.rewards(site.id, actor.id, body));
  on(c.vipSetList, ({ site }) => s.vipSets.list(site.id));

  on(a.adminOrderPage, ({ site, body }) => s.admin.page(site.id, body));
  on(a.adminOrderView, ({ site, body }) => s.admin.view(site.id, body.orderNo));
  on(a.adminOrderRefund, ({ site, body }) => s.admin.refund(site.id, body.orderNo, body.remark, body.offline));
  on(a.adminOrderExport, async ({ site, body, reply }) =>
    sendFile(reply, await s.admin.export(site.id, body), XLSX_TYPE, 'orders.xlsx'),
  );
  on(a.adminOrderStat, ({ site, body }) => s.admin.stat(site.id, body));
  on(d.adminPayDifferencePage, ({ site, body }) => s.differences.page(site.id, body));
  on(d.adminPayDifferenceRefund, ({ site, body }) => s.differences.refund(site.id, body.id));
  on(d.adminPayDifferenceHandle, ({ site, body }) => s.differences.handle(site.id, body.id, body.handled));
  on(d.adminPayDifferenceCount, ({ site }) => s.differences.openCount(site.id));
  on(a.adminVipSetList, ({ site }) => s.vipSets.adminList(site.id));
  on(a.adminVipSetSave, ({ site, body }) => s.vipSets.save(site.id, body));
  on(a.adminVipSetUpdate, ({ site, body }) => s.vipSets.update(site.id, body.id, body));
  on(a.adminVipSetDelete, ({ site, body }) => s.vipSets.remove(site.id, body.id));
}
