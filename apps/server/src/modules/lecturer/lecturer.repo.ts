import { and, asc, count, desc, eq, ilike, inArray, like, type SQL } from 'drizzle-orm';
import type { TPageQuery } from '#contract/call.ts';
import type { Db } from '../../platform/db/client.ts';
import { containing, pageWindow } from '../../platform/db/page.ts';
import { lecturer, lecturerAttention, lecturerAudit } from '../../db/schema/lecturer.ts';
import { newId } from '../../platform/ids.ts';

export type LecturerRow = typeof lecturer.$inferSelect;
export type AuditRow = typeof lecturerAudit.$inferSelect;
export type Profile = Pick<
  AuditRow,
  'lecturerName' | 'lecturerMobile' | 'lecturerEmail' | 'position' | 'headImgUrl' | 'introduce'
>;

export function lecturerRepo(db: Db) {
  async function paged<T>(
    q: TPageQuery,
    where: SQL | undefined,
    table: typeof lecturer | typeof lecturerAudit,
    order: SQL[],
  ) {
    const { limit, offset } = pageWindow(q);
    const rows = (await db
      .select()
      .from(table)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset)) as T[];
    const [total] = await db.select({ n: count() }).from(table).where(where);
    return { rows, total: total!.n };
  }

  return {
    async auditByUser(siteId: bigint, userId: bigint): Promise<AuditRow | undefined> {
      const [row] = await db
        .select()
        .from(lecturerAudit)
        .where(and(eq(lecturerAudit.siteId, siteId), eq(lecturerAudit.userId, userId)))
        .limit(1);
      return row;
    },
    async auditById(siteId: bigint, id: bigint): Promise<AuditRow | undefined> {
      const [row] = await db
        .select()
        .from(lecturerAudit)
        .where(and(eq(lecturerAudit.siteId, siteId), eq(lecturerAudit.id, id)))
        .limit(1);
      return row;
    },
    /** Inserts the application; undefined when the user already has one (two quick submits). */
    async insertAudit(siteId: bigint, userId: bigint, profile: Profile): Promise<AuditRow | undefined> {
      const [row] = await db
        .insert(lecturerAudit)
        .values({ ...profile, id: newId(), siteId, userId })
        .onConflictDoNothing()
        .returning();
      return row;
    },
    /** Updates an application, optionally only while it still has the status the caller saw. */
    async updateAudit(
      siteId: bigint,
      id: bigint,
      values: Partial<typeof lecturerAudit.$inferInsert>,
      whenStatus?: number,
    ): Promise<AuditRow | undefined> {
      const conds = [eq(lecturerAudit.siteId, siteId), eq(lecturerAudit.id, id)];
      if (whenStatus !== undefined) conds.push(eq(lecturerAudit.auditStatus, whenStatus));
      const [row] = await db
        .update(lecturerAudit)
        .set({ ...values, gmtModified: new Date() })
        .where(and(...conds))
        .returning();
      return row;
    },
    auditPage(siteId: bigint, q: TPageQuery & { auditStatus?: number; lecturerName: string; mobile: string }) {
      const conds: SQL[] = [eq(lecturerAudit.siteId, siteId)];
      if (q.auditStatus !== undefined) conds.push(eq(lecturerAudit.auditStatus, q.auditStatus));
      if (q.lecturerName) conds.push(ilike(lecturerAudit.lecturerName, containing(q.lecturerName)));
      if (q.mobile) conds.push(like(lecturerAudit.lecturerMobile, containing(q.mobile)));
      return paged<AuditRow>(q, and(...conds), lecturerAudit, [
        asc(lecturerAudit.auditStatus),
        desc(lecturerAudit.gmtModified),
      ]);
    },

    async byUser(siteId: bigint, userId: bigint): Promise<LecturerRow | undefined> {
      const [row] = await db
        .select()
        .from(lecturer)
        .where(and(eq(lecturer.siteId, siteId), eq(lecturer.userId, userId)))
        .limit(1);
      return row;
    },
    async byId(siteId: bigint, id: bigint): Promise<LecturerRow | undefined> {
      const [row] = await db
        .select()
        .from(lecturer)
        .where(and(eq(lecturer.siteId, siteId), eq(lecturer.id, id)))
        .limit(1);
      return row;
    },
    /** Publishes a profile: creates the lecturer or replaces the published fields, and lists it. */
    async publish(siteId: bigint, userId: bigint, profile: Profile): Promise<LecturerRow> {
      const [row] = await db
        .insert(lecturer)
        .values({ ...profile, id: newId(), siteId, userId })
        .onConflictDoUpdate({
          target: [lecturer.siteId, lecturer.userId],
          set: { ...profile, statusId: 1, gmtModified: new Date() },
        })
        .returning();
      return row!;
    },
    async update(
      siteId: bigint,
      id: bigint,
      values: Partial<typeof lecturer.$inferInsert>,
      whenLive?: number,
    ): Promise<LecturerRow | undefined> {
      const conds = [eq(lecturer.siteId, siteId), eq(lecturer.id, id)];
      if (whenLive !== undefined) conds.push(eq(lecturer.liveStatus, whenLive));
      const [row] = await db
        .update(lecturer)
        .set({ ...values, gmtModified: new Date() })
        .where(and(...conds))
        .returning();
      return row;
    },
    async setListed(siteId: bigint, userId: bigint, listed: boolean): Promise<void> {
      await db
        .update(lecturer)
        .set({ statusId: listed ? 1 : 0, gmtModified: new Date() })
        .where(and(eq(lecturer.siteId, siteId), eq(lecturer.userId, userId)));
    },
    listedPage(siteId: bigint, q: TPageQuery & { lecturerName: string }) {
      const conds: SQL[] = [eq(lecturer.siteId, siteId), eq(lecturer.statusId, 1)];
      if (q.lecturerName) conds.push(ilike(lecturer.lecturerName, containing(q.lecturerName)));
      return paged<LecturerRow>(q, and(...conds), lecturer, [asc(lecturer.sort), asc(lecturer.id)]);
    },
    adminPage(siteId: bigint, q: TPageQuery & { lecturerName: string; liveStatus?: number }) {
      const conds: SQL[] = [eq(lecturer.siteId, siteId)];
      if (q.lecturerName) conds.push(ilike(lecturer.lecturerName, containing(q.lecturerName)));
      if (q.liveStatus !== undefined) conds.push(eq(lecturer.liveStatus, q.liveStatus));
      return paged<LecturerRow>(q, and(...conds), lecturer, [desc(lecturer.gmtModified)]);
    },

    async attentionCounts(siteId: bigint, lecturerIds: bigint[]): Promise<Map<bigint, number>> {
      if (lecturerIds.length === 0) return new Map();
      const rows = await db
        .select({ lecturerId: lecturerAttention.lecturerId, n: count() })
        .from(lecturerAttention)
        .where(and(eq(lecturerAttention.siteId, siteId), inArray(lecturerAttention.lecturerId, lecturerIds)))
        .groupBy(lecturerAttention.lecturerId);
      return new Map(rows.map((r) => [r.lecturerId, r.n]));
    },
    async follow(siteId: bigint, userId: bigint, lecturerId: bigint): Promise<void> {
      await db.insert(lecturerAttention).values({ id: newId(), siteId, userId, lecturerId }).onConflictDoNothing();
    },
    async unfollow(siteId: bigint, userId: bigint, lecturerId: bigint): Promise<boolean> {
      const rows = await db
        .delete(lecturerAttention)
        .where(
          and(
            eq(lecturerAttention.siteId, siteId),
            eq(lecturerAttention.userId, userId),
            eq(lecturerAttention.lecturerId, lecturerId),
          ),
        )
        .returning({ id: lecturerAttention.id });
      return rows.length > 0;
    },
    async isFollowing(siteId: bigint, userId: bigint, lecturerId: bigint): Promise<boolean> {
      const [row] = await db
        .select({ id: lecturerAttention.id })
        .from(lecturerAttention)
        .where(
          and(
            eq(lecturerAttention.siteId, siteId),
            eq(lecturerAttention.userId, userId),
            eq(lecturerAttention.lecturerId, lecturerId),
          ),
        )
        .limit(1);
      return !!row;
    },
    async followPage(siteId: bigint, userId: bigint, q: TPageQuery) {
      const where = and(
        eq(lecturerAttention.siteId, siteId),
        eq(lecturerAttention.userId, userId),
        eq(lecturer.statusId, 1),
      );
      const on = and(eq(lecturer.id, lecturerAttention.lecturerId), eq(lecturer.siteId, lecturerAttention.siteId));
      const { limit, offset } = pageWindow(q);
      const rows = await db
        .select({ lecturer, followedAt: lecturerAttention.gmtCreate })
        .from(lecturerAttention)
        .innerJoin(lecturer, on)
        .where(where)
        .orderBy(desc(lecturerAttention.id))
        .limit(limit)
        .offset(offset);
      const [total] = await db.select({ n: count() }).from(lecturerAttention).innerJoin(lecturer, on).where(where);
      return { rows, total: total!.n };
    },
  };
}
export type LecturerRepo = ReturnType<typeof lecturerRepo>;
