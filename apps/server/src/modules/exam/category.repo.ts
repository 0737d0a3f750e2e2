import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { examCategory } from '../../db/schema/exam.ts';

export type CategoryRow = typeof examCategory.$inferSelect;

export function categoryRepo(db: Db) {
  return {
    list(siteId: bigint): Promise<CategoryRow[]> {
      return db
        .select()
        .from(examCategory)
        .where(and(eq(examCategory.siteId, siteId), eq(examCategory.statusId, 1)))
        .orderBy(asc(examCategory.categoryType), asc(examCategory.sort), asc(examCategory.id));
    },
    async names(siteId: bigint, ids: (bigint | null)[]): Promise<Map<bigint, string>> {
      const wanted = [...new Set(ids.filter((x): x is bigint => x !== null))];
      if (wanted.length === 0) return new Map();
      const rows = await db
        .select({ id: examCategory.id, name: examCategory.categoryName })
        .from(examCategory)
        .where(and(eq(examCategory.siteId, siteId), inArray(examCategory.id, wanted)));
      return new Map(rows.map((r) => [r.id, r.name]));
    },
    async exists(siteId: bigint, id: bigint, categoryType: number): Promise<boolean> {
      const [row] = await db
        .select({ id: examCategory.id })
        .from(examCategory)
        .where(and(eq(examCategory.siteId, siteId), eq(examCategory.id, id), eq(examCategory.categoryType, categoryType), eq(examCategory.statusId, 1)))
        .limit(1);
      return !!row;
    },
  };
}
export type CategoryRepo = ReturnType<typeof categoryRepo>;
