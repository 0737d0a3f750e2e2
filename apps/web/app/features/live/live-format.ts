import { LiveStatus } from '#contract/live.ts';

/** The tag colour of each live status (antd Tag presets). */
export const STATUS_COLOR: Record<number, string> = {
  [LiveStatus.WAITING]: 'blue',
  [LiveStatus.LIVING]: 'red',
  [LiveStatus.PLAYBACK]: 'orange',
  [LiveStatus.DONE]: 'default',
};

/** Seconds until the start as 2 天 03:04:05 / 03:04:05. */
export function countdown(sec: number): string {
  const s = Math.max(0, Math.floor(sec));
  const d = Math.floor(s / 86_400);
  const pad = (n: number) => String(n).padStart(2, '0');
  const hms = `${pad(Math.floor((s % 86_400) / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
  return d > 0 ? `${d} 天 ${hms}` : hms;
}

/** The live room of a session (its lesson id): countdown, stream, replay and chat. */
export const liveRoomPath = (periodId: string) => `/preview/live/${periodId}`;

/** The chat room's WebSocket address on this site. */
export function chatSocketUrl(token: string): string {
  const proto = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${proto}//${window.location.host}/apis/live/api/chat/${token}`;
}
