import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { gmt, id, ref, siteId, statusSort } from './common.ts';

/** Money columns: integer fen. */
const fen = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/** A VIP plan on sale: `days` of membership for `price` fen; `rulingPrice` is the strike-through price. */
export const vipSet = pgTable(
  'vip_set',
  {
    id: id(),
    siteId: siteId(),
    setName: text('set_name').notNull(),
    days: integer('days').notNull(),
    price: fen('price'),
    rulingPrice: fen('ruling_price'),
    ...gmt,
    ...statusSort,
  },
  (t) => [index('vip_set_site_idx').on(t.siteId, t.statusId, t.sort)],
);

/**
 * An order: one product (productType 1 a course, 2 a VIP plan) bought by one user, with what the product was
 * when it was ordered. order_status 1 pending, 2 paid, 3 failed, 4 closed, 5 refunded. The split of a paid order
 * (lecturer's share, referrer's reward, the platform's rest) and the rates it used are kept on it; the money
 * itself moves through ledger rows. At most one pending order per user and product (the partial unique index).
 */
export const orderInfo = pgTable(
  'order_info',
  {
    id: id(),
    siteId: siteId(),
    orderNo: ref('order_no').notNull(),
    userId: ref('user_id').notNull(),
    mobile: text('mobile').notNull(),
    productType: integer('product_type').notNull(),
    productId: ref('product_id').notNull(),
    productName: text('product_name').notNull(),
    productImg: text('product_img').notNull().default(''),
    courseType: integer('course_type').notNull().default(0),
    vipDays: integer('vip_days').notNull().default(0),
    lecturerUserId: ref('lecturer_user_id'),
    lecturerName: text('lecturer_name').notNull().default(''),
    rulingPrice: fen('ruling_price'),
    pricePayable: fen('price_payable'),
    pricePaid: fen('price_paid'),
    shareRate: integer('share_rate').notNull().default(0),
    lecturerProfit: fen('lecturer_profit'),
    referrerId: ref('referrer_id'),
    referralRate: integer('referral_rate').notNull().default(0),
    referralReward: fen('referral_reward'),
    platformProfit: fen('platform_profit'),
    payType: text('pay_type').notNull(),
    serialNumber: ref('serial_number').notNull(),
    tradeNo: text('trade_no').notNull().default(''),
    orderStatus: integer('order_status').notNull().default(1),
    expireAt: timestamp('expire_at', { withTimezone: true }).notNull(),
    payTime: timestamp('pay_time', { withTimezone: true }),
    closeTime: timestamp('close_time', { withTimezone: true }),
    refundTime: timestamp('refund_time', { withTimezone: true }),
    remark: text('remark').notNull().default(''),
    ...gmt,
  },
  (t) => [
    uniqueIndex('order_info_no_uq').on(t.siteId, t.orderNo),
    uniqueIndex('order_info_pending_uq')
      .on(t.siteId, t.userId, t.productType, t.productId)
      .where(sql`order_status = 1`),
    index('order_info_user_idx').on(t.siteId, t.userId, t.id.desc()),
    index('order_info_lecturer_idx').on(t.siteId, t.lecturerUserId, t.payTime.desc()),
    index('order_info_status_idx').on(t.siteId, t.orderStatus, t.gmtCreate),
    index('order_info_pay_time_idx').on(t.siteId, t.payTime),
    index('order_info_referrer_idx').on(t.siteId, t.referrerId, t.payTime.desc()),
  ],
);

/**
 * One payment attempt of an order, under its own serial number (continue-pay adds one). Same status values.
 * `refundTradeNo` is the gateway's reference of the refund that returned this payment ('' when refunded by hand).
 */
export const orderPay = pgTable(
  'order_pay',
  {
    id: id(),
    siteId: siteId(),
    orderId: ref('order_id').notNull(),
    orderNo: ref('order_no').notNull(),
    serialNumber: ref('serial_number').notNull(),
    payType: text('pay_type').notNull(),
    amount: fen('amount'),
    orderStatus: integer('order_status').notNull().default(1),
    tradeNo: text('trade_no').notNull().default(''),
    payTime: timestamp('pay_time', { withTimezone: true }),
    refundTradeNo: text('refund_trade_no').notNull().default(''),
    ...gmt,
  },
  (t) => [
    uniqueIndex('order_pay_serial_uq').on(t.siteId, t.serialNumber),
    index('order_pay_order_idx').on(t.siteId, t.orderId),
  ],
);

/**
 * Every payment notice that reached a callback: result 1 accepted (the order was paid by it), 2 repeated (already
 * paid, nothing changed), 0 refused, with the reason. The raw body is kept, cut short, for disputes.
 */
export const payNoticeLog = pgTable(
  'pay_notice_log',
  {
    id: id(),
    siteId: siteId(),
    payType: text('pay_type').notNull(),
    serialNumber: text('serial_number').notNull().default(''),
    orderNo: ref('order_no'),
    amount: fen('amount'),
    tradeNo: text('trade_no').notNull().default(''),
    result: integer('result').notNull(),
    reason: text('reason').notNull().default(''),
    rawBody: text('raw_body').notNull().default(''),
    gmtCreate: gmt.gmtCreate,
  },
  (t) => [
    index('pay_notice_log_order_idx').on(t.siteId, t.orderNo),
    index('pay_notice_log_time_idx').on(t.siteId, t.gmtCreate),
  ],
);

/**
 * What the shop and a gateway disagree on, for the administrator to act on: a payment that arrived after its order
 * closed (kind late_paid), a second payment of a paid order (paid_twice: money owed back), and what the daily
 * reconciliation finds. One row per kind and attempt (serial number); status_id 1 open, 2 handled.
 */
export const payDifference = pgTable(
  'pay_difference',
  {
    id: id(),
    siteId: siteId(),
    kind: text('kind').notNull(),
    orderNo: ref('order_no').notNull(),
    serialNumber: ref('serial_number').notNull(),
    payType: text('pay_type').notNull(),
    amount: fen('amount'),
    detail: text('detail').notNull().default(''),
    statusId: integer('status_id').notNull().default(1),
    /** how it was handled: the refund's reference, or the administrator's words */
    handled: text('handled').notNull().default(''),
    ...gmt,
  },
  (t) => [
    uniqueIndex('pay_difference_uq').on(t.siteId, t.kind, t.serialNumber),
    index('pay_difference_open_idx').on(t.siteId, t.statusId, t.id.desc()),
  ],
);
