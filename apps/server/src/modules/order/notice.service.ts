import { OrderStatus, ProductType } from '#contract/order.ts';
import type { Platform } from '../../platform/context.ts';
import type { Db } from '../../platform/db/client.ts';
import { InvalidNoticeError, type NoticeReply, type PayChannel, type PayNotice, type PaymentGateway } from '../../platform/pay/gateway.ts';
import type { UserService } from '../user/user.service.ts';
import { orderRepo, type OrderRepo, type OrderRow, type PayRow } from './order.repo.ts';
import { noticeRepo, type NoticeEntry } from './notice.repo.ts';
import type { Settlement } from './settlement.ts';

/** pay_notice_log.result */
export const NoticeResult = { REFUSED: 0, ACCEPTED: 1, REPEATED: 2 } as const;

export interface NoticeOutcome {
  /** what the gateway is told: true stops its retries */
  accepted: boolean;
  result: number;
  reason: string;
  order?: OrderRow;
}

/**
 * Payment notices. A notice counts only with a valid signature, a known serial number of its own channel and the
 * exact amount; anything else is refused and logged, and changes nothing. An accepted one is processed in one
 * transaction that locks the order and then marks the payment paid only if it was not already: a replay, however
 * many arrive at once, finds it paid and changes nothing. If the process dies after the commit and before the
 * reply, the gateway's retry is such a replay and is answered as accepted; if it dies before the commit, nothing
 * happened and the retry does it all.
 */
export class NoticeService {
  private readonly p: Platform;
  private readonly repo: OrderRepo;
  private readonly gateways: Map<PayChannel, PaymentGateway>;
  private readonly settlement: Settlement;
  private readonly users: UserService;
  constructor(p: Platform, gateways: Map<PayChannel, PaymentGateway>, settlement: Settlement, users: UserService) {
    this.p = p;
    this.repo = orderRepo(p.db);
    this.gateways = gateways;
    this.settlement = settlement;
    this.users = users;
  }

  /** One notice exactly as it arrived; the reply is the one its gateway expects. */
  async receive(channel: string, siteId: bigint, headers: Record<string, string | string[] | undefined>, rawBody: string): Promise<NoticeReply> {
    const gateway = this.gateways.get(channel as PayChannel);
    if (!gateway) return { status: 404, contentType: 'text/plain; charset=utf-8', body: 'unknown payment channel' };
    let notice: PayNotice;
    try {
      notice = await gateway.verifyNotice(headers, rawBody);
    } catch (err) {
      if (!(err instanceof InvalidNoticeError)) this.p.log.error({ err, channel }, 'payment notice could not be verified');
      await this.log(siteId, { payType: channel, result: NoticeResult.REFUSED, reason: `验签失败：${(err as Error).message}`, rawBody });
      return gateway.reply(false);
    }
    try {
      const outcome = await this.process(siteId, channel as PayChannel, notice, rawBody);
      return gateway.reply(outcome.accepted);
    } catch (err) {
      // nothing was committed: saying so makes the gateway send the notice again later
      this.p.log.error({ err, channel, serialNumber: notice.serialNumber }, 'payment notice not processed');
      return gateway.reply(false);
    }
  }

  /** A verified notice. Exposed for the demo seed and tests, which have no gateway in front of them. */
  async process(siteId: bigint, channel: PayChannel, notice: PayNotice, rawBody = ''): Promise<NoticeOutcome> {
    const base = { payType: channel, serialNumber: notice.serialNumber, amount: notice.amountFen, tradeNo: notice.tradeNo, rawBody };
    const refuse = async (reason: string, orderNo?: bigint): Promise<NoticeOutcome> => {
      this.p.log.warn({ channel, serialNumber: notice.serialNumber, reason }, 'payment notice refused');
      await this.log(siteId, { ...base, orderNo, result: NoticeResult.REFUSED, reason });
      return { accepted: false, result: NoticeResult.REFUSED, reason };
    };
    const pay = /^\d{1,19}$/.test(notice.serialNumber) ? await this.repo.payBySerial(siteId, BigInt(notice.serialNumber)) : undefined;
    if (!pay) return refuse('支付流水号不存在');
    if (pay.payType !== channel) return refuse(`支付渠道不符：该流水应由 ${pay.payType} 通知`, pay.orderNo);
    if (notice.amountFen !== pay.amount) return refuse(`金额不符：通知 ${notice.amountFen} 分，应付 ${pay.amount} 分`, pay.orderNo);
    if (!notice.success) {
      await this.repo.markPayFailed(siteId, pay.id);
      await this.log(siteId, { ...base, orderNo: pay.orderNo, result: NoticeResult.ACCEPTED, reason: '支付未成功' });
      return { accepted: true, result: NoticeResult.ACCEPTED, reason: '支付未成功' };
    }
    const paidAt = Number.isNaN(notice.paidAt.getTime()) ? new Date() : notice.paidAt;
    const outcome = await this.settle(siteId, pay, notice, paidAt, base).catch(async (err: unknown) => {
      await this.log(siteId, { ...base, orderNo: pay.orderNo, result: NoticeResult.REFUSED, reason: `处理出错，等待重发：${String((err as Error).message).slice(0, 200)}` });
      throw err;
    });
    if (outcome.order?.productType === ProductType.VIP) await this.users.refreshInfo(siteId, outcome.order.userId);
    return outcome;
  }

  /** The one transaction of an accepted notice: lock the order, mark the payment paid once, settle. */
  private settle(siteId: bigint, pay: PayRow, notice: PayNotice, paidAt: Date, base: Omit<NoticeEntry, 'result'>): Promise<NoticeOutcome> {
    return this.p.db.transaction(async (txn): Promise<NoticeOutcome> => {
      const tx = txn as unknown as Db;
      const repo = orderRepo(tx);
      const settling = await repo.lockForSettle(siteId, pay.orderId);
      const marked = !!settling && (await repo.markPayPaid(siteId, pay.id, notice.tradeNo, paidAt));
      const entry = (result: number, reason: string) => noticeRepo(tx).log(siteId, { ...base, orderNo: pay.orderNo, result, reason }).then(() => ({ result, reason }));
      if (!settling || !marked) return { accepted: true, ...(await entry(NoticeResult.REPEATED, '重复通知：该笔支付已处理')) };
      const o = settling.order;
      if (o.orderStatus === OrderStatus.PAID || o.orderStatus === OrderStatus.REFUNDED) {
        // a second attempt of an order already paid was paid too: the money is here and must go back by hand
        this.p.log.error({ orderNo: String(o.orderNo), serialNumber: notice.serialNumber }, 'order paid twice: refund the second payment');
        return { accepted: true, ...(await entry(NoticeResult.REPEATED, `重复支付：订单已由流水 ${o.serialNumber} 支付，本笔需原路退款`)) };
      }
      // logged first: the settlement ends with the rows other payments wait for, and the commit follows at once
      const logged = await entry(NoticeResult.ACCEPTED, o.orderStatus === OrderStatus.CLOSED ? '订单已关闭后到账，按已支付处理' : '');
      const paid = await this.settlement.pay(tx, settling, { ...pay, orderStatus: OrderStatus.PAID, tradeNo: notice.tradeNo, payTime: paidAt }, paidAt);
      return { accepted: true, order: paid, ...logged };
    });
  }

  private log(siteId: bigint, entry: NoticeEntry): Promise<void> {
    return noticeRepo(this.p.db).log(siteId, entry);
  }
}
