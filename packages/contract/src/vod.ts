import { z } from './zod-config.ts';
import { defineCall, Id } from './call.ts';

/** A video's transcoding state: 1 waiting, 2 transcoding, 3 ready to play, 4 failed (see `failReason`). */
export const VideoStatus = { pending: 1, transcoding: 2, ready: 3, failed: 4 } as const;
export const VIDEO_STATUS_NAMES: Record<number, string> = { 1: '等待转码', 2: '转码中', 3: '可播放', 4: '转码失败' };

/** How long a play URL (and every playlist, segment and key URL under it) stays valid, at least. */
export const PLAY_URL_TTL_SEC = 2 * 60 * 60;

export const Rendition = z.object({ name: z.string(), width: z.number().int(), height: z.number().int() });

/**
 * What the lesson player needs. `playUrl` is the master playlist (HLS, AES-128); its variants, segments and key
 * all carry the same signed token in their paths, so hls.js plays it with no custom headers. Every URL expires
 * at `expireTime` (Unix seconds): after that the player asks for a new `playUrl` and resumes where it was.
 */
export const VodPlay = z.object({
  courseId: z.string(),
  chapterId: z.string(),
  periodId: z.string(),
  periodName: z.string(),
  videoId: z.string(),
  playUrl: z.string(),
  posterUrl: z.string(),
  durationSec: z.number().int(),
  renditions: z.array(Rendition),
  /** 1 the viewer may change the speed (presets up to 2×), 0 not. */
  speedDouble: z.number().int(),
  /** 1 the viewer may seek freely, 0 only within what they have watched. */
  speedDrag: z.number().int(),
  /** The viewer's masked mobile for the moving watermark, e.g. 138****0001. */
  watermark: z.string(),
  expireTime: z.number().int(),
});
export type TVodPlay = z.output<typeof VodPlay>;

/**
 * A video played by its id rather than a lesson (an exam problem's explanation): the same signed, user-bound,
 * expiring URLs as VodPlay, given only after the calling module's own check that the viewer may watch it.
 */
export const VideoPlay = VodPlay.pick({
  videoId: true,
  playUrl: true,
  posterUrl: true,
  durationSec: true,
  renditions: true,
  watermark: true,
  expireTime: true,
});
export type TVideoPlay = z.output<typeof VideoPlay>;

export const vodPlay = defineCall({
  method: 'POST',
  path: '/vod/auth/videoInfo/play',
  access: 'auth',
  summary: '课时播放：返回带签名的 HLS 地址（约 2 小时有效）、封面、清晰度、倍速与拖动设置和水印',
  body: z.object({ periodId: Id }),
  data: VodPlay,
});

/** A video as its lecturer sees it in the studio. */
export const VodVideo = z.object({
  id: z.string(),
  videoName: z.string(),
  status: z.number().int(),
  statusName: z.string(),
  failReason: z.string(),
  durationSec: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  sizeBytes: z.number().int(),
  posterUrl: z.string(),
  renditions: z.array(Rendition),
  gmtCreate: z.string(),
});
export type TVodVideo = z.output<typeof VodVideo>;
