import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AlipayGateway, alipaySignContent } from './alipay.ts';
import { rawMembers } from './alipay-reply.ts';
import { GatewayRefusedError, GatewayUnknownError, InvalidNoticeError } from './gateway.ts';
import { fenToYuan, yuanToFen } from './money.ts';

const pem = (k: crypto.KeyObject, type: 'pkcs8' | 'spki') => k.export({ format: 'pem', type }).toString();
const app = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const alipay = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const APP_ID = '2021000000000001';

const gateway = (over: Partial<{ appId: string; alipayPublicKey: string }> = {}) =>
  new AlipayGateway(
    {
      appId: over.appId ?? APP_ID,
      privateKey: pem(app.privateKey, 'pkcs8'),
      alipayPublicKey: over.alipayPublicKey ?? pem(alipay.publicKey, 'spki'),
      gateway: 'https://openapi.alipay.com/gateway.do',
    },
    { now: () => new Date('2026-11-22T10:00:00Z') },
  );

/** A notice as Alipay sends it: every parameter but sign and sign_type, sorted, signed with Alipay's key, form-encoded. */
function notice(fields: Record<string, string>, key = alipay.privateKey): string {
  const params: Record<string, string> = {
    notify_time: '2026-11-22 18:05:00',
    notify_type: 'trade_status_sync',
    notify_id: 'ac05099524730693a8b330c5ecf72da9786',
    app_id: APP_ID,
    charset: 'utf-8',
    version: '1.0',
    trade_no: '2026112222001400000000000001',
    out_trade_no: '7261234567890123456',
    trade_status: 'TRADE_SUCCESS',
    total_amount: '199.90',
    receipt_amount: '199.90',
    gmt_payment: '2026-11-22 18:04:59',
    subject: 'Java 零基础入门 & 进阶',
    ...fields,
  };
  const sign = crypto.sign('sha256', Buffer.from(alipaySignContent(params, true)), key).toString('base64');
  return new URLSearchParams({ ...params, sign_type: 'RSA2', sign }).toString();
}

describe('money in yuan text and fen', () => {
  it('converts exactly, without floats', () => {
    expect(yuanToFen('0.01')).toBe(1);
    expect(yuanToFen('199.90')).toBe(19990);
    expect(yuanToFen('199.9')).toBe(19990);
    expect(yuanToFen('0.29')).toBe(29);
    expect(yuanToFen('1.13')).toBe(113);
    expect(yuanToFen('100000000.00')).toBe(10_000_000_000);
    expect(yuanToFen('5')).toBe(500);
    for (const bad of ['', '-1.00', '1.001', '1e3', '01.00', 'abc', '1,00', '.5']) expect(yuanToFen(bad)).toBeNull();
    expect(fenToYuan(1)).toBe('0.01');
    expect(fenToYuan(19990)).toBe('199.90');
    expect(fenToYuan(113)).toBe('1.13');
    expect(() => fenToYuan(1.5)).toThrow(RangeError);
  });
});

describe('Alipay page-pay request', () => {
  it('redirects to the gateway with parameters signed by the app key (RSA2 over the sorted string)', async () => {
    const start = await gateway().start({
      serialNumber: '7261234567890123456',
      amountFen: 19990,
      subject: 'Java 零基础入门',
      notifyUrl: 'https://school.example.com/apis/callback/alipay',
      returnUrl: 'https://school.example.com/account/order',
      expiresAt: new Date('2026-11-22T10:30:00Z'),
    });
    expect(start.kind).toBe('redirect');
    const url = new URL((start as { url: string }).url);
    expect(url.origin + url.pathname).toBe('https://openapi.alipay.com/gateway.do');
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({
      app_id: APP_ID,
      method: 'alipay.trade.page.pay',
      charset: 'utf-8',
      sign_type: 'RSA2',
      version: '1.0',
      timestamp: '2026-11-22 18:00:00',
      notify_url: 'https://school.example.com/apis/callback/alipay',
    });
    expect(JSON.parse(params.biz_content!)).toEqual({
      out_trade_no: '7261234567890123456',
      total_amount: '199.90',
      subject: 'Java 零基础入门',
      product_code: 'FAST_INSTANT_TRADE_PAY',
      time_expire: '2026-11-22 18:30:00',
    });
    // what Alipay does on receipt: verify with the app's public key over the sorted parameters without sign
    const { sign, ...rest } = params;
    const content = Object.keys(rest)
      .sort()
      .map((k) => `${k}=${rest[k]}`)
      .join('&');
    expect(crypto.verify('sha256', Buffer.from(content), app.publicKey, Buffer.from(sign!, 'base64'))).toBe(true);
  });
});

