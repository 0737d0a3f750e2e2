import { and, desc, eq, getTableColumns, inArray, lt, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../platform/db/client.ts';
import { vodUpload, vodUploadChunk } from '../../db/schema/vod-upload.ts';

export type UploadRow = typeof vodUpload.$inferSelect;

/** Upload states: receiving chunks, being assembled by one request, done. */
export const UploadStatus = { receiving: 1, assembling: 2, done: 3 } as const;

export function uploadRepo(db: Db) {
  const one = (siteId: bigint, id: bigint) => and(eq(vodUpload.siteId, siteId), eq(vodUpload.id, id));
  /** The chunk numbers an upload has, in order (one row: a large upload has a thousand chunks, asked after each). */
  const chunkNumbers = async (siteId: bigint, uploadId: bigint): Promise<number[]> => {
    const [row] = await db
      .select({
        list: sql<string>`coalesce(string_agg(${vodUploadChunk.chunkNumber}::text, ',' order by ${vodUploadChunk.chunkNumber}), '')`,
      })
      .from(vodUploadChunk)
      .where(and(eq(vodUploadChunk.siteId, siteId), eq(vodUploadChunk.uploadId, uploadId)));
    return row?.list ? row.list.split(',').map(Number) : [];
  };
  return {
    async find(siteId: bigint, userId: bigint, identifier: string): Promise<UploadRow | undefined> {
      const [row] = await db
        .select()
        .from(vodUpload)
        .where(and(eq(vodUpload.siteId, siteId), eq(vodUpload.userId, userId), eq(vodUpload.identifier, identifier)))
        .limit(1);
      return row;
    },
    /**
     * The upload of this file, created by the first chunk and touched by every later one (the sweep spares it); a
     * request racing the first gets the same row (the row is new when its id is the one offered). Answers in the
     * same round trip whether the upload already has chunk `chunkNumber`.
     */
    async open(v: typeof vodUpload.$inferInsert, chunkNumber: number): Promise<{ row: UploadRow; hasChunk: boolean }> {
      const [got] = await db
        .insert(vodUpload)
        .values(v)
        .onConflictDoUpdate({
          target: [vodUpload.siteId, vodUpload.userId, vodUpload.identifier],
          set: { gmtModified: new Date() },
        })
        .returning({
          ...getTableColumns(vodUpload),
          // a returned fragment's columns are written unqualified, so the subquery names its tables itself
          hasChunk: sql<boolean>`exists (select 1 from ${vodUploadChunk} c where c.site_id = ${vodUpload}.site_id and c.upload_id = ${vodUpload}.id and c.chunk_number = ${chunkNumber})`,
        });
      const { hasChunk, ...row } = got!;
      return { row, hasChunk };
    },
    chunkNumbers,
    /**
     * Records a stored chunk of an upload still receiving, in one statement: the chunk's row, and the upload's count
     * of chunks raised under the upload row's lock. Of two last chunks arriving together, the one that waits for the
     * lock reads the count the other committed, so exactly one sees it complete; a count of the chunk rows read in the
     * same statement would miss the other's row. Answers the count, or null when the upload was discarded or
     * completed while the chunk was being written.
     */
    async addChunk(siteId: bigint, uploadId: bigint, chunkNumber: number, size: number): Promise<number | null> {
      const res = await db.execute(sql`
        WITH added AS (
          INSERT INTO ${vodUploadChunk} (site_id, upload_id, chunk_number, size)
          SELECT ${siteId}, ${uploadId}, ${chunkNumber}, ${size}
          WHERE EXISTS (SELECT 1 FROM ${vodUpload} WHERE ${vodUpload.siteId} = ${siteId} AND ${vodUpload.id} = ${uploadId} AND ${vodUpload.status} = ${UploadStatus.receiving})
          ON CONFLICT DO NOTHING
          RETURNING 1
        )
        UPDATE ${vodUpload} SET received = received + (SELECT count(*)::int FROM added)
        WHERE site_id = ${siteId} AND id = ${uploadId} AND status = ${UploadStatus.receiving}
        RETURNING received`);
      const [row] = rowsOf<{ received: number }>(res);
      return row ? Number(row.received) : null;
    },
    /** Moves the upload from one state to another; false when another request got there first. */
    async claim(
      siteId: bigint,
      id: bigint,
      from: number,
      to: number,
      values: Partial<UploadRow> = {},
    ): Promise<boolean> {
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
    /** The user's uploads still receiving chunks, newest first. */
    unfinished(siteId: bigint, userId: bigint, limit: number): Promise<UploadRow[]> {
      return db
        .select()
        .from(vodUpload)
        .where(
          and(eq(vodUpload.siteId, siteId), eq(vodUpload.userId, userId), eq(vodUpload.status, UploadStatus.receiving)),
        )
        .orderBy(desc(vodUpload.gmtModified))
        .limit(limit);
    },
    /** Unfinished uploads not touched since `before`, on every site (the sweep job is not per site). */
    stale(before: Date, limit: number): Promise<UploadRow[]> {
      return db
        .select()
        .from(vodUpload)
        .where(
          and(
            inArray(vodUpload.status, [UploadStatus.receiving, UploadStatus.assembling]),
            lt(vodUpload.gmtModified, before),
          ),
        )
        .limit(limit);
    },
  };
}
export type UploadRepo = ReturnType<typeof uploadRepo>;
