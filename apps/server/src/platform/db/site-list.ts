import { and, asc, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';
import { newId } from '../ids.ts';

/** A site-owned table with the common columns. */
export type SiteListTable = PgTable & {
  id: PgColumn;
  siteId: PgColumn;
  sort: PgColumn;
  statusId: PgColumn;
  gmtModified: PgColumn;
};

/**
 * The queries every simple site list needs (header nav, footer nav, articles, links, ads, banners, zones):
 * listed in sort order, always filtered by site.
 */
export function siteListRepo<T extends SiteListTable>(db: Db, table: T) {
  type Row = T['$inferSelect'];
  type Insert = Omit<T['$inferInsert'], 'id' | 'siteId'>;
  const t = table as SiteListTable;
  return {
    async list(siteId: bigint, opts: { enabledOnly?: boolean; where?: ReturnType<typeof eq> } = {}): Promise<Row[]> {
      const conds = [eq(t.siteId, siteId)];
      if (opts.enabledOnly) conds.push(eq(t.statusId, 1));
      if (opts.where) conds.push(opts.where);
      return (await db
        .select()
        .from(t)
        .where(and(...conds))
        .orderBy(asc(t.sort), asc(t.id))) as Row[];
    },
    async get(siteId: bigint, id: bigint): Promise<Row | undefined> {
      const [row] = await db
        .select()
        .from(t)
        .where(and(eq(t.siteId, siteId), eq(t.id, id)))
        .limit(1);
      return row as Row | undefined;
    },
    async insert(siteId: bigint, values: Insert): Promise<Row> {
      const [row] = await db
        .insert(t)
        .values({ ...values, id: newId(), siteId } as T['$inferInsert'])
        .returning();
      return row as Row;
    },
    async update(siteId: bigint, id: bigint, values: Partial<Insert>): Promise<Row | undefined> {
      const [row] = await db
        .update(t)
        .set({ ...values, gmtModified: new Date() } as never)
        .where(and(eq(t.siteId, siteId), eq(t.id, id)))
        .returning();
      return row as Row | undefined;
    },
    async remove(siteId: bigint, id: bigint): Promise<boolean> {
      const rows = await db
        .delete(t)
        .where(and(eq(t.siteId, siteId), eq(t.id, id)))
        .returning({ id: t.id });
      return rows.length > 0;
    },
  };
}
export type SiteListRepo<T extends SiteListTable> = ReturnType<typeof siteListRepo<T>>;
