import { LIVE_STATUS_TEXT, type TLiveChannel, type TLiveSession } from '#contract/live.ts';
import { formatTime } from '../../platform/time.ts';
import type { ChannelRow, ListedSession } from './live.repo.ts';

export function presentSession(r: ListedSession, lecturerName: string): TLiveSession {
  const s = r.s;
  return {
    id: String(s.id),
    courseId: String(s.courseId),
    courseName: r.courseName,
    periodId: String(s.periodId),
    periodName: r.periodName,
    isFree: r.isFree,
    beginTime: formatTime(s.beginTime),
    liveDuration: s.liveDuration,
    liveStatus: s.liveStatus,
    liveStatusText: LIVE_STATUS_TEXT[s.liveStatus] ?? '',
    playbackSave: s.playbackSave,
    hasReplay: s.replayVideoId !== null && s.liveStatus === 4 ? 1 : 0,
    lecturerUserId: String(s.lecturerUserId),
    lecturerName,
  };
}

export function presentChannel(c: ChannelRow, serverUrl: string): TLiveChannel {
  return { serverUrl, streamKey: c.streamKey, channelPwd: c.channelPwd };
}
