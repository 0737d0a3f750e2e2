import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { user } from '../schema/user.ts';

/** The site's accounts of these mobiles, by mobile: the demo people a seeder writes history for. */
export async function idsByMobile(db: Db, siteId: bigint, mobiles: string[]): Promise<Map<string, bigint>> {
  const rows = await db
    .select({ id: user.id, mobile: user.mobile })
    .from(user)
    .where(and(eq(user.siteId, siteId), inArray(user.mobile, mobiles)));
  return new Map(rows.map((r) => [r.mobile, r.id]));
}
