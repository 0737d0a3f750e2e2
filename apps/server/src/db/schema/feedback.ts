import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { gmt, id, ref, siteId } from './common.ts';

/** A user's feedback (spec: data/feedback/log) and the administrator's reply. */
export const feedbackLog = pgTable(
  'feedback_log',
  {
    id: id(),
    siteId: siteId(),
    userId: ref('user_id').notNull(),
    feedbackType: integer('feedback_type').notNull().default(1),
    content: text('content').notNull(),
    contact: text('contact').notNull().default(''),
    imgUrls: text('img_urls').array().notNull().default([]),
    replyText: text('reply_text').notNull().default(''),
    replyTime: timestamp('reply_time', { withTimezone: true }),
    replyAdminId: ref('reply_admin_id'),
    ...gmt,
  },
  (t) => [
    index('feedback_log_user_idx').on(t.siteId, t.userId, t.id),
    index('feedback_log_site_idx').on(t.siteId, t.replyTime, t.id),
  ],
);
