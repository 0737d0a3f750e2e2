import { OrderStatus, ProductType } from '#contract/order.ts';
import type { Platform } from '../../platform/context.ts';
import type { Db } from '../../platform/db/client.ts';
import { withTransaction } from '../../platform/db/transaction.ts';
import {
  InvalidNoticeError,
  type NoticeReply,
  type PayChannel,
  type PayNotice,
  type PaymentGateway,
} from '../../platform/pay/gateway.ts';
import type { UserService } from '../user/user.service.ts';
import { orderRepo, type OrderRow, type PayRow, type SettlingOrder } from './order.repo.ts';
import { noticeRepo, type NoticeEntry } from './notice.repo.ts';
import { DifferenceKind, payDifferenceRepo } from './pay-difference.repo.ts';
import type { Settlement } from './settlement.ts';
import { isId } from '#contract/call.ts';

/** pay_notice_log.result */
export const NoticeResult = { REFUSED: 0, ACCEPTED: 1, REPEATED: 2 } as const;

/** What a settlement found by asking the gateway keeps where a notice keeps its body. */
export const QUERIED = '（未收到通知，主动查询支付平台确认已支付）';
const UNKNOWN_CHANNEL: NoticeReply = {
  status: 404,
  contentType: 'text/plain; charset=utf-8',
  body: 'unknown payment channel',
};
const UNPAID_REASONS = { failed: '支付未成功', waiting: '交易等待付款', closed: '交易已关闭，未付款' } as const;

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
  private readonly gateways: Map<PayChannel, PaymentGateway>;
  private readonly settlement: Settlement;
  private readonly users: UserService;
  constructor(p: Platform, gateways: Map<PayChannel, PaymentGateway>, settlement: Settlement, users: UserService) {
    this.p = p;
    this.gateways = gateways;
    this.settlement = settlement;
    this.users = users;
  }

  /** The failure reply of a channel, for a request that is no notice at all (too large, unreadable). */
  refusal(channel: string): NoticeReply {
    const gateway = this.gateways.get(channel as PayChannel);
    return gateway ? gateway.reply(false) : UNKNOWN_CHANNEL;
  }

  /** One notice exactly as it arrived; the reply is the one its gateway expects. */
  async receive(
    channel: string,
    siteId: bigint,
    headers: Record<string, string | string[] | undefined>,
    rawBody: string,
  ): Promise<NoticeReply> {
    const gateway = this.gateways.get(channel as PayChannel);
    if (!gateway) return UNKNOWN_CHANNEL;
    let notice: PayNotice;
    try {
      notice = await gateway.verifyNotice(headers, rawBody);
    } catch (err) {
      if (!(err instanceof InvalidNoticeError))
        this.p.log.error({ err, channel }, 'payment notice could not be verified');
      await this.log(siteId, {
        payType: channel,
        result: NoticeResult.REFUSED,
        reason: `验签失败：${(err as Error).message}`,
        rawBody,
      });
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

  /**
   * A verified notice, or a trade the gateway answered paid when asked (`via` 'query'): both settle here alike. Also
   * called by the demo seed and tests, which have no gateway in front of them. It is read and decided in one
   * transaction that locks its order first; a refusal changes nothing and is logged after it.
   */
  async process(
    siteId: bigint,
    channel: PayChannel,
    notice: PayNotice,
    rawBody = '',
    via: 'notice' | 'query' = 'notice',
  ): Promise<NoticeOutcome> {
    const base = {
      payType: channel,
      serialNumber: notice.serialNumber,
      amount: notice.amountFen,
      tradeNo: notice.tradeNo,
      rawBody,
    };
    const refuse = async (reason: string, orderNo?: bigint): Promise<NoticeOutcome> => {
      this.p.log.warn({ channel, serialNumber: notice.serialNumber, reason }, 'payment notice refused');
      await this.log(siteId, { ...base, orderNo, result: NoticeResult.REFUSED, reason });
      return { accepted: false, result: NoticeResult.REFUSED, reason };
    };
    if (!isId(notice.serialNumber)) return refuse('支付流水号不存在');
    const paidAt = Number.isNaN(notice.paidAt.getTime()) ? new Date() : notice.paidAt;
    let orderNo: bigint | undefined;
    const decided = await withTransaction(this.p.db, async (tx): Promise<NoticeOutcome | { refused: string }> => {
      const found = await orderRepo(tx).lockForNotice(siteId, BigInt(notice.serialNumber));
      if (!found) return { refused: '支付流水号不存在' };
      const { pay } = found;
      orderNo = pay.orderNo;
      if (pay.payType !== channel) return { refused: `支付渠道不符：该流水应由 ${pay.payType} 通知` };
      if (notice.amountFen !== pay.amount)
        return { refused: `金额不符：通知 ${notice.amountFen} 分，应付 ${pay.amount} 分` };
      if (notice.state !== 'paid') {
        // only a refused payment fails the attempt: a waiting or closed trade is not a decision about the money
        if (notice.state === 'failed') await orderRepo(tx).markPayFailed(siteId, pay.id);
        const reason = UNPAID_REASONS[notice.state];
        await noticeRepo(tx).log(siteId, { ...base, orderNo: pay.orderNo, result: NoticeResult.ACCEPTED, reason });
        return { accepted: true, result: NoticeResult.ACCEPTED, reason };
      }
      return this.settle(tx, siteId, found, notice, paidAt, { ...base, rawBody: via === 'query' ? QUERIED : rawBody });
    }).catch(async (err: unknown) => {
      await this.log(siteId, {
        ...base,
        orderNo,
        result: NoticeResult.REFUSED,
        reason: `处理出错，等待重发：${String((err as Error).message).slice(0, 200)}`,
      });
      throw err;
    });
    if ('refused' in decided) return refuse(decided.refused, orderNo);
    if (decided.order?.productType === ProductType.VIP) await this.users.refreshInfo(siteId, decided.order.userId);
    return decided;
  }

  /** An accepted notice, in its transaction with the order locked: mark the payment paid once (and log), settle. */
  private async settle(
    tx: Db,
    siteId: bigint,
    found: SettlingOrder & { pay: PayRow },
    notice: PayNotice,
    paidAt: Date,
    base: Omit<NoticeEntry, 'result'>,
  ): Promise<NoticeOutcome> {
    const { pay, order: o } = found;
    const entry = { ...base, orderNo: pay.orderNo };
    const replay = { result: NoticeResult.REPEATED, reason: '重复通知：该笔支付已处理' };
    // a second attempt of an order already paid, paid too: the money is here and must go back by hand
    const twice = o.orderStatus === OrderStatus.PAID || o.orderStatus === OrderStatus.REFUNDED;
    const ifMarked = twice
      ? { result: NoticeResult.REPEATED, reason: `重复支付：订单已由流水 ${o.serialNumber} 支付，本笔需原路退款` }
      : {
          result: NoticeResult.ACCEPTED,
          reason: o.orderStatus === OrderStatus.CLOSED ? '订单已关闭后到账，按已支付处理' : '',
        };
    // logged with the marking: the settlement ends with the rows other payments wait for, and the commit follows
    const marked = await noticeRepo(tx).markPaidAndLog(
      siteId,
      { orderId: pay.orderId, payId: pay.id, tradeNo: notice.tradeNo, payTime: paidAt },
      entry,
      ifMarked,
      replay,
    );
    if (!marked) return { accepted: true, ...replay };
    const difference = { orderNo: o.orderNo, serialNumber: pay.serialNumber, payType: pay.payType, amount: pay.amount };
    if (twice) {
      // kept as money owed back, with its own refund on the administrator's list of differences
      await payDifferenceRepo(tx).record(siteId, {
        ...difference,
        kind: DifferenceKind.PAID_TWICE,
        detail: `订单已由流水 ${o.serialNumber} 支付，本笔 ${pay.serialNumber} 重复支付，应退还买家`,
      });
      this.p.log.error(
        { orderNo: String(o.orderNo), serialNumber: notice.serialNumber },
        'order paid twice: refund the second payment',
      );
      return { accepted: true, ...ifMarked };
    }
    if (o.orderStatus === OrderStatus.CLOSED) {
      await payDifferenceRepo(tx).record(siteId, {
        ...difference,
        kind: DifferenceKind.LATE_PAID,
        detail: `订单关闭后买家仍完成了支付（流水 ${pay.serialNumber}），已按已支付处理并开通`,
      });
      this.p.log.error(
        { orderNo: String(o.orderNo), serialNumber: notice.serialNumber },
        'paid after the order closed',
      );
    }
    const paid = await this.settlement.pay(
      tx,
      found,
      { ...pay, orderStatus: OrderStatus.PAID, tradeNo: notice.tradeNo, payTime: paidAt },
      paidAt,
    );
    return { accepted: true, order: paid, ...ifMarked };
  }

  private log(siteId: bigint, entry: NoticeEntry): Promise<void> {
    return noticeRepo(this.p.db).log(siteId, entry);
  }
}
