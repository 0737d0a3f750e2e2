import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { gmt, id, ref, siteId } from './common.ts';

const fen = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/**
 * A user's money: available (may be withdrawn), frozen (held by withdrawals under way), withdrawn (paid out),
 * and the running totals of shares and rewards. Changed only together with a ledger row in the same transaction.
 */
export const moneyAccount = pgTable(
  'money_account',
  {
    id: id(),
    siteId: siteId(),
    userId: ref('user_id').notNull(),
    availableAmount: fen('available_amount'),
    frozenAmount: fen('frozen_amount'),
    withdrawnAmount: fen('withdrawn_amount'),
    totalShare: fen('total_share'),
    totalReward: fen('total_reward'),
    ...gmt,
  },
  (t) => [
    uniqueIndex('money_account_user_uq').on(t.siteId, t.userId),
    index('money_account_available_idx').on(t.siteId, t.availableAmount.desc()),
  ],
);

/**
 * One change of one account, never edited: its change to each balance and the balances after it. kind: share,
 * reward, share_reversal, reward_reversal, withdraw_freeze, withdraw_unfreeze, withdraw_paid. An order credits a
 * user at most once per kind, and a withdrawal moves money once per kind (the partial unique indexes).
 */
export const accountLedger = pgTable(
  'account_ledger',
  {
    id: id(),
    siteId: siteId(),
    userId: ref('user_id').notNull(),
    kind: text('kind').notNull(),
    availableDelta: fen('available_delta'),
    frozenDelta: fen('frozen_delta'),
    withdrawnDelta: fen('withdrawn_delta'),
    availableAfter: fen('available_after'),
    frozenAfter: fen('frozen_after'),
    withdrawnAfter: fen('withdrawn_after'),
    orderNo: ref('order_no'),
    extractId: ref('extract_id'),
    remark: text('remark').notNull().default(''),
    gmtCreate: gmt.gmtCreate,
  },
  (t) => [
    index('account_ledger_user_idx').on(t.siteId, t.userId, t.id.desc()),
    index('account_ledger_order_idx').on(t.siteId, t.orderNo),
    uniqueIndex('account_ledger_order_uq')
      .on(t.siteId, t.orderNo, t.userId, t.kind)
      .where(sql`order_no is not null`),
    uniqueIndex('account_ledger_extract_uq')
      .on(t.siteId, t.extractId, t.kind)
      .where(sql`extract_id is not null`),
  ],
);

/**
 * A withdrawal to the user's bank card (the card copied as it was). extract_status 1 under review, 2 paying,
 * 3 confirming, 4 success, 5 failed; `remark` says why it failed.
 */
export const accountExtract = pgTable(
  'account_extract',
  {
    id: id(),
    siteId: siteId(),
    userId: ref('user_id').notNull(),
    extractAmount: fen('extract_amount'),
    extractStatus: integer('extract_status').notNull().default(1),
    bankCardNo: text('bank_card_no').notNull(),
    bankName: text('bank_name').notNull(),
    bankBranchName: text('bank_branch_name').notNull().default(''),
    bankUserName: text('bank_user_name').notNull(),
    remark: text('remark').notNull().default(''),
    adminId: ref('admin_id'),
    auditTime: timestamp('audit_time', { withTimezone: true }),
    finishTime: timestamp('finish_time', { withTimezone: true }),
    ...gmt,
  },
  (t) => [
    index('account_extract_user_idx').on(t.siteId, t.userId, t.id.desc()),
    index('account_extract_status_idx').on(t.siteId, t.extractStatus, t.id),
  ],
);
