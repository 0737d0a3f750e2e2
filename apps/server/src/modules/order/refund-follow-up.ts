import { z } from 'zod';
import type { Platform } from '../../platform/context.ts';
import { defineJob, jobIdField } from '../../platform/jobs.ts';
import type { PayChannel, PaymentGateway, RefundRequest } from '../../platform/pay/gateway.ts';
import { orderRepo } from './order.repo.ts';

export const JOB_REFUND_CHECK = 'order.refund.check';
/** With the jobs' doubling backoff (capped at an hour), 24 attempts follow a refund for about a day. */
const CHECK_ATTEMPTS = 24;

/** How the remark of a refunded order begins, by how its money went back (the reason follows a colon). */
export const RefundHow = {
  offline: '线下退款',
  processing: '原路退款（支付平台处理中）',
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
 * A refund the gateway accepted but finishes later (WeChat Pay's PROCESSING) is asked after by a durable job until
 * it ends. Done: the remark says so. Failed (closed, or abnormal such as a cancelled bank card): the money did not
 * go back, the remark says what to do, and the error is logged; access and the split were already taken back with
 * the refund and stay so, as the buyer is owed the money by hand.
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
    if (!gateway?.refundStatus) return 'unknown';
    const siteId = BigInt(job.siteId);
    const { channel: _c, orderNo: _o, ...req } = job;
    const r = await gateway.refundStatus({ ...req, siteId });
    if (r.state === 'processing') return 'processing';
    const repo = orderRepo(this.p.db);
    const order = await repo.byNo(siteId, BigInt(job.orderNo));
    if (!order?.remark.startsWith(RefundHow.processing)) return r.state;
    const reason = order.remark.slice(RefundHow.processing.length);
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
}
