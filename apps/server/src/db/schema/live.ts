import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { gmt, id, ref, siteId } from './common.ts';

/**
 * A lecturer's broadcast channel: one per lecturer and site. `streamKey` is the secret an encoder (OBS) or the
 * browser page pushes with; it is unique over all sites so the ingest finds the channel from the key alone.
 * `channelPwd` is the password a vendor's channel has (kept for a vendor adapter; shown to the lecturer).
 */
export const liveChannel = pgTable(
  'live_channel',
  {
    id: id(),
    siteId: siteId(),
    lecturerUserId: ref('lecturer_user_id').notNull(),
    streamKey: text('stream_key').notNull(),
    channelPwd: text('channel_pwd').notNull().default(''),
    ...gmt,
  },
  (t) => [
    uniqueIndex('live_channel_lecturer_uq').on(t.siteId, t.lecturerUserId),
    uniqueIndex('live_channel_key_uq').on(t.streamKey),
  ],
);

/**
 * A live session: the live side of one lesson (course_chapter_period) of a live course. `liveStatus` 1 待开播,
 * 2 直播中, 3 待回放, 4 直播完成 (the seed's values); `playbackSave` 1 keep the recording as the replay, 2 discard
 * it. `liveDuration` in minutes. `replayVideoId` the transcoded recording (vod) once it exists.
 */
export const liveSession = pgTable(
  'live_session',
  {
    id: id(),
    siteId: siteId(),
    courseId: ref('course_id').notNull(),
    periodId: ref('period_id').notNull(),
    lecturerUserId: ref('lecturer_user_id').notNull(),
    beginTime: timestamp('begin_time', { withTimezone: true }).notNull(),
    liveDuration: integer('live_duration').notNull().default(60),
    liveStatus: integer('live_status').notNull().default(1),
    playbackSave: integer('playback_save').notNull().default(1),
    replayVideoId: ref('replay_video_id'),
    /** the current (or last) broadcast's folder name under live/<site>/<session>/; changes with each broadcast */
    streamName: text('stream_name').notNull().default(''),
    pinnedMessage: text('pinned_message').notNull().default(''),
    ...gmt,
  },
  (t) => [
    uniqueIndex('live_session_period_uq').on(t.siteId, t.periodId),
    index('live_session_plan_idx').on(t.siteId, t.beginTime),
    index('live_session_lecturer_idx').on(t.lecturerUserId, t.beginTime),
  ],
);

/** One broadcast of a session (live_log of the seed): from the publish to its end, and how it came in. */
export const liveChannelLog = pgTable(
  'live_channel_log',
  {
    id: id(),
    siteId: siteId(),
    sessionId: ref('session_id').notNull(),
    lecturerUserId: ref('lecturer_user_id').notNull(),
    /** 'rtmp' or 'browser' */
    source: text('source').notNull(),
    startTime: timestamp('start_time', { withTimezone: true }).notNull().defaultNow(),
    endTime: timestamp('end_time', { withTimezone: true }),
    gmtCreate: gmt.gmtCreate,
  },
  (t) => [index('live_channel_log_lecturer_idx').on(t.siteId, t.lecturerUserId, t.startTime)],
);

/** A chat message of a session; `statusId` 0 once removed by the lecturer. */
export const liveChat = pgTable(
  'live_chat',
  {
    id: id(),
    siteId: siteId(),
    sessionId: ref('session_id').notNull(),
    userId: ref('user_id').notNull(),
    nickname: text('nickname').notNull(),
    content: text('content').notNull(),
    gmtCreate: gmt.gmtCreate,
    statusId: integer('status_id').notNull().default(1),
  },
  (t) => [index('live_chat_session_idx').on(t.siteId, t.sessionId, t.gmtCreate)],
);

/** Who watched a session and for how long (seconds connected to its room), kept per user. */
export const liveAttendance = pgTable(
  'live_attendance',
  {
    id: id(),
    siteId: siteId(),
    sessionId: ref('session_id').notNull(),
    userId: ref('user_id').notNull(),
    firstJoin: timestamp('first_join', { withTimezone: true }).notNull().defaultNow(),
    lastLeave: timestamp('last_leave', { withTimezone: true }),
    watchSeconds: integer('watch_seconds').notNull().default(0),
    /** 1 when the lecturer has muted this user in this session's chat */
    muted: integer('muted').notNull().default(0),
  },
  (t) => [uniqueIndex('live_attendance_uq').on(t.siteId, t.sessionId, t.userId)],
);
