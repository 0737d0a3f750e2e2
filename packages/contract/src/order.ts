import { z } from './zod-config.ts';
import { defineCall, Empty, Id, oneOf, PageQuery, pageOf } from './call.ts';
import { fenToYuan } from './money.ts';

/**
 * Orders and payment (spec §7 Orders, the VIP order and the VIP plans). Money is integer fen everywhere; pages
 * show it with `formatMoney` (money.ts). An order (order_info) has one or more payment attempts (order_pay), each with its own
 * serial number: continue-pay starts a new attempt of the same order.
 */

/** order_info.order_status (roncoo values plus 5 refunded). */
export const OrderStatus = { PENDING: 1, PAID: 2, FAILED: 3, CLOSED: 4, REFUNDED: 5 } as const;
export const ORDER_STATUS_NAMES: Record<number, string> = {
  1: '待支付',
  2: '支付成功',
  3: '支付失败',
  4: '已关闭',
  5: '已退款',
};
/** What was bought: 1 a course, 2 a VIP plan. */
export const ProductType = { COURSE: 1, VIP: 2 } as const;
export const PRODUCT_TYPE_NAMES: Record<number, string> = { 1: '课程', 2: '会员' };

/** How the buyer pays. Which of them a site offers comes from `/user/api/order/pay/channel/list`. */
export const PayType = z.enum(['sandbox', 'alipay', 'wechat'], { error: '支付方式不正确' });
export type TPayType = z.output<typeof PayType>;
export const PAY_TYPE_NAMES: Record<TPayType, string> = { sandbox: '模拟支付', alipay: '支付宝', wechat: '微信支付' };

export const ORDER_LIMITS = {
  /** an unpaid order closes this long after it was created (and its payment with it) */
  closeMinutes: 30,
  /** the lecturer's share of a course sale when the administrator has set none, percent */
  defaultShareRate: 70,
  /** smallest withdrawal, fen (100 元) */
  minExtractFen: 10_000,
  /** the longest range of days the income and revenue charts take at once */
  maxChartDays: 366,
} as const;

/* ---- money and dates ---- */

