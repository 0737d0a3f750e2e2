import type { TPageQuery } from '#contract/call.ts';
import { OrderStatus } from '#contract/order.ts';
import type { Platform } from '../../platform/context.ts';
import { toPage } from '../../platform/db/page.ts';
import { AppError, fail, notFound } from '../../platform/http/errors.ts';
import { GatewayRefusedError, type PayChannel, type PaymentGateway } from '../../platform/pay/gateway.ts';
import { payAttemptRepo } from './pay-attempt.repo.ts';
import { present } from './pay-difference.presenter.ts';
import { DifferenceKind, DifferenceStatus, payDifferenceRepo } from './pay-difference.repo.ts';

/**
 * The payment differences the administrator acts on. A second payment of a paid order is money owed back: its own
 * refund returns that payment through its gateway under a refund number of its own (`R` + its serial number, so a
 * retry never refunds twice), and touches nothing of the order, which the other payment paid.
 */
export class PayDifferenceService {
  private readonly p: Platform;
  private readonly gateways: Map<PayChannel, PaymentGateway>;
  constructor(p: Platform, gateways: Map<PayChannel, PaymentGateway>) {
    this.p = p;
    this.gateways = gateways;
  }

  async page(siteId: bigint, q: TPageQuery & { statusId: number }) {
    const { rows, total } = await payDifferenceRepo(this.p.db).page(siteId, q);
    return toPage(rows, total, q, present);
  }

  async openCount(siteId: bigint) {
    return { openCount: await payDifferenceRepo(this.p.db).openCount(siteId) };
  }

  async handle(siteId: bigint, id: string, handled: string) {
    const repo = payDifferenceRepo(this.p.db);
    if (!(await repo.handle(siteId, BigInt(id), handled))) throw fail('该差异已处理或不存在');
    return present((await repo.byId(siteId, BigInt(id)))!);
  }

  /** Returns a second payment of a paid order through its own gateway. */
  async refund(siteId: bigint, id: string) {
    const repo = payDifferenceRepo(this.p.db);
    const d = await repo.byId(siteId, BigInt(id));
    if (!d) throw notFound('支付差异');
    if (d.kind !== DifferenceKind.PAID_TWICE) throw fail('只有重复支付的款项可以在这里退还');
    if (d.statusId !== DifferenceStatus.OPEN) throw fail('该笔款项已处理');
    const attempts = payAttemptRepo(this.p.db);
    const pay = await attempts.bySerial(siteId, d.serialNumber);
    if (!pay || pay.orderStatus !== OrderStatus.PAID) throw fail('该笔支付不是已支付状态，无法退还');
    const gateway = this.gateways.get(pay.payType as PayChannel);
    if (!gateway) throw fail('该笔支付的渠道未启用，无法原路退还；如已在支付平台退还，请标记为已处理');
    const request = {
      serialNumber: String(pay.serialNumber),
      tradeNo: pay.tradeNo,
      refundNo: `R${pay.serialNumber}`,
      amountFen: pay.amount,
      totalFen: pay.amount,
      reason: '重复支付退款',
      siteId,
    };
    let refundTradeNo: string;
    let state: 'done' | 'processing';
    try {
      ({ refundTradeNo, state } = await gateway.refund(request));
    } catch (err) {
      if (err instanceof GatewayRefusedError) throw fail(err.message);
      if (err instanceof AppError) throw err;
      this.p.log.warn({ err, serialNumber: request.serialNumber }, 'double payment refund not confirmed');
      // the same refund number on the next try: the gateway refunds it once
      throw fail('支付平台暂未确认退款结果，请稍后再点一次“退还”（不会重复退款）');
    }
    await attempts.markRefunded(siteId, pay.id, refundTradeNo);
    await repo.handle(
      siteId,
      d.id,
      state === 'done'
        ? `已原路退还，退款单号 ${refundTradeNo}`
        : `已提交原路退还（支付平台处理中），退款单号 ${refundTradeNo}`,
    );
    return present((await repo.byId(siteId, d.id))!);
  }
}
