import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { gmt, id, ref, siteId } from './common.ts';

/** One rung of a video's HLS ladder, as the master playlist lists it. */
export interface VodRendition {
  name: string;
  width: number;
  height: number;
  bandwidth: number;
}

/**
 * An uploaded video and its transcoded HLS ladder. `status` 1 pending, 2 transcoding, 3 ready, 4 failed;
 * `failReason` is written for the lecturer who uploaded it. `sourceKey` and the HLS output live under the private
 * `vod/` prefix of storage; only the poster is public. `aesKey` (hex) encrypts every segment and is served only
 * through a signed play session, never presented.
 */
export const vodVideo = pgTable(
  'vod_video',
  {
    id: id(),
    siteId: siteId(),
    userId: ref('user_id').notNull(),
    videoName: text('video_name').notNull(),
    sourceKey: text('source_key').notNull(),
    sourceMd5: text('source_md5'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull().default(0),
    status: integer('status').notNull().default(1),
    failReason: text('fail_reason'),
    attempts: integer('attempts').notNull().default(0),
    durationSec: integer('duration_sec').notNull().default(0),
    width: integer('width').notNull().default(0),
    height: integer('height').notNull().default(0),
    renditions: jsonb('renditions').$type<VodRendition[]>().notNull().default([]),
    posterKey: text('poster_key'),
    aesKey: text('aes_key'),
    ...gmt,
  },
  (t) => [
    index('vod_video_user_idx').on(t.siteId, t.userId, t.gmtCreate),
    index('vod_video_md5_idx').on(t.siteId, t.sourceMd5),
  ],
);

/**
 * Secrets of the video module shared by every process (the play-token signing key), made once on first use so a
 * fresh install needs no configuration and every web process verifies what any other signed.
 */
export const vodSecret = pgTable('vod_secret', {
  name: text('name').primaryKey(),
  secret: text('secret').notNull(),
  gmtCreate: timestamp('gmt_create', { withTimezone: true }).notNull().defaultNow(),
});
