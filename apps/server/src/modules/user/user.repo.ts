import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { user, userLoginLog } from '../../db/schema/user.ts';
import { newId } from '../../platform/ids.ts';

export type UserRow = typeof user.$inferSelect;
export type NewUser = Omit<typeof user.$inferInsert, 'id' | 'siteId'>;

export function userRepo(db: Db) {
  return {
    async byId(siteId: bigint, id: bigint): Promise<UserRow | undefined> {
      const [row] = await db.select().from(user).where(and(eq(user.siteId, siteId), eq(user.id, id))).limit(1);
      return row;
    },
    async byReferralCode(siteId: bigint, code: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(user).where(and(eq(user.siteId, siteId), eq(user.referralCode, code))).limit(1);
      return row;
    },
    async byMobile(siteId: bigint, mobile: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(user).where(and(eq(user.siteId, siteId), eq(user.mobile, mobile))).limit(1);
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
      return row;
    },
    async logLogin(siteId: bigint, entry: Omit<typeof userLoginLog.$inferInsert, 'id' | 'siteId'>): Promise<void> {
      await db.insert(userLoginLog).values({ ...entry, id: newId(), siteId });
    },
  };
}
export type UserRepo = ReturnType<typeof userRepo>;
