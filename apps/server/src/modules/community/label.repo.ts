import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { newId } from '../../platform/ids.ts';
import { communityLabel, question } from '../../db/schema/community-question.ts';

export type LabelRow = typeof communityLabel.$inferSelect;
export interface LabelValues {
  labelName: string;
  sort: number;
  statusId: number;
}

export function labelRepo(db: Db) {
  const bySite = (siteId: bigint, labelType: number) =>
    and(eq(communityLabel.siteId, siteId), eq(communityLabel.labelType, labelType));
  return {
    async list(siteId: bigint, labelType: number, onlyActive: boolean): Promise<LabelRow[]> {
      const where = onlyActive
        ? and(bySite(siteId, labelType), eq(communityLabel.statusId, 1))
        : bySite(siteId, labelType);
      return db.select().from(communityLabel).where(where).orderBy(asc(communityLabel.sort), asc(communityLabel.id));
    },
    async byIds(siteId: bigint, ids: bigint[]): Promise<LabelRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(communityLabel)
        .where(and(eq(communityLabel.siteId, siteId), inArray(communityLabel.id, ids)));
    },
    async byName(siteId: bigint, labelType: number, labelName: string): Promise<LabelRow | undefined> {
      const [row] = await db
        .select()
        .from(communityLabel)
        .where(and(bySite(siteId, labelType), eq(communityLabel.labelName, labelName)))
        .limit(1);
      return row;
    },
    async insert(siteId: bigint, labelType: number, v: LabelValues): Promise<LabelRow> {
      const [row] = await db
        .insert(communityLabel)
        .values({ id: newId(), siteId, labelType, ...v })
        .returning();
      return row!;
    },
    async update(siteId: bigint, id: bigint, v: LabelValues): Promise<LabelRow | undefined> {
      const [row] = await db
        .update(communityLabel)
        .set({ ...v, gmtModified: new Date() })
        .where(and(eq(communityLabel.siteId, siteId), eq(communityLabel.id, id)))
        .returning();
      return row;
    },
    /** Deletes the label and takes it off every question that named it. */
    async remove(siteId: bigint, id: bigint): Promise<boolean> {
      const rows = await db
        .delete(communityLabel)
        .where(and(eq(communityLabel.siteId, siteId), eq(communityLabel.id, id)))
        .returning({ id: communityLabel.id });
      await db
        .update(question)
        .set({ labelIds: sql`array_remove(${question.labelIds}, ${id}::bigint)` })
        .where(and(eq(question.siteId, siteId), sql`${question.labelIds} @> array[${id}::bigint]`));
      return rows.length > 0;
    },
    async setSort(siteId: bigint, ids: bigint[]): Promise<void> {
      for (const [i, id] of ids.entries()) {
        await db
          .update(communityLabel)
          .set({ sort: (i + 1) * 10, gmtModified: new Date() })
          .where(and(eq(communityLabel.siteId, siteId), eq(communityLabel.id, id)));
      }
    },
  };
}
export type LabelRepo = ReturnType<typeof labelRepo>;
