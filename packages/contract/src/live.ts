import { z } from './zod-config.ts';
import { defineCall, Empty, Id, oneOf, PageQuery, pageOf, text } from './call.ts';

/**
 * Live courses (直播): a live course is a course of courseType 2 whose lessons are live sessions. A lecturer has a
 * channel (server address, stream key, channel password) and broadcasts from OBS over RTMP or from the browser;
 * learners watch through signed HLS URLs and chat over a WebSocket beside the stream.
 */

/** live_status of the seed: 1 待开播, 2 直播中, 3 待回放, 4 直播完成. */
export const LiveStatus = { WAITING: 1, LIVING: 2, PLAYBACK: 3, DONE: 4 } as const;
export const LIVE_STATUS_TEXT: Record<number, string> = { 1: '待开播', 2: '直播中', 3: '待回放', 4: '直播完成' };
/** playback_save: 1 keep the recording as the replay, 2 discard it. */
export const PlaybackSave = { KEEP: 1, DISCARD: 2 } as const;

export const LIVE_LIMITS = {
  /** a session may be pushed from this long before its start… */
  earlyMinutes: 30,
  /** …until this long after its planned end */
  lateMinutes: 60,
  durationMaxMinutes: 600,
  chatMaxChars: 200,
  pinMaxChars: 200,
  /** a live play URL lives this long; the page asks again when it ends */
  playUrlTtlSec: 4 * 3600,
} as const;

const PeriodIdBody = z.object({ periodId: Id });

/** A session as learners and lecturers see it. Times are 'YYYY-MM-DD HH:mm:ss' Asia/Shanghai. */
export const LiveSession = z.object({
  id: z.string(),
  courseId: z.string(),
  courseName: z.string(),
  periodId: z.string(),
  periodName: z.string(),
  isFree: z.number().int(),
  beginTime: z.string(),
  /** minutes */
  liveDuration: z.number().int(),
  liveStatus: z.number().int(),
  liveStatusText: z.string(),
  playbackSave: z.number().int(),
  hasReplay: z.number().int(),
  lecturerUserId: z.string(),
  lecturerName: z.string(),
});
export type TLiveSession = z.output<typeof LiveSession>;

export const livePlanList = defineCall({
  method: 'POST',
  path: '/marketing/api/act/live/plan/list',
  access: 'api',
  summary: '直播安排：正在直播与即将开播的直播课时（首页直播日程）',
  body: PageQuery.default({ pageCurrent: 1, pageSize: 20 }),
  data: pageOf(LiveSession),
});

export const liveCourseSessions = defineCall({
  method: 'POST',
  path: '/course/api/live/session/list',
  access: 'api',
  summary: '直播课程的全部直播课时（直播课程详情页）',
  body: z.object({ courseId: Id }),
  data: z.array(LiveSession),
});

export const liveSessionView = defineCall({
  method: 'POST',
  path: '/course/api/live/session/view',
  access: 'api',
  summary: '直播课时的公开信息（直播间页面）',
  body: PeriodIdBody,
  data: LiveSession,
});

export const LiveUrl = z.object({
  session: LiveSession,
  /** the HLS playlist while live; '' before the start or after the end */
  playUrl: z.string(),
  /** seconds until the planned start (0 once it is due) */
  startsInSec: z.number().int(),
  expireTime: z.number().int(),
});
export type TLiveUrl = z.output<typeof LiveUrl>;

export const getLiveUrl = defineCall({
  method: 'POST',
  path: '/course/auth/course/getLiveUrl',
  access: 'auth',
  summary: '直播地址：已购、VIP 免费或免费试看的直播课时，直播中返回 HLS 播放地址',
  body: PeriodIdBody,
  data: LiveUrl,
});

export const LivePlayback = z.object({ session: LiveSession, videoId: z.string(), playUrl: z.string() });
export const getPlaybackUrl = defineCall({
  method: 'POST',
  path: '/course/auth/course/getPlaybackUrl',
  access: 'auth',
  summary: '直播回放地址：直播完成且保存了回放的直播课时',
  body: PeriodIdBody,
  data: LivePlayback,
});

/** The lecturer's channel: where and with which key to push. */
export const LiveChannel = z.object({
  /** rtmp://host:port/live, '' when the server takes no RTMP */
  serverUrl: z.string(),
  streamKey: z.string(),
  channelPwd: z.string(),
});
export type TLiveChannel = z.output<typeof LiveChannel>;

export const courseChannelView = defineCall({
  method: 'POST',
  path: '/course/auth/course/channel/view',
  access: 'auth',
  summary: '我的直播频道：推流地址、推流码与频道密码（讲师）',
  body: Empty,
  data: LiveChannel,
});

export const courseChannelReset = defineCall({
  method: 'POST',
  path: '/course/auth/course/channel/reset',
  access: 'auth',
  summary: '重置推流码（旧推流码立即失效）',
  body: Empty,
  data: LiveChannel,
});

export const courseChannelPasswd = defineCall({
  method: 'POST',
  path: '/course/auth/course/update/channel/passwd',
  access: 'auth',
  summary: '修改频道密码',
  body: z.object({
    channelPwd: z
      .string({ error: '请填写频道密码' })
      .trim()
      .regex(/^[A-Za-z0-9]{6,16}$/, { error: '频道密码为 6–16 位字母或数字' }),
  }),
  data: LiveChannel,
});

