import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AlipayGateway, alipaySignContent } from './alipay.ts';
import { InvalidNoticeError, type PayRequest } from './gateway.ts';
import { WechatPayGateway } from './wechat.ts';

/** The phone's trade types: WeChat Pay JSAPI (in WeChat) and H5 (a phone's browser), Alipay wap pay. */
const pem = (k: crypto.KeyObject, type: 'pkcs8' | 'spki') => k.export({ format: 'pem', type }).toString();
const merchant = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const platform = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const app = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const alipayKeys = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const NOW = new Date('2026-11-22T10:00:00Z');
const nowSec = Math.floor(NOW.getTime() / 1000);
const SERIAL = 'PUB_KEY_ID_0114232134912410000000000000';

const wechat = (fetchImpl: typeof fetch) =>
  new WechatPayGateway(
    {
      mchId: '1900000109',
      appId: 'wxd678efh567hg6787',
      serialNo: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
      privateKey: pem(merchant.privateKey, 'pkcs8'),
      platformPublicKey: pem(platform.publicKey, 'spki'),
      platformSerial: SERIAL,
      apiV3Key: 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6',
    },
    { fetch: fetchImpl, now: () => NOW },
  );

const request = (over: Partial<PayRequest> = {}): PayRequest => ({
  serialNumber: '7261234567890123456',
  amountFen: 19990,
  subject: 'Java 零基础入门',
  notifyUrl: 'https://school.example.com/apis/user/callback/order/notify/wechat/10',
  returnUrl: 'https://school.example.com/h5/account/order?orderNo=7261234567890000001',
  expiresAt: new Date('2026-11-22T10:30:00Z'),
  clientIp: '203.0.113.9',
  ...over,
});

/** A WeChat Pay API stand-in: records the request, answers `reply` signed by the platform key (or not). */
function api(reply: object, signed = true) {
  const seen: { url: string; body: string; auth: string }[] = [];
  const fetchImpl: typeof fetch = async (url, init) => {
    seen.push({
      url: String(url),
      body: String(init!.body),
      auth: (init!.headers as Record<string, string>).authorization!,
    });
    const body = JSON.stringify(reply);
    const timestamp = String(nowSec);
    const nonce = crypto.randomBytes(16).toString('hex');
    const signature = crypto
      .sign('sha256', Buffer.from(`${timestamp}\n${nonce}\n${body}\n`), platform.privateKey)
      .toString('base64');
    const headers: Record<string, string> = signed
      ? {
          'wechatpay-timestamp': timestamp,
          'wechatpay-nonce': nonce,
          'wechatpay-signature': signature,
          'wechatpay-serial': SERIAL,
        }
      : {};
    return new Response(body, { status: 200, headers: { 'content-type': 'application/json', ...headers } });
  };
  return { seen, fetchImpl };
}

