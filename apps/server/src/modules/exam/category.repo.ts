import { and, asc, count, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { newId } from '../../platform/ids.ts';
import { examCategory, examPaperAudit, examProblem } from '../../db/schema/exam.ts';
import { examErrorProblem, examPractice } from '../../db/schema/exam-attempt.ts';

export type CategoryRow = typeof examCategory.$inferSelect;
export type CategoryValues = Pick<CategoryRow, 'categoryType' | 'categoryName' | 'sort' | 'statusId'>;

export function categoryRepo(db: Db) {
  /** How many rows of a table carry each of the categories, by its subject or year column. */
  async function usage(
    siteId: bigint,
    table: typeof examProblem | typeof examPaperAudit,
    ids: bigint[],
  ): Promise<Map<bigint, number>> {
    const out = new Map<bigint, number>();
    if (ids.length === 0) return out;
    for (const col of [table.subjectId, table.yearId]) {
      const rows = await db
        .select({ id: col, n: count() })
        .from(table)
        .where(and(eq(table.siteId, siteId), inArray(col, ids)))
        .groupBy(col);
      for (const r of rows) if (r.id !== null) out.set(r.id, (out.get(r.id) ?? 0) + r.n);
    }
    return out;
  }

  return {
    /** The enabled categories, as the forms and filters offer them. */
    list(siteId: bigint): Promise<CategoryRow[]> {
      return db
        .select()
        .from(examCategory)
        .where(and(eq(examCategory.siteId, siteId), eq(examCategory.statusId, 1)))
        .orderBy(asc(examCategory.categoryType), asc(examCategory.sort), asc(examCategory.id));
    },
    /** Every category, stopped ones included, for the administrator. */
    all(siteId: bigint, categoryType?: number): Promise<CategoryRow[]> {
      const conds: SQL[] = [eq(examCategory.siteId, siteId)];
      if (categoryType !== undefined) conds.push(eq(examCategory.categoryType, categoryType));
      return db
        .select()
        .from(examCategory)
        .where(and(...conds))
        .orderBy(asc(examCategory.categoryType), asc(examCategory.sort), asc(examCategory.id));
    },
    async byId(siteId: bigint, id: bigint): Promise<CategoryRow | undefined> {
      const [row] = await db
        .select()
        .from(examCategory)
        .where(and(eq(examCategory.siteId, siteId), eq(examCategory.id, id)))
        .limit(1);
      return row;
    },
    async nameTaken(siteId: bigint, categoryType: number, name: string, exceptId?: bigint): Promise<boolean> {
      const [row] = await db
        .select({ id: examCategory.id })
        .from(examCategory)
        .where(
          and(
            eq(examCategory.siteId, siteId),
            eq(examCategory.categoryType, categoryType),
            sql`lower(${examCategory.categoryName}) = lower(${name})`,
            exceptId === undefined ? undefined : ne(examCategory.id, exceptId),
          ),
        )
        .limit(1);
      return !!row;
    },
    async insert(siteId: bigint, values: CategoryValues): Promise<CategoryRow> {
      const [row] = await db
        .insert(examCategory)
        .values({ ...values, id: newId(), siteId })
        .returning();
      return row!;
    },
    async update(
      siteId: bigint,
      id: bigint,
      values: Omit<CategoryValues, 'categoryType'>,
    ): Promise<CategoryRow | undefined> {
      const [row] = await db
        .update(examCategory)
        .set({ ...values, gmtModified: new Date() })
        .where(and(eq(examCategory.siteId, siteId), eq(examCategory.id, id)))
        .returning();
      return row;
    },
    async remove(siteId: bigint, id: bigint): Promise<void> {
      await db.delete(examCategory).where(and(eq(examCategory.siteId, siteId), eq(examCategory.id, id)));
    },
    /** Problems and papers carrying each category (deleted problems too: old attempts still show the name). */
    async usageOf(
      siteId: bigint,
      ids: bigint[],
    ): Promise<{ problems: Map<bigint, number>; papers: Map<bigint, number> }> {
      const [problems, papers] = await Promise.all([
        usage(siteId, examProblem, ids),
        usage(siteId, examPaperAudit, ids),
      ]);
      return { problems, papers };
    },
    /** Whether a student's wrong-answer book or practice sets are filed under the category. */
    async usedByStudents(siteId: bigint, id: bigint): Promise<boolean> {
      const [book] = await db
        .select({ id: examErrorProblem.id })
        .from(examErrorProblem)
        .where(and(eq(examErrorProblem.siteId, siteId), eq(examErrorProblem.subjectId, id)))
        .limit(1);
      if (book) return true;
      const [practice] = await db
        .select({ id: examPractice.id })
        .from(examPractice)
        .where(and(eq(examPractice.siteId, siteId), eq(examPractice.subjectId, id)))
        .limit(1);
      return !!practice;
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
        .where(
          and(
            eq(examCategory.siteId, siteId),
            eq(examCategory.id, id),
            eq(examCategory.categoryType, categoryType),
            eq(examCategory.statusId, 1),
          ),
        )
        .limit(1);
      return !!row;
    },
  };
}
export type CategoryRepo = ReturnType<typeof categoryRepo>;
