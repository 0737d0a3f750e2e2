import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { GatewayRefusedError, GatewayUnknownError, InvalidNoticeError } from './gateway.ts';
import { WechatPayGateway } from './wechat.ts';

const pem = (k: crypto.KeyObject, type: 'pkcs8' | 'spki') => k.export({ format: 'pem', type }).toString();
const merchant = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const platform = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const APIV3_KEY = 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6';
const PLATFORM_SERIAL = 'PUB_KEY_ID_0114232134912410000000000000';
const NOW = new Date('2026-11-22T10:00:00Z');
const nowSec = Math.floor(NOW.getTime() / 1000);

const config = {
  mchId: '1900000109',
  appId: 'wxd678efh567hg6787',
  serialNo: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
  privateKey: pem(merchant.privateKey, 'pkcs8'),
  platformPublicKey: pem(platform.publicKey, 'spki'),
  platformSerial: PLATFORM_SERIAL,
  apiV3Key: APIV3_KEY,
};
const gateway = (fetchImpl?: typeof fetch) => new WechatPayGateway(config, { fetch: fetchImpl, now: () => NOW });

/** The headers WeChat Pay sends with a signed body: the platform key signs "timestamp\nnonce\nbody\n". */
function platformHeaders(body: string, o: { timestamp?: number; serial?: string; key?: crypto.KeyObject } = {}) {
  const timestamp = String(o.timestamp ?? nowSec);
  const nonce = crypto.randomBytes(16).toString('hex');
  const signature = crypto
    .sign('sha256', Buffer.from(`${timestamp}\n${nonce}\n${body}\n`), o.key ?? platform.privateKey)
    .toString('base64');
  return {
    'wechatpay-timestamp': timestamp,
    'wechatpay-nonce': nonce,
    'wechatpay-signature': signature,
    'wechatpay-serial': o.serial ?? PLATFORM_SERIAL,
  };
}

const transaction = (over: Record<string, unknown> = {}) => ({
  mchid: config.mchId,
  appid: config.appId,
  out_trade_no: '7261234567890123456',
  transaction_id: '4200000985202611221234567890',
  trade_type: 'NATIVE',
  trade_state: 'SUCCESS',
  trade_state_desc: '支付成功',
  success_time: '2026-11-22T18:04:59+08:00',
  payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
  amount: { total: 19990, payer_total: 19990, currency: 'CNY', payer_currency: 'CNY' },
  ...over,
});

/** The notice body: the transaction encrypted with AEAD_AES_256_GCM under the APIv3 key (tag appended). */
function noticeBody(plain: object, key = APIV3_KEY): string {
  const nonce = crypto.randomBytes(6).toString('hex');
  const associated = 'transaction';
  const cipher = crypto.createCipheriv('aes-256-gcm', Buffer.from(key), Buffer.from(nonce));
  cipher.setAAD(Buffer.from(associated));
  const ct = Buffer.concat([cipher.update(JSON.stringify(plain)), cipher.final(), cipher.getAuthTag()]);
  return JSON.stringify({
    id: 'EV-2018022511223320873',
    create_time: '2026-11-22T18:05:00+08:00',
    resource_type: 'encrypt-resource',
    event_type: 'TRANSACTION.SUCCESS',
    summary: '支付成功',
    resource: {
      original_type: 'transaction',
      algorithm: 'AEAD_AES_256_GCM',
      ciphertext: ct.toString('base64'),
      associated_data: associated,
      nonce,
    },
  });
}

