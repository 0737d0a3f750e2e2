import crypto from 'node:crypto';
import { z } from 'zod';
import {
  GatewayRefusedError,
  GatewayUnknownError,
  headerValue,
  InvalidNoticeError,
  type NoticeReply,
  type PayNotice,
  type PayRequest,
  type PayStart,
  type PaymentGateway,
  type RefundCheck,
  type RefundRequest,
  type RefundResult,
  type TradeRef,
  type TradeState,
} from './gateway.ts';
import { readPrivateKey, readPublicKey, rsaSign, rsaVerify } from './keys.ts';
import { h5CashierUrl, jsapiParams, prepayBody, PREPAY_PATHS } from './wechat-prepay.ts';

export interface WechatPayConfig {
  mchId: string;
  appId: string;
  /** Serial number of the merchant API certificate whose private key signs our requests. */
  serialNo: string;
  privateKey: string;
  /**
   * WeChat Pay's platform public keys or platform certificates (PEM text) and their serials / key ids, in the same
   * order: serials separated by commas, keys one after another. More than one is accepted while WeChat Pay rotates
   * its key, as notices may come signed by either.
   */
  platformPublicKey: string;
  platformSerial: string;
  /** The APIv3 key (32 characters): decrypts the resource of a notice. */
  apiV3Key: string;
  /** The API's origin; the real one unless a test points it at a local stand-in. */
  api?: string;
}

const API = 'https://api.mch.weixin.qq.com';
const REFUND_PATH = '/v3/refund/domestic/refunds';
const TRADE_PATH = '/v3/pay/transactions/out-trade-no';
/** A notice or reply signed more than five minutes from our clock is refused (replay protection). */
const MAX_SKEW_SEC = 300;

const NoticeBody = z.object({
  event_type: z.string(),
  resource: z.object({
    algorithm: z.literal('AEAD_AES_256_GCM'),
    ciphertext: z.string(),
    associated_data: z.string().default(''),
    nonce: z.string(),
  }),
});
const Refund = z.object({ refund_id: z.string().min(1), out_refund_no: z.string(), status: z.string() });
const Refusal = z.object({ code: z.string().optional(), message: z.string().optional() });

const Transaction = z.object({
  mchid: z.string(),
  appid: z.string(),
  out_trade_no: z.string().min(1),
  transaction_id: z.string().default(''),
  trade_state: z.string(),
  success_time: z.string().optional(),
  amount: z.object({ total: z.number().int().nonnegative().optional() }).default({}),
});

/**
 * WeChat Pay v3 Native (扫码支付), H5 (手机浏览器) and JSAPI (微信内), and their refunds: signed JSON requests, signed replies, signed notices with an
 * AES-256-GCM encrypted resource.
 */
export class WechatPayGateway implements PaymentGateway {
  readonly channel = 'wechat' as const;
  private readonly cfg: WechatPayConfig;
  private readonly privateKey: crypto.KeyObject;
  /** The platform keys by serial. */
  private readonly platformKeys: Map<string, crypto.KeyObject>;
  private readonly api: string;
  private readonly fetch: typeof fetch;
  private readonly now: () => Date;

  constructor(cfg: WechatPayConfig, opts: { fetch?: typeof fetch; now?: () => Date } = {}) {
    if (Buffer.byteLength(cfg.apiV3Key) !== 32) throw new Error('the APIv3 key must be 32 bytes');
    this.cfg = cfg;
    this.privateKey = readPrivateKey(cfg.privateKey);
    this.platformKeys = platformKeys(cfg.platformSerial, cfg.platformPublicKey);
    this.api = (cfg.api ?? API).replace(/\/$/, '');
    this.fetch = opts.fetch ?? fetch;
    this.now = opts.now ?? (() => new Date());
  }

  /** The Authorization header of a request: the merchant signs "METHOD\nURL\nTIMESTAMP\nNONCE\nBODY\n". */
  authorization(method: string, pathWithQuery: string, body: string): string {
    const timestamp = String(Math.floor(this.now().getTime() / 1000));
    const nonce = crypto.randomBytes(16).toString('hex');
    const signature = rsaSign(this.privateKey, `${method}\n${pathWithQuery}\n${timestamp}\n${nonce}\n${body}\n`);
    return `WECHATPAY2-SHA256-RSA2048 mchid="${this.cfg.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${this.cfg.serialNo}"`;
  }