/** When, how long, and whether the recording becomes the replay: what scheduling a session sets. */
const SessionSchedule = z.object({
  beginTime: text('开播时间', 19).refine((v) => /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(v), {
    error: '开播时间格式应为 YYYY-MM-DD HH:mm',
  }),
  liveDuration: z.coerce
    .number({ error: '请填写直播时长（分钟）' })
    .int({ error: '直播时长应为整数分钟' })
    .min(5, { error: '直播时长至少 5 分钟' })
    .max(LIVE_LIMITS.durationMaxMinutes, { error: `直播时长不能超过 ${LIVE_LIMITS.durationMaxMinutes} 分钟` }),
  playbackSave: oneOf([1, 2] as const, '回放设置只能是保存或丢弃').default(1),
});

export const LiveSessionSave = SessionSchedule.extend({ periodId: Id });

export const liveSessionSave = defineCall({
  method: 'POST',
  path: '/course/auth/live/session/save',
  access: 'auth',
  summary: '设置直播课时的开播时间、时长与回放（讲师，自己的直播课程）',
  body: LiveSessionSave,
  data: LiveSession,
});

export const liveSessionMine = defineCall({
  method: 'POST',
  path: '/course/auth/live/session/list',
  access: 'auth',
  summary: '我的直播课时（讲师）',
  body: PageQuery.default({ pageCurrent: 1, pageSize: 20 }),
  data: pageOf(LiveSession),
});

/** A broadcast (live_log): one push of a session, from OBS or the browser. */
export const LiveChannelLog = z.object({
  id: z.string(),
  sessionId: z.string(),
  periodName: z.string(),
  source: z.string(),
  startTime: z.string(),
  endTime: z.string(),
});
export const liveChannelLogList = defineCall({
  method: 'POST',
  path: '/course/auth/live/channel/log/list',
  access: 'auth',
  summary: '我的开播记录（讲师）',
  body: PageQuery.default({ pageCurrent: 1, pageSize: 20 }),
  data: pageOf(LiveChannelLog),
});

export const LiveAttendee = z.object({
  userId: z.string(),
  nickname: z.string(),
  firstJoin: z.string(),
  watchSeconds: z.number().int(),
  muted: z.number().int(),
});
export const LiveSessionDetail = z.object({
  session: LiveSession,
  attendance: z.array(LiveAttendee),
  chatCount: z.number().int(),
  pinnedMessage: z.string(),
});
export const liveChannelLogView = defineCall({
  method: 'POST',
  path: '/course/auth/live/channel/log/view',
  access: 'auth',
  summary: '直播课时的开播情况：到课名单、观看时长、聊天条数（讲师）',
  body: PeriodIdBody,
  data: LiveSessionDetail,
});

export const liveChannelLogSave = defineCall({
  method: 'POST',
  path: '/course/auth/live/channel/log/save',
  access: 'auth',
  summary: '结束直播：停止推流，课时转为待回放（讲师）',
  body: PeriodIdBody,
  data: LiveSession,
});

/** A short-lived token for the chat room (and, for the lecturer, the browser broadcast) of one session. */
export const liveChannelToken = defineCall({
  method: 'POST',
  path: '/course/auth/live/channel/token',
  access: 'auth',
  summary: '直播间令牌：聊天室连接（讲师另可在浏览器开播）',
  body: PeriodIdBody,
  data: z.object({
    token: z.string(),
    /** the lecturer's token for broadcasting from the browser; '' for learners */
    pushToken: z.string(),
    sessionId: z.string(),
    isLecturer: z.number().int(),
    expireTime: z.number(),
  }),
});

export const liveAdminLiving = defineCall({
  method: 'POST',
  path: '/course/admin/live/session/living',
  access: 'admin',
  summary: '正在直播的课时',
  body: Empty,
  data: z.array(LiveSession),
});

export const liveAdminStop = defineCall({
  method: 'POST',
  path: '/course/admin/live/session/stop',
  access: 'admin',
  summary: '强制结束一场直播',
  body: PeriodIdBody,
  data: LiveSession,
});

/**
 * A session of a live course's draft, as its lecturer edits it on /account/live/add: the lesson draft (title, free
 * preview: audited with the course) and its schedule (the session itself, shared by the draft and the published
 * lesson, which have one id). `beginTime` is '' for a lesson drafted elsewhere without a time.
 */
export const LiveSessionDraft = z.object({
  periodId: z.string(),
  chapterId: z.string(),
  periodName: z.string(),
  isFree: z.number().int(),
  beginTime: z.string(),
  liveDuration: z.number().int(),
  playbackSave: z.number().int(),
  liveStatus: z.number().int(),
  liveStatusText: z.string(),
});
export type TLiveSessionDraft = z.output<typeof LiveSessionDraft>;

export const liveSessionAuditList = defineCall({
  method: 'POST',
  path: '/course/auth/live/session/audit/list',
  access: 'auth',
  summary: '直播课程草稿的直播课时（标题、试看、开播时间、时长、回放）',
  body: z.object({ courseId: Id }),
  data: z.array(LiveSessionDraft),
});

export const LiveSessionAuditSave = SessionSchedule.extend({
  courseId: Id,
  /** the lesson draft to change; absent for a new session */
  periodId: Id.optional(),
  periodName: text('课时标题', 100),
  isFree: oneOf([0, 1] as const, '请选择是否免费试看').default(0),
});

export const liveSessionAuditSave = defineCall({
  method: 'POST',
  path: '/course/auth/live/session/audit/save',
  access: 'auth',
  summary: '添加或修改直播课程草稿的直播课时：标题与试看随课程审核，开播时间、时长与回放设置立即生效',
  body: LiveSessionAuditSave,
  data: LiveSessionDraft,
});

export const liveSessionAuditDelete = defineCall({
  method: 'POST',
  path: '/course/auth/live/session/audit/delete',
  access: 'auth',
  summary: '删除直播课程草稿的直播课时（直播中的课时不能删除）',
  body: PeriodIdBody,
  data: z.null(),
});
