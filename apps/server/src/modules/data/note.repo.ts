import { and, count, desc, eq } from 'drizzle-orm';
import type { TPageQuery } from '#contract/call.ts';
import type { Db } from '../../platform/db/client.ts';
import { pageWindow } from '../../platform/db/page.ts';
import { newId } from '../../platform/ids.ts';
import { noteLog } from '../../db/schema/study.ts';

export type NoteRow = typeof noteLog.$inferSelect;

/** Every query is scoped to the note's owner: one user never reaches another's notes. */
export function noteRepo(db: Db) {
  const own = (siteId: bigint, userId: bigint, id: bigint) =>
    and(eq(noteLog.siteId, siteId), eq(noteLog.userId, userId), eq(noteLog.id, id));
  return {
    async insert(values: Omit<typeof noteLog.$inferInsert, 'id'>): Promise<NoteRow> {
      const [row] = await db
        .insert(noteLog)
        .values({ ...values, id: newId() })
        .returning();
      return row!;
    },
    async update(
      siteId: bigint,
      userId: bigint,
      id: bigint,
      values: { position: number; content: string },
    ): Promise<NoteRow | undefined> {
      const [row] = await db
        .update(noteLog)
        .set({ ...values, gmtModified: new Date() })
        .where(own(siteId, userId, id))
        .returning();
      return row;
    },
    async own(siteId: bigint, userId: bigint, id: bigint): Promise<NoteRow | undefined> {
      const [row] = await db
        .select()
        .from(noteLog)
        .where(own(siteId, userId, id))
        .limit(1);
      return row;
    },
    async remove(siteId: bigint, userId: bigint, id: bigint): Promise<boolean> {
      return (
        (
          await db
            .delete(noteLog)
            .where(own(siteId, userId, id))
            .returning({ id: noteLog.id })
        ).length > 0
      );
    },
    async page(siteId: bigint, userId: bigint, q: TPageQuery & { courseId?: string; periodId?: string }) {
      const where = and(
        eq(noteLog.siteId, siteId),
        eq(noteLog.userId, userId),
        q.courseId ? eq(noteLog.courseId, BigInt(q.courseId)) : undefined,
        q.periodId ? eq(noteLog.periodId, BigInt(q.periodId)) : undefined,
      );
      const { limit, offset } = pageWindow(q);
      const [rows, [total]] = await Promise.all([
        db.select().from(noteLog).where(where).orderBy(desc(noteLog.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(noteLog).where(where),
      ]);
      return { rows, total: total!.n };
    },
  };
}
export type NoteRepo = ReturnType<typeof noteRepo>;
