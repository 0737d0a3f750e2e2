/**
 * Refund outcomes as they really are, against a local Alipay and WeChat Pay over HTTP: a system error is 'unknown',
 * not 'refused' — the refund is recorded, asked after, and ends refunded; Alipay's fund_change N is confirmed by the
 * refund query before it reads as done; nobody is told to refund by hand while the refund may still complete.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { FakeGateways } from '../../testing/fake-gateways.ts';
import { adminHeaders, newUser } from '../../testing/people.ts';
import { job } from '../../db/schema/platform.ts';
import { ledgerCount, ORDER_TEST_ENV, paidCourse, type PaidCourse } from './order.testing.ts';
import { JOB_REFUND_CHECK } from './refund-follow-up.ts';

let t: TestApp;
let fake: FakeGateways;
let sold: PaidCourse;
let admin: { headers: { token: string } };
let seq = 0;

beforeAll(async () => {
  fake = await new FakeGateways().start();
  t = await createTestApp({ env: { ...ORDER_TEST_ENV, ...fake.env() } });
  sold = await paidCourse(t);
  admin = await adminHeaders(t);
});
afterAll(async () => {
  await t?.close();
  await fake?.stop();
});

/** A buyer who paid through the channel, its notice received. */
async function paid(channel: 'alipay' | 'wechat') {
  const buyer = await newUser(t, `1390011${String(seq++).padStart(4, '0')}`);
  const res = await t.call('/user/auth/order/info/pay', { courseId: sold.id, payType: channel }, buyer.headers);
  const { orderNo, serialNumber } = res.data as { orderNo: string; serialNumber: string };
  fake.pay(channel, serialNumber, sold.price);
  const notice =
    channel === 'alipay'
      ? { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: fake.alipayNotice(serialNumber) }
      : fake.wechatNotice(serialNumber);
  const answer = await t.raw({
    method: 'POST',
    url: `/apis/user/callback/order/notify/${channel}/${t.siteId}`,
    headers: { 'content-type': 'application/json', ...notice.headers },
    payload: notice.body,
  });
  expect(answer.statusCode).toBe(200);
  return { buyer, orderNo, serialNumber };
}
const refund = (orderNo: string) => t.call('/user/admin/order/info/refund', { orderNo, remark: '学员申请退款' }, admin);
const view = async (orderNo: string) => (await t.call('/user/admin/order/info/view', { orderNo }, admin)).data;
/** The follow-up job of a refund, run now. */
async function followUp(orderNo: string) {
  const [queued] = await t.platform.db
    .select()
    .from(job)
    .where(eq(job.dedupeKey, `${JOB_REFUND_CHECK}:${orderNo}`));
  expect(queued).toBeDefined();
  return t.services.order.refundFollowUp.check(queued!.payload as never);
}
/** Nothing the administrator reads tells them to return the money by hand. */
async function noHandHint(orderNo: string, msg = '') {
  const d = await view(orderNo);
  for (const text of [msg, d.remark]) expect(text).not.toMatch(/仅记录|请在支付平台后台处理|线下|失败/);
  expect(d.pays[0].refundTradeNo).not.toBe('线下退款');
}
const SYSTEM_ERROR = { code: '20000', msg: 'Service Currently Unavailable', sub_code: 'aop.ACQ.SYSTEM_ERROR' };

