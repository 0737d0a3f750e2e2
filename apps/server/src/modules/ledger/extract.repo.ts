import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { TPageQuery } from '#contract/call.ts';
import type { Db } from '../../platform/db/client.ts';
import { containing, pageWindow } from '../../platform/db/page.ts';
import { accountExtract } from '../../db/schema/ledger.ts';
import { user } from '../../db/schema/user.ts';

export type ExtractRow = typeof accountExtract.$inferSelect;
export type NewExtract = Omit<typeof accountExtract.$inferInsert, 'siteId'>;
export type ExtractWithUser = { e: ExtractRow; mobile: string; nickname: string };

/** Withdrawal requests (account extract). */
export function extractRepo(db: Db) {
  const withUser = () =>
    db
      .select({
        e: accountExtract,
        mobile: sql<string>`coalesce(${user.mobile}, '')`,
        nickname: sql<string>`coalesce(${user.nickname}, '')`,
      })
      .from(accountExtract)
      .leftJoin(user, and(eq(user.siteId, accountExtract.siteId), eq(user.id, accountExtract.userId)));
  return {
    async insert(siteId: bigint, values: NewExtract): Promise<ExtractRow> {
      const [row] = await db
        .insert(accountExtract)
        .values({ ...values, siteId })
        .returning();
      return row!;
    },
    /** Locks the request for a state change; undefined when there is none. */
    async lock(siteId: bigint, id: bigint): Promise<ExtractRow | undefined> {
      const [row] = await db
        .select()
        .from(accountExtract)
        .where(and(eq(accountExtract.siteId, siteId), eq(accountExtract.id, id)))
        .limit(1)
        .for('update');
      return row;
    },
    async update(siteId: bigint, id: bigint, values: Partial<NewExtract>): Promise<ExtractRow> {
      const [row] = await db
        .update(accountExtract)
        .set({ ...values, gmtModified: new Date() })
        .where(and(eq(accountExtract.siteId, siteId), eq(accountExtract.id, id)))
        .returning();
      return row!;
    },
    async withUser(siteId: bigint, id: bigint): Promise<ExtractWithUser | undefined> {
      const [row] = await withUser()
        .where(and(eq(accountExtract.siteId, siteId), eq(accountExtract.id, id)))
        .limit(1);
      return row;
    },
    async userPage(siteId: bigint, userId: bigint, q: TPageQuery & { extractStatus?: number }) {
      const where = and(
        eq(accountExtract.siteId, siteId),
        eq(accountExtract.userId, userId),
        q.extractStatus !== undefined ? eq(accountExtract.extractStatus, q.extractStatus) : undefined,
      );
      const { limit, offset } = pageWindow(q);
      const [rows, [total]] = await Promise.all([
        db.select().from(accountExtract).where(where).orderBy(desc(accountExtract.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(accountExtract).where(where),
      ]);
      return { rows, total: total!.n };
    },
    /** The review queue: oldest first, so requests are handled in the order they came. */
    async adminPage(siteId: bigint, q: TPageQuery & { extractStatus?: number; mobile: string }) {
      const where = and(
        eq(accountExtract.siteId, siteId),
        q.extractStatus !== undefined ? eq(accountExtract.extractStatus, q.extractStatus) : undefined,
        q.mobile ? sql`${user.mobile} like ${containing(q.mobile)}` : undefined,
      );
      const { limit, offset } = pageWindow(q);
      const [rows, [total]] = await Promise.all([
        withUser().where(where).orderBy(asc(accountExtract.id)).limit(limit).offset(offset),
        db
          .select({ n: count() })
          .from(accountExtract)
          .leftJoin(user, and(eq(user.siteId, accountExtract.siteId), eq(user.id, accountExtract.userId)))
          .where(where),
      ]);
      return { rows, total: total!.n };
    },
  };
}
export type ExtractRepo = ReturnType<typeof extractRepo>;
