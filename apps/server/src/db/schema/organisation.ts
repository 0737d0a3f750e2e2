import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { gmt, id, ref, siteId } from './common.ts';

/**
 * An organisation's (userType 3) public school page: its name, logo and introduction (sanitised rich text).
 * One row per organisation account, made on its first edit; until then the page shows the account's nickname.
 */
export const orgProfile = pgTable(
  'org_profile',
  {
    id: id(),
    siteId: siteId(),
    userId: ref('user_id').notNull(),
    orgName: text('org_name').notNull(),
    logoUrl: text('logo_url').notNull().default(''),
    summary: text('summary').notNull().default(''),
    introduce: text('introduce').notNull().default(''),
    ...gmt,
  },
  (t) => [uniqueIndex('org_profile_user_uq').on(t.siteId, t.userId)],
);

/**
 * A lecturer teaching for an organisation (decision 47). `status` 1 invited, 2 accepted, 3 declined, 4 ended
 * (removed by the organisation or left by the lecturer). A lecturer teaches for at most one organisation at a time,
 * and an organisation has at most one open invitation or relation with a lecturer.
 */
export const orgLecturer = pgTable(
  'org_lecturer',
  {
    id: id(),
    siteId: siteId(),
    orgUserId: ref('org_user_id').notNull(),
    lecturerUserId: ref('lecturer_user_id').notNull(),
    status: integer('status').notNull().default(1),
    remark: text('remark').notNull().default(''),
    answerTime: timestamp('answer_time', { withTimezone: true }),
    ...gmt,
  },
  (t) => [
    index('org_lecturer_org_idx').on(t.siteId, t.orgUserId, t.status, t.id),
    index('org_lecturer_lecturer_idx').on(t.siteId, t.lecturerUserId, t.status, t.id),
    uniqueIndex('org_lecturer_open_uq')
      .on(t.siteId, t.orgUserId, t.lecturerUserId)
      .where(sql`status in (1, 2)`),
    uniqueIndex('org_lecturer_one_org_uq')
      .on(t.siteId, t.lecturerUserId)
      .where(sql`status = 2`),
  ],
);
