/**
 * A local stand-in for Alipay's open API and WeChat Pay v3, on 127.0.0.1, with keys generated here: it checks our
 * signatures, keeps its own trades and refunds, signs its replies, and can be told to misbehave (a system error, a
 * lost notice), so the real adapters are tested against the protocol over real HTTP.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { alipaySignContent } from '../platform/pay/alipay.ts';
import { fenToYuan, yuanToFen } from '../platform/pay/money.ts';

const pem = (k: crypto.KeyObject, type: 'pkcs8' | 'spki') => k.export({ format: 'pem', type }).toString();
const pair = () => crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });

export const FAKE_ALIPAY_APP_ID = '2021000000000077';
export const FAKE_WECHAT = { mchId: '1900000177', appId: 'wxfake0000000077', platformSerial: 'PUB_KEY_ID_FAKE_77' };
const APIV3_KEY = 'f1e2d3c4b5a6f7e8d9c0b1a2f3e4d5c6';

type Channel = 'alipay' | 'wechat';
interface Trade {
  amountFen: number;
  state: 'waiting' | 'paid' | 'closed';
  tradeNo: string;
  paidAt?: Date;
}
interface Refund {
  serialNumber: string;
  amountFen: number;
  /** whether the money has moved (a refund answered with an error may still have been made) */
  done: boolean;
}
/** What the next call of an operation answers instead of doing its work; `thenDo`: do the work all the same. */
interface Scripted {
  status?: number;
  node?: Record<string, unknown>;
  body?: Record<string, unknown>;
  thenDo?: boolean;
  /** Alipay: sign the scripted reply (a scripted error goes unsigned, as Alipay leaves some) */
  signed?: boolean;
}
type Op = 'query' | 'close' | 'refund' | 'refundQuery';

