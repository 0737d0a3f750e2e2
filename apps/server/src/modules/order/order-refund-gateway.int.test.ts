/**
 * Refunds go back through the gateway the order was paid with: the sandbox end to end, Alipay against an offline
 * stand-in for its open API (the real adapter, our keys and Alipay's generated here), and the administrator's
 * "record only" for money returned by hand.
 */
import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../testing/test-app.ts';
import { newUser, type TestUser } from '../../testing/people.ts';
import { orderPay } from '../../db/schema/order.ts';
import { paySandboxTrade } from '../../db/schema/pay.ts';
import { AlipayGateway, alipaySignContent } from '../../platform/pay/alipay.ts';
import type { SandboxGateway } from '../../platform/pay/sandbox.ts';
import {
  buyCourse,
  deliver,
  ledgerCount,
  messageTitles,
  orderWorld,
  sandboxNotice,
  type PaidCourse,
} from './order.testing.ts';

let t: TestApp;
let admin: { headers: { token: string } };
let sold: PaidCourse;
let seq = 0;

beforeAll(async () => {
  ({ t, admin, sold } = await orderWorld(0));
});
afterAll(async () => t?.close());

const refund = (orderNo: string, remark: string, offline?: boolean) =>
  t.call('/user/admin/order/info/refund', { orderNo, remark, ...(offline === undefined ? {} : { offline }) }, admin);
const view = async (orderNo: string) => (await t.call('/user/admin/order/info/view', { orderNo }, admin)).data;
const sandboxTrade = async (serialNumber: string) =>
  (
    await t.platform.db
      .select()
      .from(paySandboxTrade)
      .where(and(eq(paySandboxTrade.siteId, t.siteId), eq(paySandboxTrade.serialNumber, serialNumber)))
  )[0]!;
const canStudy = (buyer: TestUser) =>
  t.services.entitlement.canStudyCourse(t.siteId, BigInt(buyer.id), BigInt(sold.id));

/** A new buyer who bought the course and paid at the sandbox cashier. */
async function paidThroughSandbox(): Promise<{ buyer: TestUser; orderNo: string; serialNumber: string }> {
  const buyer = await newUser(t, `1390002${String(seq++).padStart(4, '0')}`);
  const { orderNo, serialNumber } = await buyCourse(t, buyer, sold.id);
  expect(await deliver(t, await sandboxNotice(t, serialNumber))).toBe('success');
  expect((await view(orderNo)).orderStatus).toBe(2);
  return { buyer, orderNo, serialNumber };
}

