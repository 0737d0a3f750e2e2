/**
 * Paying on a phone: the page says what it is (a phone's browser, WeChat's browser), the server picks the trade
 * type (WeChat Pay H5 or JSAPI, Alipay wap), and the notice of each is verified and settles the order as the
 * desktop channels' do. Against a local stand-in for both gateways with keys generated there.
 */
import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { FAKE_WECHAT, FakeGateways } from '../../testing/fake-gateways.ts';
import { newUser, type TestUser } from '../../testing/people.ts';
import { orderInfo } from '../../db/schema/order.ts';
import { userWechat } from '../../db/schema/account.ts';
import { newId } from '../../platform/ids.ts';
import { ORDER_TEST_ENV, paidCourse, type PaidCourse } from './order.testing.ts';

let t: TestApp;
let fake: FakeGateways;
let sold: PaidCourse;
let seq = 0;
const MP = { WECHAT_LOGIN: 'mp', WECHAT_MP_APP_SECRET: 'secret', WECHAT_MP_TOKEN: 'token123' };

beforeAll(async () => {
  fake = await new FakeGateways().start();
  // the official account of the login is the app WeChat Pay collects for, so its openids pay by JSAPI
  t = await createTestApp({ env: { ...ORDER_TEST_ENV, ...fake.env(), ...MP, WECHAT_MP_APP_ID: FAKE_WECHAT.appId } });
  sold = await paidCourse(t);
});
afterAll(async () => {
  await t?.close();
  await fake?.stop();
});

const buyer = () => newUser(t, `1390019${String(seq++).padStart(4, '0')}`);
/** The buyer logged in once by scanning the official account's code: the binding decision 10 keeps. */
async function bindWechat(app: TestApp, user: TestUser, openId: string) {
  await app.platform.db
    .insert(userWechat)
    .values({ id: newId(), siteId: app.siteId, userId: BigInt(user.id), provider: 'mp', openId });
}
const orders = async (app: TestApp, user: TestUser) =>
  app.platform.db
    .select({ orderStatus: orderInfo.orderStatus })
    .from(orderInfo)
    .where(and(eq(orderInfo.siteId, app.siteId), eq(orderInfo.userId, BigInt(user.id))));
const view = async (user: TestUser, orderNo: string) =>
  (await t.call('/user/auth/order/info/view', { orderNo }, user.headers)).data;

async function wechatNotice(serialNumber: string) {
  fake.pay('wechat', serialNumber, sold.price);
  const n = fake.wechatNotice(serialNumber);
  return t.raw({
    method: 'POST',
    url: `/apis/user/callback/order/notify/wechat/${t.siteId}`,
    headers: { ...n.headers, 'content-type': 'application/json' },
    payload: n.body,
  });
}

describe('WeChat Pay inside WeChat (JSAPI)', () => {
  it('orders by the buyer’s openid and hands the page parameters signed by the merchant key; the notice pays it', async () => {
    const b = await buyer();
    await bindWechat(t, b, 'oFakeOpenId0001');
    const res = await t.call(
      '/user/auth/order/info/pay',
      { courseId: sold.id, payType: 'wechat', payClient: 'wechat' },
      b.headers,
    );
    expect(res.msg).toBe('');
    const r = res.data;
    expect(fake.prepaid.get(r.serialNumber)).toMatchObject({ kind: 'jsapi', payer: { openid: 'oFakeOpenId0001' } });
    expect(r.payKind).toBe('jsapi');
    expect(r.payUrl).toBe(`https://school.example.com/h5/account/order?orderNo=${r.orderNo}`);
    expect(r.jsapi).toMatchObject({ appId: FAKE_WECHAT.appId, package: `prepay_id=wx${r.serialNumber}` });
    const { appId, timeStamp, nonceStr, package: pkg, paySign } = r.jsapi;
    const signed = `${appId}\n${timeStamp}\n${nonceStr}\n${pkg}\n`;
    expect(crypto.verify('sha256', Buffer.from(signed), fake.merchantPublicKey(), Buffer.from(paySign, 'base64'))).toBe(
      true,
    );

    const answer = await wechatNotice(r.serialNumber);
    expect(JSON.parse(answer.body)).toEqual({ code: 'SUCCESS' });
    expect((await view(b, r.orderNo)).orderStatus).toBe(2);
    expect(await t.services.entitlement.canStudyCourse(t.siteId, BigInt(b.id), BigInt(sold.id))).toBe(true);
  });

  it('tells a buyer without a WeChat binding what to do, and makes no order', async () => {
    const b = await buyer();
    const res = await t.call(
      '/user/auth/order/info/pay',
      { courseId: sold.id, payType: 'wechat', payClient: 'wechat' },
      b.headers,
    );
    expect(res).toMatchObject({ code: 999, msg: expect.stringContaining('还没有绑定微信') });
    expect(res.msg).toContain('在浏览器中打开');
    expect(await orders(t, b)).toEqual([]);
  });

  it('refuses JSAPI where the login’s official account is not the payment’s app, whatever is bound', async () => {
    const other = await createTestApp({
      env: { ...ORDER_TEST_ENV, ...fake.env(), ...MP, WECHAT_MP_APP_ID: 'wxanotherapp000001' },
    });
    try {
      const c = await paidCourse(other);
      const b = await newUser(other, '13900290001');
      await bindWechat(other, b, 'oOtherApp0001');
      const res = await other.call(
        '/user/auth/order/info/pay',
        { courseId: c.id, payType: 'wechat', payClient: 'wechat' },
        b.headers,
      );
      expect(res).toMatchObject({ code: 999, msg: expect.stringContaining('暂未开通微信内支付') });
      expect(await orders(other, b)).toEqual([]);
    } finally {
      await other.close();
    }
  });
});

