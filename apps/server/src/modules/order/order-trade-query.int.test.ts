/**
 * A notice that never arrives: the buyer paid, the gateway's notice was lost, and the order is found paid by asking
 * the gateway (a local stand-in for Alipay and WeChat Pay over HTTP, with keys generated here) — when the result
 * page polls, on the schedule, and before the auto-close — and settled once, as the notice would have.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { FakeGateways } from '../../testing/fake-gateways.ts';
import { adminHeaders, newUser, demoUser, type TestUser } from '../../testing/people.ts';
import { orderInfo, orderPay, payDifference, payNoticeLog } from '../../db/schema/order.ts';
import { balance, ledgerCount, messageTitles, ORDER_TEST_ENV, paidCourse, type PaidCourse } from './order.testing.ts';
import { QUERIED } from './notice.service.ts';

let t: TestApp;
let fake: FakeGateways;
let sold: PaidCourse;
let lecturer: TestUser;
let seq = 0;

beforeAll(async () => {
  fake = await new FakeGateways().start();
  t = await createTestApp({ env: { ...ORDER_TEST_ENV, ...fake.env() } });
  sold = await paidCourse(t);
  lecturer = await demoUser(t, '13800000002');
});
afterAll(async () => {
  await t?.close();
  await fake?.stop();
});

async function started(payType: 'alipay' | 'wechat') {
  const buyer = await newUser(t, `1390009${String(seq++).padStart(4, '0')}`);
  const res = await t.call('/user/auth/order/info/pay', { courseId: sold.id, payType }, buyer.headers);
  expect(res.msg).toBe('');
  return { buyer, orderNo: res.data.orderNo as string, serialNumber: res.data.serialNumber as string };
}
const view = async (buyer: TestUser, orderNo: string) =>
  (await t.call('/user/auth/order/info/view', { orderNo }, buyer.headers)).data;
const notices = async (orderNo: string) =>
  t.platform.db
    .select({ result: payNoticeLog.result, reason: payNoticeLog.reason, rawBody: payNoticeLog.rawBody })
    .from(payNoticeLog)
    .where(and(eq(payNoticeLog.siteId, t.siteId), eq(payNoticeLog.orderNo, BigInt(orderNo))))
    .orderBy(payNoticeLog.id);
const orderRow = async (orderNo: string) =>
  (
    await t.platform.db
      .select()
      .from(orderInfo)
      .where(and(eq(orderInfo.siteId, t.siteId), eq(orderInfo.orderNo, BigInt(orderNo))))
  )[0]!;
/** The attempt began long enough ago for the scheduled query to ask after it. */
const age = (serialNumber: string) =>
  t.platform.db
    .update(orderPay)
    .set({ gmtCreate: sql`now() - interval '2 minutes'` })
    .where(and(eq(orderPay.siteId, t.siteId), eq(orderPay.serialNumber, BigInt(serialNumber))));

/** What a user notices of a sale made once: paid, one share, one purchase message. */
async function paidOnce(buyer: TestUser, orderNo: string) {
  expect((await view(buyer, orderNo)).orderStatus).toBe(2);
  expect(await ledgerCount(t, orderNo, 'share')).toBe(1);
  expect((await messageTitles(t, buyer.id)).filter((m) => m === '购买成功')).toHaveLength(1);
  expect(await t.services.entitlement.canStudyCourse(t.siteId, BigInt(buyer.id), BigInt(sold.id))).toBe(true);
}