describe('a refund through the sandbox', () => {
  it('returns the money at the sandbox, then withdraws access and keeps the refund reference on the payment', async () => {
    const { buyer, orderNo, serialNumber } = await paidThroughSandbox();
    const period = (await t.call('/course/api/course/view', { courseId: sold.id })).data.chapterList
      .flatMap((c: { periodList: { id: string; isFree: number }[] }) => c.periodList)
      .find((p: { isFree: number }) => p.isFree === 0).id;
    const progress = () =>
      t.call(
        '/data/api/course/user/period/log/save',
        { periodId: period, reportId: `refund${seq++}x${Date.now()}`, currentPosition: 5, watchedRanges: [[0, 5]] },
        buyer.headers,
      );
    expect((await progress()).code).toBe(200);
    const res = await refund(orderNo, '学员七天内申请退款');
    expect(res.msg).toBe('');
    expect(res.data).toMatchObject({ orderStatus: 5, remark: '原路退款：学员七天内申请退款' });

    const trade = await sandboxTrade(serialNumber);
    expect(trade).toMatchObject({ status: 2, refundNo: `R${orderNo}`, refundAmountFen: sold.price });
    expect(trade.gmtRefunded).not.toBeNull();
    const detail = await view(orderNo);
    expect(detail.pays).toHaveLength(1);
    expect(detail.pays[0]).toMatchObject({ orderStatus: 5, refundTradeNo: `SBXR${trade.tradeNo!.slice(3)}` });
    expect(await canStudy(buyer)).toBe(false);
    // the progress reports' kept answer goes with the refund, not a minute later
    expect(await progress()).toMatchObject({ code: 999, msg: '请先购买课程' });
    expect((await messageTitles(t, buyer.id)).at(-1)).toBe('订单已退款');

    // the cashier shows the trade refunded, and paying it again is refused
    const cashier = await t.call('/pay/api/sandbox/view', { serialNumber });
    expect(cashier.data).toMatchObject({ state: 'refunded', refundAmountFen: sold.price });
    expect(cashier.data.refundedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(await t.call('/pay/api/sandbox/confirm', { serialNumber })).toMatchObject({
      code: 999,
      msg: '该交易已退款',
    });
  });

  it('lets a refunded buyer buy the course again, with a new order and a new share', async () => {
    const { buyer, orderNo } = await paidThroughSandbox();
    expect((await refund(orderNo, '学员申请退款')).code).toBe(200);
    expect(await canStudy(buyer)).toBe(false);
    const again = await buyCourse(t, buyer, sold.id);
    expect(again.orderNo).not.toBe(orderNo);
    expect(await deliver(t, await sandboxNotice(t, again.serialNumber))).toBe('success');
    expect(await canStudy(buyer)).toBe(true);
    expect(await ledgerCount(t, again.orderNo, 'share')).toBe(1);
    expect((await view(orderNo)).orderStatus).toBe(5);
  });

  it('refunds once: a second refund is refused and two at once make one', async () => {
    const first = await paidThroughSandbox();
    expect((await refund(first.orderNo, '重复退款测试')).code).toBe(200);
    const refundedAt = (await sandboxTrade(first.serialNumber)).gmtRefunded;
    expect(await refund(first.orderNo, '再退一次')).toMatchObject({ code: 999, msg: '只有支付成功的订单可以退款' });
    expect((await sandboxTrade(first.serialNumber)).gmtRefunded).toEqual(refundedAt);

    const raced = await paidThroughSandbox();
    const results = await Promise.all([refund(raced.orderNo, '同时退款一'), refund(raced.orderNo, '同时退款二')]);
    expect(results.map((r) => r.code).sort()).toEqual([200, 999]);
    expect(results.find((r) => r.code === 999)!.msg).toBe('只有支付成功的订单可以退款');
    expect(await sandboxTrade(raced.serialNumber)).toMatchObject({
      status: 2,
      refundNo: `R${raced.orderNo}`,
      refundAmountFen: sold.price,
    });
    expect(await ledgerCount(t, raced.orderNo, 'share_reversal')).toBe(1);
  });

  it('changes nothing when the gateway refuses, and says why in Chinese; 仅记录 then records it', async () => {
    const { buyer, orderNo, serialNumber } = await paidThroughSandbox();
    // refunded already at the gateway under another number (as in its own console)
    const sandbox = t.services.payGateways.get('sandbox') as SandboxGateway;
    await sandbox.refund({
      serialNumber,
      tradeNo: '',
      refundNo: 'CONSOLE-1',
      amountFen: sold.price,
      totalFen: sold.price,
      reason: '后台退款',
      siteId: t.siteId,
    });
    const titles = await messageTitles(t, buyer.id);

    expect(await refund(orderNo, '学员申请退款')).toMatchObject({ code: 999, msg: '支付平台拒绝退款：该交易已退款' });
    expect(await view(orderNo)).toMatchObject({ orderStatus: 2, refundTime: '', remark: '' });
    expect((await view(orderNo)).pays[0]).toMatchObject({ orderStatus: 2, refundTradeNo: '' });
    expect(await canStudy(buyer)).toBe(true);
    expect(await ledgerCount(t, orderNo, 'share_reversal')).toBe(0);
    expect(await messageTitles(t, buyer.id)).toEqual(titles);

    const recorded = await refund(orderNo, '已在支付平台退款', true);
    expect(recorded.data).toMatchObject({ orderStatus: 5, remark: '线下退款：已在支付平台退款' });
    expect((await view(orderNo)).pays[0]).toMatchObject({ orderStatus: 5, refundTradeNo: '' });
    expect(await sandboxTrade(serialNumber)).toMatchObject({ refundNo: 'CONSOLE-1' });
    expect(await canStudy(buyer)).toBe(false);
  });

  it('completes on the retry without a second refund when the commit failed after the gateway refunded', async () => {
    const { buyer, orderNo, serialNumber } = await paidThroughSandbox();
    // the database refuses to mark this order refunded, once the gateway has already returned the money
    await t.platform.db.execute(
      sql.raw(`CREATE FUNCTION qk_test_refuse_refund() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.order_status = 5 AND NEW.order_no = ${orderNo} THEN RAISE EXCEPTION 'disk full'; END IF;
          RETURN NEW;
        END $$`),
    );
    await t.platform.db.execute(
      sql.raw(
        'CREATE TRIGGER qk_test_refuse_refund BEFORE UPDATE ON order_info FOR EACH ROW EXECUTE FUNCTION qk_test_refuse_refund()',
      ),
    );
    const failed = await t.raw({
      method: 'POST',
      url: '/apis/user/admin/order/info/refund',
      headers: { 'content-type': 'application/json', ...admin.headers },
      payload: { orderNo, remark: '学员申请退款' },
    });
    expect(failed.json().msg).toMatch(/^服务器开小差了/);
    const afterGateway = await sandboxTrade(serialNumber);
    expect(afterGateway).toMatchObject({ status: 2, refundNo: `R${orderNo}` });
    expect(await view(orderNo)).toMatchObject({ orderStatus: 2 });
    expect(await canStudy(buyer)).toBe(true);
    await t.platform.db.execute(sql.raw('DROP TRIGGER qk_test_refuse_refund ON order_info'));
    await t.platform.db.execute(sql.raw('DROP FUNCTION qk_test_refuse_refund()'));

    const retried = await refund(orderNo, '学员申请退款');
    expect(retried.data).toMatchObject({ orderStatus: 5, remark: '原路退款：学员申请退款' });
    // the gateway answered the repeated refund number with the refund it had made
    expect(await sandboxTrade(serialNumber)).toEqual(afterGateway);
    expect((await view(orderNo)).pays[0].refundTradeNo).toBe(`SBXR${afterGateway.tradeNo!.slice(3)}`);
    expect(await ledgerCount(t, orderNo, 'share_reversal')).toBe(1);
    expect(await canStudy(buyer)).toBe(false);
  });
});

describe('a demo sale', () => {
  it('refunds through the sandbox like any other', async () => {
    const [demo] = (
      await t.call('/user/admin/order/info/page', { pageCurrent: 1, pageSize: 20, mobile: '13800000101' }, admin)
    ).data.list;
    expect(demo).toMatchObject({ orderStatus: 2, payType: 'sandbox' });
    const res = await refund(demo.orderNo, '演示订单退款');
    expect(res.data).toMatchObject({ orderStatus: 5, remark: '原路退款：演示订单退款' });
    const [pay] = (await view(demo.orderNo)).pays;
    expect(await sandboxTrade(pay.serialNumber)).toMatchObject({ status: 2, refundAmountFen: demo.pricePaid });
  });
});

describe('a refund through Alipay', () => {
  const pem = (k: crypto.KeyObject, type: 'pkcs8' | 'spki') => k.export({ format: 'pem', type }).toString();
  const ours = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const theirs = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const APP_ID = '2021000000000001';
  /** Alipay's side: the refunds it made, by out_request_no, and the times money actually moved. */
  const made = new Map<string, { outTradeNo: string; amount: string }>();
  let fundChanges = 0;

  /** What Alipay's open API does with alipay.trade.refund: checks our signature, refunds a number once, signs its reply. */
  const alipayServer: typeof fetch = async (_url, init) => {
    const params = Object.fromEntries(new URLSearchParams(String(init!.body)));
    const { sign, ...rest } = params;
    let node: string;
    if (!crypto.verify('sha256', Buffer.from(alipaySignContent(rest)), ours.publicKey, Buffer.from(sign!, 'base64'))) {
      node = JSON.stringify({
        code: '40002',
        msg: 'Invalid Arguments',
        sub_code: 'isv.invalid-signature',
        sub_msg: '验签出错',
      });
    } else {
      const biz = JSON.parse(params.biz_content!) as {
        out_trade_no: string;
        refund_amount: string;
        out_request_no: string;
      };
      const repeat = made.has(biz.out_request_no);
      if (!repeat) {
        made.set(biz.out_request_no, { outTradeNo: biz.out_trade_no, amount: biz.refund_amount });
        fundChanges++;
      }
      node = JSON.stringify({
        code: '10000',
        msg: 'Success',
        trade_no: `2026${biz.out_trade_no}`,
        out_trade_no: biz.out_trade_no,
        fund_change: repeat ? 'N' : 'Y',
        refund_fee: biz.refund_amount,
      });
    }
    const signature = crypto.sign('sha256', Buffer.from(node), theirs.privateKey).toString('base64');
    return new Response(`{"alipay_trade_refund_response":${node},"sign":"${signature}"}`, { status: 200 });
  };
  const alipay = new AlipayGateway(
    {
      appId: APP_ID,
      privateKey: pem(ours.privateKey, 'pkcs8'),
      alipayPublicKey: pem(theirs.publicKey, 'spki'),
      gateway: 'https://openapi.alipay.com/gateway.do',
    },
    { fetch: alipayServer },
  );

  /** A buyer who paid with Alipay: the order started on the Alipay channel, then Alipay's signed notice. */
  async function paidThroughAlipay(): Promise<{ buyer: TestUser; orderNo: string; serialNumber: string }> {
    const buyer = await newUser(t, `1390003${String(seq++).padStart(4, '0')}`);
    const started = await t.call('/user/auth/order/info/pay', { courseId: sold.id, payType: 'alipay' }, buyer.headers);
    expect(started.data).toMatchObject({ payType: 'alipay', payKind: 'redirect' });
    const fields: Record<string, string> = {
      notify_time: '2026-11-22 18:05:00',
      notify_type: 'trade_status_sync',
      notify_id: `n${seq}`,
      app_id: APP_ID,
      charset: 'utf-8',
      version: '1.0',
      trade_no: `2026${started.data.serialNumber}`,
      out_trade_no: started.data.serialNumber,
      trade_status: 'TRADE_SUCCESS',
      total_amount: (sold.price / 100).toFixed(2),
      gmt_payment: '2026-11-22 18:04:59',
    };
    const signed = crypto.sign('sha256', Buffer.from(alipaySignContent(fields)), theirs.privateKey).toString('base64');
    const res = await t.raw({
      method: 'POST',
      url: `/apis/user/callback/order/notify/alipay/${t.siteId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...fields, sign_type: 'RSA2', sign: signed }).toString(),
    });
    expect(res.body).toBe('success');
    return { buyer, orderNo: started.data.orderNo, serialNumber: started.data.serialNumber };
  }

  it('refunds through alipay.trade.refund, and a channel no longer configured needs 仅记录', async () => {
    t.services.payGateways.set('alipay', alipay);
    let two: Awaited<ReturnType<typeof paidThroughAlipay>>;
    try {
      const one = await paidThroughAlipay();
      two = await paidThroughAlipay();
      const res = await refund(one.orderNo, '课程与描述不符');
      expect(res.data).toMatchObject({ orderStatus: 5, remark: '原路退款：课程与描述不符' });
      expect(made.get(`R${one.orderNo}`)).toEqual({
        outTradeNo: one.serialNumber,
        amount: (sold.price / 100).toFixed(2),
      });
      expect(fundChanges).toBe(1);
      const [pay] = await t.platform.db
        .select()
        .from(orderPay)
        .where(and(eq(orderPay.siteId, t.siteId), eq(orderPay.serialNumber, BigInt(one.serialNumber))));
      expect(pay).toMatchObject({ orderStatus: 5, refundTradeNo: `2026${one.serialNumber}` });
      expect(await canStudy(one.buyer)).toBe(false);
    } finally {
      t.services.payGateways.delete('alipay');
    }

    // Alipay switched off since the payment: the money cannot go back by it, and nothing changes
    expect(await refund(two.orderNo, '学员申请退款')).toMatchObject({
      code: 999,
      msg: '该订单的支付渠道未启用，无法原路退款；已线下退款的请勾选“仅记录”',
    });
    expect(await view(two.orderNo)).toMatchObject({ orderStatus: 2 });
    expect(await canStudy(two.buyer)).toBe(true);
    expect(await refund(two.orderNo, '已通过银行转账退回', true)).toMatchObject({
      code: 200,
      data: { orderStatus: 5, remark: '线下退款：已通过银行转账退回' },
    });
    expect(fundChanges).toBe(1);
    expect(made.has(`R${two.orderNo}`)).toBe(false);
    expect(await canStudy(two.buyer)).toBe(false);
  });
});
