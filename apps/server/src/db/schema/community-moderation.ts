import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { gmt, id, ref, siteId } from './common.ts';

/**
 * A site's sensitive words, as the administrator typed them; `wordKey` is the word as the matcher sees it
 * (lower case, half-width, no spaces), so 「代开 发票」 and 「代开发票」 are one word.
 */
export const sensitiveWord = pgTable(
  'sensitive_word',
  {
    id: id(),
    siteId: siteId(),
    word: text('word').notNull(),
    wordKey: text('word_key').notNull(),
    addedBy: ref('added_by'),
    gmtCreate: gmt.gmtCreate,
  },
  (t) => [
    uniqueIndex('sensitive_word_site_key_uq').on(t.siteId, t.wordKey),
    index('sensitive_word_site_idx').on(t.siteId, t.id),
  ],
);

/**
 * A user's report of a piece of community content. `status` is pending, hidden (an administrator hid the target)
 * or dismissed; a reporter has at most one pending report of a target, so repeated clicks do not pile up.
 */
export const contentReport = pgTable(
  'content_report',
  {
    id: id(),
    siteId: siteId(),
    reporterId: ref('reporter_id').notNull(),
    kind: text('kind').notNull(),
    targetId: ref('target_id').notNull(),
    reason: text('reason').notNull(),
    text: text('text').notNull().default(''),
    status: text('status').notNull().default('pending'),
    handledBy: ref('handled_by'),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    gmtCreate: gmt.gmtCreate,
  },
  (t) => [
    uniqueIndex('content_report_pending_uq')
      .on(t.siteId, t.reporterId, t.kind, t.targetId)
      .where(sql`${t.status} = 'pending'`),
    index('content_report_target_idx').on(t.siteId, t.kind, t.targetId, t.status),
    index('content_report_queue_idx').on(t.siteId, t.status, t.id),
  ],
);
