import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { gmt, id, ref, siteId, statusSort } from './common.ts';

/**
 * An enquiry left on /onlineRegistration (spec: /marketing/api/act/counsel/save). `followStatus` 1 new,
 * 2 contacted, 3 enrolled, 4 invalid; the administrator's note rides along.
 */
export const actCounsel = pgTable(
  'act_counsel',
  {
    id: id(),
    siteId: siteId(),
    userId: ref('user_id'),
    realName: text('real_name').notNull(),
    mobile: text('mobile').notNull(),
    subject: text('subject').notNull().default(''),
    content: text('content').notNull().default(''),
    clientIp: text('client_ip').notNull().default(''),
    followStatus: integer('follow_status').notNull().default(1),
    followRemark: text('follow_remark').notNull().default(''),
    followTime: timestamp('follow_time', { withTimezone: true }),
    ...gmt,
  },
  (t) => [
    index('act_counsel_site_idx').on(t.siteId, t.followStatus, t.id),
    index('act_counsel_mobile_idx').on(t.siteId, t.mobile, t.gmtCreate),
  ],
);

/** A platform introduction page (/terrace/:id) the administrator writes: title, summary and sanitised rich text. */
export const terracePage = pgTable(
  'terrace_page',
  {
    id: id(),
    siteId: siteId(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    content: text('content').notNull().default(''),
    ...gmt,
    ...statusSort,
  },
  (t) => [index('terrace_page_site_idx').on(t.siteId, t.statusId, t.sort, t.id)],
);
