import { bigint, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { gmt, id, ref, siteId } from './common.ts';

/**
 * A chunked video upload in progress (simple-uploader protocol), one per user and file MD5 (`identifier`).
 * `status` 1 receiving chunks, 2 being assembled (claimed by exactly one request), 3 done (`videoId` set).
 * `received` counts its chunk rows: it is raised in the statement that adds a row, under this row's lock.
 * Chunks wait in storage under a per-user temporary prefix; uploads untouched for a day are swept.
 */
export const vodUpload = pgTable(
  'vod_upload',
  {
    id: id(),
    siteId: siteId(),
    userId: ref('user_id').notNull(),
    identifier: text('identifier').notNull(),
    fileName: text('file_name').notNull(),
    totalSize: bigint('total_size', { mode: 'number' }).notNull(),
    totalChunks: integer('total_chunks').notNull(),
    chunkSize: integer('chunk_size').notNull(),
    status: integer('status').notNull().default(1),
    received: integer('received').notNull().default(0),
    videoId: ref('video_id'),
    ...gmt,
  },
  (t) => [
    uniqueIndex('vod_upload_file_uq').on(t.siteId, t.userId, t.identifier),
    index('vod_upload_stale_idx').on(t.status, t.gmtModified),
  ],
);

export const vodUploadChunk = pgTable(
  'vod_upload_chunk',
  {
    siteId: siteId(),
    uploadId: bigint('upload_id', { mode: 'bigint' }).notNull(),
    chunkNumber: integer('chunk_number').notNull(),
    size: integer('size').notNull(),
    gmtCreate: timestamp('gmt_create', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.chunkNumber] })],
);
