import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { TPageQuery } from '#contract/call.ts';
import { ApplyStatus } from '#contract/grade.ts';
import type { Db } from '../../platform/db/client.ts';
import { pageWindow } from '../../platform/db/page.ts';
import { newId } from '../../platform/ids.ts';
import { gradeApply } from '../../db/schema/grade.ts';

export type GradeApplyRow = typeof gradeApply.$inferSelect;

/**
 * Applications to join a class: made by learners, decided by the teacher or a class admin. Part of the class
 * repository (`gradeRepo`), whose tip counts count those pending.
 */
export function gradeApplyRepo(db: Db) {
  return {
    /** A pending application; undefined when one is already pending. */
    async apply(siteId: bigint, gradeId: bigint, userId: bigint, applyRemark: string) {
      const [row] = await db
        .insert(gradeApply)
        .values({ id: newId(), siteId, gradeId, userId, applyRemark })
        .onConflictDoNothing()
        .returning();
      return row;
    },
    async pendingOf(siteId: bigint, gradeId: bigint, userId: bigint): Promise<GradeApplyRow | undefined> {
      const [row] = await db
        .select()
        .from(gradeApply)
        .where(
          and(
            eq(gradeApply.siteId, siteId),
            eq(gradeApply.gradeId, gradeId),
            eq(gradeApply.userId, userId),
            eq(gradeApply.applyStatus, ApplyStatus.PENDING),
          ),
        )
        .limit(1);
      return row;
    },
    async appliesByIds(siteId: bigint, ids: bigint[]): Promise<GradeApplyRow[]> {
      if (!ids.length) return [];
      return db
        .select()
        .from(gradeApply)
        .where(and(eq(gradeApply.siteId, siteId), inArray(gradeApply.id, ids)));
    },
    async applyPage(siteId: bigint, gradeId: bigint, applyStatus: number, q: TPageQuery) {
      const where = and(
        eq(gradeApply.siteId, siteId),
        eq(gradeApply.gradeId, gradeId),
        applyStatus ? eq(gradeApply.applyStatus, applyStatus) : undefined,
      );
      const { limit, offset } = pageWindow(q);
      const [rows, [total]] = await Promise.all([
        db.select().from(gradeApply).where(where).orderBy(desc(gradeApply.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(gradeApply).where(where),
      ]);
      return { rows, total: total!.n };
    },
    /** Decides a pending application; undefined when it was no longer pending (decided meanwhile). */
    async decide(siteId: bigint, id: bigint, applyStatus: number, auditUserId: bigint, auditOpinion: string) {
      const now = new Date();
      const [row] = await db
        .update(gradeApply)
        .set({ applyStatus, auditUserId, auditOpinion, auditTime: now, gmtModified: now })
        .where(
          and(eq(gradeApply.siteId, siteId), eq(gradeApply.id, id), eq(gradeApply.applyStatus, ApplyStatus.PENDING)),
        )
        .returning();
      return row;
    },
    /** A disbanded class's pending applications are set aside. */
    async ignorePending(siteId: bigint, gradeId: bigint, now: Date): Promise<void> {
      await db
        .update(gradeApply)
        .set({ applyStatus: ApplyStatus.IGNORED, gmtModified: now })
        .where(
          and(
            eq(gradeApply.siteId, siteId),
            eq(gradeApply.gradeId, gradeId),
            eq(gradeApply.applyStatus, ApplyStatus.PENDING),
          ),
        );
    },
  };
}
