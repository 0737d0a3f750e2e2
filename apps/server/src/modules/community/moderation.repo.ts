import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { TPageQuery } from '#contract/call.ts';
import type { TContentKind, TReportStatus } from '#contract/community-moderation.ts';
import type { Db } from '../../platform/db/client.ts';
import { containing, pageWindow } from '../../platform/db/page.ts';
import { newId } from '../../platform/ids.ts';
import { adminUser } from '../../db/schema/platform.ts';
import { contentReport, sensitiveWord } from '../../db/schema/community-moderation.ts';

export type ReportRow = typeof contentReport.$inferSelect;
export interface ReportQueueRow {
  report: ReportRow;
  pendingCount: number;
  handledBy: string | null;
}

/** The sensitive words and the reports of a site; every query is by site. */
export function moderationRepo(db: Db) {
  const byTarget = (siteId: bigint, kind: string, targetId: bigint) =>
    and(eq(contentReport.siteId, siteId), eq(contentReport.kind, kind), eq(contentReport.targetId, targetId));

  const adminName = sql<string>`coalesce(nullif(${adminUser.realName}, ''), ${adminUser.loginName})`;
  const queueSelect = () =>
    db
      .select({
        report: contentReport,
        // a selected fragment's columns are written unqualified, so the subquery names its tables itself
        pendingCount: sql<number>`(select count(*) from ${contentReport} p where p.site_id = ${contentReport}.site_id
          and p.kind = ${contentReport}.kind and p.target_id = ${contentReport}.target_id and p.status = 'pending')`.mapWith(
          Number,
        ),
        handledBy: adminName,
      })
      .from(contentReport)
      .leftJoin(adminUser, and(eq(adminUser.id, contentReport.handledBy), eq(adminUser.siteId, contentReport.siteId)));

  return {
    /** The words the matcher is built from. */
    async words(siteId: bigint): Promise<string[]> {
      const rows = await db
        .select({ word: sensitiveWord.word })
        .from(sensitiveWord)
        .where(eq(sensitiveWord.siteId, siteId));
      return rows.map((r) => r.word);
    },

    async wordPage(siteId: bigint, q: TPageQuery & { word: string }) {
      const conds = [eq(sensitiveWord.siteId, siteId)];
      if (q.word) conds.push(sql`${sensitiveWord.word} ilike ${containing(q.word)}`);
      const { limit, offset } = pageWindow(q);
      const rows = await db
        .select({ word: sensitiveWord, addedBy: adminName })
        .from(sensitiveWord)
        .leftJoin(adminUser, and(eq(adminUser.id, sensitiveWord.addedBy), eq(adminUser.siteId, sensitiveWord.siteId)))
        .where(and(...conds))
        .orderBy(desc(sensitiveWord.id))
        .limit(limit)
        .offset(offset);
      const [total] = await db
        .select({ n: count() })
        .from(sensitiveWord)
        .where(and(...conds));
      return { rows, total: total!.n };
    },

    /** Adds the words whose key is new; answers how many were added. */
    async addWords(siteId: bigint, adminId: bigint | null, list: Array<{ word: string; wordKey: string }>) {
      if (list.length === 0) return 0;
      const added = await db
        .insert(sensitiveWord)
        .values(list.map((w) => ({ id: newId(), siteId, addedBy: adminId, ...w })))
        .onConflictDoNothing()
        .returning({ id: sensitiveWord.id });
      return added.length;
    },

    async deleteWord(siteId: bigint, id: bigint): Promise<boolean> {
      const gone = await db
        .delete(sensitiveWord)
        .where(and(eq(sensitiveWord.siteId, siteId), eq(sensitiveWord.id, id)))
        .returning({ id: sensitiveWord.id });
      return gone.length > 0;
    },

    /** A new pending report; false when this reporter's earlier report of the target still waits. */
    async insertReport(
      siteId: bigint,
      r: { reporterId: bigint; kind: TContentKind; targetId: bigint; reason: string; text: string },
    ): Promise<boolean> {
      const added = await db
        .insert(contentReport)
        .values({ id: newId(), siteId, ...r })
        .onConflictDoNothing()
        .returning({ id: contentReport.id });
      return added.length > 0;
    },

    async reportById(siteId: bigint, id: bigint): Promise<ReportRow | undefined> {
      const [r] = await db
        .select()
        .from(contentReport)
        .where(and(eq(contentReport.siteId, siteId), eq(contentReport.id, id)))
        .limit(1);
      return r;
    },

    /** Moves every report of a target in state `from` to `to`, recording who decided; answers how many moved. */
    async settle(
      siteId: bigint,
      kind: string,
      targetId: bigint,
      from: TReportStatus,
      to: TReportStatus,
      adminId: bigint,
    ): Promise<number> {
      const moved = await db
        .update(contentReport)
        .set({ status: to, handledBy: adminId, handledAt: new Date() })
        .where(and(byTarget(siteId, kind, targetId), eq(contentReport.status, from)))
        .returning({ id: contentReport.id });
      return moved.length;
    },

    /** The queue: pending reports first (oldest waiting first), then the handled ones, newest first. */
    async queue(siteId: bigint, q: TPageQuery & { status?: TReportStatus; kind: TContentKind | '' }) {
      const conds = [eq(contentReport.siteId, siteId)];
      if (q.status) conds.push(eq(contentReport.status, q.status));
      if (q.kind) conds.push(eq(contentReport.kind, q.kind));
      const { limit, offset } = pageWindow(q);
      const rows = await queueSelect()
        .where(and(...conds))
        .orderBy(
          sql`case when ${contentReport.status} = 'pending' then 0 else 1 end`,
          sql`case when ${contentReport.status} = 'pending' then ${contentReport.id} end asc`,
          desc(contentReport.id),
        )
        .limit(limit)
        .offset(offset);
      const [total] = await db
        .select({ n: count() })
        .from(contentReport)
        .where(and(...conds));
      return { rows, total: total!.n };
    },

    /** One report as the queue shows it. */
    async queueRow(siteId: bigint, id: bigint): Promise<ReportQueueRow | undefined> {
      const [r] = await queueSelect()
        .where(and(eq(contentReport.siteId, siteId), eq(contentReport.id, id)))
        .limit(1);
      return r;
    },

    async pendingCount(siteId: bigint): Promise<number> {
      const [r] = await db
        .select({ n: count() })
        .from(contentReport)
        .where(and(eq(contentReport.siteId, siteId), eq(contentReport.status, 'pending')));
      return r!.n;
    },
  };
}
export type ModerationRepo = ReturnType<typeof moderationRepo>;
