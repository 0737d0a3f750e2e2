import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { gmt, id, ref, siteId, statusSort } from './common.ts';

/**
 * The published lecturer profile, copied from an approved application. `statusId` 1 lists it on the public
 * pages; `liveStatus` 0 none, 1 applied, 2 open, 3 refused is the separate permission to run live classes.
 */
export const lecturer = pgTable(
  'lecturer',
  {
    id: id(),
    siteId: siteId(),
    userId: ref('user_id').notNull(),
    lecturerName: text('lecturer_name').notNull(),
    lecturerMobile: text('lecturer_mobile').notNull().default(''),
    lecturerEmail: text('lecturer_email').notNull().default(''),
    position: text('position').notNull().default(''),
    headImgUrl: text('head_img_url').notNull().default(''),
    introduce: text('introduce').notNull().default(''),
    liveStatus: integer('live_status').notNull().default(0),
    liveReason: text('live_reason').notNull().default(''),
    liveOpinion: text('live_opinion').notNull().default(''),
    /** percent of each course sale credited to the lecturer (the administrator sets it) */
    shareRate: integer('share_rate').notNull().default(70),
    ...gmt,
    ...statusSort,
  },
  (t) => [
    uniqueIndex('lecturer_user_uq').on(t.siteId, t.userId),
    index('lecturer_list_idx').on(t.siteId, t.statusId, t.sort, t.id),
  ],
);

/** A user's application (and later profile edits): audit status 0 pending, 1 approved, 2 rejected. */
export const lecturerAudit = pgTable(
  'lecturer_audit',
  {
    id: id(),
    siteId: siteId(),
    userId: ref('user_id').notNull(),
    lecturerName: text('lecturer_name').notNull(),
    lecturerMobile: text('lecturer_mobile').notNull().default(''),
    lecturerEmail: text('lecturer_email').notNull().default(''),
    position: text('position').notNull().default(''),
    headImgUrl: text('head_img_url').notNull().default(''),
    introduce: text('introduce').notNull().default(''),
    auditStatus: integer('audit_status').notNull().default(0),
    auditOpinion: text('audit_opinion').notNull().default(''),
    auditTime: timestamp('audit_time', { withTimezone: true }),
    adminId: ref('admin_id'),
    ...gmt,
  },
  (t) => [
    uniqueIndex('lecturer_audit_user_uq').on(t.siteId, t.userId),
    index('lecturer_audit_status_idx').on(t.siteId, t.auditStatus, t.gmtModified),
  ],
);

/** A user following a lecturer. */
export const lecturerAttention = pgTable(
  'lecturer_attention',
  {
    id: id(),
    siteId: siteId(),
    userId: ref('user_id').notNull(),
    lecturerId: ref('lecturer_id').notNull(),
    gmtCreate: gmt.gmtCreate,
  },
  (t) => [
    uniqueIndex('lecturer_attention_uq').on(t.siteId, t.userId, t.lecturerId),
    index('lecturer_attention_lecturer_idx').on(t.siteId, t.lecturerId),
  ],
);
