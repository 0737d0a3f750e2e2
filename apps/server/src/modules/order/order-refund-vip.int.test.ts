import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { TestApp } from '../../testing/test-app.ts';
import { newUser, type TestUser } from '../../testing/people.ts';
import { course } from '../../db/schema/course.ts';
import type { SandboxGateway } from '../../platform/pay/sandbox.ts';
import {
  balance,
  buyAndPay,
  countBuy,
  deliver,
  messageTitles,
  orderWorld,
  sandboxNotice,
  type PaidCourse,
} from './order.testing.ts';

let t: TestApp;
let admin: { headers: { token: string } };
let lecturer: TestUser;
let referrer: TestUser;
let sold: PaidCourse;

beforeAll(async () => {
  ({ t, admin, lecturer, referrer, sold } = await orderWorld(10));
});
afterAll(async () => t?.close());

const DAY_MS = 86_400_000;
const shanghai = (s: string) => Date.parse(`${s.replace(' ', 'T')}+08:00`);

describe('refunds', () => {
  it('take back access, the buyer count, the share and the reward by new ledger rows', async () => {
    const buyer = await newUser(t, '13900008001', { referralCode: 'DEMO1' });
    const before = { lecturer: await balance(t, lecturer), referrer: await balance(t, referrer) };
    const orderNo = await buyAndPay(t, buyer, sold.id);
    const sold1 = await countBuy(t, sold.id);
    const notice = await t.call('/user/admin/order/info/view', { orderNo }, admin);
    const share = notice.data.lecturerProfit as number;
    const reward = notice.data.referralReward as number;
    expect(share).toBe(Math.floor((sold.price * 70) / 100));
    expect(reward).toBe(Math.floor((sold.price * 10) / 100));
    expect(notice.data.platformProfit).toBe(sold.price - share - reward);

    expect((await t.call('/user/admin/order/info/refund', { orderNo, remark: '' }, admin)).msg).toBe('请填写退款原因');
    const refunded = await t.call('/user/admin/order/info/refund', { orderNo, remark: '学员七天内申请退款' }, admin);
    expect(refunded.data).toMatchObject({ orderStatus: 5, remark: '原路退款：学员七天内申请退款' });
    expect(refunded.data.refundTime).not.toBe('');
    expect((await t.call('/user/admin/order/info/refund', { orderNo, remark: '再退一次' }, admin)).msg).toBe(
      '只有支付成功的订单可以退款',
    );

    expect(await t.services.entitlement.canStudyCourse(t.siteId, BigInt(buyer.id), BigInt(sold.id))).toBe(false);
    expect(await countBuy(t, sold.id)).toBe(sold1 - 1);
    expect((await balance(t, lecturer)).availableAmount).toBe(before.lecturer.availableAmount);
    expect((await balance(t, referrer)).availableAmount).toBe(before.referrer.availableAmount);
    expect((await messageTitles(t, buyer.id)).at(-1)).toBe('订单已退款');

    const detail = await t.call('/user/admin/order/info/view', { orderNo }, admin);
    const kinds = detail.data.ledger.map((l: { kind: string; availableDelta: number }) => [l.kind, l.availableDelta]);
    expect(kinds).toEqual([
      ['share', share],
      ['reward', reward],
      ['share_reversal', -share],
      ['reward_reversal', -reward],
    ]);
    expect(detail.data.pays[0]).toMatchObject({ orderStatus: 5 });
    const rewards = await t.call('/user/auth/user/recommended/reward/list', {}, referrer.headers);
    expect(rewards.data.list.find((r: { orderNo: string }) => r.orderNo === orderNo)).toMatchObject({
      rewardStatus: 2,
    });
    const sales = await t.call('/user/auth/order/info/lecturer', {}, lecturer.headers);
    expect(sales.data.list.find((r: { orderNo: string }) => r.orderNo === orderNo)).toMatchObject({ orderStatus: 5 });

    // the gateway repeating the old notice cannot pay it again
    const sn = detail.data.pays[0].serialNumber;
    const sandbox = t.services.payGateways.get('sandbox') as SandboxGateway;
    expect(await deliver(t, await sandbox.notice(await sandbox.view(t.siteId, sn)))).toBe('success');
    expect((await t.call('/user/admin/order/info/view', { orderNo }, admin)).data.orderStatus).toBe(5);
    // and the course can be bought again
    expect((await t.call('/user/auth/order/info/pay', { courseId: sold.id }, buyer.headers)).code).toBe(200);
  });

  it('are only for paid orders, and the administrator finds and exports orders', async () => {
    const buyer = await newUser(t, '13900008002');
    const pending = await t.call('/user/auth/order/info/pay', { courseId: sold.id }, buyer.headers);
    expect(
      (await t.call('/user/admin/order/info/refund', { orderNo: pending.data.orderNo, remark: '测试' }, admin)).msg,
    ).toBe('只有支付成功的订单可以退款');

    const byMobile = await t.call('/user/admin/order/info/page', { mobile: '13900008002' }, admin);
    expect(byMobile.data.list.map((o: { orderNo: string }) => o.orderNo)).toEqual([pending.data.orderNo]);
    expect(byMobile.data.list[0]).toMatchObject({ mobile: '13900008002', orderStatus: 1, lecturerProfit: 0 });
    expect(
      (await t.call('/user/admin/order/info/page', { orderNo: pending.data.orderNo }, admin)).data.totalCount,
    ).toBe(1);
    expect(
      (await t.call('/user/admin/order/info/page', { orderStatus: 5 }, admin)).data.list.every(
        (o: { orderStatus: number }) => o.orderStatus === 5,
      ),
    ).toBe(true);
    expect((await t.call('/user/admin/order/info/page', { beginDate: '2099-01-01' }, admin)).data.totalCount).toBe(0);
    expect((await t.call('/user/admin/order/info/page', { beginDate: '2026-13-01' }, admin)).msg).toBe(
      '日期格式应为 YYYY-MM-DD',
    );
    // users cannot call administrator pages
    expect((await t.call('/user/admin/order/info/page', {}, buyer.headers)).code).toBe(306);

    const res = await t.raw({
      method: 'GET',
      url: '/apis/user/admin/order/info/export?mobile=139000080',
      headers: admin.headers,
    });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('订单')!;
    expect(ws.getRow(1).getCell(1).value).toBe('订单号');
    const numbers = new Set<string>();
    ws.eachRow((row, i) => {
      if (i > 1) numbers.add(String(row.getCell(1).value));
    });
    expect(numbers.has(pending.data.orderNo)).toBe(true);
  });

  it('shows revenue by day and by product, net of refunds', async () => {
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const stat = await t.call('/user/admin/order/info/stat', { beginDate: today, endDate: today }, admin);
    expect(stat.data).toMatchObject({ beginDate: today, endDate: today });
    expect(stat.data.byDay).toHaveLength(1);
    expect(stat.data.paidAmount).toBe(stat.data.byDay[0].paidAmount);
    expect(stat.data.refundCount).toBeGreaterThanOrEqual(1);
    // kept sales split exactly into the lecturer's, the referrer's and the platform's parts
    const kept = stat.data.byProduct.reduce((s: number, p: { paidAmount: number }) => s + p.paidAmount, 0);
    expect(stat.data.lecturerProfit + stat.data.referralReward + stat.data.platformProfit).toBe(kept);
    expect((await t.call('/user/admin/order/info/stat', {}, admin)).data.byDay).toHaveLength(30);
    expect(
      (await t.call('/user/admin/order/info/stat', { beginDate: '2026-01-02', endDate: '2026-01-01' }, admin)).msg,
    ).toBe('开始日期不能晚于结束日期');
  });
});

