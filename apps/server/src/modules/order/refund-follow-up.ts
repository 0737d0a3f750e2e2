import { z } from 'zod';
import type { Platform } from '../../platform/context.ts';
import { defineJob, jobIdField } from '../../platform/jobs.ts';
import {
  GatewayRefusedError,
  type PayChannel,
  type PaymentGateway,
  type RefundCheck,
  type RefundRequest,
} from '../../platform/pay/gateway.ts';
import { orderRepo } from './order.repo.ts';

export const JOB_REFUND_CHECK = 'order.refund.check';
/** With the jobs' doubling backoff (capped at an hour), 24 attempts follow a refund for about a day. */
const CHECK_ATTEMPTS = 24;

/** How the remark of a refunded order begins, by how its money went back (the reason follows a colon). */
export const RefundHow = {
  offline: '线下退款',
  processing: '原路退款（支付平台处理中）',
  unconfirmed: '原路退款（等待支付平台确认结果）',
  done: '原路退款',
  failed: '原路退款失败',
} as const;

type Payload = { siteId: string; orderNo: string; channel: PayChannel } & Omit<RefundRequest, 'siteId'>;
/** Asks the gateway how a refund left processing ended, until it ends. */
export const refundCheckJob = defineJob(
  JOB_REFUND_CHECK,
  z.object({
    siteId: jobIdField,
    orderNo: jobIdField,
    channel: z.enum(['sandbox', 'alipay', 'wechat']),
    serialNumber: z.string(),
    tradeNo: z.string(),
    refundNo: z.string(),
    amountFen: z.number().int(),
    totalFen: z.number().int(),
    reason: z.string(),
  }) satisfies z.ZodType<Payload>,
);

/**
 * A refund the gateway accepted but finishes later (WeChat Pay's PROCESSING, Alipay's fund_change N), or one whose
 * outcome the gateway could not tell (a system error, no answer), is asked after by a durable job until it ends. A
 * refund the gateway has no record of is sent again under the same refund number, which the gateway refunds once.
 * Done: the remark says so. Failed (refused, closed, or abnormal such as a cancelled bank card): the money did not
 * go back, the remark says what to do, and the error is logged; access and the split were already taken back with
 * the refund and stay so, as the buyer is owed the money by hand. Until it ends nobody is told to refund by hand.
 */
export class RefundFollowUp {
  private readonly p: Platform;
  private readonly gateways: Map<PayChannel, PaymentGateway>;
  constructor(p: Platform, gateways: Map<PayChannel, PaymentGateway>) {
    this.p = p;
    this.gateways = gateways;
  }

  register(): void {
    this.p.jobs.register(refundCheckJob, async (payload, run) => {
      const state = await this.check(payload);
      // still under way: the job's failure brings the next try, later each time
      if (state === 'processing') {
        if (run.attempts >= run.maxAttempts)
          this.p.log.error(
            { orderNo: payload.orderNo },
            'refund still processing after the last check: see the gateway console',
          );
        throw new Error('the refund is still processing');
      }
    });
  }

  async follow(siteId: bigint, orderNo: bigint, channel: PayChannel, req: RefundRequest): Promise<void> {
    const { siteId: _s, ...rest } = req;
    const payload: Payload = { siteId: String(siteId), orderNo: String(orderNo), channel, ...rest };
    await this.p.jobs.enqueue(refundCheckJob, payload, {
      runAt: new Date(Date.now() + 60_000),
      dedupeKey: `${JOB_REFUND_CHECK}:${orderNo}`,
      maxAttempts: CHECK_ATTEMPTS,
    });
  }

  /** Asks the gateway once and records an ending; answers where the refund stands. */
  async check(job: Payload): Promise<'done' | 'processing' | 'failed' | 'unknown'> {
    const gateway = this.gateways.get(job.channel);
    if (!gateway) return 'unknown';
    const siteId = BigInt(job.siteId);
    const { channel: _c, orderNo: _o, ...rest } = job;
    const req: RefundRequest = { ...rest, siteId };
    let r: RefundCheck;
    try {
      r = await gateway.refundStatus(req);
      if (r.state === 'missing') r = await this.resend(gateway, req);
    } catch (err) {
      this.p.log.warn({ err, orderNo: job.orderNo, channel: job.channel }, 'refund not confirmed yet');
      return 'processing';
    }
    if (r.state === 'processing' || r.state === 'missing') return 'processing';
    const repo = orderRepo(this.p.db);
    const order = await repo.byNo(siteId, BigInt(job.orderNo));
    const waiting = [RefundHow.processing, RefundHow.unconfirmed].find((h) => order?.remark.startsWith(h));
    if (!order || !waiting) return r.state;
    const reason = order.remark.slice(waiting.length);
    const remark =
      r.state === 'done'
        ? `${RefundHow.done}${reason}`
        : `${RefundHow.failed}（${r.reason}，请在支付平台后台处理）${reason}`;
    await repo.updateOrder(siteId, order.id, { remark });
    if (r.state === 'failed')
      this.p.log.error(
        { orderNo: String(order.orderNo), channel: job.channel, reason: r.reason },
        'refund failed at the gateway: return the money by hand',
      );
    return r.state;
  }

  /** A refund the gateway never received, sent again under its own number: a refusal now is an ending. */
  private async resend(gateway: PaymentGateway, req: RefundRequest): Promise<RefundCheck> {
    try {
      const made = await gateway.refund(req);
      return { state: made.state, reason: '' };
    } catch (err) {
      if (err instanceof GatewayRefusedError) return { state: 'failed', reason: err.gatewayMessage };
      throw err;
    }
  }
}