describe('a refund the gateway answers with a system error', () => {
  it('Alipay 20000 after refunding: recorded unconfirmed, then refunded once the refund query says so', async () => {
    const { orderNo } = await paid('alipay');
    fake.script('alipay', 'refund', { node: SYSTEM_ERROR, thenDo: true });
    const res = await refund(orderNo);
    expect(res).toMatchObject({
      code: 200,
      data: { orderStatus: 5, remark: '原路退款（等待支付平台确认结果）：学员申请退款' },
    });
    await noHandHint(orderNo, res.msg);
    expect(await ledgerCount(t, orderNo, 'share_reversal')).toBe(1);

    // the query fails too for a while: still pending, still no hint
    fake.script('alipay', 'refundQuery', { node: SYSTEM_ERROR });
    expect(await followUp(orderNo)).toBe('processing');
    await noHandHint(orderNo);

    expect(await followUp(orderNo)).toBe('done');
    expect((await view(orderNo)).remark).toBe('原路退款：学员申请退款');
    expect([...fake.refunds.alipay.keys()].filter((k) => k === `R${orderNo}`)).toHaveLength(1);
  });

  it('Alipay ACQ.SYSTEM_ERROR that never reached the refund: the same refund number is sent again, refunded once', async () => {
    const { orderNo } = await paid('alipay');
    fake.script('alipay', 'refund', { node: { code: '40004', sub_code: 'ACQ.SYSTEM_ERROR', sub_msg: '系统错误' } });
    expect((await refund(orderNo)).data.orderStatus).toBe(5);
    expect(fake.refunds.alipay.has(`R${orderNo}`)).toBe(false);
    expect(await followUp(orderNo)).toBe('done');
    expect(fake.refunds.alipay.get(`R${orderNo}`)).toMatchObject({ amountFen: sold.price, done: true });
    expect((await view(orderNo)).remark).toBe('原路退款：学员申请退款');
  });

  it('WeChat Pay 5xx: unknown, not refused; the refund query by out_refund_no ends it refunded', async () => {
    const { orderNo } = await paid('wechat');
    fake.script('wechat', 'refund', { status: 500, body: { code: 'SYSTEM_ERROR', message: '系统繁忙' }, thenDo: true });
    const res = await refund(orderNo);
    expect(res.data).toMatchObject({ orderStatus: 5, remark: '原路退款（等待支付平台确认结果）：学员申请退款' });
    await noHandHint(orderNo, res.msg);
    expect(await followUp(orderNo)).toBe('done');
    expect((await view(orderNo)).remark).toBe('原路退款：学员申请退款');
  });

  it('a refusal is still a refusal: nothing changes and the gateway’s words are shown', async () => {
    const { orderNo } = await paid('alipay');
    fake.script('alipay', 'refund', {
      node: { code: '40004', sub_code: 'ACQ.SELLER_BALANCE_NOT_ENOUGH', sub_msg: '卖家余额不足' },
    });
    expect(await refund(orderNo)).toMatchObject({ code: 999, msg: '支付平台拒绝退款：卖家余额不足' });
    expect((await view(orderNo)).orderStatus).toBe(2);
  });
});

describe('Alipay’s fund_change N', () => {
  it('is confirmed by the refund query before the refund reads as done', async () => {
    const { orderNo, serialNumber } = await paid('alipay');
    // accepted, signed, but no money moved on this call and Alipay has no refund of the number yet
    fake.script('alipay', 'refund', {
      node: {
        code: '10000',
        msg: 'Success',
        out_trade_no: serialNumber,
        trade_no: `2026${serialNumber}`,
        fund_change: 'N',
      },
      signed: true,
    });
    const res = await refund(orderNo);
    expect(res.data).toMatchObject({ orderStatus: 5, remark: '原路退款（支付平台处理中）：学员申请退款' });
    await noHandHint(orderNo, res.msg);
    expect(await followUp(orderNo)).toBe('done');
    expect(fake.refunds.alipay.get(`R${orderNo}`)?.done).toBe(true);
    expect((await view(orderNo)).remark).toBe('原路退款：学员申请退款');
  });

  it('a repeat answered N for a refund made before is done at once', async () => {
    const { orderNo, serialNumber } = await paid('alipay');
    // the refund was made (by an earlier try whose commit failed): Alipay answers the repeat with N
    fake.refunds.alipay.set(`R${orderNo}`, { serialNumber, amountFen: sold.price, done: true });
    const res = await refund(orderNo);
    expect(res.data).toMatchObject({ orderStatus: 5, remark: '原路退款：学员申请退款' });
  });
});