  /**
   * Orders the payment by the buyer's client: Native answers a code to scan, H5 a cashier page to open (told to
   * come back to our result page), JSAPI a prepay id that WeChat's browser opens with the parameters we sign.
   */
  async start(req: PayRequest): Promise<PayStart> {
    const client = req.client ?? 'pc';
    const body = JSON.stringify(prepayBody(this.cfg, req));
    const { res, text } = await this.send('POST', PREPAY_PATHS[client], body);
    if (!res.ok) throw new Error(`wechat pay refused the order: HTTP ${res.status} ${text.slice(0, 300)}`);
    // the reply is signed by the platform like a notice: an answer we cannot verify is not WeChat's
    this.checkSignature(Object.fromEntries(res.headers), text);
    const reply = (safeJson(text) ?? {}) as { code_url?: unknown; h5_url?: unknown; prepay_id?: unknown };
    const field = { pc: 'code_url', h5: 'h5_url', wechat: 'prepay_id' } as const;
    const value = reply[field[client]];
    if (typeof value !== 'string' || !value) throw new Error(`wechat pay reply without ${field[client]}`);
    if (client === 'h5') return { kind: 'redirect', url: h5CashierUrl(value, req.returnUrl) };
    if (client === 'wechat')
      return { kind: 'jsapi', params: jsapiParams(this.cfg.appId, value, this.privateKey, this.now()) };
    return { kind: 'qrcode', codeUrl: value };
  }