describe('a phone’s browser outside WeChat', () => {
  it('pays WeChat Pay by H5: the Wap scene and the buyer’s IP, h5_url back to the H5 order page; the notice pays it', async () => {
    const b = await buyer();
    const res = await t.call(
      '/user/auth/order/info/pay',
      { courseId: sold.id, payType: 'wechat', payClient: 'h5' },
      b.headers,
    );
    expect(res.msg).toBe('');
    const r = res.data;
    expect(r.payKind).toBe('redirect');
    expect(fake.prepaid.get(r.serialNumber)).toMatchObject({
      kind: 'h5',
      scene_info: { payer_client_ip: expect.any(String), h5_info: { type: 'Wap' } },
    });
    const url = new URL(r.payUrl);
    expect(url.searchParams.get('prepay_id')).toBe(`wx${r.serialNumber}`);
    expect(url.searchParams.get('redirect_url')).toBe(
      `https://school.example.com/h5/account/order?orderNo=${r.orderNo}`,
    );
    expect(JSON.parse((await wechatNotice(r.serialNumber)).body)).toEqual({ code: 'SUCCESS' });
    expect((await view(b, r.orderNo)).orderStatus).toBe(2);
  });

  it('pays Alipay by wap (QUICK_WAP_WAY), the request signed; Alipay’s signed notice pays it, a forged one does not', async () => {
    const b = await buyer();
    const res = await t.call(
      '/user/auth/order/info/pay',
      { courseId: sold.id, payType: 'alipay', payClient: 'h5' },
      b.headers,
    );
    expect(res.msg).toBe('');
    const r = res.data;
    expect(r.payKind).toBe('redirect');
    const params = Object.fromEntries(new URL(r.payUrl).searchParams);
    expect(params.method).toBe('alipay.trade.wap.pay');
    expect(JSON.parse(params.biz_content!)).toMatchObject({
      out_trade_no: r.serialNumber,
      product_code: 'QUICK_WAP_WAY',
      quit_url: `https://school.example.com/h5/account/order?orderNo=${r.orderNo}`,
    });
    expect(fake.verifyAlipayRequest(params)).toBe(true);

    fake.pay('alipay', r.serialNumber, sold.price);
    const notify = (payload: string) =>
      t.raw({
        method: 'POST',
        url: `/apis/user/callback/order/notify/alipay/${t.siteId}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload,
      });
    const genuine = fake.alipayNotice(r.serialNumber);
    const forged = genuine.replace(/total_amount=[^&]+/, 'total_amount=0.01');
    expect((await notify(forged)).body).toBe('failure');
    // read from the table: the order page would ask Alipay itself (decision 37) and find the trade paid
    expect(await orders(t, b)).toEqual([{ orderStatus: 1 }]);
    expect((await notify(genuine)).body).toBe('success');
    expect((await view(b, r.orderNo)).orderStatus).toBe(2);
  });

  it('keeps the desktop’s trade types when the page names no client, and refuses a client it does not know', async () => {
    const b = await buyer();
    const native = await t.call('/user/auth/order/info/pay', { courseId: sold.id, payType: 'wechat' }, b.headers);
    expect(native.data).toMatchObject({ payKind: 'qrcode', payUrl: expect.stringMatching(/^weixin:\/\//) });
    const c = await buyer();
    const bad = await t.call(
      '/user/auth/order/info/pay',
      { courseId: sold.id, payType: 'wechat', payClient: 'tv' },
      c.headers,
    );
    expect(bad).toMatchObject({ code: 999, msg: expect.stringContaining('支付终端不正确') });
    expect(await orders(t, c)).toEqual([]);
  });
});