/** '123.4' → 12340; '' or more than two decimals or not a number → null. */
export function yuanToFen(text: string): number | null {
  const m = /^\s*(\d{1,9})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** An amount in fen as a request field. */
export function fen(label: string, min = 0) {
  return z.coerce
    .number({ error: `请填写${label}` })
    .int({ error: `${label}须以分为单位的整数` })
    .min(min, { error: `${label}不能少于 ${fenToYuan(min)} 元` })
    .max(100_000_000_00, { error: `${label}过大` });
}

/** A day of Asia/Shanghai, 'YYYY-MM-DD', or '' for no bound. */
export const DateText = z
  .string()
  .trim()
  .refine((v) => v === '' || (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00+08:00`))), {
    error: '日期格式应为 YYYY-MM-DD',
  })
  .default('');
export const DateRange = z.object({ beginDate: DateText, endDate: DateText });

/* ---- payment ---- */

export const PayChannel = z.object({ payType: PayType, payName: z.string() });
export const payChannelList = defineCall({
  method: 'POST',
  path: '/user/api/order/pay/channel/list',
  access: 'api',
  summary: '本站可用的支付方式（第一个为默认）',
  body: Empty,
  data: z.array(PayChannel),
});

/**
 * What the paying page is, which decides each channel's trade type: `pc` a computer (Alipay page-pay, WeChat Pay
 * Native), `h5` a phone's browser (Alipay wap, WeChat Pay H5), `wechat` WeChat's own browser (WeChat Pay JSAPI,
 * Alipay wap). The sandbox cashier serves all three. Omitted: `pc`.
 */
export const PayClient = z.enum(['pc', 'h5', 'wechat'], { error: '支付终端不正确' });
export type TPayClient = z.output<typeof PayClient>;

/** What WeChat's browser takes to open its cashier: `WeixinJSBridge.invoke('getBrandWCPayRequest', params)`. */
export const WechatJsapiParams = z.object({
  appId: z.string(),
  /** seconds since 1970, as text */
  timeStamp: z.string(),
  nonceStr: z.string(),
  /** prepay_id=… */
  package: z.string(),
  signType: z.literal('RSA'),
  /** base64 SHA256withRSA by the merchant key over "appId\ntimeStamp\nnonceStr\npackage\n" */
  paySign: z.string(),
});
export type TWechatJsapiParams = z.output<typeof WechatJsapiParams>;

/**
 * Where the page sends the buyer: payKind 'redirect' opens payUrl (the sandbox cashier, Alipay's page or wap
 * cashier, WeChat Pay's H5 cashier), 'qrcode' shows payUrl as a QR code (WeChat Native), 'jsapi' hands `jsapi` to
 * WeChat's browser and then opens payUrl (the order's result page). The page then polls order view until
 * orderStatus changes.
 */
export const PayResult = z.object({
  orderNo: z.string(),
  serialNumber: z.string(),
  payType: PayType,
  /** the amount being collected, fen */
  amount: z.number().int(),
  subject: z.string(),
  /** when the unpaid order closes */
  expireTime: z.string(),
  payKind: z.enum(['redirect', 'qrcode', 'jsapi']),
  payUrl: z.string(),
  /** only with payKind 'jsapi' */
  jsapi: WechatJsapiParams.optional(),
});
export type TPayResult = z.output<typeof PayResult>;

/** A course order for a course; buying again while one is unpaid gives a new payment of that same order. */
export const orderPay = defineCall({
  method: 'POST',
  path: '/user/auth/order/info/pay',
  access: 'auth',
  summary: '购买课程：下单并发起支付（已有待支付订单时沿用该订单）',
  body: z.object({ courseId: Id, payType: PayType.optional(), payClient: PayClient.default('pc') }),
  data: PayResult,
});

/* ---- the buyer's orders ---- */

export const OrderItem = z.object({
  orderNo: z.string(),
  productType: z.number().int(),
  /** the course id or the VIP plan id */
  productId: z.string(),
  productName: z.string(),
  /** the course cover; '' for VIP */
  productImg: z.string(),
  /** the course's type (for the link to its page); 0 for VIP */
  courseType: z.number().int(),
  /** days of membership bought; 0 for a course */
  vipDays: z.number().int(),
  lecturerName: z.string(),
  rulingPrice: z.number().int(),
  /** what is charged */
  pricePayable: z.number().int(),
  /** what was paid; 0 until paid */
  pricePaid: z.number().int(),
  /** the channel of the latest payment attempt */
  payType: PayType,
  orderStatus: z.number().int(),
  gmtCreate: z.string(),
  /** when an unpaid order closes by itself; '' once it is no longer unpaid */
  expireTime: z.string(),
  payTime: z.string(),
});
export type TOrderItem = z.output<typeof OrderItem>;

export const OrderDetail = OrderItem.extend({
  serialNumber: z.string(),
  /** the gateway's transaction number, once paid */
  tradeNo: z.string(),
  closeTime: z.string(),
  refundTime: z.string(),
});
export type TOrderDetail = z.output<typeof OrderDetail>;

const OrderNoBody = z.object({ orderNo: Id });

export const orderList = defineCall({
  method: 'POST',
  path: '/user/auth/order/info/list',
  access: 'auth',
  summary: '我的订单，新的在前（orderStatus 省略或 0：除已关闭外的全部）',
  body: PageQuery.extend({ orderStatus: oneOf([0, 1, 2, 3, 4, 5] as const, '订单状态不正确').default(0) }),
  data: pageOf(OrderItem),
});
export const orderView = defineCall({
  method: 'POST',
  path: '/user/auth/order/info/view',
  access: 'auth',
  summary: '订单详情（收银台轮询支付结果也用它）',
  body: OrderNoBody,
  data: OrderDetail,
});
export const orderClose = defineCall({
  method: 'POST',
  path: '/user/auth/order/info/close',
  access: 'auth',
  summary: '关闭待支付的订单',
  body: OrderNoBody,
  data: OrderDetail,
});
export const orderContinuePay = defineCall({
  method: 'POST',
  path: '/user/auth/order/info/continue/pay',
  access: 'auth',
  summary: '继续支付待支付的订单（新的支付流水号，可换支付方式）',
  body: OrderNoBody.extend({ payType: PayType.optional(), payClient: PayClient.default('pc') }),
  data: PayResult,
});

/* ---- the lecturer's sales ---- */

export const LecturerSale = z.object({
  orderNo: z.string(),
  courseId: z.string(),
  courseName: z.string(),
  /** the buyer, masked: 138****0001 */
  mobile: z.string(),
  pricePaid: z.number().int(),
  /** the lecturer's share of this sale */
  lecturerProfit: z.number().int(),
  /** 2 paid, 5 refunded (the share was taken back) */
  orderStatus: z.number().int(),
  payTime: z.string(),
});
export const orderLecturer = defineCall({
  method: 'POST',
  path: '/user/auth/order/info/lecturer',
  access: 'auth',
  summary: '讲师：我的课程销售记录（买家手机号打码），新的在前',
  body: PageQuery.extend({ courseId: Id.optional() }).extend(DateRange.shape),
  data: pageOf(LecturerSale),
});

/* ---- VIP ---- */

export const VipSet = z.object({
  id: z.string(),
  setName: z.string(),
  /** days of membership */
  days: z.number().int(),
  /** the price charged, fen */
  price: z.number().int(),
  /** strike-through price, fen; 0 for none */
  rulingPrice: z.number().int(),
  sort: z.number().int(),
});
export type TVipSet = z.output<typeof VipSet>;

export const vipSetList = defineCall({
  method: 'POST',
  path: '/system/api/vip/set/list',
  access: 'api',
  summary: '会员套餐（上架的，按排序）',
  body: Empty,
  data: z.array(VipSet),
});
/** Membership bought extends the expiry from the later of now and the current expiry. */
export const vipOrderPay = defineCall({
  method: 'POST',
  path: '/user/auth/user/order/pay',
  access: 'auth',
  summary: '开通会员：购买会员套餐并发起支付（已有该套餐的待支付订单时沿用）',
  body: z.object({ vipSetId: Id, payType: PayType.optional(), payClient: PayClient.default('pc') }),
  data: PayResult,
});