  /** A signed call to the API (a JSON POST, or a GET without a body); the reply's text as received, for its signature. */
  private async send(method: 'POST' | 'GET', path: string, body = ''): Promise<{ res: Response; text: string }> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      authorization: this.authorization(method, path, body),
    };
    if (method === 'POST') headers['content-type'] = 'application/json';
    const res = await this.fetch(`${this.api}${path}`, {
      method,
      headers,
      ...(method === 'POST' ? { body } : {}),
      signal: AbortSignal.timeout(10_000),
    });
    return { res, text: await res.text() };
  }

  /** A signed reply about this refund, read and checked. */
  private refundReply(res: Response, text: string, refundNo: string): z.output<typeof Refund> {
    this.checkSignature(Object.fromEntries(res.headers), text);
    const parsed = Refund.safeParse(safeJson(text));
    if (!parsed.success) throw new InvalidNoticeError(`wechat refund reply malformed: ${text.slice(0, 200)}`);
    if (parsed.data.out_refund_no !== refundNo)
      throw new InvalidNoticeError(`wechat refund reply for another refund: ${parsed.data.out_refund_no}`);
    return parsed.data;
  }

  /** The refund's state now (the query by out_refund_no): PROCESSING usually ends in SUCCESS within minutes. */
  async refundStatus(req: RefundRequest): Promise<RefundCheck> {
    const { res, text } = await this.send('GET', `${REFUND_PATH}/${encodeURIComponent(req.refundNo)}`);
    if (res.status === 404 && Refusal.safeParse(safeJson(text)).data?.code === 'RESOURCE_NOT_EXISTS')
      return { state: 'missing', reason: '' };
    if (!res.ok)
      throw new GatewayUnknownError(`wechat refund query answered HTTP ${res.status}: ${text.slice(0, 200)}`);
    const r = this.refundReply(res, text, req.refundNo);
    if (r.status === 'SUCCESS') return { state: 'done', reason: '' };
    if (r.status === 'PROCESSING') return { state: 'processing', reason: '' };
    return {
      state: 'failed',
      reason:
        r.status === 'CLOSED'
          ? '退款已关闭'
          : r.status === 'ABNORMAL'
            ? '退款异常（如买家的银行卡已注销）'
            : `退款状态 ${r.status}`,
    };
  }

  /**
   * A domestic refund. out_refund_no makes a repeat answer the refund already made; a reply that is not signed by
   * the platform key is not WeChat's and is not believed.
   */
  async refund(req: RefundRequest): Promise<RefundResult> {
    const body = JSON.stringify({
      out_trade_no: req.serialNumber,
      out_refund_no: req.refundNo,
      reason: req.reason.slice(0, 80),
      amount: { refund: req.amountFen, total: req.totalFen, currency: 'CNY' },
    });
    const { res, text } = await this.send('POST', REFUND_PATH, body);
    // a system error is no refusal: the refund may have been made, and the query by out_refund_no will say
    if (res.status >= 500)
      throw new GatewayUnknownError(`wechat refund answered HTTP ${res.status}: ${text.slice(0, 200)}`);
    if (!res.ok) {
      // a refusal moves no money: its words are shown whether or not it came signed
      const refusal = Refusal.safeParse(safeJson(text));
      const said = refusal.success ? (refusal.data.message ?? refusal.data.code) : undefined;
      throw new GatewayRefusedError(said || `微信支付返回 HTTP ${res.status}`);
    }
    const r = this.refundReply(res, text, req.refundNo);
    if (r.status === 'SUCCESS') return { state: 'done', refundTradeNo: r.refund_id };
    if (r.status === 'PROCESSING') return { state: 'processing', refundTradeNo: r.refund_id };
    throw new GatewayRefusedError(
      r.status === 'CLOSED'
        ? '退款已关闭'
        : r.status === 'ABNORMAL'
          ? '退款异常，请在微信支付商户平台处理后勾选“仅记录”'
          : `退款状态 ${r.status}`,
    );
  }

  /** Closes a trade by out_trade_no: 204 is closed; a paid one (or any error) is left to the query to read. */
  async closeTrade(ref: TradeRef): Promise<boolean> {
    const path = `${TRADE_PATH}/${encodeURIComponent(ref.serialNumber)}/close`;
    const { res, text } = await this.send('POST', path, JSON.stringify({ mchid: this.cfg.mchId }));
    if (res.status === 404 && Refusal.safeParse(safeJson(text)).data?.code === 'ORDER_NOT_EXIST') return true;
    return res.status === 204 || res.status === 200;
  }

  /** The trade by out_trade_no, its reply signed like a notice; null when WeChat Pay has no such order. */
  async queryTrade(ref: TradeRef): Promise<PayNotice | null> {
    const path = `${TRADE_PATH}/${encodeURIComponent(ref.serialNumber)}?mchid=${encodeURIComponent(this.cfg.mchId)}`;
    const { res, text } = await this.send('GET', path);
    if (res.status === 404 && Refusal.safeParse(safeJson(text)).data?.code === 'ORDER_NOT_EXIST') return null;
    if (!res.ok) throw new Error(`wechat trade query answered HTTP ${res.status}: ${text.slice(0, 200)}`);
    this.checkSignature(Object.fromEntries(res.headers), text);
    const parsed = Transaction.safeParse(safeJson(text));
    if (!parsed.success) throw new InvalidNoticeError(`wechat trade query reply malformed: ${text.slice(0, 200)}`);
    if (parsed.data.out_trade_no !== ref.serialNumber)
      throw new InvalidNoticeError(`wechat trade query reply for another trade: ${parsed.data.out_trade_no}`);
    return this.read(parsed.data);
  }

  async verifyNotice(headers: Record<string, string | string[] | undefined>, rawBody: string): Promise<PayNotice> {
    this.checkSignature(headers, rawBody);
    let tx: z.output<typeof Transaction>;
    try {
      const { resource } = NoticeBody.parse(JSON.parse(rawBody));
      tx = Transaction.parse(JSON.parse(decryptResource(this.cfg.apiV3Key, resource)));
    } catch (err) {
      if (err instanceof InvalidNoticeError) throw err;
      throw new InvalidNoticeError(
        `wechat notice malformed or not decryptable: ${(err as Error).message.slice(0, 200)}`,
      );
    }
    return this.read(tx);
  }

  /** A transaction of ours (notice or query), as the orders module reads it. */
  private read(tx: z.output<typeof Transaction>): PayNotice {
    if (tx.mchid !== this.cfg.mchId || tx.appid !== this.cfg.appId)
      throw new InvalidNoticeError(`wechat transaction for another merchant: ${tx.mchid}/${tx.appid}`);
    const paidAt = tx.success_time ? new Date(tx.success_time) : this.now();
    return {
      serialNumber: tx.out_trade_no,
      amountFen: tx.amount.total ?? 0,
      tradeNo: tx.transaction_id,
      paidAt: Number.isNaN(paidAt.getTime()) ? this.now() : paidAt,
      state: wechatTradeState(tx.trade_state),
    };
  }

  reply(accepted: boolean): NoticeReply {
    return accepted
      ? { status: 200, contentType: 'application/json', body: JSON.stringify({ code: 'SUCCESS' }) }
      : { status: 500, contentType: 'application/json', body: JSON.stringify({ code: 'FAIL', message: '失败' }) };
  }

  /** Wechatpay-Signature over "TIMESTAMP\nNONCE\nBODY\n", by the platform key named in Wechatpay-Serial, signed lately. */
  private checkSignature(headers: Record<string, string | string[] | undefined>, body: string): void {
    const serial = headerValue(headers, 'wechatpay-serial');
    const timestamp = headerValue(headers, 'wechatpay-timestamp') ?? '';
    const nonce = headerValue(headers, 'wechatpay-nonce') ?? '';
    const signature = headerValue(headers, 'wechatpay-signature') ?? '';
    const key = serial === undefined ? undefined : this.platformKeys.get(serial);
    if (!key) throw new InvalidNoticeError(`wechat signature by an unknown platform key: ${serial}`);
    if (!/^\d{1,12}$/.test(timestamp) || !nonce || !signature)
      throw new InvalidNoticeError('wechat signature headers missing');
    if (Math.abs(this.now().getTime() / 1000 - Number(timestamp)) > MAX_SKEW_SEC)
      throw new InvalidNoticeError(`wechat signature too old: ${timestamp}`);
    if (!rsaVerify(key, `${timestamp}\n${nonce}\n${body}\n`, signature))
      throw new InvalidNoticeError('wechat signature mismatch');
  }
}

