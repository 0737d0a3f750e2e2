import type crypto from 'node:crypto';
import { formatTime, parseShanghaiTime } from '../time.ts';
import {
  GatewayRefusedError,
  GatewayUnknownError,
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
import { readReply, type ReplyNode } from './alipay-reply.ts';
import { readPrivateKey, readPublicKey, rsaSign, rsaVerify } from './keys.ts';
import { fenToYuan, yuanToFen } from './money.ts';

export interface AlipayConfig {
  appId: string;
  /** The application's private key (PEM text): signs our requests. */
  privateKey: string;
  /** Alipay's public key (PEM text): verifies Alipay's notices and replies. */
  alipayPublicKey: string;
  gateway: string;
  /** The merchant's Alipay user id (2088…): when set, a notice naming another seller is refused. */
  sellerId?: string;
}

/**
 * The string both sides sign (Alipay open-API protocol): the parameters sorted by name, as name=value joined by
 * '&', values not URL-encoded. A request leaves out empty values; a notice is verified with them kept, as both
 * official SDKs do (rsaCheckV1), since Alipay signs every parameter it sends.
 */
export function alipaySignContent(params: Record<string, string>, keepEmpty = false): string {
  return Object.keys(params)
    .filter((k) => params[k] !== undefined && (keepEmpty || params[k] !== ''))
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

/**
 * Alipay page-pay (电脑网站支付, alipay.trade.page.pay), wap pay (手机网站支付, alipay.trade.wap.pay) and refunds
 * (alipay.trade.refund) with RSA2 signatures.
 */
export class AlipayGateway implements PaymentGateway {
  readonly channel = 'alipay' as const;
  private readonly cfg: AlipayConfig;
  private readonly privateKey: crypto.KeyObject;
  private readonly alipayKey: crypto.KeyObject;
  private readonly fetch: typeof fetch;
  private readonly now: () => Date;

  constructor(cfg: AlipayConfig, opts: { fetch?: typeof fetch; now?: () => Date } = {}) {
    this.cfg = cfg;
    this.privateKey = readPrivateKey(cfg.privateKey);
    this.alipayKey = readPublicKey(cfg.alipayPublicKey);
    this.fetch = opts.fetch ?? fetch;
    this.now = opts.now ?? (() => new Date());
  }

  /** The common request parameters of an open-API call, signed. */
  private signed(
    method: string,
    biz: Record<string, string>,
    extra: Record<string, string> = {},
  ): Record<string, string> {
    const params: Record<string, string> = {
      app_id: this.cfg.appId,
      method,
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: formatTime(this.now()),
      version: '1.0',
      ...extra,
      biz_content: JSON.stringify(biz),
    };
    return { ...params, sign: rsaSign(this.privateKey, alipaySignContent(params)) };
  }

  /**
   * The signed request parameters; the buyer's browser takes them to the gateway. A computer gets the website
   * cashier (alipay.trade.page.pay), a phone the mobile one (alipay.trade.wap.pay, which opens the Alipay app when
   * the phone has it), with quit_url bringing a buyer who gives up back to our page.
   */
  payParams(req: PayRequest): Record<string, string> {
    const biz = {
      out_trade_no: req.serialNumber,
      total_amount: fenToYuan(req.amountFen),
      subject: req.subject.slice(0, 256),
      time_expire: formatTime(req.expiresAt),
    };
    const urls = { notify_url: req.notifyUrl, return_url: req.returnUrl };
    if ((req.client ?? 'pc') === 'pc')
      return this.signed('alipay.trade.page.pay', { ...biz, product_code: 'FAST_INSTANT_TRADE_PAY' }, urls);
    return this.signed(
      'alipay.trade.wap.pay',
      { ...biz, product_code: 'QUICK_WAP_WAY', quit_url: req.returnUrl },
      urls,
    );
  }

  /** The signed parameters of alipay.trade.refund; out_request_no makes a repeat answer the first refund. */
  refundParams(req: RefundRequest): Record<string, string> {
    return this.signed('alipay.trade.refund', this.refundBiz(req));
  }

  private refundBiz(req: RefundRequest): Record<string, string> {
    return {
      out_trade_no: req.serialNumber,
      refund_amount: fenToYuan(req.amountFen),
      out_request_no: req.refundNo,
      refund_reason: req.reason.slice(0, 256),
    };
  }

  /**
   * One open-API call: a signed form POST to the gateway. The reply's response node is verified with Alipay's key
   * over its exact text; `signed` says whether it was signed at all (Alipay leaves some gateway errors unsigned).
   */
  private async call(method: string, biz: Record<string, string>): Promise<{ r: ReplyNode; signed: boolean }> {
    const res = await this.fetch(this.cfg.gateway, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8', accept: 'application/json' },
      body: new URLSearchParams(this.signed(method, biz)).toString(),
      signal: AbortSignal.timeout(10_000),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method}: HTTP ${res.status} ${text.slice(0, 300)}`);
    const { node, sign, r } = readReply(text, `${method.replace(/\./g, '_')}_response`);
    const signed = typeof sign === 'string' && rsaVerify(this.alipayKey, node, sign);
    if (sign !== undefined && !signed) throw new InvalidNoticeError(`${method} reply signature mismatch`);
    return { r, signed };
  }

  /**
   * alipay.trade.refund. Code 10000 is a refund accepted, believed only when signed; with fund_change 'N' no money
   * moved on this call (a repeat of a refund made before, or one still under way), so the refund query decides
   * whether it is done. A system error (20000, ACQ.SYSTEM_ERROR) says nothing about the refund: GatewayUnknownError.
   * A refusal moves no money, so one Alipay left unsigned is still taken.
   */
  async refund(req: RefundRequest): Promise<RefundResult> {
    const { r, signed } = await this.call('alipay.trade.refund', this.refundBiz(req));
    if (isSystemError(r))
      throw new GatewayUnknownError(`alipay refund: ${r.code} ${r.sub_code ?? ''} ${r.sub_msg ?? ''}`);
    if (r.code !== '10000') throw new GatewayRefusedError(r.sub_msg || r.msg || `支付宝返回 ${r.code ?? '未知结果'}`);
    if (!signed) throw new InvalidNoticeError('alipay refund reply is not signed');
    if (r.out_trade_no !== undefined && r.out_trade_no !== req.serialNumber)
      throw new InvalidNoticeError(`alipay refund reply for another trade: ${r.out_trade_no}`);
    const refundTradeNo = r.trade_no || req.tradeNo;
    if (r.fund_change === 'N') {
      const check = await this.refundStatus(req).catch(() => undefined);
      if (check?.state !== 'done') return { state: 'processing', refundTradeNo };
    }
    return { state: 'done', refundTradeNo };
  }

  /** alipay.trade.fastpay.refund.query: REFUND_SUCCESS is done; a success naming no refund means none was made. */
  async refundStatus(req: RefundRequest): Promise<RefundCheck> {
    const { r, signed } = await this.call('alipay.trade.fastpay.refund.query', {
      out_trade_no: req.serialNumber,
      out_request_no: req.refundNo,
    });
    if (r.code !== '10000') throw new GatewayUnknownError(`alipay refund query: ${r.code} ${r.sub_code ?? ''}`);
    if (!signed) throw new InvalidNoticeError('alipay refund query reply is not signed');
    if (r.refund_status === 'REFUND_SUCCESS') return { state: 'done', reason: '' };
    if (r.refund_status === undefined || r.refund_status === '') return { state: 'missing', reason: '' };
    return { state: 'processing', reason: '' };
  }

  /** alipay.trade.close: a trade Alipay does not have was never opened by the buyer, and has nothing to close. */
  async closeTrade(ref: TradeRef): Promise<boolean> {
    const { r, signed } = await this.call('alipay.trade.close', { out_trade_no: ref.serialNumber });
    if (r.code === '40004' && r.sub_code === 'ACQ.TRADE_NOT_EXIST') return true;
    return r.code === '10000' && signed;
  }

  /** alipay.trade.query: the trade as Alipay holds it; null when Alipay has none (the buyer never paid or scanned). */
  async queryTrade(ref: TradeRef): Promise<PayNotice | null> {
    const { r, signed } = await this.call('alipay.trade.query', { out_trade_no: ref.serialNumber });
    if (r.code === '40004' && r.sub_code === 'ACQ.TRADE_NOT_EXIST') return null;
    if (r.code !== '10000')
      throw new Error(`alipay.trade.query answered ${r.code} ${r.sub_code ?? ''} ${r.sub_msg ?? ''}`);
    if (!signed) throw new InvalidNoticeError('alipay trade query reply is not signed');
    if (r.out_trade_no !== ref.serialNumber)
      throw new InvalidNoticeError(`alipay trade query reply for another trade: ${r.out_trade_no}`);
    const amountFen = yuanToFen(r.total_amount ?? '');
    if (amountFen === null) throw new InvalidNoticeError(`alipay trade query amount malformed: ${r.total_amount}`);
    return {
      serialNumber: ref.serialNumber,
      amountFen,
      tradeNo: r.trade_no ?? '',
      paidAt: parseShanghaiTime(r.send_pay_date ?? '') ?? this.now(),
      state: alipayTradeState(r.trade_status),
    };
  }

  async start(req: PayRequest): Promise<PayStart> {
    const url = new URL(this.cfg.gateway);
    for (const [k, v] of Object.entries(this.payParams(req))) url.searchParams.set(k, v);
    return { kind: 'redirect', url: url.toString() };
  }

  /** The asynchronous notice: a form-encoded POST signed over its sorted parameters without sign and sign_type. */
  async verifyNotice(_headers: Record<string, string | string[] | undefined>, rawBody: string): Promise<PayNotice> {
    const form = new URLSearchParams(rawBody);
    const params: Record<string, string> = {};
    for (const [k, v] of form) params[k] = v;
    const { sign, sign_type: signType, ...signed } = params;
    if (!sign) throw new InvalidNoticeError('alipay notice without a signature');
    if (signType !== undefined && signType !== 'RSA2')
      throw new InvalidNoticeError(`alipay notice signed with ${signType}`);
    if (!rsaVerify(this.alipayKey, alipaySignContent(signed, true), sign))
      throw new InvalidNoticeError('alipay notice signature mismatch');
    if (signed.app_id !== this.cfg.appId)
      throw new InvalidNoticeError(`alipay notice for another app: ${signed.app_id}`);
    if (this.cfg.sellerId && signed.seller_id !== this.cfg.sellerId)
      throw new InvalidNoticeError(`alipay notice for another seller: ${signed.seller_id}`);
    const amountFen = yuanToFen(signed.total_amount ?? '');
    if (amountFen === null) throw new InvalidNoticeError(`alipay notice amount malformed: ${signed.total_amount}`);
    if (!signed.out_trade_no || !signed.trade_no) throw new InvalidNoticeError('alipay notice without trade numbers');
    const paidAt =
      parseShanghaiTime(signed.gmt_payment ?? '') ?? parseShanghaiTime(signed.notify_time ?? '') ?? this.now();
    return {
      serialNumber: signed.out_trade_no,
      amountFen,
      tradeNo: signed.trade_no,
      paidAt,
      state: alipayTradeState(signed.trade_status),
    };
  }

  reply(accepted: boolean): NoticeReply {
    return { status: 200, contentType: 'text/plain; charset=utf-8', body: accepted ? 'success' : 'failure' };
  }
}

/** Alipay's system error: the gateway could not tell what became of the request. */
function isSystemError(r: ReplyNode): boolean {
  return r.code === '20000' || (r.sub_code ?? '').endsWith('ACQ.SYSTEM_ERROR');
}

/** Alipay's trade_status: paid when SUCCESS or FINISHED; WAIT_BUYER_PAY waits; TRADE_CLOSED was never paid (or refunded). */
export function alipayTradeState(status: string | undefined): TradeState {
  if (status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED') return 'paid';
  if (status === 'TRADE_CLOSED') return 'closed';
  // WAIT_BUYER_PAY, or a status this code does not know: nothing is decided by it
  return 'waiting';
}