describe('VIP', () => {
  it('comes with three plans and three demo members on the demo site', async () => {
    expect(
      (await t.call('/system/api/vip/set/list', {})).data.map((p: { setName: string; days: number }) => [
        p.setName,
        p.days,
      ]),
    ).toEqual([
      ['月度会员', 30],
      ['季度会员', 90],
      ['年度会员', 365],
    ]);
    const members = await t.call('/user/admin/order/info/page', { productType: 2, mobile: '138000001' }, admin);
    expect(members.data.list.map((o: { mobile: string; orderStatus: number }) => [o.mobile, o.orderStatus])).toEqual([
      ['13800000103', 2],
      ['13800000102', 2],
      ['13800000101', 2],
    ]);
  });

  it('is sold by plans the administrator keeps; buying extends the membership from its current end', async () => {
    const plan = await t.call(
      '/system/admin/vip/set/save',
      { setName: '月度会员', days: 30, price: 2900, rulingPrice: 3900, sort: 1 },
      admin,
    );
    expect(plan.data).toMatchObject({ setName: '月度会员', days: 30, price: 2900, rulingPrice: 3900, statusId: 1 });
    const hidden = await t.call(
      '/system/admin/vip/set/save',
      { setName: '停售套餐', days: 7, price: 900, statusId: 0 },
      admin,
    );
    expect((await t.call('/system/admin/vip/set/save', { setName: '免费', days: 7, price: 0 }, admin)).msg).toBe(
      '售价不能少于 0.01 元',
    );
    const onSale = await t.call('/system/api/vip/set/list', {});
    expect(onSale.data.map((p: { setName: string }) => p.setName)).toContain('月度会员');
    expect(onSale.data.map((p: { id: string }) => p.id)).not.toContain(hidden.data.id);

    const [vipCourse] = await t.platform.db
      .select({ id: course.id })
      .from(course)
      .where(and(eq(course.siteId, t.siteId), eq(course.isVipFree, 1), eq(course.isFree, 0)))
      .limit(1);
    const buyer = await newUser(t, '13900008003');
    expect(await t.services.entitlement.canStudyCourse(t.siteId, BigInt(buyer.id), vipCourse!.id)).toBe(false);
    expect((await t.call('/user/auth/user/order/pay', { vipSetId: hidden.data.id }, buyer.headers)).msg).toBe(
      '会员套餐不存在或已删除',
    );

    const first = await t.call('/user/auth/user/order/pay', { vipSetId: plan.data.id }, buyer.headers);
    expect(first.data).toMatchObject({ amount: 2900, subject: '会员：月度会员' });
    expect(await deliver(t, await sandboxNotice(t, first.data.serialNumber))).toBe('success');
    const info1 = (await t.call('/user/auth/user/ext/view', {}, buyer.headers)).data;
    expect(info1.isVip).toBe(1);
    expect(Math.abs(shanghai(info1.vipExpireTime) - (Date.now() + 30 * DAY_MS))).toBeLessThan(60_000);
    expect(await t.services.entitlement.canStudyCourse(t.siteId, BigInt(buyer.id), vipCourse!.id)).toBe(true);
    expect((await messageTitles(t, buyer.id)).at(-1)).toBe('会员开通成功');

    // a second month adds to the first
    const second = await t.call('/user/auth/user/order/pay', { vipSetId: plan.data.id }, buyer.headers);
    expect(second.data.orderNo).not.toBe(first.data.orderNo);
    expect(await deliver(t, await sandboxNotice(t, second.data.serialNumber))).toBe('success');
    const info2 = (await t.call('/user/auth/user/ext/view', {}, buyer.headers)).data;
    expect(shanghai(info2.vipExpireTime) - shanghai(info1.vipExpireTime)).toBe(30 * DAY_MS);

    // a refunded month is taken off again
    expect(
      (await t.call('/user/admin/order/info/refund', { orderNo: second.data.orderNo, remark: '误购' }, admin)).code,
    ).toBe(200);
    const info3 = (await t.call('/user/auth/user/ext/view', {}, buyer.headers)).data;
    expect(info3.vipExpireTime).toBe(info1.vipExpireTime);

    // editing a plan leaves the orders as they were bought
    await t.call(
      '/system/admin/vip/set/update',
      { id: plan.data.id, setName: '月度会员（新）', days: 31, price: 3900 },
      admin,
    );
    const mine = await t.call('/user/auth/order/info/list', {}, buyer.headers);
    expect(
      mine.data.list.map((o: { productName: string; vipDays: number; pricePaid: number }) => [
        o.productName,
        o.vipDays,
        o.pricePaid,
      ]),
    ).toEqual([
      ['月度会员', 30, 2900],
      ['月度会员', 30, 2900],
    ]);
    expect((await t.call('/system/admin/vip/set/delete', { id: hidden.data.id }, admin)).code).toBe(200);
    expect((await t.call('/system/admin/vip/set/list', {}, admin)).data.map((p: { id: string }) => p.id)).not.toContain(
      hidden.data.id,
    );
  });
});
