import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { demoUser, newUser, type TestUser } from '../../testing/people.ts';
import { orderInfo, orderPay, payNoticeLog } from '../../db/schema/order.ts';
import { accountLedger } from '../../db/schema/ledger.ts';
import { course, userCourse } from '../../db/schema/course.ts';
import { newId } from '../../platform/ids.ts';
import {
  balance,
  buyCourse,
  countBuy,
  deliver,
  ledgerCount,
  messageTitles,
  ORDER_TEST_ENV,
  paidCourse,
  sandboxNotice,
  signSandbox,
  type PaidCourse,
} from './order.testing.ts';

let t: TestApp;
let lecturer: TestUser;
let sold: PaidCourse;

beforeAll(async () => {
  t = await createTestApp({ env: ORDER_TEST_ENV });
  lecturer = await demoUser(t, '13800000002');
  sold = await paidCourse(t);
});
afterAll(async () => t?.close());

const orderOf = async (orderNo: string) =>
  (
    await t.platform.db
      .select()
      .from(orderInfo)
      .where(and(eq(orderInfo.siteId, t.siteId), eq(orderInfo.orderNo, BigInt(orderNo))))
  )[0]!;
const noticeResults = async (orderNo: string) =>
  (
    await t.platform.db
      .select()
      .from(payNoticeLog)
      .where(and(eq(payNoticeLog.siteId, t.siteId), eq(payNoticeLog.orderNo, BigInt(orderNo))))
      .orderBy(payNoticeLog.id)
  ).map((n) => n.result);
const entitlements = async (userId: string) =>
  (
    await t.platform.db
      .select({ n: count() })
      .from(userCourse)
      .where(
        and(
          eq(userCourse.siteId, t.siteId),
          eq(userCourse.userId, BigInt(userId)),
          eq(userCourse.courseId, BigInt(sold.id)),
        ),
      )
  )[0]!.n;

