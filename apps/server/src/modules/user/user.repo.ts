import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { user } from '../../db/schema/user.ts';

export type UserRow = typeof user.$inferSelect;

export function userRepo(db: Db) {
  return {
    async byReferralCode(siteId: bigint, code: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(user).where(and(eq(user.siteId, siteId), eq(user.referralCode, code))).limit(1);
      return row;
    },
    async byMobile(siteId: bigint, mobile: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(user).where(and(eq(user.siteId, siteId), eq(user.mobile, mobile))).limit(1);
      return row;
    },
  };
}
