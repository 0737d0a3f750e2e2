import { z } from 'zod';
import { OrderStatus } from '#contract/order.ts';
import type { Platform } from '../../platform/context.ts';
import { defineJob } from '../../platform/jobs.ts';
import type { PayChannel, PaymentGateway } from '../../platform/pay/gateway.ts';
import { payAttemptRepo } from './pay-attempt.repo.ts';
import { DifferenceKind, payDifferenceRepo } from './pay-difference.repo.ts';
import { RefundHow } from './refund-follow-up.ts';
import type { TradeQuery } from './trade-query.ts';

export const JOB_RECONCILE = 'order.reconcile';
/** Once a day: the day's payments and refunds compared with what the gateways say. */
export const reconcileJob = defineJob(JOB_RECONCILE, z.object({}));
export const DAY_MS = 24 * 60 * 60_000;
/** The most attempts one run asks about; a busier day is asked about in part (and logged). */
const MAX_ATTEMPTS = 20_000;

/**
 * The daily reconciliation: every attempt started in the window is asked after at its gateway (a trade query per
 * attempt; the gateways' bill downloads are not fetched). An unpaid one found paid is settled as its notice would
 * be (`TradeQuery.ask`), and what cannot be settled, what we count paid and the gateway does not, and a refund the
 * gateway has not confirmed become payment differences for the administrator.
 */
export class Reconciliation {
  private readonly p: Platform;
  private readonly gateways: Map<PayChannel, PaymentGateway>;
  private readonly query: TradeQuery;
  constructor(p: Platform, gateways: Map<PayChannel, PaymentGateway>, query: TradeQuery) {
    this.p = p;
    this.gateways = gateways;
    this.query = query;
  }

  /** Compares the window [from, to); answers how many attempts were asked about and how many differ. */
  async run(from: Date, to: Date): Promise<{ asked: number; differences: number }> {
    const attempts = await payAttemptRepo(this.p.db).ofWindow(from, to, MAX_ATTEMPTS);
    if (attempts.length === MAX_ATTEMPTS) this.p.log.warn({ from, to }, 'reconciliation asked about part of the day');
    let differences = 0;
    for (const a of attempts) {
      const gateway = this.gateways.get(a.payType as PayChannel);
      if (!gateway) continue;
      const differ = (kind: string, detail: string) => {
        differences++;
        return payDifferenceRepo(this.p.db).record(a.siteId, { ...a, kind, detail });
      };
      const serialNumber = String(a.serialNumber);
      if (a.payStatus === OrderStatus.PAID || a.payStatus === OrderStatus.REFUNDED) {
        const found = await gateway.queryTrade({ serialNumber, siteId: a.siteId }).catch(() => undefined);
        if (found === null || (found && (found.state !== 'paid' || found.amountFen !== a.amount)))
          await differ(
            DifferenceKind.NOT_AT_GATEWAY,
            found
              ? `支付平台的交易状态为 ${found.state}，金额 ${found.amountFen} 分；本站记为已支付 ${a.amount} 分`
              : '支付平台查无此交易，本站记为已支付',
          );
        if (a.payStatus === OrderStatus.REFUNDED && !a.remark.startsWith(RefundHow.offline)) {
          const refunded = await gateway
            .refundStatus({
              serialNumber,
              tradeNo: '',
              refundNo: `R${a.orderNo}`,
              amountFen: a.amount,
              totalFen: a.amount,
              reason: '',
              siteId: a.siteId,
            })
            .catch(() => undefined);
          if (refunded?.state !== 'done')
            await differ(
              DifferenceKind.REFUND_UNCONFIRMED,
              `退款 R${a.orderNo} 在支付平台的状态：${refunded?.state ?? '未能查询'}`,
            );
        }
        continue;
      }
      if (a.orderStatus === OrderStatus.PAID || a.orderStatus === OrderStatus.REFUNDED) continue;
      const asked = await this.query.ask(a);
      if (asked === 'unsettled')
        await differ(DifferenceKind.UNSETTLED, '支付平台显示已支付，但与本站的金额或渠道不符，未能入账');
    }
    return { asked: attempts.length, differences };
  }
}
