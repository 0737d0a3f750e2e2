import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { gmt, id, ref, siteId } from './common.ts';

/** A WeChat identity bound to a user; `provider` keeps development identities apart from real ones. */
export const userWechat = pgTable(
  'user_wechat',
  {
    id: id(),
    siteId: siteId(),
    userId: ref('user_id').notNull(),
    provider: text('provider').notNull(),
    openId: text('open_id').notNull(),
    ...gmt,
  },
  (t) => [
    uniqueIndex('user_wechat_open_id_uq').on(t.siteId, t.provider, t.openId),
    uniqueIndex('user_wechat_user_uq').on(t.siteId, t.userId, t.provider),
  ],
);

/** The bank card a user is paid out to (one per user). */
export const userBankAccount = pgTable(
  'user_bank_account',
  {
    id: id(),
    siteId: siteId(),
    userId: ref('user_id').notNull(),
    bankCardNo: text('bank_card_no').notNull(),
    bankName: text('bank_name').notNull(),
    bankBranchName: text('bank_branch_name').notNull().default(''),
    bankUserName: text('bank_user_name').notNull(),
    bankIdCardNo: text('bank_id_card_no').notNull(),
    ...gmt,
  },
  (t) => [uniqueIndex('user_bank_account_user_uq').on(t.siteId, t.userId)],
);

/** A learner's answers to the study survey (one per user), kept as columns so the admin can count them. */
export const userResearch = pgTable(
  'user_research',
  {
    id: id(),
    siteId: siteId(),
    userId: ref('user_id').notNull(),
    education: text('education').notNull(),
    occupation: text('occupation').notNull(),
    learnGoal: text('learn_goal').notNull(),
    interests: text('interests').array().notNull().default([]),
    weeklyHours: text('weekly_hours').notNull(),
    source: text('source').notNull().default(''),
    remark: text('remark').notNull().default(''),
    ...gmt,
  },
  (t) => [uniqueIndex('user_research_user_uq').on(t.siteId, t.userId)],
);

/** Face verification outcomes: 1 passed, 0 failed, with the reason a failure gave. */
export const userFaceLog = pgTable(
  'user_face_log',
  {
    id: id(),
    siteId: siteId(),
    userId: ref('user_id').notNull(),
    faceToken: text('face_token').notNull(),
    scene: text('scene').notNull().default(''),
    result: integer('result').notNull(),
    reason: text('reason').notNull().default(''),
    provider: text('provider').notNull(),
    gmtCreate: timestamp('gmt_create', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('user_face_log_user_idx').on(t.siteId, t.userId, t.gmtCreate),
    uniqueIndex('user_face_log_token_uq').on(t.siteId, t.faceToken, t.result),
  ],
);
