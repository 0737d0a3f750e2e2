import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { SmsInbox } from '../../testing/sms-inbox.ts';
import { adminHeaders, newUser, sessionFor, type TestUser } from '../../testing/people.ts';
import { balance, buyAndPay, ORDER_TEST_ENV, paidCourse, type PaidCourse } from '../order/order.testing.ts';

let t: TestApp;
let inbox: SmsInbox;
let admin: { headers: { token: string } };
let lecturer: TestUser;
let sold: PaidCourse;
let ip = 0;

beforeAll(async () => {
  t = await createTestApp({ env: ORDER_TEST_ENV });
  inbox = new SmsInbox();
  t.platform.sms = inbox;
  admin = await adminHeaders(t);
  sold = await paidCourse(t, '13800000004');
  lecturer = await sessionFor(t, sold.lecturerUserId, '13800000004');
  await t.call('/system/admin/website/referral/update', { referralRate: 5 }, admin);
});
afterAll(async () => t?.close());

async function smsFor(mobile: string): Promise<string> {
  const res = await t.call(
    '/user/api/user/send/code',
    { mobile },
    { headers: { 'x-forwarded-for': `10.9.0.${++ip}` } },
  );
  expect(res.msg).toBe('');
  return inbox.last(mobile);
}
// the SMS interval is one minute per mobile: move the last code back so the next one may be sent at once
const unthrottle = (mobile: string) =>
  t.platform.db.execute(
    sql`UPDATE sms_code SET gmt_create = gmt_create - interval '2 minutes' WHERE mobile = ${mobile}`,
  );

const card = {
  bankCardNo: '6222021234567890123',
  bankName: '中国工商银行',
  bankBranchName: '北京海淀支行',
  bankUserName: '李老师',
  bankIdCardNo: '11010519491231002X',
};

async function withdraw(who: TestUser, extractAmount: number) {
  await unthrottle(who.mobile);
  return t.call(
    '/user/auth/user/account/extract/log/save',
    { extractAmount, code: await smsFor(who.mobile) },
    who.headers,
  );
}
const check = async () => (await t.call('/user/admin/user/account/check', {}, admin)).data;

