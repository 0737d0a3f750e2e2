import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../testing/test-app.ts';
import { drainJobs, newUser, type TestUser } from '../../testing/people.ts';
import { orderInfo, orderPay } from '../../db/schema/order.ts';
import { course } from '../../db/schema/course.ts';
import {
  balance,
  buyCourse,
  countBuy,
  deliver,
  listen,
  messageTitles,
  orderWorld,
  paidCourse,
  sandboxNotice,
  type PaidCourse,
} from './order.testing.ts';

let t: TestApp;
let admin: { headers: { token: string } };
let lecturer: TestUser;
let referrer: TestUser;
let host: string;
let sold: PaidCourse;

beforeAll(async () => {
  ({ t, admin, lecturer, referrer, sold } = await orderWorld(10));
  ({ host } = await listen(t));
});
afterAll(async () => t?.close());

describe('buying a course through the sandbox', () => {
  it('pays by the sandbox notice: access, buyer count, share, reward and messages come together', async () => {
    const buyer = await newUser(t, '13900006001', { referralCode: 'DEMO1' });
    const before = {
      lecturer: await balance(t, lecturer),
      referrer: await balance(t, referrer),
      countBuy: await countBuy(t, sold.id),
    };
    expect(await t.services.entitlement.canStudyCourse(t.siteId, BigInt(buyer.id), BigInt(sold.id))).toBe(false);

    expect((await t.call('/user/api/order/pay/channel/list', {})).data).toEqual([
      { payType: 'sandbox', payName: '模拟支付' },
    ]);
    // the Host the buyer used is where the sandbox sends its notice
    const started = await t.call(
      '/user/auth/order/info/pay',
      { courseId: sold.id },
      { headers: { ...buyer.headers.headers, host } },
    );
    expect(started.msg).toBe('');
    expect(started.data).toMatchObject({
      payType: 'sandbox',
      amount: sold.price,
      subject: sold.courseName,
      payKind: 'redirect',
    });
    expect(started.data.payUrl).toBe(`/pay/sandbox/${started.data.serialNumber}`);
    const pending = await t.call('/user/auth/order/info/list', {}, buyer.headers);
    expect(pending.data.list).toHaveLength(1);
    expect(pending.data.list[0]).toMatchObject({
      orderNo: started.data.orderNo,
      orderStatus: 1,
      pricePayable: sold.price,
      pricePaid: 0,
      productType: 1,
    });
    expect(pending.data.list[0].expireTime).not.toBe('');

    // the buyer presses 确认支付 at the cashier; the sandbox's job posts the signed notice to our callback
    expect((await t.call('/pay/api/sandbox/confirm', { serialNumber: started.data.serialNumber })).code).toBe(200);
    await drainJobs(t);

    const view = await t.call('/user/auth/order/info/view', { orderNo: started.data.orderNo }, buyer.headers);
    expect(view.data).toMatchObject({
      orderStatus: 2,
      pricePaid: sold.price,
      expireTime: '',
      serialNumber: started.data.serialNumber,
    });
    expect(view.data.tradeNo).toMatch(/^SBX/);
    expect(await t.services.entitlement.canStudyCourse(t.siteId, BigInt(buyer.id), BigInt(sold.id))).toBe(true);
    expect(await countBuy(t, sold.id)).toBe(before.countBuy + 1);

    const share = Math.floor((sold.price * 70) / 100);
    const reward = Math.floor((sold.price * 10) / 100);
    expect((await balance(t, lecturer)).availableAmount).toBe(before.lecturer.availableAmount + share);
    expect((await balance(t, referrer)).availableAmount).toBe(before.referrer.availableAmount + reward);
    expect(await messageTitles(t, buyer.id)).toContain('购买成功');
    expect((await messageTitles(t, lecturer.id)).at(-1)).toBe('新的销售');
    expect((await messageTitles(t, referrer.id)).at(-1)).toBe('推荐奖励到账');

    // the lecturer sees the sale with the buyer's mobile masked, and today's income
    const sales = await t.call('/user/auth/order/info/lecturer', { courseId: sold.id }, lecturer.headers);
    expect(sales.data.list[0]).toMatchObject({
      orderNo: started.data.orderNo,
      mobile: '139****6001',
      pricePaid: sold.price,
      lecturerProfit: share,
      orderStatus: 2,
    });
    // a student has no sales to see: refused, not answered with an empty list
    expect(await t.call('/user/auth/order/info/lecturer', {}, buyer.headers)).toEqual({
      code: 999,
      msg: '只有讲师可以使用此功能，请先申请成为讲师',
      data: { lecturerOnly: true },
    });
    const income = await t.call('/user/auth/user/account/income/day', {}, lecturer.headers);
    expect(income.data.list).toHaveLength(7);
    expect(income.data.list.at(-1).shareAmount).toBeGreaterThanOrEqual(share);
    const ledger = await t.call('/user/auth/user/account/ledger/list', { kind: 'share' }, lecturer.headers);
    expect(ledger.data.list[0]).toMatchObject({ kind: 'share', availableDelta: share, orderNo: started.data.orderNo });

    const rewards = await t.call('/user/auth/user/recommended/reward/list', {}, referrer.headers);
    expect(rewards.data.list[0]).toMatchObject({
      orderNo: started.data.orderNo,
      buyerMobile: '139****6001',
      rewardAmount: reward,
      rewardStatus: 1,
    });

    // bought is bought
    expect((await t.call('/user/auth/order/info/pay', { courseId: sold.id }, buyer.headers)).msg).toBe(
      '您已购买该课程',
    );
  });

  it('keeps one pending order per course: asking again gives that order a new payment', async () => {
    const buyer = await newUser(t, '13900006002');
    const first = await buyCourse(t, buyer, sold.id);
    const again = await Promise.all([1, 2, 3, 4].map(() => buyCourse(t, buyer, sold.id)));
    for (const a of again) {
      expect(a.orderNo).toBe(first.orderNo);
      expect(a.serialNumber).not.toBe(first.serialNumber);
    }
    expect(new Set(again.map((a) => a.serialNumber)).size).toBe(4);
    const cont = await t.call('/user/auth/order/info/continue/pay', { orderNo: first.orderNo }, buyer.headers);
    expect(cont.data.orderNo).toBe(first.orderNo);
    const list = await t.call('/user/auth/order/info/list', {}, buyer.headers);
    expect(list.data.totalCount).toBe(1);
    // only the newest attempt still waits
    const pays = await t.platform.db
      .select()
      .from(orderPay)
      .where(and(eq(orderPay.siteId, t.siteId), eq(orderPay.orderNo, BigInt(first.orderNo))));
    expect(pays).toHaveLength(6);
    expect(pays.filter((p) => p.orderStatus === 1).map((p) => String(p.serialNumber))).toEqual([
      cont.data.serialNumber,
    ]);

    // a notice for an attempt that was superseded is still money received: the order is paid by it
    expect(await deliver(t, await sandboxNotice(t, first.serialNumber))).toBe('success');
    expect((await t.call('/user/auth/order/info/view', { orderNo: first.orderNo }, buyer.headers)).data).toMatchObject({
      orderStatus: 2,
      serialNumber: first.serialNumber,
    });
    // and if the newest attempt is paid too, it is recorded as a second payment to return, changing nothing else
    expect(await deliver(t, await sandboxNotice(t, cont.data.serialNumber))).toBe('success');
    const detail = await t.call('/user/admin/order/info/view', { orderNo: first.orderNo }, admin);
    expect(detail.data.notices.map((n: { result: number }) => n.result)).toEqual([1, 2]);
    expect(detail.data.notices[1].reason).toContain('重复支付');
    expect(detail.data.ledger.filter((l: { kind: string }) => l.kind === 'share')).toHaveLength(1);
  });

  it('closes an order the buyer gives up, and refuses to pay it afterwards', async () => {
    const buyer = await newUser(t, '13900006003');
    const started = await buyCourse(t, buyer, sold.id);
    const closed = await t.call('/user/auth/order/info/close', { orderNo: started.orderNo }, buyer.headers);
    expect(closed.data).toMatchObject({ orderStatus: 4, expireTime: '' });
    expect((await t.call('/user/auth/order/info/close', { orderNo: started.orderNo }, buyer.headers)).msg).toBe(
      '只能关闭待支付的订单',
    );
    expect((await t.call('/user/auth/order/info/continue/pay', { orderNo: started.orderNo }, buyer.headers)).msg).toBe(
      '该订单已关闭，请重新下单',
    );
    // the default list leaves closed orders out; asking for state 4 shows them
    expect((await t.call('/user/auth/order/info/list', {}, buyer.headers)).data.totalCount).toBe(0);
    expect((await t.call('/user/auth/order/info/list', { orderStatus: 4 }, buyer.headers)).data.list[0].orderNo).toBe(
      started.orderNo,
    );
    // a new purchase is a new order
    expect((await buyCourse(t, buyer, sold.id)).orderNo).not.toBe(started.orderNo);
  });

  it('lets nobody see, close or pay another user’s order', async () => {
    const owner = await newUser(t, '13900006004');
    const other = await newUser(t, '13900006005');
    const started = await buyCourse(t, owner, sold.id);
    for (const path of ['view', 'close', 'continue/pay']) {
      const res = await t.call(`/user/auth/order/info/${path}`, { orderNo: started.orderNo }, other.headers);
      expect(res).toMatchObject({ code: 999, data: null });
      expect(res.msg).toMatch(/订单不存在/);
    }
    expect((await t.call('/user/auth/order/info/list', {}, other.headers)).data.totalCount).toBe(0);
    expect((await t.call('/user/auth/order/info/view', { orderNo: started.orderNo })).code).toBe(302);
  });

  it('does not sell free courses, courses off the shelf, or a lecturer his own course', async () => {
    const buyer = await newUser(t, '13900006006');
    const [free] = await t.platform.db
      .select({ id: course.id })
      .from(course)
      .where(and(eq(course.siteId, t.siteId), eq(course.isFree, 1)))
      .limit(1);
    expect((await t.call('/user/auth/order/info/pay', { courseId: String(free!.id) }, buyer.headers)).msg).toBe(
      '这是免费课程，无需购买，可直接学习',
    );
    expect((await t.call('/user/auth/order/info/pay', { courseId: sold.id }, lecturer.headers)).msg).toBe(
      '不能购买自己的课程',
    );
    expect((await t.call('/user/auth/order/info/pay', { courseId: '123' }, buyer.headers)).msg).toBe(
      '课程不存在或已删除',
    );
    expect(
      (await t.call('/user/auth/order/info/pay', { courseId: sold.id, payType: 'alipay' }, buyer.headers)).msg,
    ).toBe('本站暂不支持支付宝，请选择其他支付方式');
    expect((await t.call('/user/auth/order/info/pay', { courseId: 'abc' }, buyer.headers)).msg).toBe('ID 格式不正确');
    const other = await paidCourse(t, '13800000004');
    await t.platform.db
      .update(course)
      .set({ isPutaway: 0 })
      .where(eq(course.id, BigInt(other.id)));
    try {
      expect((await t.call('/user/auth/order/info/pay', { courseId: other.id }, buyer.headers)).msg).toBe(
        '课程已下架，暂不能购买',
      );
    } finally {
      await t.platform.db
        .update(course)
        .set({ isPutaway: 1 })
        .where(eq(course.id, BigInt(other.id)));
    }
  });

  it('buying again after the pending order’s time ran out closes it and makes a fresh one', async () => {
    const buyer = await newUser(t, '13900006008');
    const first = await buyCourse(t, buyer, sold.id);
    await t.platform.db.execute(
      sql`UPDATE order_info SET expire_at = now() - interval '1 second' WHERE order_no = ${BigInt(first.orderNo)}`,
    );
    const fresh = await buyCourse(t, buyer, sold.id);
    expect(fresh.orderNo).not.toBe(first.orderNo);
    const [old] = await t.platform.db
      .select()
      .from(orderInfo)
      .where(and(eq(orderInfo.siteId, t.siteId), eq(orderInfo.orderNo, BigInt(first.orderNo))));
    expect(old).toMatchObject({ orderStatus: 4, remark: '超时未支付，系统自动关闭' });
    expect(
      (await t.call('/user/auth/order/info/view', { orderNo: fresh.orderNo }, buyer.headers)).data.orderStatus,
    ).toBe(1);
    const pays = await t.platform.db
      .select()
      .from(orderPay)
      .where(and(eq(orderPay.siteId, t.siteId), eq(orderPay.orderNo, BigInt(first.orderNo))));
    expect(pays.map((p) => p.orderStatus)).toEqual([4]);
    // and the fresh order is the one asking again pays
    expect((await buyCourse(t, buyer, sold.id)).orderNo).toBe(fresh.orderNo);
  });

  it('closes an unpaid order by its job 30 minutes on, with its cashier; money paid at the last second pays it', async () => {
    const buyer = await newUser(t, '13900006007');
    const started = await buyCourse(t, buyer, sold.id);
    const view = await t.call('/user/auth/order/info/view', { orderNo: started.orderNo }, buyer.headers);
    const minutes =
      (Date.parse(view.data.expireTime.replace(' ', 'T') + '+08:00') -
        Date.parse(view.data.gmtCreate.replace(' ', 'T') + '+08:00')) /
      60_000;
    expect(minutes).toBe(30);

    await drainJobs(t);
    expect(
      (await t.call('/user/auth/order/info/view', { orderNo: started.orderNo }, buyer.headers)).data.orderStatus,
    ).toBe(1);
    // thirty minutes pass
    const no = BigInt(started.orderNo);
    await t.platform.db.execute(
      sql`UPDATE order_info SET expire_at = now() - interval '1 second' WHERE order_no = ${no}`,
    );
    await t.platform.db.execute(
      sql`UPDATE job SET run_at = now() - interval '1 second' WHERE dedupe_key = 'order.close:' || (SELECT id FROM order_info WHERE order_no = ${no})`,
    );
    await drainJobs(t);
    const closed = await t.call('/user/auth/order/info/view', { orderNo: started.orderNo }, buyer.headers);
    expect(closed.data).toMatchObject({ orderStatus: 4 });
    expect(closed.data.closeTime).not.toBe('');

    // the sandbox's trade was closed with it: the abandoned cashier takes no payment now
    expect(await t.call('/pay/api/sandbox/confirm', { serialNumber: started.serialNumber })).toMatchObject({
      code: 999,
      msg: '该交易已超时关闭，请返回重新下单',
    });

    // another buyer pays at the last second, and the notice is late: the close asks the sandbox first, and pays
    const late = await newUser(t, '13900006091');
    const second = await buyCourse(t, late, sold.id);
    const notice = await sandboxNotice(t, second.serialNumber);
    const no2 = BigInt(second.orderNo);
    await t.platform.db.execute(
      sql`UPDATE order_info SET expire_at = now() - interval '1 second' WHERE order_no = ${no2}`,
    );
    await t.platform.db.execute(
      sql`UPDATE job SET run_at = now() - interval '1 second' WHERE dedupe_key = 'order.close:' || (SELECT id FROM order_info WHERE order_no = ${no2})`,
    );
    await drainJobs(t);
    expect(
      (await t.call('/user/auth/order/info/view', { orderNo: second.orderNo }, late.headers)).data.orderStatus,
    ).toBe(2);
    // the notice, when it comes, changes nothing
    expect(await deliver(t, notice)).toBe('success');
    expect(await t.services.entitlement.canStudyCourse(t.siteId, BigInt(late.id), BigInt(sold.id))).toBe(true);
  });
});