describe('WeChat Pay v3 Native order', () => {
  it('posts a request whose Authorization verifies with the merchant public key, and returns the code_url', async () => {
    let seen: { url: string; init: RequestInit } | undefined;
    const fake: typeof fetch = async (url, init) => {
      seen = { url: String(url), init: init! };
      const body = JSON.stringify({ code_url: 'weixin://wxpay/bizpayurl?pr=p4lpSuKzz' });
      return new Response(body, {
        status: 200,
        headers: { 'content-type': 'application/json', ...platformHeaders(body) },
      });
    };
    const start = await gateway(fake).start({
      serialNumber: '7261234567890123456',
      amountFen: 19990,
      subject: 'Java 零基础入门',
      notifyUrl: 'https://school.example.com/apis/callback/wechat',
      returnUrl: 'https://school.example.com/account/order',
      expiresAt: new Date('2026-11-22T10:30:00Z'),
      clientIp: '203.0.113.9',
    });
    expect(start).toEqual({ kind: 'qrcode', codeUrl: 'weixin://wxpay/bizpayurl?pr=p4lpSuKzz' });
    expect(seen!.url).toBe('https://api.mch.weixin.qq.com/v3/pay/transactions/native');
    const body = String(seen!.init.body);
    expect(JSON.parse(body)).toEqual({
      appid: config.appId,
      mchid: config.mchId,
      description: 'Java 零基础入门',
      out_trade_no: '7261234567890123456',
      time_expire: '2026-11-22T18:30:00+08:00',
      notify_url: 'https://school.example.com/apis/callback/wechat',
      amount: { total: 19990, currency: 'CNY' },
      scene_info: { payer_client_ip: '203.0.113.9' },
    });
    const auth = (seen!.init.headers as Record<string, string>).authorization!;
    expect(auth.startsWith('WECHATPAY2-SHA256-RSA2048 ')).toBe(true);
    const f = Object.fromEntries([...auth.slice(26).matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    expect(f).toMatchObject({ mchid: config.mchId, serial_no: config.serialNo, timestamp: String(nowSec) });
    const message = `POST\n/v3/pay/transactions/native\n${f.timestamp}\n${f.nonce_str}\n${body}\n`;
    expect(crypto.verify('sha256', Buffer.from(message), merchant.publicKey, Buffer.from(f.signature!, 'base64'))).toBe(
      true,
    );
  });

  it('refuses a reply that WeChat Pay did not sign, and reports a refused order', async () => {
    const unsigned: typeof fetch = async () =>
      new Response(JSON.stringify({ code_url: 'weixin://x' }), { status: 200 });
    await expect(
      gateway(unsigned).start({
        serialNumber: '1',
        amountFen: 1,
        subject: 's',
        notifyUrl: 'https://a/n',
        returnUrl: '/',
        expiresAt: NOW,
      }),
    ).rejects.toThrow(InvalidNoticeError);
    const refused: typeof fetch = async () =>
      new Response(JSON.stringify({ code: 'PARAM_ERROR', message: '参数错误' }), { status: 400 });
    await expect(
      gateway(refused).start({
        serialNumber: '1',
        amountFen: 1,
        subject: 's',
        notifyUrl: 'https://a/n',
        returnUrl: '/',
        expiresAt: NOW,
      }),
    ).rejects.toThrow(/HTTP 400/);
  });
});

describe('WeChat Pay v3 notice', () => {
  it('verifies the platform signature, decrypts the resource and reads the transaction', async () => {
    const body = noticeBody(transaction());
    expect(await gateway().verifyNotice(platformHeaders(body), body)).toEqual({
      serialNumber: '7261234567890123456',
      amountFen: 19990,
      tradeNo: '4200000985202611221234567890',
      paidAt: new Date('2026-11-22T10:04:59Z'),
      state: 'paid',
    });
    const closed = noticeBody(transaction({ trade_state: 'CLOSED' }));
    expect((await gateway().verifyNotice(platformHeaders(closed), closed)).state).toBe('closed');
    const waiting = noticeBody(transaction({ trade_state: 'NOTPAY' }));
    expect((await gateway().verifyNotice(platformHeaders(waiting), waiting)).state).toBe('waiting');
    const refused = noticeBody(transaction({ trade_state: 'PAYERROR' }));
    expect((await gateway().verifyNotice(platformHeaders(refused), refused)).state).toBe('failed');
  });

  it('accepts notices signed by either platform key while WeChat Pay rotates it', async () => {
    const next = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
    const both = new WechatPayGateway(
      {
        ...config,
        platformSerial: `${PLATFORM_SERIAL}, PUB_KEY_ID_NEXT`,
        platformPublicKey: pem(platform.publicKey, 'spki') + pem(next.publicKey, 'spki').replace(/\n/g, '\\n'),
      },
      { now: () => NOW },
    );
    const body = noticeBody(transaction());
    await expect(both.verifyNotice(platformHeaders(body), body)).resolves.toMatchObject({ state: 'paid' });
    const byNext = platformHeaders(body, { serial: 'PUB_KEY_ID_NEXT', key: next.privateKey });
    await expect(both.verifyNotice(byNext, body)).resolves.toMatchObject({ state: 'paid' });
    // each key only under its own serial
    const crossed = platformHeaders(body, { serial: PLATFORM_SERIAL, key: next.privateKey });
    await expect(both.verifyNotice(crossed, body)).rejects.toThrow(/signature mismatch/);
    await expect(gateway().verifyNotice(byNext, body)).rejects.toThrow(/unknown platform key/);
    expect(
      () =>
        new WechatPayGateway({ ...config, platformSerial: `${PLATFORM_SERIAL},PUB_KEY_ID_NEXT` }, { now: () => NOW }),
    ).toThrow(/2 platform serials for 1 platform keys/);
  });

  it('refuses a tampered body, an unknown serial, a stale timestamp, a bad tag and another merchant', async () => {
    const body = noticeBody(transaction());
    const headers = platformHeaders(body);
    const v = (h: Record<string, string>, b: string) => gateway().verifyNotice(h, b);
    await expect(v(headers, body.replace('TRANSACTION.SUCCESS', 'TRANSACTION.SUCCESs'))).rejects.toThrow(
      /signature mismatch/,
    );
    await expect(v({ ...headers, 'wechatpay-serial': 'PUB_KEY_ID_OTHER' }, body)).rejects.toThrow(
      /unknown platform key/,
    );
    const stranger = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
    await expect(v(platformHeaders(body, { key: stranger.privateKey }), body)).rejects.toThrow(/signature mismatch/);
    await expect(v(platformHeaders(body, { timestamp: nowSec - 301 }), body)).rejects.toThrow(/too old/);
    await expect(v(platformHeaders(body, { timestamp: nowSec + 301 }), body)).rejects.toThrow(/too old/);
    await expect(v(platformHeaders(body, { timestamp: nowSec - 299 }), body)).resolves.toMatchObject({ state: 'paid' });

    // a resource whose last byte (inside the GCM tag) changed, re-signed so only decryption can catch it
    const parsed = JSON.parse(body);
    const ct = Buffer.from(parsed.resource.ciphertext, 'base64');
    ct[ct.length - 1]! ^= 0x01;
    parsed.resource.ciphertext = ct.toString('base64');
    const badTag = JSON.stringify(parsed);
    await expect(v(platformHeaders(badTag), badTag)).rejects.toThrow(/failed authentication/);
    const otherKey = noticeBody(transaction(), 'f'.repeat(32));
    await expect(v(platformHeaders(otherKey), otherKey)).rejects.toThrow(/failed authentication/);

    const foreign = noticeBody(transaction({ mchid: '1900000999' }));
    await expect(v(platformHeaders(foreign), foreign)).rejects.toThrow(/another merchant/);
    await expect(v(platformHeaders('not json'), 'not json')).rejects.toThrow(InvalidNoticeError);
    await expect(v({}, body)).rejects.toThrow(InvalidNoticeError);
  });

  it('accepts the platform public key written on one line', async () => {
    const oneLine = new WechatPayGateway(
      { ...config, platformPublicKey: config.platformPublicKey.replace(/\n/g, '\\n') },
      { now: () => NOW },
    );
    const body = noticeBody(transaction());
    await expect(oneLine.verifyNotice(platformHeaders(body), body)).resolves.toMatchObject({ amountFen: 19990 });
  });

  it('answers 200 SUCCESS or a 5xx FAIL in JSON', () => {
    expect(gateway().reply(true)).toEqual({ status: 200, contentType: 'application/json', body: '{"code":"SUCCESS"}' });
    const no = gateway().reply(false);
    expect(no.status).toBeGreaterThanOrEqual(400);
    expect(JSON.parse(no.body)).toMatchObject({ code: 'FAIL' });
  });
});

describe('WeChat Pay v3 refund', () => {
  const refundReq = {
    serialNumber: '7261234567890123456',
    tradeNo: '4200000985202611221234567890',
    refundNo: 'R7261234567890000001',
    amountFen: 19990,
    totalFen: 19990,
    reason: '学员七天内申请退款',
  };
  const refundReply = (over: Record<string, unknown> = {}) =>
    JSON.stringify({
      refund_id: '50000000382019052709732678859',
      out_refund_no: 'R7261234567890000001',
      transaction_id: '4200000985202611221234567890',
      out_trade_no: '7261234567890123456',
      channel: 'ORIGINAL',
      user_received_account: '招商银行信用卡0403',
      create_time: '2026-11-22T18:10:00+08:00',
      status: 'SUCCESS',
      amount: { total: 19990, refund: 19990, payer_total: 19990, payer_refund: 19990, currency: 'CNY' },
      ...over,
    });
  const answering =
    (
      status: number,
      body: string,
      headers: Record<string, string> = platformHeaders(body),
      seen?: { url?: string; init?: RequestInit },
    ): typeof fetch =>
    async (url, init) => {
      if (seen) Object.assign(seen, { url: String(url), init });
      return new Response(body, { status, headers: { 'content-type': 'application/json', ...headers } });
    };

  it('posts the refund signed as orders are, and reads a signed SUCCESS or PROCESSING', async () => {
    const seen: { url?: string; init?: RequestInit } = {};
    const reply = refundReply();
    expect(await gateway(answering(200, reply, platformHeaders(reply), seen)).refund(refundReq)).toEqual({
      state: 'done',
      refundTradeNo: '50000000382019052709732678859',
    });
    expect(seen.url).toBe('https://api.mch.weixin.qq.com/v3/refund/domestic/refunds');
    const body = String(seen.init!.body);
    expect(JSON.parse(body)).toEqual({
      out_trade_no: '7261234567890123456',
      out_refund_no: 'R7261234567890000001',
      reason: '学员七天内申请退款',
      amount: { refund: 19990, total: 19990, currency: 'CNY' },
    });
    const auth = (seen.init!.headers as Record<string, string>).authorization!;
    const f = Object.fromEntries([...auth.slice(26).matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    const message = `POST\n/v3/refund/domestic/refunds\n${f.timestamp}\n${f.nonce_str}\n${body}\n`;
    expect(crypto.verify('sha256', Buffer.from(message), merchant.publicKey, Buffer.from(f.signature!, 'base64'))).toBe(
      true,
    );

    const processing = refundReply({ status: 'PROCESSING' });
    expect(await gateway(answering(200, processing)).refund(refundReq)).toEqual({
      state: 'processing',
      refundTradeNo: '50000000382019052709732678859',
    });
  });

  it('refuses a reply WeChat Pay did not sign, or one about another refund', async () => {
    const reply = refundReply();
    const stranger = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
    await expect(
      gateway(answering(200, reply, platformHeaders(reply, { key: stranger.privateKey }))).refund(refundReq),
    ).rejects.toThrow(/signature mismatch/);
    await expect(gateway(answering(200, reply, {})).refund(refundReq)).rejects.toThrow(InvalidNoticeError);
    const tampered = reply.replace('"status":"SUCCESS"', '"status":"SUCCESS" ');
    await expect(gateway(answering(200, tampered, platformHeaders(reply))).refund(refundReq)).rejects.toThrow(
      /signature mismatch/,
    );
    const other = refundReply({ out_refund_no: 'R999' });
    await expect(gateway(answering(200, other)).refund(refundReq)).rejects.toThrow(/another refund/);
  });

  it("turns a refusal (non-2xx, CLOSED, ABNORMAL) into GatewayRefusedError with WeChat Pay's words", async () => {
    const poor = JSON.stringify({ code: 'NOT_ENOUGH', message: '基本账户余额不足，请充值后重新发起' });
    const err = await gateway(answering(403, poor))
      .refund(refundReq)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GatewayRefusedError);
    expect((err as Error).message).toBe('支付平台拒绝退款：基本账户余额不足，请充值后重新发起');
    // a system error is no refusal: the refund may have been made
    await expect(gateway(answering(500, 'oops', {})).refund(refundReq)).rejects.toThrow(GatewayUnknownError);
    await expect(gateway(answering(200, refundReply({ status: 'CLOSED' }))).refund(refundReq)).rejects.toThrow(
      GatewayRefusedError,
    );
    await expect(gateway(answering(200, refundReply({ status: 'ABNORMAL' }))).refund(refundReq)).rejects.toThrow(
      /退款异常/,
    );
  });

  it('asks after a refund by its number with a signed GET, and reads where it stands', async () => {
    const seen: { url?: string; init?: RequestInit } = {};
    const reply = refundReply({ status: 'PROCESSING' });
    expect(await gateway(answering(200, reply, platformHeaders(reply), seen)).refundStatus(refundReq)).toEqual({
      state: 'processing',
      reason: '',
    });
    expect(seen.url).toBe('https://api.mch.weixin.qq.com/v3/refund/domestic/refunds/R7261234567890000001');
    expect(seen.init!.method).toBe('GET');
    expect(seen.init!.body).toBeUndefined();
    const auth = (seen.init!.headers as Record<string, string>).authorization!;
    const f = Object.fromEntries([...auth.slice(26).matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    const message = `GET\n/v3/refund/domestic/refunds/R7261234567890000001\n${f.timestamp}\n${f.nonce_str}\n\n`;
    expect(crypto.verify('sha256', Buffer.from(message), merchant.publicKey, Buffer.from(f.signature!, 'base64'))).toBe(
      true,
    );

    expect(await gateway(answering(200, refundReply())).refundStatus(refundReq)).toEqual({ state: 'done', reason: '' });
    expect(await gateway(answering(200, refundReply({ status: 'ABNORMAL' }))).refundStatus(refundReq)).toMatchObject({
      state: 'failed',
      reason: expect.stringContaining('退款异常'),
    });
    expect(await gateway(answering(200, refundReply({ status: 'CLOSED' }))).refundStatus(refundReq)).toEqual({
      state: 'failed',
      reason: '退款已关闭',
    });
    await expect(gateway(answering(200, refundReply(), {})).refundStatus(refundReq)).rejects.toThrow(
      InvalidNoticeError,
    );
    expect(await gateway(answering(404, '{"code":"RESOURCE_NOT_EXISTS"}', {})).refundStatus(refundReq)).toEqual({
      state: 'missing',
      reason: '',
    });
    await expect(gateway(answering(503, 'busy', {})).refundStatus(refundReq)).rejects.toThrow(GatewayUnknownError);
  });
});