describe('withdrawals', () => {
  it('move money from available to frozen, and out by the administrator’s decisions', async () => {
    // enough sales for two withdrawals of 100 元
    const start = await balance(t, lecturer);
    let n = 0;
    while ((await balance(t, lecturer)).availableAmount - start.availableAmount < 30_000) {
      await buyAndPay(t, await newUser(t, `139000090${String(++n).padStart(2, '0')}`), sold.id);
    }
    const earned = await balance(t, lecturer);

    expect((await withdraw(lecturer, 10_000)).msg).toBe('请先绑定银行卡再提现');
    await unthrottle(lecturer.mobile);
    expect(
      (
        await t.call(
          '/user/auth/user/account/update',
          { ...card, code: await smsFor(lecturer.mobile) },
          lecturer.headers,
        )
      ).code,
    ).toBe(200);
    expect((await balance(t, lecturer)).bankBound).toBe(1);
    expect((await withdraw(lecturer, 9_999)).msg).toBe('提现金额不能少于 100.00 元');
    expect((await withdraw(lecturer, earned.availableAmount + 1)).msg).toMatch(/^可提现余额不足/);
    expect(
      (
        await t.call(
          '/user/auth/user/account/extract/log/save',
          { extractAmount: 10_000, code: '000000' },
          lecturer.headers,
        )
      ).msg,
    ).toMatch(/短信验证码/);

    const a = await withdraw(lecturer, 10_000);
    expect(a.data).toMatchObject({
      extractAmount: 10_000,
      extractStatus: 1,
      bankCardNo: '6222***********0123',
      bankName: '中国工商银行',
    });
    expect(await balance(t, lecturer)).toMatchObject({
      availableAmount: earned.availableAmount - 10_000,
      frozenAmount: earned.frozenAmount + 10_000,
    });

    // rejected at review: the money comes back
    const queue = await t.call('/user/admin/user/account/extract/log/page', { extractStatus: 1 }, admin);
    expect(queue.data.list.find((e: { id: string }) => e.id === a.data.id)).toMatchObject({
      bankCardNo: '6222021234567890123',
      mobile: '13800000004',
    });
    expect(
      (await t.call('/user/admin/user/account/extract/log/audit', { id: a.data.id, extractStatus: 5 }, admin)).msg,
    ).toBe('驳回须填写原因');
    expect(
      (await t.call('/user/admin/user/account/extract/log/pay', { id: a.data.id, extractStatus: 4 }, admin)).msg,
    ).toMatch(/当前为「审核中」/);
    const rejected = await t.call(
      '/user/admin/user/account/extract/log/audit',
      { id: a.data.id, extractStatus: 5, remark: '开户名与实名不符' },
      admin,
    );
    expect(rejected.data).toMatchObject({ extractStatus: 5, remark: '开户名与实名不符' });
    expect(await balance(t, lecturer)).toMatchObject({
      availableAmount: earned.availableAmount,
      frozenAmount: earned.frozenAmount,
    });
    expect(
      (await t.call('/user/admin/user/account/extract/log/audit', { id: a.data.id, extractStatus: 2 }, admin)).msg,
    ).toMatch(/当前为「失败」/);

    // approved, sent, paid: frozen becomes withdrawn
    const b = await withdraw(lecturer, 12_345);
    expect(
      (await t.call('/user/admin/user/account/extract/log/audit', { id: b.data.id, extractStatus: 2 }, admin)).data
        .extractStatus,
    ).toBe(2);
    expect(
      (
        await t.call(
          '/user/admin/user/account/extract/log/audit',
          { id: b.data.id, extractStatus: 5, remark: '迟了' },
          admin,
        )
      ).msg,
    ).toMatch(/当前为「支付中」/);
    expect(
      (await t.call('/user/admin/user/account/extract/log/pay', { id: b.data.id, extractStatus: 3 }, admin)).data
        .extractStatus,
    ).toBe(3);
    const paid = await t.call('/user/admin/user/account/extract/log/pay', { id: b.data.id, extractStatus: 4 }, admin);
    expect(paid.data.extractStatus).toBe(4);
    expect(paid.data.finishTime).not.toBe('');
    expect(await balance(t, lecturer)).toMatchObject({
      availableAmount: earned.availableAmount - 12_345,
      frozenAmount: earned.frozenAmount,
      withdrawnAmount: earned.withdrawnAmount + 12_345,
    });
    expect(
      (
        await t.call(
          '/user/admin/user/account/extract/log/pay',
          { id: b.data.id, extractStatus: 5, remark: '再改' },
          admin,
        )
      ).msg,
    ).toMatch(/当前为「成功」/);

    // approved, then the bank transfer failed: back to available
    const c = await withdraw(lecturer, 10_000);
    await t.call('/user/admin/user/account/extract/log/audit', { id: c.data.id, extractStatus: 2 }, admin);
    await t.call(
      '/user/admin/user/account/extract/log/pay',
      { id: c.data.id, extractStatus: 5, remark: '银行退票' },
      admin,
    );
    expect((await balance(t, lecturer)).availableAmount).toBe(earned.availableAmount - 12_345);

    const mine = await t.call('/user/auth/user/account/extract/log/list', {}, lecturer.headers);
    expect(mine.data.list.map((e: { extractStatus: number }) => e.extractStatus)).toEqual([5, 4, 5]);
    const ledger = await t.call('/user/auth/user/account/ledger/list', { pageSize: 7 }, lecturer.headers);
    expect(ledger.data.list.map((l: { kind: string }) => l.kind).slice(0, 6)).toEqual([
      'withdraw_unfreeze',
      'withdraw_freeze',
      'withdraw_paid',
      'withdraw_freeze',
      'withdraw_unfreeze',
      'withdraw_freeze',
    ]);
    expect(await check()).toMatchObject({ mismatches: [] });
  });

  it('never freezes more than is available when two requests race', async () => {
    const me = await balance(t, lecturer);
    const half = Math.max(10_000, Math.floor(me.availableAmount / 2) + 1);
    await unthrottle(lecturer.mobile);
    const code = await smsFor(lecturer.mobile);
    const results = await Promise.all(
      [1, 2].map(() =>
        t.call('/user/auth/user/account/extract/log/save', { extractAmount: half, code }, lecturer.headers),
      ),
    );
    // one request spends the code; at most one freezes money
    expect(results.filter((r) => r.code === 200).length).toBeLessThanOrEqual(1);
    expect((await balance(t, lecturer)).availableAmount).toBeGreaterThanOrEqual(0);
    expect(await check()).toMatchObject({ mismatches: [] });
  });
});