export class FakeGateways {
  private server?: http.Server;
  private readonly app = pair();
  private readonly alipay = pair();
  private readonly merchant = pair();
  private readonly platform = pair();
  readonly trades = { alipay: new Map<string, Trade>(), wechat: new Map<string, Trade>() };
  readonly refunds = { alipay: new Map<string, Refund>(), wechat: new Map<string, Refund>() };
  /** WeChat Pay orders received, by out_trade_no: the trade type (native, h5, jsapi) and the body as sent */
  readonly prepaid = new Map<string, Record<string, any>>();
  /** every call received, as `channel op serialNumber` */
  readonly calls: string[] = [];
  private readonly scripts = new Map<string, Scripted[]>();
  private origin = '';

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((r) => this.server!.listen(0, '127.0.0.1', r));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise((r) => this.server?.close(r));
  }

  /** The merchant's public key: WeChat's browser checks a JSAPI paySign with it. */
  merchantPublicKey(): crypto.KeyObject {
    return this.merchant.publicKey;
  }

  /** Alipay's check of a request the buyer's browser brings (page-pay, wap pay): signed by the app key. */
  verifyAlipayRequest(params: Record<string, string>): boolean {
    const { sign, ...rest } = params;
    return crypto.verify(
      'sha256',
      Buffer.from(alipaySignContent(rest)),
      this.app.publicKey,
      Buffer.from(sign ?? '', 'base64'),
    );
  }

  /** The settings that point both channels here. */
  env(): Record<string, string> {
    return {
      PAY_ALIPAY_APP_ID: FAKE_ALIPAY_APP_ID,
      PAY_ALIPAY_PRIVATE_KEY: pem(this.app.privateKey, 'pkcs8'),
      PAY_ALIPAY_PUBLIC_KEY: pem(this.alipay.publicKey, 'spki'),
      PAY_ALIPAY_GATEWAY: `${this.origin}/gateway.do`,
      PAY_WECHAT_MCHID: FAKE_WECHAT.mchId,
      PAY_WECHAT_APPID: FAKE_WECHAT.appId,
      PAY_WECHAT_SERIAL_NO: 'FAKE_MERCHANT_SERIAL',
      PAY_WECHAT_PRIVATE_KEY: pem(this.merchant.privateKey, 'pkcs8'),
      PAY_WECHAT_PLATFORM_PUBLIC_KEY: pem(this.platform.publicKey, 'spki'),
      PAY_WECHAT_PLATFORM_SERIAL: FAKE_WECHAT.platformSerial,
      PAY_WECHAT_APIV3_KEY: APIV3_KEY,
      PAY_WECHAT_API: this.origin,
      PUBLIC_URL: 'https://school.example.com',
    };
  }

  /** The buyer pays at the cashier; the gateway's notice is not sent (it is lost, as far as the shop knows). */
  pay(channel: Channel, serialNumber: string, amountFen: number): Trade {
    const trade: Trade = {
      amountFen,
      state: 'paid',
      tradeNo: `${channel === 'alipay' ? '2026' : '4200'}${serialNumber}`,
      paidAt: new Date(),
    };
    this.trades[channel].set(serialNumber, trade);
    return trade;
  }

  /** The next call of `op` on `channel` answers this instead. */
  script(channel: Channel, op: Op, answer: Scripted): void {
    const key = `${channel} ${op}`;
    this.scripts.set(key, [...(this.scripts.get(key) ?? []), answer]);
  }

  /** The notice WeChat Pay would have sent for a paid trade: its resource encrypted, the whole signed. */
  wechatNotice(serialNumber: string): { headers: Record<string, string>; body: string } {
    const t = this.trades.wechat.get(serialNumber)!;
    const plain = JSON.stringify({
      mchid: FAKE_WECHAT.mchId,
      appid: FAKE_WECHAT.appId,
      out_trade_no: serialNumber,
      transaction_id: t.tradeNo,
      trade_state: 'SUCCESS',
      success_time: t.paidAt!.toISOString().replace('Z', '+00:00'),
      amount: { total: t.amountFen, currency: 'CNY' },
    });
    const nonce = crypto.randomBytes(6).toString('hex');
    const cipher = crypto.createCipheriv('aes-256-gcm', Buffer.from(APIV3_KEY), Buffer.from(nonce));
    cipher.setAAD(Buffer.from('transaction'));
    const ct = Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
    const body = JSON.stringify({
      id: crypto.randomUUID(),
      event_type: 'TRANSACTION.SUCCESS',
      resource_type: 'encrypt-resource',
      resource: {
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext: ct.toString('base64'),
        associated_data: 'transaction',
        nonce,
      },
    });
    return { headers: this.wechatHeaders(body), body };
  }

  private wechatHeaders(text: string): Record<string, string> {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = crypto.randomBytes(16).toString('hex');
    const signature = crypto
      .sign('sha256', Buffer.from(`${timestamp}\n${nonce}\n${text}\n`), this.platform.privateKey)
      .toString('base64');
    return {
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': nonce,
      'wechatpay-signature': signature,
      'wechatpay-serial': FAKE_WECHAT.platformSerial,
    };
  }

  /** The notice Alipay would have sent for a paid trade: form-encoded, signed over every parameter. */
  alipayNotice(serialNumber: string): string {
    const t = this.trades.alipay.get(serialNumber)!;
    const fields: Record<string, string> = {
      notify_time: '2026-11-26 10:00:00',
      notify_type: 'trade_status_sync',
      notify_id: crypto.randomBytes(8).toString('hex'),
      app_id: FAKE_ALIPAY_APP_ID,
      charset: 'utf-8',
      version: '1.0',
      trade_no: t.tradeNo,
      out_trade_no: serialNumber,
      trade_status: 'TRADE_SUCCESS',
      total_amount: fenToYuan(t.amountFen),
      passback_params: '',
    };
    const sign = this.signAlipay(alipaySignContent(fields, true));
    return new URLSearchParams({ ...fields, sign_type: 'RSA2', sign }).toString();
  }

  private signAlipay(content: string): string {
    return crypto.sign('sha256', Buffer.from(content), this.alipay.privateKey).toString('base64');
  }

  private scripted(channel: Channel, op: Op): Scripted | undefined {
    return this.scripts.get(`${channel} ${op}`)?.shift();
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    try {
      if (req.url === '/gateway.do') return this.alipayCall(body, res);
      return this.wechatCall(req.method!, req.url!, String(req.headers.authorization ?? ''), body, res);
    } catch (err) {
      res.writeHead(500).end(String(err));
    }
  }

  // ---- Alipay open API ----
  private alipayCall(body: string, res: http.ServerResponse): void {
    const params = Object.fromEntries(new URLSearchParams(body));
    const { sign, ...rest } = params;
    const method = params.method ?? '';
    const name = `${method.replace(/\./g, '_')}_response`;
    const reply = (node: Record<string, unknown>, signed = true) => {
      const text = JSON.stringify(node);
      const signature = signed ? `,"sign":"${this.signAlipay(text)}"` : '';
      res.writeHead(200, { 'content-type': 'application/json;charset=utf-8' }).end(`{"${name}":${text}${signature}}`);
    };
    const ours = crypto.verify(
      'sha256',
      Buffer.from(alipaySignContent(rest)),
      this.app.publicKey,
      Buffer.from(sign ?? '', 'base64'),
    );
    if (!ours) return reply({ code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature' }, false);
    const biz = JSON.parse(params.biz_content ?? '{}') as Record<string, string>;
    const serial = biz.out_trade_no ?? '';
    const op: Op | undefined = {
      'alipay.trade.query': 'query' as const,
      'alipay.trade.close': 'close' as const,
      'alipay.trade.refund': 'refund' as const,
      'alipay.trade.fastpay.refund.query': 'refundQuery' as const,
    }[method];
    if (!op) return reply({ code: '40004', msg: 'Business Failed', sub_code: 'ACQ.INVALID_METHOD' });
    this.calls.push(`alipay ${op} ${serial}`);
    const script = this.scripted('alipay', op);
    if (script && !script.thenDo) return reply(script.node ?? {}, script.signed);
    const trade = this.trades.alipay.get(serial);
    const missing = { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST', sub_msg: '交易不存在' };
    let node: Record<string, unknown>;
    if (op === 'query') {
      node = trade
        ? {
            code: '10000',
            msg: 'Success',
            out_trade_no: serial,
            trade_no: trade.tradeNo,
            trade_status: { waiting: 'WAIT_BUYER_PAY', paid: 'TRADE_SUCCESS', closed: 'TRADE_CLOSED' }[trade.state],
            total_amount: fenToYuan(trade.amountFen),
            send_pay_date: trade.paidAt ? '2026-11-26 10:00:00' : undefined,
          }
        : missing;
    } else if (op === 'close') {
      if (!trade) node = missing;
      else if (trade.state === 'paid')
        node = { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_STATUS_ERROR', sub_msg: '交易状态不合法' };
      else {
        trade.state = 'closed';
        node = { code: '10000', msg: 'Success', out_trade_no: serial, trade_no: trade.tradeNo };
      }
    } else if (op === 'refund') {
      const first = !this.refunds.alipay.has(biz.out_request_no!);
      if (!trade || trade.state !== 'paid') node = missing;
      else {
        if (first)
          this.refunds.alipay.set(biz.out_request_no!, {
            serialNumber: serial,
            amountFen: yuanToFen(biz.refund_amount!)!,
            done: true,
          });
        node = {
          code: '10000',
          msg: 'Success',
          out_trade_no: serial,
          trade_no: trade.tradeNo,
          fund_change: first ? 'Y' : 'N',
          refund_fee: biz.refund_amount,
        };
      }
    } else {
      const r = this.refunds.alipay.get(biz.out_request_no ?? '');
      // Alipay answers a refund it never made with a success that names no refund
      node = r?.done
        ? {
            code: '10000',
            msg: 'Success',
            out_trade_no: serial,
            out_request_no: biz.out_request_no,
            refund_amount: fenToYuan(r.amountFen),
            refund_status: 'REFUND_SUCCESS',
          }
        : { code: '10000', msg: 'Success', out_trade_no: serial, out_request_no: biz.out_request_no };
    }
    if (script) return reply(script.node ?? {}, script.signed);
    reply(node);
  }

  // ---- WeChat Pay v3 ----
  private wechatCall(method: string, url: string, auth: string, body: string, res: http.ServerResponse): void {
    const reply = (status: number, payload?: Record<string, unknown>) => {
      const text = payload ? JSON.stringify(payload) : '';
      res.writeHead(status, { 'content-type': 'application/json', ...this.wechatHeaders(text) }).end(text);
    };
    const m = /nonce_str="([^"]+)",signature="([^"]+)",timestamp="(\d+)"/.exec(auth);
    const signedOk =
      m &&
      crypto.verify(
        'sha256',
        Buffer.from(`${method}\n${url}\n${m[3]}\n${m[1]}\n${body}\n`),
        this.merchant.publicKey,
        Buffer.from(m[2]!, 'base64'),
      );
    if (!signedOk) return reply(401, { code: 'SIGN_ERROR', message: '签名错误' });
    const path = url.split('?')[0]!;
    const json = body ? (JSON.parse(body) as Record<string, any>) : {};
    const prepay = /^\/v3\/pay\/transactions\/(native|h5|jsapi)$/.exec(path);
    if (method === 'POST' && prepay) {
      const kind = prepay[1]!;
      // what WeChat Pay refuses: an H5 order without the payer's IP and the Wap scene, a JSAPI one without the payer
      if (kind === 'h5' && (!json.scene_info?.payer_client_ip || json.scene_info?.h5_info?.type !== 'Wap'))
        return reply(400, { code: 'PARAM_ERROR', message: '缺少 scene_info' });
      if (kind === 'jsapi' && !json.payer?.openid)
        return reply(400, { code: 'PARAM_ERROR', message: '缺少 payer.openid' });
      this.prepaid.set(json.out_trade_no, { kind, ...json });
      this.trades.wechat.set(json.out_trade_no, { amountFen: json.amount.total, state: 'waiting', tradeNo: '' });
      const no = json.out_trade_no as string;
      if (kind === 'h5')
        return reply(200, { h5_url: `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx${no}` });
      if (kind === 'jsapi') return reply(200, { prepay_id: `wx${no}` });
      return reply(200, { code_url: `weixin://wxpay/bizpayurl?pr=${no}` });
    }
    const trade = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(path);
    const refund = /^\/v3\/refund\/domestic\/refunds(?:\/([^/]+))?$/.exec(path);
    const op: Op | undefined = trade
      ? trade[2]
        ? 'close'
        : 'query'
      : refund
        ? refund[1]
          ? 'refundQuery'
          : 'refund'
        : undefined;
    if (!op) return reply(404, { code: 'NOT_FOUND', message: 'no such path' });
    const serial = trade ? decodeURIComponent(trade[1]!) : (json.out_trade_no ?? decodeURIComponent(refund![1]!));
    this.calls.push(`wechat ${op} ${serial}`);
    const script = this.scripted('wechat', op);
    const answer = (status: number, payload?: Record<string, unknown>) =>
      script ? reply(script.status ?? 500, script.body) : reply(status, payload);
    if (script && !script.thenDo) return answer(0);
    const t = trade ? this.trades.wechat.get(serial) : undefined;
    if (op === 'query') {
      if (!t) return answer(404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
      return answer(200, {
        mchid: FAKE_WECHAT.mchId,
        appid: FAKE_WECHAT.appId,
        out_trade_no: serial,
        transaction_id: t.tradeNo,
        trade_state: { waiting: 'NOTPAY', paid: 'SUCCESS', closed: 'CLOSED' }[t.state],
        ...(t.paidAt ? { success_time: t.paidAt.toISOString().replace('Z', '+00:00') } : {}),
        amount: { total: t.amountFen, currency: 'CNY' },
      });
    }
    if (op === 'close') {
      if (!t) return answer(404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
      if (t.state === 'paid') return answer(400, { code: 'ORDER_PAID', message: '订单已支付' });
      t.state = 'closed';
      return answer(204);
    }
    if (op === 'refund') {
      const paid = this.trades.wechat.get(json.out_trade_no);
      if (!paid || paid.state !== 'paid') return answer(400, { code: 'RESOURCE_NOT_EXISTS', message: '订单不存在' });
      if (!this.refunds.wechat.has(json.out_refund_no))
        this.refunds.wechat.set(json.out_refund_no, {
          serialNumber: json.out_trade_no,
          amountFen: json.amount.refund,
          done: true,
        });
      return answer(200, {
        refund_id: `5030${json.out_refund_no}`,
        out_refund_no: json.out_refund_no,
        status: 'SUCCESS',
      });
    }
    const r = this.refunds.wechat.get(serial);
    if (!r) return answer(404, { code: 'RESOURCE_NOT_EXISTS', message: '退款单不存在' });
    return answer(200, {
      refund_id: `5030${serial}`,
      out_refund_no: serial,
      status: r.done ? 'SUCCESS' : 'PROCESSING',
    });
  }
}