/** The merchant's signature of an order call verifies with the merchant public key. */
function merchantSigned(s: { url: string; body: string; auth: string }): boolean {
  const f = Object.fromEntries([...s.auth.slice(26).matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
  const message = `POST\n${new URL(s.url).pathname}\n${f.timestamp}\n${f.nonce_str}\n${s.body}\n`;
  return crypto.verify('sha256', Buffer.from(message), merchant.publicKey, Buffer.from(f.signature!, 'base64'));
}

describe('WeChat Pay v3 JSAPI (inside WeChat)', () => {
  it('orders with the payer’s openid and answers parameters whose paySign the merchant public key verifies', async () => {
    const { seen, fetchImpl } = api({ prepay_id: 'wx201410272009395522657a690389285100' });
    const start = await wechat(fetchImpl).start(request({ client: 'wechat', openId: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' }));
    expect(seen[0]!.url).toBe('https://api.mch.weixin.qq.com/v3/pay/transactions/jsapi');
    expect(merchantSigned(seen[0]!)).toBe(true);
    expect(JSON.parse(seen[0]!.body)).toMatchObject({
      appid: 'wxd678efh567hg6787',
      mchid: '1900000109',
      out_trade_no: '7261234567890123456',
      time_expire: '2026-11-22T18:30:00+08:00',
      amount: { total: 19990, currency: 'CNY' },
      payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
    });
    expect(start.kind).toBe('jsapi');
    if (start.kind !== 'jsapi') return;
    const p = start.params;
    expect(p).toMatchObject({
      appId: 'wxd678efh567hg6787',
      timeStamp: String(nowSec),
      package: 'prepay_id=wx201410272009395522657a690389285100',
      signType: 'RSA',
    });
    expect(p.nonceStr).toMatch(/^[0-9a-f]{32}$/);
    const message = `${p.appId}\n${p.timeStamp}\n${p.nonceStr}\n${p.package}\n`;
    expect(crypto.verify('sha256', Buffer.from(message), merchant.publicKey, Buffer.from(p.paySign, 'base64'))).toBe(
      true,
    );
    // the signature covers the prepay id: another one does not verify
    const forged = message.replace('wx2014', 'wx2015');
    expect(crypto.verify('sha256', Buffer.from(forged), merchant.publicKey, Buffer.from(p.paySign, 'base64'))).toBe(
      false,
    );
  });

  it('asks nothing without an openid, and believes no prepay id WeChat Pay did not sign', async () => {
    const { seen, fetchImpl } = api({ prepay_id: 'wx1' });
    await expect(wechat(fetchImpl).start(request({ client: 'wechat' }))).rejects.toThrow(/openid/);
    expect(seen).toHaveLength(0);
    const unsigned = api({ prepay_id: 'wx1' }, false);
    await expect(wechat(unsigned.fetchImpl).start(request({ client: 'wechat', openId: 'o1' }))).rejects.toBeInstanceOf(
      InvalidNoticeError,
    );
  });
});

describe('WeChat Pay v3 H5 (a phone’s browser)', () => {
  it('orders with the payer’s IP and the Wap scene, and sends the buyer to h5_url, coming back to our page', async () => {
    const h5Url = 'https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx2016&package=1037687096';
    const { seen, fetchImpl } = api({ h5_url: h5Url });
    const start = await wechat(fetchImpl).start(request({ client: 'h5' }));
    expect(seen[0]!.url).toBe('https://api.mch.weixin.qq.com/v3/pay/transactions/h5');
    expect(merchantSigned(seen[0]!)).toBe(true);
    const body = JSON.parse(seen[0]!.body);
    expect(body.scene_info).toEqual({ payer_client_ip: '203.0.113.9', h5_info: { type: 'Wap' } });
    expect(body.payer).toBeUndefined();
    expect(start).toEqual({
      kind: 'redirect',
      url: `${h5Url}&redirect_url=${encodeURIComponent(request().returnUrl)}`,
    });
    const back = new URL(start.kind === 'redirect' ? start.url : '').searchParams.get('redirect_url');
    expect(back).toBe('https://school.example.com/h5/account/order?orderNo=7261234567890000001');
  });

  it('refuses a reply without h5_url', async () => {
    const { fetchImpl } = api({ code_url: 'weixin://wxpay/bizpayurl?pr=x' });
    await expect(wechat(fetchImpl).start(request({ client: 'h5' }))).rejects.toThrow(/h5_url/);
  });
});

describe('Alipay wap pay (alipay.trade.wap.pay)', () => {
  const alipay = new AlipayGateway(
    {
      appId: '2021000000000001',
      privateKey: pem(app.privateKey, 'pkcs8'),
      alipayPublicKey: pem(alipayKeys.publicKey, 'spki'),
      gateway: 'https://openapi.alipay.com/gateway.do',
    },
    { now: () => NOW },
  );
  const paramsOf = (url: string) => Object.fromEntries(new URL(url).searchParams);
  const verifies = (params: Record<string, string>) => {
    const { sign, ...rest } = params;
    return crypto.verify(
      'sha256',
      Buffer.from(alipaySignContent(rest)),
      app.publicKey,
      Buffer.from(sign ?? '', 'base64'),
    );
  };

  for (const client of ['h5', 'wechat'] as const)
    it(`sends a ${client} buyer to the mobile cashier with QUICK_WAP_WAY, signed with the app key`, async () => {
      const start = await alipay.start(request({ client }));
      expect(start.kind).toBe('redirect');
      const url = start.kind === 'redirect' ? start.url : '';
      expect(url.startsWith('https://openapi.alipay.com/gateway.do?')).toBe(true);
      const params = paramsOf(url);
      expect(params).toMatchObject({
        app_id: '2021000000000001',
        method: 'alipay.trade.wap.pay',
        charset: 'utf-8',
        sign_type: 'RSA2',
        notify_url: request().notifyUrl,
        return_url: request().returnUrl,
      });
      expect(JSON.parse(params.biz_content!)).toEqual({
        out_trade_no: '7261234567890123456',
        total_amount: '199.90',
        subject: 'Java 零基础入门',
        time_expire: '2026-11-22 18:30:00',
        product_code: 'QUICK_WAP_WAY',
        quit_url: request().returnUrl,
      });
      expect(verifies(params)).toBe(true);
      // a changed amount no longer verifies
      expect(verifies({ ...params, biz_content: params.biz_content!.replace('199.90', '1.00') })).toBe(false);
    });

  it('keeps page-pay for a computer', async () => {
    const start = await alipay.start(request());
    const params = paramsOf(start.kind === 'redirect' ? start.url : '');
    expect(params.method).toBe('alipay.trade.page.pay');
    expect(JSON.parse(params.biz_content!).product_code).toBe('FAST_INSTANT_TRADE_PAY');
    expect(verifies(params)).toBe(true);
  });
});
