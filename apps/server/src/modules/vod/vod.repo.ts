import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { vodSecret, vodVideo } from '../../db/schema/vod.ts';

export type VideoRow = typeof vodVideo.$inferSelect;

export function vodRepo(db: Db) {
  return {
    async insert(values: Omit<typeof vodVideo.$inferInsert, 'gmtCreate' | 'gmtModified'>): Promise<VideoRow> {
      const [row] = await db.insert(vodVideo).values(values).returning();
      return row!;
    },
    async byId(siteId: bigint, id: bigint): Promise<VideoRow | undefined> {
      const [row] = await db.select().from(vodVideo).where(and(eq(vodVideo.siteId, siteId), eq(vodVideo.id, id))).limit(1);
      return row;
    },
    async update(siteId: bigint, id: bigint, values: Partial<typeof vodVideo.$inferInsert>): Promise<void> {
      await db
        .update(vodVideo)
        .set({ ...values, gmtModified: new Date() })
        .where(and(eq(vodVideo.siteId, siteId), eq(vodVideo.id, id)));
    },
    /** The named secret, made at random by whichever process asks first; every process then reads the same one. */
    async secret(name: string): Promise<Buffer> {
      await db.insert(vodSecret).values({ name, secret: crypto.randomBytes(32).toString('hex') }).onConflictDoNothing();
      const [row] = await db.select().from(vodSecret).where(eq(vodSecret.name, name)).limit(1);
      return Buffer.from(row!.secret, 'hex');
    },
  };
}
export type VodRepo = ReturnType<typeof vodRepo>;
