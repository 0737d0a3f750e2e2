import { bigint, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { gmt, id, siteId } from './common.ts';

/**
 * The sandbox gateway's own trades, kept as a real gateway keeps them: one per serial number of a site, `status`
 * 0 created, 1 paid, 2 refunded; `tradeNo` is the sandbox's transaction number, given when paid; `refundNo` is
 * the shop's number of the one refund a trade takes (a repeat of it is answered, another one refused). Nothing
 * here is an order: the orders module learns of a payment only through the signed notice.
 */
export const paySandboxTrade = pgTable(
  'pay_sandbox_trade',
  {
    id: id(),
    siteId: siteId(),
    serialNumber: text('serial_number').notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    subject: text('subject').notNull(),
    notifyUrl: text('notify_url').notNull(),
    returnUrl: text('return_url').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    status: integer('status').notNull().default(0),
    tradeNo: text('trade_no'),
    gmtPaid: timestamp('gmt_paid', { withTimezone: true }),
    refundNo: text('refund_no'),
    refundAmountFen: bigint('refund_amount_fen', { mode: 'number' }).notNull().default(0),
    gmtRefunded: timestamp('gmt_refunded', { withTimezone: true }),
    ...gmt,
  },
  (t) => [uniqueIndex('pay_sandbox_trade_serial_uq').on(t.siteId, t.serialNumber)],
);

/** Secrets of the payment platform made on first use (the sandbox's notice-signing key when none is configured). */
export const paySecret = pgTable('pay_secret', {
  name: text('name').primaryKey(),
  secret: text('secret').notNull(),
  gmtCreate: timestamp('gmt_create', { withTimezone: true }).notNull().defaultNow(),
});