describe('Alipay notice', () => {
  it('verifies a notice signed by Alipay and reads it', async () => {
    const n = await gateway().verifyNotice({ 'content-type': 'application/x-www-form-urlencoded' }, notice({}));
    expect(n).toEqual({
      serialNumber: '7261234567890123456',
      amountFen: 19990,
      tradeNo: '2026112222001400000000000001',
      paidAt: new Date('2026-11-22T10:04:59Z'),
      state: 'paid',
    });
    expect(
      (await gateway().verifyNotice({}, notice({ trade_status: 'TRADE_FINISHED', total_amount: '0.01' }))).amountFen,
    ).toBe(1);
    expect((await gateway().verifyNotice({}, notice({ trade_status: 'WAIT_BUYER_PAY' }))).state).toBe('waiting');
    expect((await gateway().verifyNotice({}, notice({ trade_status: 'TRADE_CLOSED' }))).state).toBe('closed');
  });

  it('verifies a notice with an empty parameter, which Alipay signs as name= (as its SDKs check it)', async () => {
    const fields = { passback_params: '', body: '' };
    const raw = notice(fields);
    expect(raw).toContain('passback_params=&');
    await expect(gateway().verifyNotice({}, raw)).resolves.toMatchObject({ state: 'paid' });
    // signed without the empty parameters, the notice is not what Alipay sent
    const params = Object.fromEntries(new URLSearchParams(raw));
    const { sign: _s, sign_type: _t, ...rest } = params;
    const dropped = crypto.sign('sha256', Buffer.from(alipaySignContent(rest)), alipay.privateKey).toString('base64');
    await expect(
      gateway().verifyNotice({}, new URLSearchParams({ ...rest, sign_type: 'RSA2', sign: dropped }).toString()),
    ).rejects.toThrow(/signature mismatch/);
  });

  it('refuses a notice for another seller when the seller id is configured', async () => {
    const seller = (sellerId?: string) =>
      new AlipayGateway({
        appId: APP_ID,
        privateKey: pem(app.privateKey, 'pkcs8'),
        alipayPublicKey: pem(alipay.publicKey, 'spki'),
        gateway: 'https://openapi.alipay.com/gateway.do',
        sellerId,
      });
    const ours = notice({ seller_id: '2088101117955611' });
    await expect(seller('2088101117955611').verifyNotice({}, ours)).resolves.toMatchObject({ state: 'paid' });
    await expect(seller('2088000000000001').verifyNotice({}, ours)).rejects.toThrow(/another seller/);
    await expect(seller('2088000000000001').verifyNotice({}, notice({}))).rejects.toThrow(/another seller/);
    await expect(seller().verifyNotice({}, ours)).resolves.toMatchObject({ state: 'paid' });
  });

  it('refuses a tampered field, another key, another app, and an unsigned notice', async () => {
    const tampered = notice({}).replace('total_amount=199.90', 'total_amount=0.01');
    expect(tampered).not.toBe(notice({}));
    await expect(gateway().verifyNotice({}, tampered)).rejects.toThrow(InvalidNoticeError);
    const stranger = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
    await expect(gateway().verifyNotice({}, notice({}, stranger.privateKey))).rejects.toThrow(InvalidNoticeError);
    await expect(
      gateway({ alipayPublicKey: pem(stranger.publicKey, 'spki') }).verifyNotice({}, notice({})),
    ).rejects.toThrow(InvalidNoticeError);
    await expect(gateway().verifyNotice({}, notice({ app_id: '2021000000000999' }))).rejects.toThrow(/another app/);
    await expect(gateway().verifyNotice({}, notice({}).replace(/&sign=[^&]*/, ''))).rejects.toThrow(
      /without a signature/,
    );
    await expect(gateway().verifyNotice({}, notice({ total_amount: '19.999' }))).rejects.toThrow(/amount malformed/);
  });

  it('accepts keys as one-line PEM with \\n escapes and as a bare base64 body', async () => {
    const oneLine = pem(alipay.publicKey, 'spki').replace(/\n/g, '\\n');
    await expect(gateway({ alipayPublicKey: oneLine }).verifyNotice({}, notice({}))).resolves.toMatchObject({
      state: 'paid',
    });
    const bare = pem(alipay.publicKey, 'spki').replace(/-----[^-]+-----|\n/g, '');
    await expect(gateway({ alipayPublicKey: bare }).verifyNotice({}, notice({}))).resolves.toMatchObject({
      state: 'paid',
    });
  });

  it('answers success or failure as plain text', () => {
    expect(gateway().reply(true)).toEqual({ status: 200, contentType: 'text/plain; charset=utf-8', body: 'success' });
    expect(gateway().reply(false).body).toBe('failure');
  });
});

