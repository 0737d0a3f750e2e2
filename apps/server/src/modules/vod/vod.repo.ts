import crypto from 'node:crypto';
import { and, count, desc, eq, ilike, inArray } from 'drizzle-orm';
import type { TPageQuery } from '#contract/call.ts';
import { containing, pageWindow } from '../../platform/db/page.ts';
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
      const [row] = await db
        .select()
        .from(vodVideo)
        .where(and(eq(vodVideo.siteId, siteId), eq(vodVideo.id, id)))
        .limit(1);
      return row;
    },
    /** The newest of the user's videos with this MD5 that is not failed (an upload of a file they already have). */
    async byMd5(siteId: bigint, userId: bigint, md5: string): Promise<VideoRow | undefined> {
      const rows = await db
        .select()
        .from(vodVideo)
        .where(and(eq(vodVideo.siteId, siteId), eq(vodVideo.userId, userId), eq(vodVideo.sourceMd5, md5)))
        .orderBy(desc(vodVideo.gmtCreate))
        .limit(5);
      return rows.find((r) => r.status !== 4);
    },
    /** False when the video is gone (deleted meanwhile). */
    async update(siteId: bigint, id: bigint, values: Partial<typeof vodVideo.$inferInsert>): Promise<boolean> {
      const rows = await db
        .update(vodVideo)
        .set({ ...values, gmtModified: new Date() })
        .where(and(eq(vodVideo.siteId, siteId), eq(vodVideo.id, id)))
        .returning({ id: vodVideo.id });
      return rows.length > 0;
    },
    byIds(siteId: bigint, ids: bigint[]): Promise<VideoRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(vodVideo)
        .where(and(eq(vodVideo.siteId, siteId), inArray(vodVideo.id, ids)));
    },
    /** The user's videos, newest first. */
    async pageByUser(siteId: bigint, userId: bigint, q: TPageQuery & { videoName: string }) {
      const where = and(
        eq(vodVideo.siteId, siteId),
        eq(vodVideo.userId, userId),
        q.videoName ? ilike(vodVideo.videoName, containing(q.videoName)) : undefined,
      );
      const { limit, offset } = pageWindow(q);
      const rows = await db
        .select()
        .from(vodVideo)
        .where(where)
        .orderBy(desc(vodVideo.gmtCreate), desc(vodVideo.id))
        .limit(limit)
        .offset(offset);
      const [total] = await db.select({ n: count() }).from(vodVideo).where(where);
      return { rows, total: total!.n };
    },
    async remove(siteId: bigint, id: bigint): Promise<void> {
      await db.delete(vodVideo).where(and(eq(vodVideo.siteId, siteId), eq(vodVideo.id, id)));
    },
    /** The named secret, made at random by whichever process asks first; every process then reads the same one. */
    async secret(name: string): Promise<Buffer> {
      await db
        .insert(vodSecret)
        .values({ name, secret: crypto.randomBytes(32).toString('hex') })
        .onConflictDoNothing();
      const [row] = await db.select().from(vodSecret).where(eq(vodSecret.name, name)).limit(1);
      return Buffer.from(row!.secret, 'hex');
    },
  };
}
export type VodRepo = ReturnType<typeof vodRepo>;
