import { and, asc, count, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { vodUpload, vodUploadChunk } from '../../db/schema/vod-upload.ts';

export type UploadRow = typeof vodUpload.$inferSelect;

/** Upload states: receiving chunks, being assembled by one request, done. */
export const UploadStatus = { receiving: 1, assembling: 2, done: 3 } as const;

export function uploadRepo(db: Db) {
  const one = (siteId: bigint, id: bigint) => and(eq(vodUpload.siteId, siteId), eq(vodUpload.id, id));
  return {
    async find(siteId: bigint, userId: bigint, identifier: string): Promise<UploadRow | undefined> {
      const [row] = await db
        .select()
        .from(vodUpload)
        .where(and(eq(vodUpload.siteId, siteId), eq(vodUpload.userId, userId), eq(vodUpload.identifier, identifier)))
        .limit(1);
      return row;
    },
    /** The upload of this file, created by the first chunk; a second request racing it gets the same row. */
    async open(v: typeof vodUpload.$inferInsert): Promise<UploadRow> {
      await db.insert(vodUpload).values(v).onConflictDoNothing();
      const [row] = await db
        .select()
        .from(vodUpload)
        .where(and(eq(vodUpload.siteId, v.siteId), eq(vodUpload.userId, v.userId), eq(vodUpload.identifier, v.identifier)))
        .limit(1);
      return row!;
    },
    async chunkNumbers(siteId: bigint, uploadId: bigint): Promise<number[]> {
      const rows = await db
        .select({ n: vodUploadChunk.chunkNumber })
        .from(vodUploadChunk)
        .where(and(eq(vodUploadChunk.siteId, siteId), eq(vodUploadChunk.uploadId, uploadId)))
        .orderBy(asc(vodUploadChunk.chunkNumber));
      return rows.map((r) => r.n);
    },
    async addChunk(siteId: bigint, uploadId: bigint, chunkNumber: number, size: number): Promise<number> {
      await db.insert(vodUploadChunk).values({ siteId, uploadId, chunkNumber, size }).onConflictDoNothing();
      await db.update(vodUpload).set({ gmtModified: new Date() }).where(one(siteId, uploadId));
      const [row] = await db.select({ n: count() }).from(vodUploadChunk).where(and(eq(vodUploadChunk.siteId, siteId), eq(vodUploadChunk.uploadId, uploadId)));
      return row!.n;
    },
    /** Moves the upload from one state to another; false when another request got there first. */
    async claim(siteId: bigint, id: bigint, from: number, to: number, values: Partial<UploadRow> = {}): Promise<boolean> {
      const rows = await db
        .update(vodUpload)
        .set({ ...values, status: to, gmtModified: new Date() })
        .where(and(one(siteId, id), eq(vodUpload.status, from)))
        .returning({ id: vodUpload.id });
      return rows.length > 0;
    },
    async remove(siteId: bigint, id: bigint): Promise<void> {
      await db.delete(vodUploadChunk).where(and(eq(vodUploadChunk.siteId, siteId), eq(vodUploadChunk.uploadId, id)));
      await db.delete(vodUpload).where(one(siteId, id));
    },
    async dropChunks(siteId: bigint, id: bigint): Promise<void> {
      await db.delete(vodUploadChunk).where(and(eq(vodUploadChunk.siteId, siteId), eq(vodUploadChunk.uploadId, id)));
    },
    /** The user's uploads still receiving chunks, newest first, with how many chunks arrived. */
    unfinished(siteId: bigint, userId: bigint, limit: number) {
      return db
        .select({
          u: vodUpload,
          received: sql<number>`(select count(*)::int from ${vodUploadChunk} where ${vodUploadChunk.siteId} = ${vodUpload.siteId} and ${vodUploadChunk.uploadId} = ${vodUpload.id})`,
        })
        .from(vodUpload)
        .where(and(eq(vodUpload.siteId, siteId), eq(vodUpload.userId, userId), eq(vodUpload.status, UploadStatus.receiving)))
        .orderBy(desc(vodUpload.gmtModified))
        .limit(limit);
    },
    /** Unfinished uploads not touched since `before`, on every site (the sweep job is not per site). */
    stale(before: Date, limit: number): Promise<UploadRow[]> {
      return db
        .select()
        .from(vodUpload)
        .where(and(inArray(vodUpload.status, [UploadStatus.receiving, UploadStatus.assembling]), lt(vodUpload.gmtModified, before)))
        .limit(limit);
    },
  };
}
export type UploadRepo = ReturnType<typeof uploadRepo>;
