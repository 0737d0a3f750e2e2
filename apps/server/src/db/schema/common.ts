import { bigint, integer, timestamp } from 'drizzle-orm/pg-core';

/** Common columns of spec/DESIGN: id, site_id, gmt_create, gmt_modified, status_id, sort. */
export const id = () => bigint('id', { mode: 'bigint' }).primaryKey();
export const siteId = () => bigint('site_id', { mode: 'bigint' }).notNull();
export const ref = (name: string) => bigint(name, { mode: 'bigint' });
export const gmt = {
  gmtCreate: timestamp('gmt_create', { withTimezone: true }).notNull().defaultNow(),
  gmtModified: timestamp('gmt_modified', { withTimezone: true }).notNull().defaultNow(),
};
export const statusSort = {
  statusId: integer('status_id').notNull().default(1),
  sort: integer('sort').notNull().default(100),
};
