import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { gmt, id, ref, siteId, statusSort } from './common.ts';

/** Spec §3 User info: login and profile in one row. userType 1 normal, 2 lecturer, 3 organisation. */
export const user = pgTable(
  'user',
  {
    id: id(),
    siteId: siteId(),
    mobile: text('mobile').notNull(),
    passwordHash: text('password_hash').notNull(),
    nickname: text('nickname').notNull().default(''),
    headImgUrl: text('head_img_url').notNull().default(''),
    userType: integer('user_type').notNull().default(1),
    isRecommended: integer('is_recommended').notNull().default(0),
    referralCode: text('referral_code').notNull(),
    referrerId: ref('referrer_id'),
    vipExpireAt: timestamp('vip_expire_at', { withTimezone: true }),
    ...gmt,
    ...statusSort,
  },
  (t) => [
    uniqueIndex('user_site_mobile_uq').on(t.siteId, t.mobile),
    uniqueIndex('user_site_referral_uq').on(t.siteId, t.referralCode),
    index('user_site_referrer_idx').on(t.siteId, t.referrerId),
  ],
);

/** SMS codes: only a hash is kept; a code is single use and counts its wrong guesses. */
export const smsCode = pgTable(
  'sms_code',
  {
    id: id(),
    siteId: siteId(),
    mobile: text('mobile').notNull(),
    codeHash: text('code_hash').notNull(),
    ip: text('ip').notNull().default(''),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    wrongTries: integer('wrong_tries').notNull().default(0),
    gmtCreate: gmt.gmtCreate,
  },
  (t) => [
    index('sms_code_mobile_idx').on(t.siteId, t.mobile, t.gmtCreate),
    index('sms_code_ip_idx').on(t.ip, t.gmtCreate),
  ],
);

/** Logins and registrations, for the user's own security and the admin's review. */
export const userLoginLog = pgTable(
  'user_login_log',
  {
    id: id(),
    siteId: siteId(),
    userId: ref('user_id'),
    mobile: text('mobile').notNull(),
    loginStatus: integer('login_status').notNull(),
    loginType: text('login_type').notNull(),
    clientType: integer('client_type').notNull().default(1),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    gmtCreate: gmt.gmtCreate,
  },
  (t) => [index('user_login_log_user_idx').on(t.siteId, t.userId, t.gmtCreate)],
);
