import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { gmt, id, ref, siteId, statusSort } from './common.ts';

/**
 * A site message: to one user or to everyone, sent at `sendTime`. Delivery makes one msg_user row per
 * recipient; `isSend` turns 1 once delivery has started, so an unsent message can still be withdrawn.
 */
export const msg = pgTable(
  'msg',
  {
    id: id(),
    siteId: siteId(),
    msgType: integer('msg_type').notNull().default(1),
    msgTitle: text('msg_title').notNull(),
    msgText: text('msg_text').notNull(),
    targetKind: text('target_kind').notNull(),
    targetUserId: ref('target_user_id'),
    sendTime: timestamp('send_time', { withTimezone: true }).notNull(),
    isSend: integer('is_send').notNull().default(0),
    sentCount: integer('sent_count').notNull().default(0),
    createdBy: text('created_by').notNull(),
    adminId: ref('admin_id'),
    ...gmt,
    ...statusSort,
  },
  (t) => [index('msg_site_idx').on(t.siteId, t.createdBy, t.id)],
);

/** One message in one user's inbox; the pair is unique, so a repeated fan-out delivers nothing twice. */
export const msgUser = pgTable(
  'msg_user',
  {
    id: id(),
    siteId: siteId(),
    msgId: ref('msg_id').notNull(),
    userId: ref('user_id').notNull(),
    isRead: integer('is_read').notNull().default(0),
    readTime: timestamp('read_time', { withTimezone: true }),
    gmtCreate: gmt.gmtCreate,
  },
  (t) => [
    uniqueIndex('msg_user_user_msg_uq').on(t.siteId, t.userId, t.msgId),
    index('msg_user_inbox_idx').on(t.siteId, t.userId, t.id),
    index('msg_user_unread_idx').on(t.siteId, t.userId, t.isRead),
    index('msg_user_msg_idx').on(t.siteId, t.msgId, t.isRead),
  ],
);
