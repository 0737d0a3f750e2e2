import { and, asc, count, desc, eq, gt, gte, ilike, like, lt, sql, type SQL } from 'drizzle-orm';
import type { TPageQuery } from '#contract/call.ts';
import type { Db } from '../../platform/db/client.ts';
import type { KeyValue } from '../../platform/cache.ts';
import { containing, pageWindow } from '../../platform/db/page.ts';
import { user, userLoginLog } from '../../db/schema/user.ts';
import { newId } from '../../platform/ids.ts';
import { joinedList, listOf, param, statement } from '../../platform/db/statement.ts';

export type UserRow = typeof user.$inferSelect;
export type NewUser = Omit<typeof user.$inferInsert, 'id' | 'siteId'>;

/** Where a user's presented info is cached; every write of the user row below drops it. */
export const userInfoKey = (siteId: bigint, id: bigint) => `user-info:${siteId}:${id}`;

// read by nearly every signed-in action, so built once (decision 23)
const byIdQ = statement<{ siteId: bigint; id: bigint }>()((db) =>
  db
    .select()
    .from(user)
    .where(and(eq(user.siteId, param('siteId')), eq(user.id, param('id'))))
    .limit(1),
);

/** What lists show of their users (names beside posts, members, comments), for a list of ids of any length. */
const byIdsQ = statement<{ siteId: bigint; ids: string }>()((db) =>
  db
    .select({
      id: user.id,
      mobile: user.mobile,
      nickname: user.nickname,
      headImgUrl: user.headImgUrl,
      userType: user.userType,
      statusId: user.statusId,
    })
    .from(user)
    .where(and(eq(user.siteId, param('siteId')), sql`${user.id} = any(${listOf('ids', 'bigint')})`)),
);

export function userRepo(db: Db, kv: KeyValue) {
  return {
    async byId(siteId: bigint, id: bigint): Promise<UserRow | undefined> {
      const [row] = await byIdQ(db, { siteId, id });
      return row;
    },
    async byReferralCode(siteId: bigint, code: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(user)
        .where(and(eq(user.siteId, siteId), eq(user.referralCode, code)))
        .limit(1);
      return row;
    },
    async byMobile(siteId: bigint, mobile: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(user)
        .where(and(eq(user.siteId, siteId), eq(user.mobile, mobile)))
        .limit(1);
      return row;
    },
    /** Inserts a user; undefined when the mobile or the referral code is already taken. */
    async insert(siteId: bigint, values: NewUser): Promise<UserRow | undefined> {
      const [row] = await db
        .insert(user)
        .values({ ...values, id: newId(), siteId })
        .onConflictDoNothing()
        .returning();
      return row;
    },
    async update(siteId: bigint, id: bigint, values: Partial<NewUser>): Promise<UserRow | undefined> {
      const [row] = await db
        .update(user)
        .set({ ...values, gmtModified: new Date() })
        .where(and(eq(user.siteId, siteId), eq(user.id, id)))
        .returning();
      await kv.del(userInfoKey(siteId, id));
      return row;
    },
    /**
     * Moves the membership expiry by whole days: forward from the later of now and the current expiry, or back
     * (a refund) from the current expiry. Undefined when there is no such user.
     */
    async shiftVip(siteId: bigint, id: bigint, days: number): Promise<Date | null | undefined> {
      const next =
        days >= 0
          ? sql`greatest(coalesce(${user.vipExpireAt}, now()), now()) + make_interval(days => ${days}::int)`
          : sql`${user.vipExpireAt} + make_interval(days => ${days}::int)`;
      const [row] = await db
        .update(user)
        .set({ vipExpireAt: next, gmtModified: new Date() })
        .where(and(eq(user.siteId, siteId), eq(user.id, id)))
        .returning({ vipExpireAt: user.vipExpireAt });
      await kv.del(userInfoKey(siteId, id));
      return row ? row.vipExpireAt : undefined;
    },
    /** What lists show of their users (names beside posts, members, comments): a few columns of many rows. */
    async byIds(siteId: bigint, ids: bigint[]) {
      if (ids.length === 0) return [];
      return byIdsQ(db, { siteId, ids: joinedList([...new Set(ids)], (id) => id) });
    },
    async activeIdsAfter(siteId: bigint, after: bigint, limit: number): Promise<bigint[]> {
      const rows = await db
        .select({ id: user.id })
        .from(user)
        .where(and(eq(user.siteId, siteId), eq(user.statusId, 1), gt(user.id, after)))
        .orderBy(asc(user.id))
        .limit(limit);
      return rows.map((r) => r.id);
    },
    /** Active VIP members in id order after `after`. */
    async vipIdsAfter(siteId: bigint, after: bigint, limit: number, now = new Date()): Promise<bigint[]> {
      const rows = await db
        .select({ id: user.id })
        .from(user)
        .where(and(eq(user.siteId, siteId), eq(user.statusId, 1), gt(user.vipExpireAt, now), gt(user.id, after)))
        .orderBy(asc(user.id))
        .limit(limit);
      return rows.map((r) => r.id);
    },
    async referredPage(siteId: bigint, referrerId: bigint, q: TPageQuery): Promise<{ rows: UserRow[]; total: number }> {
      return this.page(siteId, q, [eq(user.referrerId, referrerId)]);
    },
    async adminPage(
      siteId: bigint,
      q: TPageQuery & { mobile: string; nickname: string; userType?: number; statusId?: number },
    ) {
      const conds: SQL[] = [];
      if (q.mobile) conds.push(like(user.mobile, containing(q.mobile)));
      if (q.nickname) conds.push(ilike(user.nickname, containing(q.nickname)));
      if (q.userType !== undefined) conds.push(eq(user.userType, q.userType));
      if (q.statusId !== undefined) conds.push(eq(user.statusId, q.statusId));
      return this.page(siteId, q, conds);
    },
    /** Users who registered, per day of Asia/Shanghai. */
    async joinedByDay(siteId: bigint, from: Date, to: Date): Promise<Map<string, number>> {
      const joined = sql<string>`to_char(${user.gmtCreate} at time zone 'Asia/Shanghai', 'YYYY-MM-DD')`;
      const rows = await db
        .select({ date: joined, n: count() })
        .from(user)
        .where(and(eq(user.siteId, siteId), gte(user.gmtCreate, from), lt(user.gmtCreate, to)))
        .groupBy(joined);
      return new Map(rows.map((r) => [r.date, Number(r.n)]));
    },
    async page(siteId: bigint, q: TPageQuery, conds: SQL[]): Promise<{ rows: UserRow[]; total: number }> {
      const where = and(eq(user.siteId, siteId), ...conds);
      const { limit, offset } = pageWindow(q);
      const rows = await db.select().from(user).where(where).orderBy(desc(user.id)).limit(limit).offset(offset);
      const [total] = await db.select({ n: count() }).from(user).where(where);
      return { rows, total: total!.n };
    },
    async logLogin(siteId: bigint, entry: Omit<typeof userLoginLog.$inferInsert, 'id' | 'siteId'>): Promise<void> {
      await db.insert(userLoginLog).values({ ...entry, id: newId(), siteId });
    },
  };
}
export type UserRepo = ReturnType<typeof userRepo>;