describe('the ledger', () => {
  it('keeps every balance equal to its rows through many sales, refunds and withdrawals', async () => {
    const courses = [await paidCourse(t, '13800000002'), await paidCourse(t, '13800000004', 1), sold];
    const referrer = await newUser(t, '13900009900');
    await t.call('/user/admin/user/recommended', { id: referrer.id, isRecommended: 1 }, admin);
    const code = (await t.call('/user/auth/user/ext/view', {}, referrer.headers)).data.referralCode as string;
    const orders: string[] = [];
    for (let i = 0; i < 24; i++) {
      const buyer = await newUser(t, `1390001${String(i).padStart(4, '0')}`, i % 2 ? { referralCode: code } : {});
      orders.push(await buyAndPay(t, buyer, courses[i % courses.length]!.id));
      if (i % 5 === 4)
        expect(
          (await t.call('/user/admin/order/info/refund', { orderNo: orders[i - 1], remark: '测试退款' }, admin)).code,
        ).toBe(200);
    }
    expect((await withdraw(lecturer, 10_000)).code).toBe(200);

    const result = await check();
    expect(result.mismatches).toEqual([]);
    expect(result.accountCount).toBeGreaterThanOrEqual(3);
    // the order split and the ledger tell the same story: kept sales' shares are what the share rows add up to
    const [row] = (
      (await t.platform.db.execute(sql`
      select
        (select coalesce(sum(lecturer_profit + referral_reward), 0) from order_info where site_id = ${t.siteId} and order_status = 2) as split,
        (select coalesce(sum(available_delta), 0) from account_ledger where site_id = ${t.siteId} and kind in ('share', 'share_reversal', 'reward', 'reward_reversal')) as ledger
    `)) as unknown as { rows: { split: string; ledger: string }[] }
    ).rows;
    expect(Number(row!.split)).toBe(Number(row!.ledger));

    // a balance changed behind the ledger's back is found
    await t.platform.db.execute(
      sql`UPDATE money_account SET available_amount = available_amount + 1 WHERE site_id = ${t.siteId} AND user_id = ${BigInt(referrer.id)}`,
    );
    const broken = await check();
    expect(broken.mismatches).toHaveLength(1);
    expect(broken.mismatches[0]).toMatchObject({ userId: referrer.id, mobile: '13900009900' });
    expect(broken.mismatches[0].availableAmount - broken.mismatches[0].ledgerAvailable).toBe(1);
    await t.platform.db.execute(
      sql`UPDATE money_account SET available_amount = available_amount - 1 WHERE site_id = ${t.siteId} AND user_id = ${BigInt(referrer.id)}`,
    );
  });

  it('lets the administrator set a lecturer’s share, which later sales use', async () => {
    const page = await t.call('/user/admin/lecturer/share/page', { lecturerName: '李' }, admin);
    const li = page.data.list[0];
    expect(li).toMatchObject({ lecturerName: '李老师', shareRate: 70 });
    expect((await t.call('/user/admin/lecturer/share/update', { id: li.id, shareRate: 101 }, admin)).msg).toBe(
      '分成比例应在 0 到 100 之间',
    );
    expect(
      (await t.call('/user/admin/lecturer/share/update', { id: li.id, shareRate: 55 }, admin)).data.shareRate,
    ).toBe(55);
    const before = await balance(t, lecturer);
    await buyAndPay(t, await newUser(t, '13900009950'), sold.id);
    expect((await balance(t, lecturer)).availableAmount - before.availableAmount).toBe(
      Math.floor((sold.price * 55) / 100),
    );
    expect((await t.call('/system/admin/website/referral/view', {}, admin)).data).toEqual({ referralRate: 5 });
    const accounts = await t.call('/user/admin/user/account/page', { mobile: '13800000004' }, admin);
    expect(accounts.data.list[0]).toMatchObject({
      mobile: '13800000004',
      availableAmount: (await balance(t, lecturer)).availableAmount,
    });
  });
});