describe('a payment whose notice was lost', () => {
  it('is found by the result page’s poll (alipay.trade.query), paid once, and the late notice changes nothing', async () => {
    const { buyer, orderNo, serialNumber } = await started('alipay');
    // not paid yet: Alipay has no trade, the order waits
    expect((await view(buyer, orderNo)).orderStatus).toBe(1);
    expect(fake.calls).toContain(`alipay query ${serialNumber}`);

    fake.pay('alipay', serialNumber, sold.price);
    const share = (await balance(t, lecturer)).availableAmount;
    // the page asks again within ten seconds: the gateway is not asked every two
    const asked = fake.calls.length;
    expect((await view(buyer, orderNo)).orderStatus).toBe(1);
    expect(fake.calls.length).toBe(asked);
    t.services.order.query['asked'].clear();
    await paidOnce(buyer, orderNo);
    expect((await balance(t, lecturer)).availableAmount).toBeGreaterThan(share);
    expect(await notices(orderNo)).toMatchObject([{ result: 1, rawBody: QUERIED }]);

    // Alipay's notice, held up somewhere, arrives after all (with an empty field, as Alipay sends them)
    const late = await t.raw({
      method: 'POST',
      url: `/apis/user/callback/order/notify/alipay/${t.siteId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: fake.alipayNotice(serialNumber),
    });
    expect(late.body).toBe('success');
    await paidOnce(buyer, orderNo);
    expect((await notices(orderNo)).map((n) => n.result)).toEqual([1, 2]);
  });

  it('is found by the scheduled query (WeChat Pay by out_trade_no), once however many ask at once', async () => {
    const { buyer, orderNo, serialNumber } = await started('wechat');
    await age(serialNumber);
    expect(await t.services.order.query.sweepWaiting()).toBeGreaterThanOrEqual(1);
    expect((await orderRow(orderNo)).orderStatus).toBe(1);

    fake.pay('wechat', serialNumber, sold.price);
    t.services.order.query['asked'].clear();
    await Promise.all([
      t.services.order.query.sweepWaiting(),
      t.services.order.query.sweepWaiting(),
      view(buyer, orderNo),
    ]);
    await paidOnce(buyer, orderNo);
    expect((await notices(orderNo)).filter((n) => n.result === 1)).toHaveLength(1);
    // a paid order is no longer asked after
    const asked = fake.calls.length;
    await t.services.order.query.sweepWaiting();
    expect(fake.calls.slice(asked).filter((c) => c.endsWith(serialNumber))).toEqual([]);
  });

  it('is found before the auto-close, which then does not close the order', async () => {
    const { buyer, orderNo, serialNumber } = await started('alipay');
    fake.pay('alipay', serialNumber, sold.price);
    const o = await orderRow(orderNo);
    await t.platform.db
      .update(orderInfo)
      .set({ expireAt: sql`now() - interval '1 second'` })
      .where(eq(orderInfo.id, o.id));
    expect(await t.services.order.query.closeDue(t.siteId, o.id, false)).toBeUndefined();
    await paidOnce(buyer, orderNo);
  });

  it('keeps an order open while its gateway does not answer, and closes it on the last try', async () => {
    const { buyer, orderNo } = await started('wechat');
    const o = await orderRow(orderNo);
    await t.platform.db
      .update(orderInfo)
      .set({ expireAt: sql`now() - interval '1 second'` })
      .where(eq(orderInfo.id, o.id));
    fake.script('wechat', 'query', { status: 500, body: { code: 'SYSTEM_ERROR', message: '系统错误' } });
    await expect(t.services.order.query.closeDue(t.siteId, o.id, false)).rejects.toThrow(/not answered/);
    expect((await view(buyer, orderNo)).orderStatus).toBe(1);
    fake.script('wechat', 'query', { status: 500, body: { code: 'SYSTEM_ERROR', message: '系统错误' } });
    expect(await t.services.order.query.closeDue(t.siteId, o.id, true)).toMatchObject({ orderStatus: 4 });
  });

  it('refuses a query answer that is not signed by the gateway, and changes nothing', async () => {
    const { buyer, orderNo, serialNumber } = await started('alipay');
    fake.pay('alipay', serialNumber, sold.price);
    fake.script('alipay', 'query', {
      node: { code: '10000', out_trade_no: serialNumber, trade_status: 'TRADE_SUCCESS', total_amount: '0.01' },
    });
    t.services.order.query['asked'].clear();
    expect((await view(buyer, orderNo)).orderStatus).toBe(1);
    expect(await ledgerCount(t, orderNo, 'share')).toBe(0);
  });
});

describe('an order that closes', () => {
  it('closes its trades at the gateways, so the abandoned cashier takes no payment', async () => {
    const { buyer, orderNo, serialNumber } = await started('wechat');
    const again = await t.call('/user/auth/order/info/continue/pay', { orderNo, payType: 'alipay' }, buyer.headers);
    expect((await t.call('/user/auth/order/info/close', { orderNo }, buyer.headers)).data.orderStatus).toBe(4);
    expect(fake.calls).toContain(`wechat close ${serialNumber}`);
    expect(fake.calls).toContain(`alipay close ${again.data.serialNumber}`);
    expect(fake.trades.wechat.get(serialNumber)?.state).toBe('closed');
  });

  it('is paid and flagged for the administrator when the gateway was paid after all', async () => {
    const { buyer, orderNo, serialNumber } = await started('wechat');
    // the buyer paid at the last moment and the notice is lost; then the order is closed (here by the buyer)
    fake.pay('wechat', serialNumber, sold.price);
    const closed = await t.call('/user/auth/order/info/close', { orderNo }, buyer.headers);
    expect(closed.data.orderStatus).toBe(2);
    await paidOnce(buyer, orderNo);
    expect((await orderRow(orderNo)).remark).toBe('订单关闭后收到支付，按已支付处理');
    const flagged = await t.platform.db
      .select()
      .from(payDifference)
      .where(and(eq(payDifference.siteId, t.siteId), eq(payDifference.orderNo, BigInt(orderNo))));
    expect(flagged).toMatchObject([
      { kind: 'late_paid', serialNumber: BigInt(serialNumber), amount: sold.price, statusId: 1 },
    ]);
  });

  it('by its job at the closing time closes the trade at the gateway too', async () => {
    const { orderNo, serialNumber } = await started('wechat');
    const o = await orderRow(orderNo);
    await t.platform.db
      .update(orderInfo)
      .set({ expireAt: sql`now() - interval '1 second'` })
      .where(eq(orderInfo.id, o.id));
    expect(await t.services.order.query.closeDue(t.siteId, o.id, false)).toMatchObject({ orderStatus: 4 });
    expect(fake.trades.wechat.get(serialNumber)?.state).toBe('closed');
  });
});

describe('the daily reconciliation', () => {
  it('lists every difference with the gateways, with the action to take, and settles what it can', async () => {
    const admin = await adminHeaders(t);
    // a trade paid at the gateway for another amount: it cannot be settled
    const odd = await started('wechat');
    fake.pay('wechat', odd.serialNumber, sold.price - 1);
    // a sale we count paid that the gateway no longer knows
    const gone = await started('alipay');
    fake.pay('alipay', gone.serialNumber, sold.price);
    t.services.order.query['asked'].clear();
    expect((await view(gone.buyer, gone.orderNo)).orderStatus).toBe(2);
    fake.trades.alipay.delete(gone.serialNumber);
    // a payment whose notice was lost, and which no one asked about yet
    const lost = await started('alipay');
    fake.pay('alipay', lost.serialNumber, sold.price);

    const now = Date.now();
    const run = await t.services.order.reconciliation.run(new Date(now - 3600_000), new Date(now + 60_000));
    expect(run.differences).toBeGreaterThanOrEqual(2);
    expect((await orderRow(lost.orderNo)).orderStatus).toBe(2);
    expect((await orderRow(odd.orderNo)).orderStatus).toBe(1);

    const page = await t.call(
      '/user/admin/order/pay/difference/page',
      { pageCurrent: 1, pageSize: 100, statusId: 1 },
      admin,
    );
    const of = (orderNo: string) => page.data.list.filter((d: { orderNo: string }) => d.orderNo === orderNo);
    expect(of(odd.orderNo)).toMatchObject([
      { kind: 'unsettled', kindName: '支付平台已收款、本站未入账', refundable: false },
    ]);
    expect(of(odd.orderNo)[0].action).toMatch(/请核对金额与支付渠道/);
    expect(of(gone.orderNo)).toMatchObject([{ kind: 'not_at_gateway', detail: '支付平台查无此交易，本站记为已支付' }]);
    expect(of(lost.orderNo)).toEqual([]);
    // a second run finds the same differences and records none twice
    await t.services.order.reconciliation.run(new Date(now - 3600_000), new Date(now + 60_000));
    const again = await t.call(
      '/user/admin/order/pay/difference/page',
      { pageCurrent: 1, pageSize: 100, statusId: 1 },
      admin,
    );
    expect(again.data.totalCount).toBe(page.data.totalCount);
    expect((await t.call('/system/admin/dashboard/view', {}, admin)).data.waiting.payDifferences).toBe(
      page.data.totalCount,
    );
  });
});
