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