/** WeChat Pay's trade_state: REFUND was paid first; NOTPAY and USERPAYING wait; CLOSED and REVOKED ended unpaid. */
export function wechatTradeState(state: string): TradeState {
  if (state === 'SUCCESS' || state === 'REFUND') return 'paid';
  if (state === 'CLOSED' || state === 'REVOKED') return 'closed';
  if (state === 'PAYERROR') return 'failed';
  return 'waiting';
}

/** The platform keys of a configuration: serials separated by commas, PEM blocks (or bare bodies by commas) in order. */
function platformKeys(serials: string, keys: string): Map<string, crypto.KeyObject> {
  const names = serials
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const text = keys.replace(/\\n/g, '\n');
  const blocks = text.includes('-----BEGIN')
    ? (text.match(/-----BEGIN ([A-Z ]+)-----[\s\S]*?-----END \1-----/g) ?? [])
    : text.split(',').filter((k) => k.trim());
  if (!names.length || names.length !== blocks.length)
    throw new Error(`${names.length} platform serials for ${blocks.length} platform keys`);
  return new Map(names.map((name, i) => [name, readPublicKey(blocks[i]!)]));
}

/** AEAD_AES_256_GCM with the APIv3 key: the ciphertext is base64 of the encrypted bytes followed by the 16-byte tag. */
export function decryptResource(
  apiV3Key: string,
  r: { ciphertext: string; associated_data: string; nonce: string },
): string {
  const data = Buffer.from(r.ciphertext, 'base64');
  if (data.length <= 16) throw new InvalidNoticeError('wechat resource too short');
  const decipher = crypto.createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(r.nonce, 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  decipher.setAAD(Buffer.from(r.associated_data, 'utf8'));
  try {
    return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
  } catch {
    throw new InvalidNoticeError('wechat resource failed authentication');
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