describe('Alipay refund (alipay.trade.refund)', () => {
  const refundReq = {
    serialNumber: '7261234567890123456',
    tradeNo: '2026112222001400000000000001',
    refundNo: 'R7261234567890000001',
    amountFen: 19990,
    totalFen: 19990,
    reason: '学员七天内申请退款',
  };
  /** A reply as Alipay writes it: the response node's own text signed with Alipay's key, the sign beside it. */
  const signedReply = (node: string, key = alipay.privateKey) =>
    `{"alipay_trade_refund_response":${node},"sign":"${crypto.sign('sha256', Buffer.from(node), key).toString('base64')}"}`;
  // spacing, a nested list and an escaped character: only the exact text verifies
  const done = `{"code":"10000","msg":"Success","buyer_logon_id":"159****5620","fund_change":"Y","gmt_refund_pay":"2026-11-22 18:10:00",
    "out_trade_no":"7261234567890123456","refund_detail_item_list":[{"amount":"199.90","fund_channel":"ALIPAYACCOUNT"}],
    "refund_fee":"199.90","send_back_fee":"199.90","trade_no":"2026112222001400000000000001","buyer_user_id":"2088101117955611","note":"\\u9000\\u6b3e"}`;
  const answering =
    (status: number, text: string, seen?: { url?: string; init?: RequestInit }): typeof fetch =>
    async (url, init) => {
      if (seen) Object.assign(seen, { url: String(url), init });
      return new Response(text, { status, headers: { 'content-type': 'text/html;charset=utf-8' } });
    };
  const refunding = (f: typeof fetch) =>
    new AlipayGateway(
      {
        appId: APP_ID,
        privateKey: pem(app.privateKey, 'pkcs8'),
        alipayPublicKey: pem(alipay.publicKey, 'spki'),
        gateway: 'https://openapi.alipay.com/gateway.do',
      },
      { fetch: f, now: () => new Date('2026-11-22T10:10:00Z') },
    );

  it('posts a form signed by the app key with the refund in biz_content, and reads a signed success', async () => {
    const seen: { url?: string; init?: RequestInit } = {};
    expect(await refunding(answering(200, signedReply(done), seen)).refund(refundReq)).toEqual({
      state: 'done',
      refundTradeNo: '2026112222001400000000000001',
    });
    expect(seen.url).toBe('https://openapi.alipay.com/gateway.do');
    expect(seen.init!.method).toBe('POST');
    expect((seen.init!.headers as Record<string, string>)['content-type']).toContain(
      'application/x-www-form-urlencoded',
    );
    const params = Object.fromEntries(new URLSearchParams(String(seen.init!.body)));
    expect(params).toMatchObject({
      app_id: APP_ID,
      method: 'alipay.trade.refund',
      charset: 'utf-8',
      sign_type: 'RSA2',
      version: '1.0',
      timestamp: '2026-11-22 18:10:00',
    });
    expect(JSON.parse(params.biz_content!)).toEqual({
      out_trade_no: '7261234567890123456',
      refund_amount: '199.90',
      out_request_no: 'R7261234567890000001',
      refund_reason: '学员七天内申请退款',
    });
    const { sign, ...rest } = params;
    expect(
      crypto.verify('sha256', Buffer.from(alipaySignContent(rest)), app.publicKey, Buffer.from(sign!, 'base64')),
    ).toBe(true);
  });

  it('confirms fund_change N by the refund query before it is done, with the sign written before the node too', async () => {
    const again = done.replace('"fund_change":"Y"', '"fund_change":"N"');
    const sign = crypto.sign('sha256', Buffer.from(again), alipay.privateKey).toString('base64');
    const reply = `{ "sign" : "${sign}" , "alipay_trade_refund_response" : ${again} }`;
    /** Alipay answering the refund with N, and the refund query with what it knows of that refund. */
    const alipayWith =
      (refundStatus?: string): typeof fetch =>
      async (_url, init) => {
        const method = new URLSearchParams(String(init!.body)).get('method');
        if (method === 'alipay.trade.refund') return new Response(reply);
        const node = JSON.stringify({
          code: '10000',
          msg: 'Success',
          out_trade_no: refundReq.serialNumber,
          out_request_no: refundReq.refundNo,
          ...(refundStatus ? { refund_status: refundStatus, refund_amount: '199.90' } : {}),
        });
        const s = crypto.sign('sha256', Buffer.from(node), alipay.privateKey).toString('base64');
        return new Response(`{"alipay_trade_fastpay_refund_query_response":${node},"sign":"${s}"}`);
      };
    expect(await refunding(alipayWith('REFUND_SUCCESS')).refund(refundReq)).toMatchObject({ state: 'done' });
    // no refund of that number at Alipay yet: under way, asked after later
    expect(await refunding(alipayWith()).refund(refundReq)).toMatchObject({ state: 'processing' });
    expect(await refunding(alipayWith()).refundStatus(refundReq)).toEqual({ state: 'missing', reason: '' });
    // the query's own answer unreadable: not done either
    expect(await refunding(answering(200, reply)).refund(refundReq)).toMatchObject({ state: 'processing' });
  });

  it('takes a system error (20000, ACQ.SYSTEM_ERROR) as unknown, not as a refusal', async () => {
    for (const node of [
      '{"code":"20000","msg":"Service Currently Unavailable","sub_code":"aop.ACQ.SYSTEM_ERROR","sub_msg":"系统繁忙"}',
      '{"code":"40004","msg":"Business Failed","sub_code":"ACQ.SYSTEM_ERROR","sub_msg":"系统错误"}',
    ])
      await expect(refunding(answering(200, signedReply(node))).refund(refundReq)).rejects.toThrow(GatewayUnknownError);
  });

  it('refuses a reply signed by another key, changed after signing, or a success without a signature', async () => {
    const stranger = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
    await expect(refunding(answering(200, signedReply(done, stranger.privateKey))).refund(refundReq)).rejects.toThrow(
      InvalidNoticeError,
    );
    const changed = signedReply(done).replace('"refund_fee":"199.90"', '"refund_fee":"0.01"');
    await expect(refunding(answering(200, changed)).refund(refundReq)).rejects.toThrow(/signature mismatch/);
    await expect(
      refunding(answering(200, `{"alipay_trade_refund_response":${done}}`)).refund(refundReq),
    ).rejects.toThrow(/not signed/);
    await expect(refunding(answering(200, 'not json')).refund(refundReq)).rejects.toThrow(InvalidNoticeError);
    const other = done.replace('"out_trade_no":"7261234567890123456"', '"out_trade_no":"7261234567890999999"');
    await expect(refunding(answering(200, signedReply(other))).refund(refundReq)).rejects.toThrow(/another trade/);
  });

  it("turns a business refusal into GatewayRefusedError carrying Alipay's sub_msg; an HTTP fault is not a refusal", async () => {
    const refused =
      '{"code":"40004","msg":"Business Failed","sub_code":"ACQ.TRADE_HAS_FINISHED","sub_msg":"交易已完结"}';
    const err = await refunding(answering(200, signedReply(refused)))
      .refund(refundReq)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GatewayRefusedError);
    expect((err as Error).message).toBe('支付平台拒绝退款：交易已完结');
    // a refusal moves nothing, so one left unsigned (a gateway-level error) is shown as well
    const gatewayError =
      '{"error_response":{"code":"40002","msg":"Invalid Arguments","sub_code":"isv.invalid-signature","sub_msg":"验签出错"}}';
    await expect(refunding(answering(200, gatewayError)).refund(refundReq)).rejects.toThrow(
      '支付平台拒绝退款：验签出错',
    );
    const fault = await refunding(answering(502, 'Bad Gateway'))
      .refund(refundReq)
      .catch((e: unknown) => e);
    expect(fault).toBeInstanceOf(Error);
    expect(fault).not.toBeInstanceOf(GatewayRefusedError);
  });

  it('reads the raw members of a reply exactly as written', () => {
    const m = rawMembers('{"a" : {"x":"}\\"{", "y":[1,{"z":2}]} , "b":12.5,"c":true,"d":"s"}');
    expect([...m]).toEqual([
      ['a', '{"x":"}\\"{", "y":[1,{"z":2}]}'],
      ['b', '12.5'],
      ['c', 'true'],
      ['d', '"s"'],
    ]);
    expect(() => rawMembers('{"a":"open')).toThrow(InvalidNoticeError);
    expect(() => rawMembers('[1]')).toThrow(InvalidNoticeError);
  });
});
