/**
 * A refund the gateway finishes later (WeChat Pay answers PROCESSING) is asked after by a durable job: its ending
 * is written on the order, and a refund that failed at the gateway says so. The gateway here is the sandbox with
 * its answers held as WeChat Pay's would be.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../testing/test-app.ts';
import { newUser } from '../../testing/people.ts';
import { job } from '../../db/schema/platform.ts';
import type { PaymentGateway, RefundCheck } from '../../platform/pay/gateway.ts';
import { buyCourse, deliver, orderWorld, sandboxNotice, type PaidCourse } from './order.testing.ts';
import { JOB_REFUND_CHECK } from './refund-follow-up.ts';

let t: TestApp;
let admin: { headers: { token: string } };
let sold: PaidCourse;
let sandbox: PaymentGateway;
let later: RefundCheck = { state: 'processing', reason: '' };
let asked = 0;

beforeAll(async () => {
  ({ t, admin, sold } = await orderWorld(0));
  sandbox = t.services.payGateways.get('sandbox')!;
  // the sandbox refunds at once; this one reports it under way, and tells where it stands when asked
  const held: Partial<PaymentGateway> = {
    refund: async (r) => ({ ...(await sandbox.refund(r)), state: 'processing' }),
    refundStatus: async () => {
      asked++;
      return later;
    },
  };
  t.services.payGateways.set('sandbox', Object.assign(Object.create(sandbox) as PaymentGateway, held));
});
afterAll(async () => {
  t.services.payGateways.set('sandbox', sandbox);
  await t?.close();
});

let seq = 0;
async function refundedProcessing(): Promise<{ orderNo: string; payload: Record<string, unknown> }> {
  const buyer = await newUser(t, `1390004${String(seq++).padStart(4, '0')}`);
  const { orderNo, serialNumber } = await buyCourse(t, buyer, sold.id);
  expect(await deliver(t, await sandboxNotice(t, serialNumber))).toBe('success');
  const res = await t.call('/user/admin/order/info/refund', { orderNo, remark: '学员申请退款' }, admin);
  expect(res.data).toMatchObject({ orderStatus: 5, remark: '原路退款（支付平台处理中）：学员申请退款' });
  const [queued] = await t.platform.db
    .select()
    .from(job)
    .where(eq(job.dedupeKey, `${JOB_REFUND_CHECK}:${orderNo}`));
  expect(queued).toMatchObject({ kind: JOB_REFUND_CHECK, state: 'pending' });
  expect(queued!.runAt.getTime()).toBeGreaterThan(Date.now());
  return { orderNo, payload: queued!.payload as Record<string, unknown> };
}
const remark = async (orderNo: string) => (await t.call('/user/admin/order/info/view', { orderNo }, admin)).data.remark;
const check = (payload: Record<string, unknown>) => t.services.order.refundFollowUp.check(payload as never);

describe('a refund left processing at the gateway', () => {
  it('is asked after until it ends; a finished one says 原路退款', async () => {
    const { orderNo, payload } = await refundedProcessing();
    expect(payload).toMatchObject({ orderNo, channel: 'sandbox', refundNo: `R${orderNo}` });
    later = { state: 'processing', reason: '' };
    expect(await check(payload)).toBe('processing');
    expect(await remark(orderNo)).toBe('原路退款（支付平台处理中）：学员申请退款');
    later = { state: 'done', reason: '' };
    expect(await check(payload)).toBe('done');
    expect(await remark(orderNo)).toBe('原路退款：学员申请退款');
    // asked again (a job retried after a crash), nothing changes
    expect(await check(payload)).toBe('done');
    expect(await remark(orderNo)).toBe('原路退款：学员申请退款');
  });

  it('says on the order when the gateway could not return the money', async () => {
    const { orderNo, payload } = await refundedProcessing();
    later = { state: 'failed', reason: '退款异常（如买家的银行卡已注销）' };
    expect(await check(payload)).toBe('failed');
    expect(await remark(orderNo)).toBe(
      '原路退款失败（退款异常（如买家的银行卡已注销），请在支付平台后台处理）：学员申请退款',
    );
  });

  it('runs as a durable job that tries again while the refund is under way', async () => {
    const { orderNo } = await refundedProcessing();
    await t.platform.db
      .update(job)
      .set({ runAt: new Date(0) })
      .where(eq(job.dedupeKey, `${JOB_REFUND_CHECK}:${orderNo}`));
    later = { state: 'processing', reason: '' };
    const before = asked;
    await t.platform.jobs.tick();
    for (let i = 0; i < 50 && asked === before; i++) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 100));
    const [retry] = await t.platform.db
      .select()
      .from(job)
      .where(eq(job.dedupeKey, `${JOB_REFUND_CHECK}:${orderNo}`));
    expect(retry).toMatchObject({ state: 'pending', attempts: 1 });
    later = { state: 'done', reason: '' };
    await t.platform.db
      .update(job)
      .set({ runAt: new Date(0) })
      .where(eq(job.dedupeKey, `${JOB_REFUND_CHECK}:${orderNo}`));
    await t.platform.jobs.tick();
    for (let i = 0; i < 50 && (await remark(orderNo)) !== '原路退款：学员申请退款'; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(await remark(orderNo)).toBe('原路退款：学员申请退款');
  });
});
