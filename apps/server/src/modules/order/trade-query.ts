import { z } from 'zod';
import { OrderStatus } from '#contract/order.ts';
import type { Platform } from '../../platform/context.ts';
import { defineJob } from '../../platform/jobs.ts';
import { LocalCache } from '../../platform/local-cache.ts';
import type { PayChannel, PaymentGateway, TradeState } from '../../platform/pay/gateway.ts';
import { orderRepo, type OrderRow } from './order.repo.ts';
import { payAttemptRepo, type OpenAttempt } from './pay-attempt.repo.ts';
import type { Checkout } from './checkout.ts';
import type { NoticeService } from './notice.service.ts';

export const JOB_QUERY_SWEEP = 'order.pay.query.sweep';
/** Asks the gateways, every few minutes, about attempts still waiting whose notice may have been lost. */
export const querySweepJob = defineJob(JOB_QUERY_SWEEP, z.object({}));
export const QUERY_SWEEP_MS = 3 * 60_000;
/** An attempt is asked after once its notice is overdue: most arrive within seconds of the payment. */
const QUIET_MS = 60_000;
/** The buyer's result page polls every 2 s; the gateway is asked for one order at most this often. */
const POLL_QUERY_MS = 10_000;

/**
 * What asking about an attempt found: the gateway's state, 'none' (no such trade), 'unknown' (no answer), or
 * 'unsettled' (paid at the gateway, and refused by the settlement: another amount or channel).
 */
export type Asked = TradeState | 'none' | 'unknown' | 'unsettled';

/**
 * A notice that never arrives. The gateway is asked (Alipay alipay.trade.query, WeChat Pay's query by out_trade_no,
 * the sandbox's own table) when the buyer's result page polls, on a schedule for attempts still waiting, and
 * always before an order is closed. A trade found paid goes through `NoticeService.process`, exactly as its notice
 * would, so it settles once however many questions and notices meet: the attempt is marked paid once under the
 * order's lock, and what comes after that is a replay.
 */
export class TradeQuery {
  private readonly p: Platform;
  private readonly gateways: Map<PayChannel, PaymentGateway>;
  private readonly notices: NoticeService;
  private readonly checkout: Checkout;
  private readonly asked = new LocalCache<string, number>({ max: 10_000, ttlMs: POLL_QUERY_MS });
  constructor(p: Platform, gateways: Map<PayChannel, PaymentGateway>, notices: NoticeService, checkout: Checkout) {
    this.p = p;
    this.gateways = gateways;
    this.notices = notices;
    this.checkout = checkout;
  }

  /** Asks the attempt's gateway once; a trade found paid is settled as its notice would be. */
  async ask(a: OpenAttempt): Promise<Asked> {
    const channel = a.payType as PayChannel;
    const gateway = this.gateways.get(channel);
    if (!gateway) return 'unknown';
    const serialNumber = String(a.serialNumber);
    let found;
    try {
      found = await gateway.queryTrade({ serialNumber, siteId: a.siteId });
    } catch (err) {
      this.p.log.warn({ err, channel, serialNumber }, 'trade query not answered');
      return 'unknown';
    }
    if (!found) return 'none';
    if (found.state !== 'paid') return found.state;
    const outcome = await this.notices.process(a.siteId, channel, found, '', 'query');
    if (!outcome.accepted)
      this.p.log.error({ channel, serialNumber, reason: outcome.reason }, 'a trade found paid was not settled');
    return outcome.accepted ? 'paid' : 'unsettled';
  }

  /** Every unsettled attempt of an order; answers whether one was paid and how many went unanswered. */
  async askOrder(siteId: bigint, orderId: bigint): Promise<{ paid: boolean; unanswered: number }> {
    const attempts = await payAttemptRepo(this.p.db).unsettledOf(siteId, orderId);
    let paid = false;
    let unanswered = 0;
    for (const a of attempts) {
      const r = await this.ask(a);
      if (r === 'paid') paid = true;
      if (r === 'unknown') unanswered++;
    }
    return { paid, unanswered };
  }

  /**
   * The buyer's result page asks about a waiting order: the gateway is asked too, at most every ten seconds per
   * order in this process. Answers the order as it is afterwards.
   */
  async poll(order: OrderRow): Promise<OrderRow> {
    if (order.orderStatus !== OrderStatus.PENDING) return order;
    const key = `${order.siteId}:${order.id}`;
    if (this.asked.get(key)) return order;
    this.asked.set(key, 1);
    const { paid } = await this.askOrder(order.siteId, order.id);
    return paid ? ((await orderRepo(this.p.db).byNo(order.siteId, order.orderNo)) ?? order) : order;
  }

  /** The scheduled question: waiting attempts older than a minute, a batch at a time. */
  async sweepWaiting(limit = 200): Promise<number> {
    const waiting = await payAttemptRepo(this.p.db).waiting(new Date(Date.now() - QUIET_MS), limit);
    for (const a of waiting) await this.ask(a);
    return waiting.length;
  }

  /**
   * Closes an order whose time is up, after asking the gateway about each of its attempts: a payment whose notice
   * was lost pays the order instead. While a gateway does not answer the close waits (the job tries again), unless
   * this is the last try: the order is closed then, and a payment found later still pays it.
   */
  async closeDue(siteId: bigint, orderId: bigint, lastTry: boolean): Promise<OrderRow | undefined> {
    const { paid, unanswered } = await this.askOrder(siteId, orderId);
    if (paid) return undefined;
    if (unanswered > 0 && !lastTry) throw new Error(`${unanswered} trades of order ${orderId} not answered`);
    const closed = await this.checkout.closeDue(siteId, orderId);
    // closed now, or before by the buyer or a new order: its trades are closed at the gateways either way
    if (closed || (await payAttemptRepo(this.p.db).orderStatus(siteId, orderId)) === OrderStatus.CLOSED)
      await this.closeAtGateways(siteId, orderId);
    return closed;
  }

  /**
   * After an order closed: its trades are closed at their gateways, so an abandoned cashier takes no payment. A
   * trade that could not be closed is asked after; one paid after all pays the order, recorded as paid after the
   * close for the administrator (`NoticeService.process` does both), never lost.
   */
  async closeAtGateways(siteId: bigint, orderId: bigint): Promise<void> {
    for (const a of await payAttemptRepo(this.p.db).unsettledOf(siteId, orderId)) {
      const gateway = this.gateways.get(a.payType as PayChannel);
      if (!gateway) continue;
      const ref = { serialNumber: String(a.serialNumber), siteId };
      const shut = await gateway.closeTrade(ref).catch((err: unknown) => {
        this.p.log.warn({ err, serialNumber: ref.serialNumber }, 'trade not closed at the gateway');
        return false;
      });
      if (!shut) await this.ask(a);
    }
  }

  /**
   * Closes the overdue orders a lost job left pending; one whose gateway does not answer waits for the next sweep.
   * Answers how many were settled (closed or found paid), so a caller repeating batches stops when none move.
   */
  async sweepOverdue(limit = 500): Promise<number> {
    const due = await payAttemptRepo(this.p.db).overdue(limit);
    let moved = 0;
    for (const o of due) {
      try {
        await this.closeDue(o.siteId, o.id, false);
        moved++;
      } catch (err) {
        this.p.log.warn({ err, orderId: String(o.id) }, 'overdue order not closed yet');
      }
    }
    return moved;
  }
}
