import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { newId } from '../../platform/ids.ts';
import { terracePage } from '../../db/schema/marketing.ts';

export type TerraceRow = typeof terracePage.$inferSelect;
export type TerraceValues = Pick<TerraceRow, 'title' | 'summary' | 'content' | 'statusId' | 'sort'>;

export function terraceRepo(db: Db) {
  return {
    async byId(siteId: bigint, id: bigint): Promise<TerraceRow | undefined> {
      const [row] = await db
        .select()
        .from(terracePage)
        .where(and(eq(terracePage.siteId, siteId), eq(terracePage.id, id)))
        .limit(1);
      return row;
    },
    list(siteId: bigint, shownOnly: boolean): Promise<TerraceRow[]> {
      return db
        .select()
        .from(terracePage)
        .where(and(eq(terracePage.siteId, siteId), shownOnly ? eq(terracePage.statusId, 1) : undefined))
        .orderBy(asc(terracePage.sort), asc(terracePage.id));
    },
    async insert(siteId: bigint, v: TerraceValues): Promise<TerraceRow> {
      const [row] = await db
        .insert(terracePage)
        .values({ ...v, id: newId(), siteId })
        .returning();
      return row!;
    },
    async update(siteId: bigint, id: bigint, v: TerraceValues): Promise<TerraceRow | undefined> {
      const [row] = await db
        .update(terracePage)
        .set({ ...v, gmtModified: new Date() })
        .where(and(eq(terracePage.siteId, siteId), eq(terracePage.id, id)))
        .returning();
      return row;
    },
    async remove(siteId: bigint, id: bigint): Promise<boolean> {
      const rows = await db
        .delete(terracePage)
        .where(and(eq(terracePage.siteId, siteId), eq(terracePage.id, id)))
        .returning({ id: terracePage.id });
      return rows.length > 0;
    },
  };
}
export type TerraceRepo = ReturnType<typeof terraceRepo>;
