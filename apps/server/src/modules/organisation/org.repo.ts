import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { TPageQuery } from '#contract/call.ts';
import { OrgRelationStatus } from '#contract/organisation.ts';
import { UserType } from '#contract/user.ts';
import type { Db } from '../../platform/db/client.ts';
import { pageWindow } from '../../platform/db/page.ts';
import { newId } from '../../platform/ids.ts';
import { orgLecturer, orgProfile } from '../../db/schema/organisation.ts';
import { user } from '../../db/schema/user.ts';

export type OrgRelationRow = typeof orgLecturer.$inferSelect;
export type OrgProfileRow = typeof orgProfile.$inferSelect;

/** A unique index refused the write: two requests raced past the service's check. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

/** The organisation's profile and its relations with lecturers. */
export function orgRepo(db: Db) {
  const rel = orgLecturer;
  return {
    async profile(siteId: bigint, userId: bigint): Promise<OrgProfileRow | undefined> {
      const [row] = await db
        .select()
        .from(orgProfile)
        .where(and(eq(orgProfile.siteId, siteId), eq(orgProfile.userId, userId)))
        .limit(1);
      return row;
    },
    async saveProfile(
      siteId: bigint,
      userId: bigint,
      v: Pick<OrgProfileRow, 'orgName' | 'logoUrl' | 'summary' | 'introduce'>,
    ): Promise<OrgProfileRow> {
      const [row] = await db
        .insert(orgProfile)
        .values({ ...v, id: newId(), siteId, userId })
        .onConflictDoUpdate({
          target: [orgProfile.siteId, orgProfile.userId],
          set: { ...v, gmtModified: new Date() },
        })
        .returning();
      return row!;
    },
    /** Organisations that wrote their school page, still active as organisation accounts. */
    schools(siteId: bigint, limit: number) {
      return db
        .select({ p: orgProfile })
        .from(orgProfile)
        .innerJoin(user, and(eq(user.siteId, orgProfile.siteId), eq(user.id, orgProfile.userId)))
        .where(and(eq(orgProfile.siteId, siteId), eq(user.userType, UserType.ORGANISATION), eq(user.statusId, 1)))
        .orderBy(orgProfile.id)
        .limit(limit);
    },
    async relation(siteId: bigint, id: bigint): Promise<OrgRelationRow | undefined> {
      const [row] = await db
        .select()
        .from(rel)
        .where(and(eq(rel.siteId, siteId), eq(rel.id, id)))
        .limit(1);
      return row;
    },
    /** The lecturer's open relations (invitations waiting, the organisation taught for), with any organisation. */
    openOfLecturer(siteId: bigint, lecturerUserId: bigint): Promise<OrgRelationRow[]> {
      return db
        .select()
        .from(rel)
        .where(
          and(
            eq(rel.siteId, siteId),
            eq(rel.lecturerUserId, lecturerUserId),
            inArray(rel.status, [OrgRelationStatus.INVITED, OrgRelationStatus.ACCEPTED]),
          ),
        )
        .orderBy(desc(rel.id));
    },
    /** Inserts an invitation, or nothing when an open one between the two exists already. */
    async invite(siteId: bigint, orgUserId: bigint, lecturerUserId: bigint, remark: string) {
      const [row] = await db
        .insert(rel)
        .values({ id: newId(), siteId, orgUserId, lecturerUserId, remark, status: OrgRelationStatus.INVITED })
        .onConflictDoNothing()
        .returning();
      return row;
    },
    /** Moves a relation from one status to another; undefined when it was no longer in `from`. */
    async move(siteId: bigint, id: bigint, from: number[], to: number): Promise<OrgRelationRow | undefined> {
      const now = new Date();
      const [row] = await db
        .update(rel)
        .set({ status: to, gmtModified: now, ...(to === OrgRelationStatus.ENDED ? {} : { answerTime: now }) })
        .where(and(eq(rel.siteId, siteId), eq(rel.id, id), inArray(rel.status, from)))
        .returning();
      return row;
    },
    async page(siteId: bigint, orgUserId: bigint, q: TPageQuery & { status?: number }) {
      const where = and(
        eq(rel.siteId, siteId),
        eq(rel.orgUserId, orgUserId),
        q.status ? eq(rel.status, q.status) : undefined,
      );
      const { limit, offset } = pageWindow(q);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(rel)
          .where(where)
          // teaching first, then waiting invitations, then the closed ones
          .orderBy(sql`case ${rel.status} when 2 then 0 when 1 then 1 else 2 end`, desc(rel.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(rel).where(where),
      ]);
      return { rows, total: total!.n };
    },
    async countByStatus(siteId: bigint, orgUserId: bigint): Promise<Map<number, number>> {
      const rows = await db
        .select({ status: rel.status, n: count() })
        .from(rel)
        .where(and(eq(rel.siteId, siteId), eq(rel.orgUserId, orgUserId)))
        .groupBy(rel.status);
      return new Map(rows.map((r) => [r.status, r.n]));
    },
  };
}
export type OrgRepo = ReturnType<typeof orgRepo>;
