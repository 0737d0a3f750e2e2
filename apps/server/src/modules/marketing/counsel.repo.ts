import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { TPageQuery } from '#contract/call.ts';
import type { Db } from '../../platform/db/client.ts';
import { containing, pageWindow } from '../../platform/db/page.ts';
import { newId } from '../../platform/ids.ts';
import { actCounsel } from '../../db/schema/marketing.ts';

export type CounselRow = typeof actCounsel.$inferSelect;
export interface CounselFilter {
  followStatus?: number;
  mobile: string;
  realName: string;
}

export function counselRepo(db: Db) {
  const filtered = (siteId: bigint, f: CounselFilter): SQL | undefined => {
    const conds: SQL[] = [eq(actCounsel.siteId, siteId)];
    if (f.followStatus) conds.push(eq(actCounsel.followStatus, f.followStatus));
    if (f.mobile) conds.push(ilike(actCounsel.mobile, containing(f.mobile)));
    if (f.realName) conds.push(ilike(actCounsel.realName, containing(f.realName)));
    return and(...conds);
  };
  return {
    async insert(
      siteId: bigint,
      v: Pick<CounselRow, 'realName' | 'mobile' | 'subject' | 'content' | 'clientIp' | 'userId'>,
    ): Promise<CounselRow> {
      const [row] = await db
        .insert(actCounsel)
        .values({ ...v, id: newId(), siteId })
        .returning();
      return row!;
    },
    async page(siteId: bigint, q: TPageQuery & CounselFilter) {
      const where = filtered(siteId, q);
      const { limit, offset } = pageWindow(q);
      const [rows, [total]] = await Promise.all([
        db.select().from(actCounsel).where(where).orderBy(desc(actCounsel.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(actCounsel).where(where),
      ]);
      return { rows, total: total!.n };
    },
    all(siteId: bigint, f: CounselFilter, limit: number): Promise<CounselRow[]> {
      return db.select().from(actCounsel).where(filtered(siteId, f)).orderBy(desc(actCounsel.id)).limit(limit);
    },
    async follow(siteId: bigint, id: bigint, followStatus: number, followRemark: string) {
      const now = new Date();
      const [row] = await db
        .update(actCounsel)
        .set({ followStatus, followRemark, followTime: now, gmtModified: now })
        .where(and(eq(actCounsel.siteId, siteId), eq(actCounsel.id, id)))
        .returning();
      return row;
    },
  };
}
export type CounselRepo = ReturnType<typeof counselRepo>;
