/**
 * One interface for every way of collecting money (sandbox cashier, Alipay page-pay and wap, WeChat Pay Native, H5
 * and JSAPI), so the
 * orders module starts a payment and accepts its asynchronous notice the same way whichever channel the buyer picks.
 */
export type PayChannel = 'sandbox' | 'alipay' | 'wechat';

/**
 * What the buyer pays on, which picks the channel's trade type: a computer (Alipay page-pay, WeChat Pay Native), a
 * phone's browser (Alipay wap, WeChat Pay H5) or WeChat's own browser (WeChat Pay JSAPI, Alipay wap).
 */
export type PayClient = 'pc' | 'h5' | 'wechat';

/** What the orders module asks a gateway to collect. amountFen: integer fen. */
export interface PayRequest {
  /** Unique per payment attempt (continue-pay issues a new one). */
  serialNumber: string;
  amountFen: number;
  /** Course or VIP plan name, shown on the cashier. */
  subject: string;
  /** Absolute URL of our /apis/.../callback/... endpoint for this channel. */
  notifyUrl: string;
  /** Where the buyer lands after paying (our page). */
  returnUrl: string;
  /** The order's auto-close time. */
  expiresAt: Date;
  clientIp?: string;
  /** Omitted: 'pc'. */
  client?: PayClient;
  /** The payer's openid under the payment's app id: WeChat Pay JSAPI needs it, nothing else reads it. */
  openId?: string;
  /** The site the order belongs to. The sandbox keeps its trades per site and needs it; Alipay and WeChat ignore it. */
  siteId?: bigint;
}

/** What WeChat's browser takes to open its cashier (WeixinJSBridge getBrandWCPayRequest), signed by the merchant. */
export interface JsapiParams {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  package: string;
  signType: 'RSA';
  paySign: string;
}

/**
 * How the page sends the buyer on: open a URL (sandbox cashier, Alipay page-pay or wap, WeChat Pay H5), show a QR
 * code (WeChat Native), or hand the parameters to WeChat's browser (WeChat Pay JSAPI).
 */
export type PayStart =
  { kind: 'redirect'; url: string } | { kind: 'qrcode'; codeUrl: string } | { kind: 'jsapi'; params: JsapiParams };

/**
 * Where a trade stands at its gateway: paid; waiting for the buyer (nothing decided yet); closed unpaid (or closed
 * after a full refund); failed (the payment was tried and refused). Only 'failed' marks an attempt failed: a
 * waiting or closed trade may still be paid by another attempt of the same order.
 */
export type TradeState = 'paid' | 'waiting' | 'closed' | 'failed';

/** A verified notice, or a verified answer to a trade query. tradeNo: the gateway's own transaction id. */
export interface PayNotice {
  serialNumber: string;
  amountFen: number;
  tradeNo: string;
  paidAt: Date;
  state: TradeState;
}

/** One trade at its gateway, by our serial number (out_trade_no); only the sandbox needs the site. */
export interface TradeRef {
  serialNumber: string;
  siteId?: bigint;
}

/** The exact HTTP reply a gateway expects to stop retrying (Alipay: text 'success'; WeChat v3: 200 JSON; sandbox: 'success'). */
export interface NoticeReply {
  status: number;
  contentType: string;
  body: string;
}

/** What the orders module asks a gateway to return to the buyer, by the way the buyer paid. */
export interface RefundRequest {
  /** The paid attempt's serial number (out_trade_no). */
  serialNumber: string;
  /** The gateway's own transaction id of that payment. */
  tradeNo: string;
  /**
   * Ours, one per refund and the same on every retry of it (out_request_no / out_refund_no): the gateway refunds a
   * refund number once and answers a repeat with the first result.
   */
  refundNo: string;
  amountFen: number;
  /** What the payment was, in fen (WeChat Pay wants it beside the refund). */
  totalFen: number;
  reason: string;
  /** The site the payment belongs to; only the sandbox needs it. */
  siteId?: bigint;
}

/** done: the money is on its way back; processing: the gateway accepted the refund and finishes it later. */
export interface RefundResult {
  state: 'done' | 'processing';
  /** The gateway's reference of the refund (Alipay answers its trade number, WeChat Pay a refund id). */
  refundTradeNo: string;
}

/**
 * Where a refund stands later: done, still under way, failed (the money did not go back), or missing (the gateway
 * has no refund of that number: a request lost on its way, which may be sent again under the same number).
 */
export interface RefundCheck {
  state: 'done' | 'processing' | 'failed' | 'missing';
  /** why it failed, in the administrator's words */
  reason: string;
}

/** Bad signature, bad decryption, malformed body: the caller logs it and refuses the notice. */
export class InvalidNoticeError extends Error {
  override name = 'InvalidNoticeError';
}

/**
 * The gateway answered a refund with a no (not paid, already refunded with another number, balance too low…).
 * Nothing moved; `message` is what the administrator reads, with the gateway's own words in it.
 */
export class GatewayRefusedError extends Error {
  override name = 'GatewayRefusedError';
  readonly gatewayMessage: string;
  constructor(gatewayMessage: string) {
    super(`支付平台拒绝退款：${gatewayMessage}`);
    this.gatewayMessage = gatewayMessage;
  }
}

/**
 * The gateway answered with a system error (Alipay 20000 / ACQ.SYSTEM_ERROR, WeChat Pay 5xx): it cannot say what
 * became of the request, so a refund may yet be made. Not a refusal: the caller keeps it pending and asks later.
 */
export class GatewayUnknownError extends Error {
  override name = 'GatewayUnknownError';
}

export interface PaymentGateway {
  readonly channel: PayChannel;
  start(req: PayRequest): Promise<PayStart>;
  /** Verifies the signature (and decrypts) from the raw body and headers exactly as received; throws InvalidNoticeError. */
  verifyNotice(headers: Record<string, string | string[] | undefined>, rawBody: string): Promise<PayNotice>;
  reply(accepted: boolean): NoticeReply;
  /**
   * Where a trade stands at the gateway now (Alipay alipay.trade.query, WeChat Pay's query by out_trade_no), its
   * reply verified as a notice is; null when the gateway has no such trade (the buyer never reached the cashier).
   * A reply that cannot be verified throws InvalidNoticeError; a fault or a gateway error throws as it comes.
   */
  queryTrade(ref: TradeRef): Promise<PayNotice | null>;
  /**
   * Closes a trade at the gateway so its cashier takes no payment after our order closed (Alipay alipay.trade.close,
   * WeChat Pay's close by out_trade_no). True when closed or never opened; false when it could not be closed (paid
   * already, or in a state the gateway would not say): the caller then asks with `queryTrade`.
   */
  closeTrade(ref: TradeRef): Promise<boolean>;
  /**
   * Returns a payment's money by its own channel. A refusal throws GatewayRefusedError; a reply that cannot be
   * verified throws InvalidNoticeError; a network fault throws as it comes. Repeating a refundNo never refunds twice.
   */
  refund(req: RefundRequest): Promise<RefundResult>;
  /**
   * Where a refund stands now, by its refund number (Alipay alipay.trade.fastpay.refund.query, WeChat Pay's query
   * by out_refund_no). A gateway error throws GatewayUnknownError or as it comes.
   */
  refundStatus(req: RefundRequest): Promise<RefundCheck>;
}

/** A header as one string whatever its case and however Node delivered it (repeated headers come as arrays). */
export function headerValue(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== wanted) continue;
    return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}
