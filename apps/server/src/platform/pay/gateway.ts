/**
 * One interface for every way of collecting money (sandbox cashier, Alipay page-pay, WeChat Pay Native), so the
 * orders module starts a payment and accepts its asynchronous notice the same way whichever channel the buyer picks.
 */
export type PayChannel = 'sandbox' | 'alipay' | 'wechat';

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
  /** The site the order belongs to. The sandbox keeps its trades per site and needs it; Alipay and WeChat ignore it. */
  siteId?: bigint;
}

/** How the page sends the buyer on: open a URL (sandbox cashier, Alipay page-pay) or show a QR code (WeChat Native). */
export type PayStart = { kind: 'redirect'; url: string } | { kind: 'qrcode'; codeUrl: string };

/** A verified notice. tradeNo: the gateway's own transaction id. */
export interface PayNotice {
  serialNumber: string;
  amountFen: number;
  tradeNo: string;
  paidAt: Date;
  success: boolean;
}

/** The exact HTTP reply a gateway expects to stop retrying (Alipay: text 'success'; WeChat v3: 200 JSON; sandbox: 'success'). */
export interface NoticeReply {
  status: number;
  contentType: string;
  body: string;
}

/** Bad signature, bad decryption, malformed body: the caller logs it and refuses the notice. */
export class InvalidNoticeError extends Error {
  override name = 'InvalidNoticeError';
}

export interface PaymentGateway {
  readonly channel: PayChannel;
  start(req: PayRequest): Promise<PayStart>;
  /** Verifies the signature (and decrypts) from the raw body and headers exactly as received; throws InvalidNoticeError. */
  verifyNotice(headers: Record<string, string | string[] | undefined>, rawBody: string): Promise<PayNotice>;
  reply(accepted: boolean): NoticeReply;
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
