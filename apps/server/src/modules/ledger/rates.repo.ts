import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { TPageQuery } from '#contract/call.ts';
import type { Db } from '../../platform/db/client.ts';
import { containing, pageWindow } from '../../platform/db/page.ts';
import { lecturer } from '../../db/schema/lecturer.ts';
import { website } from '../../db/schema/system.ts';

export type LecturerShareRow = Pick<
  typeof lecturer.$inferSelect,
  'id' | 'userId' | 'lecturerName' | 'lecturerMobile' | 'shareRate' | 'statusId'
>;

const shareColumns = {
  id: lecturer.id,
  userId: lecturer.userId,
  lecturerName: lecturer.lecturerName,
  lecturerMobile: lecturer.lecturerMobile,
  shareRate: lecturer.shareRate,
  statusId: lecturer.statusId,
};

/** The two rates that split a payment: each lecturer's share and the site's referral reward. */
export function ratesRepo(db: Db) {
  return {
    async sharePage(
      siteId: bigint,
      q: TPageQuery & { lecturerName: string },
    ): Promise<{ rows: LecturerShareRow[]; total: number }> {
      const where = and(
        eq(lecturer.siteId, siteId),
        q.lecturerName ? sql`${lecturer.lecturerName} like ${containing(q.lecturerName)}` : undefined,
      );
      const { limit, offset } = pageWindow(q);
      const [rows, [total]] = await Promise.all([
        db
          .select(shareColumns)
          .from(lecturer)
          .where(where)
          .orderBy(asc(lecturer.sort), asc(lecturer.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(lecturer).where(where),
      ]);
      return { rows, total: total!.n };
    },
    async setShareRate(siteId: bigint, id: bigint, shareRate: number): Promise<LecturerShareRow | undefined> {
      const [row] = await db
        .update(lecturer)
        .set({ shareRate, gmtModified: new Date() })
        .where(and(eq(lecturer.siteId, siteId), eq(lecturer.id, id)))
        .returning(shareColumns);
      return row;
    },
    async referralRate(siteId: bigint): Promise<number | undefined> {
      const [row] = await db
        .select({ rate: website.referralRate })
        .from(website)
        .where(eq(website.siteId, siteId))
        .limit(1);
      return row?.rate;
    },
    async setReferralRate(siteId: bigint, rate: number): Promise<number | undefined> {
      const [row] = await db
        .update(website)
        .set({ referralRate: rate, gmtModified: new Date() })
        .where(eq(website.siteId, siteId))
        .returning({ rate: website.referralRate });
      return row?.rate;
    },
  };
}
export type RatesRepo = ReturnType<typeof ratesRepo>;