describe('payment notices', () => {
  it('pays once when the same notice arrives 100 times at once', async () => {
    const buyer = await newUser(t, '13900007001');
    const started = await buyCourse(t, buyer, sold.id);
    const notice = await sandboxNotice(t, started.serialNumber);
    const before = { share: (await balance(t, lecturer)).availableAmount, countBuy: await countBuy(t, sold.id) };

    const replies = await Promise.all(Array.from({ length: 100 }, () => deliver(t, notice)));
    expect(new Set(replies)).toEqual(new Set(['success']));

    expect((await orderOf(started.orderNo)).orderStatus).toBe(2);
    expect(await entitlements(buyer.id)).toBe(1);
    expect(await countBuy(t, sold.id)).toBe(before.countBuy + 1);
    expect(await ledgerCount(t, started.orderNo, 'share')).toBe(1);
    expect((await balance(t, lecturer)).availableAmount).toBe(before.share + Math.floor((sold.price * 70) / 100));
    expect((await messageTitles(t, buyer.id)).filter((m) => m === '购买成功')).toHaveLength(1);
    const results = await noticeResults(started.orderNo);
    expect(results.filter((r) => r === 1)).toHaveLength(1);
    expect(results.filter((r) => r === 2)).toHaveLength(99);
  });

  it('refuses a forged signature and a wrong amount, logs why, and changes nothing', async () => {
    const buyer = await newUser(t, '13900007002');
    const started = await buyCourse(t, buyer, sold.id);
    const genuine = await sandboxNotice(t, started.serialNumber);
    const body = JSON.parse(genuine.body) as { amountFen: number };

    // the body changed after signing (a cheaper amount), the signature kept
    const tampered = JSON.stringify({ ...body, amountFen: 1 });
    expect(await deliver(t, { body: tampered, signature: genuine.signature })).toBe('failure');
    // signed by someone who does not hold the secret
    expect(await deliver(t, { body: genuine.body, signature: 'ab'.repeat(32) })).toBe('failure');
    expect(await deliver(t, { body: genuine.body, signature: '' })).toBe('failure');
    // correctly signed, but not the amount that was asked for
    const cheap = JSON.stringify({ ...body, amountFen: body.amountFen - 1 });
    expect(await deliver(t, { body: cheap, signature: signSandbox(cheap) })).toBe('failure');
    // correctly signed, for a serial number we never issued
    const unknown = JSON.stringify({ ...body, serialNumber: String(newId()) });
    expect(await deliver(t, { body: unknown, signature: signSandbox(unknown) })).toBe('failure');
    // a channel we do not have
    const other = await t.raw({
      method: 'POST',
      url: `/apis/user/callback/order/notify/paypal/${t.siteId}`,
      headers: { 'content-type': 'application/json' },
      payload: genuine.body,
    });
    expect(other.statusCode).toBe(404);

    expect((await orderOf(started.orderNo)).orderStatus).toBe(1);
    expect(await entitlements(buyer.id)).toBe(0);
    const refused = await t.platform.db
      .select()
      .from(payNoticeLog)
      .where(and(eq(payNoticeLog.siteId, t.siteId), eq(payNoticeLog.result, 0)));
    const reasons = refused.map((r) => r.reason);
    expect(reasons.filter((r) => r.startsWith('验签失败'))).toHaveLength(3);
    expect(reasons).toContain(`金额不符：通知 ${body.amountFen - 1} 分，应付 ${body.amountFen} 分`);
    expect(reasons).toContain('支付流水号不存在');
    expect(refused.find((r) => r.reason.startsWith('金额不符'))!.orderNo).toBe(BigInt(started.orderNo));

    // the genuine notice still pays it
    expect(await deliver(t, genuine)).toBe('success');
    expect((await orderOf(started.orderNo)).orderStatus).toBe(2);
  });

  it('after a crash between the commit and the reply, the gateway’s retry changes nothing and is answered success', async () => {
    const buyer = await newUser(t, '13900007003');
    const started = await buyCourse(t, buyer, sold.id);
    const notice = await sandboxNotice(t, started.serialNumber);
    const parsed = JSON.parse(notice.body) as {
      serialNumber: string;
      amountFen: number;
      tradeNo: string;
      paidAt: string;
    };
    // the notice was processed and committed, and the process died before it could answer
    const first = await t.services.order.notices.process(t.siteId, 'sandbox', {
      ...parsed,
      paidAt: new Date(parsed.paidAt),
      state: 'paid',
    });
    expect(first).toMatchObject({ accepted: true, result: 1 });
    const after = {
      share: (await balance(t, lecturer)).availableAmount,
      countBuy: await countBuy(t, sold.id),
      messages: (await messageTitles(t, buyer.id)).length,
    };

    // the gateway, having no answer, sends it again
    expect(await deliver(t, notice)).toBe('success');
    expect(await entitlements(buyer.id)).toBe(1);
    expect(await ledgerCount(t, started.orderNo, 'share')).toBe(1);
    expect((await balance(t, lecturer)).availableAmount).toBe(after.share);
    expect(await countBuy(t, sold.id)).toBe(after.countBuy);
    expect((await messageTitles(t, buyer.id)).length).toBe(after.messages);
    expect(await noticeResults(started.orderNo)).toEqual([1, 2]);
  });

  it('when the transaction fails half way, nothing of it stays and the retry pays it once', async () => {
    const buyer = await newUser(t, '13900007004');
    const started = await buyCourse(t, buyer, sold.id);
    const notice = await sandboxNotice(t, started.serialNumber);
    // a row already holding the order's share makes the last write of the settlement fail, after everything else
    const blocker = newId();
    await t.platform.db.insert(accountLedger).values({
      id: blocker,
      siteId: t.siteId,
      userId: sold.lecturerUserId,
      kind: 'share',
      orderNo: BigInt(started.orderNo),
      remark: 'test',
    });
    const before = { countBuy: await countBuy(t, sold.id), messages: (await messageTitles(t, buyer.id)).length };

    expect(await deliver(t, notice)).toBe('failure');
    const o = await orderOf(started.orderNo);
    expect(o.orderStatus).toBe(1);
    expect(o.lecturerProfit).toBe(0);
    expect(await entitlements(buyer.id)).toBe(0);
    expect(await countBuy(t, sold.id)).toBe(before.countBuy);
    expect((await messageTitles(t, buyer.id)).length).toBe(before.messages);

    await t.platform.db.delete(accountLedger).where(eq(accountLedger.id, blocker));
    expect(await deliver(t, notice)).toBe('success');
    expect((await orderOf(started.orderNo)).orderStatus).toBe(2);
    expect(await entitlements(buyer.id)).toBe(1);
    expect(await countBuy(t, sold.id)).toBe(before.countBuy + 1);
    expect(await ledgerCount(t, started.orderNo, 'share')).toBe(1);
    expect(await noticeResults(started.orderNo)).toEqual([0, 1]);
  });

  it('records a failed payment without closing the order, so the buyer can pay again', async () => {
    const buyer = await newUser(t, '13900007005');
    const started = await buyCourse(t, buyer, sold.id);
    const body = JSON.stringify({
      serialNumber: started.serialNumber,
      amountFen: started.amount,
      tradeNo: 'SBXFAILED1',
      paidAt: new Date().toISOString(),
      status: 'FAILED',
    });
    expect(await deliver(t, { body, signature: signSandbox(body) })).toBe('success');
    expect((await orderOf(started.orderNo)).orderStatus).toBe(1);
    const again = await t.call('/user/auth/order/info/continue/pay', { orderNo: started.orderNo }, buyer.headers);
    expect(await deliver(t, await sandboxNotice(t, again.data.serialNumber))).toBe('success');
    expect((await orderOf(started.orderNo)).orderStatus).toBe(2);
  });

  it('records the payment of a course deleted after it was ordered, and grants nothing', async () => {
    const gone = await paidCourse(t, '13800000002', 1);
    const buyer = await newUser(t, '13900007017');
    const started = await buyCourse(t, buyer, gone.id);
    const buyers = await countBuy(t, gone.id);
    const where = and(eq(course.siteId, t.siteId), eq(course.id, BigInt(gone.id)));
    await t.platform.db.update(course).set({ statusId: 0 }).where(where);
    try {
      expect(await deliver(t, await sandboxNotice(t, started.serialNumber))).toBe('success');
      expect((await orderOf(started.orderNo)).orderStatus).toBe(2);
      const held = await t.platform.db
        .select({ n: count() })
        .from(userCourse)
        .where(
          and(
            eq(userCourse.siteId, t.siteId),
            eq(userCourse.userId, BigInt(buyer.id)),
            eq(userCourse.courseId, BigInt(gone.id)),
          ),
        );
      expect(held[0]!.n).toBe(0);
      expect(await countBuy(t, gone.id)).toBe(buyers);
      expect(await ledgerCount(t, started.orderNo, 'share')).toBe(1);
    } finally {
      await t.platform.db.update(course).set({ statusId: 1 }).where(where);
    }
  });

  it('pays by an earlier attempt’s late notice, and closes the attempt still waiting', async () => {
    const buyer = await newUser(t, '13900007016');
    const started = await buyCourse(t, buyer, sold.id);
    const again = await t.call('/user/auth/order/info/continue/pay', { orderNo: started.orderNo }, buyer.headers);
    expect(await deliver(t, await sandboxNotice(t, started.serialNumber))).toBe('success');
    const paid = await orderOf(started.orderNo);
    expect(paid.orderStatus).toBe(2);
    expect(String(paid.serialNumber)).toBe(started.serialNumber);
    const pays = await t.platform.db
      .select({ serialNumber: orderPay.serialNumber, orderStatus: orderPay.orderStatus })
      .from(orderPay)
      .where(and(eq(orderPay.siteId, t.siteId), eq(orderPay.orderNo, BigInt(started.orderNo))));
    expect(Object.fromEntries(pays.map((p) => [String(p.serialNumber), p.orderStatus]))).toEqual({
      [started.serialNumber]: 2,
      [again.data.serialNumber]: 4,
    });
    expect(await entitlements(buyer.id)).toBe(1);
  });

  it('keeps an attempt waiting on a notice that the trade waits or was closed, and fails it only when refused', async () => {
    const buyer = await newUser(t, '13900007018');
    const started = await buyCourse(t, buyer, sold.id);
    const told = (state: 'waiting' | 'closed' | 'failed') =>
      t.services.order.notices.process(t.siteId, 'sandbox', {
        serialNumber: started.serialNumber,
        amountFen: started.amount,
        tradeNo: `SBX${started.serialNumber}`,
        paidAt: new Date(),
        state,
      });
    const attempt = async () =>
      (
        await t.platform.db
          .select({ orderStatus: orderPay.orderStatus })
          .from(orderPay)
          .where(and(eq(orderPay.siteId, t.siteId), eq(orderPay.serialNumber, BigInt(started.serialNumber))))
      )[0]!.orderStatus;
    expect(await told('waiting')).toMatchObject({ accepted: true, reason: '交易等待付款' });
    expect(await told('closed')).toMatchObject({ accepted: true, reason: '交易已关闭，未付款' });
    expect(await attempt()).toBe(1);
    expect(await told('failed')).toMatchObject({ accepted: true, reason: '支付未成功' });
    expect(await attempt()).toBe(3);
    // the money arriving afterwards still pays it
    expect(await deliver(t, await sandboxNotice(t, started.serialNumber))).toBe('success');
    expect((await orderOf(started.orderNo)).orderStatus).toBe(2);
  });

  it('answers an oversized body on a notify URL with the gateway’s failure, never success', async () => {
    const huge = 'x'.repeat(200 * 1024);
    const sandboxReply = await t.raw({
      method: 'POST',
      url: `/apis/user/callback/order/notify/sandbox/${t.siteId}`,
      headers: { 'content-type': 'application/json' },
      payload: huge,
    });
    expect(sandboxReply.body).toBe('failure');
    const unknown = await t.raw({
      method: 'POST',
      url: `/apis/user/callback/order/notify/paypal/${t.siteId}`,
      headers: { 'content-type': 'text/plain' },
      payload: huge,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).not.toContain('success');
  });
});
