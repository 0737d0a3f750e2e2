import type { VodRendition } from '../../db/schema/vod.ts';

/** What ffprobe tells about a file we can transcode. */
export interface Probe {
  durationSec: number;
  /** As displayed, i.e. after the rotation a phone recorded. */
  width: number;
  height: number;
  hasAudio: boolean;
}

export interface Rung {
  name: string;
  /** The short side of the picture: the height of a landscape video, the width of a portrait one. */
  short: number;
  videoKbps: number;
  audioKbps: number;
}

/** The ladder a serious school streams; a rung above the source would only waste bytes. */
const LADDER: Rung[] = [
  { name: '1080p', short: 1080, videoKbps: 5000, audioKbps: 128 },
  { name: '720p', short: 720, videoKbps: 2800, audioKbps: 128 },
  { name: '480p', short: 480, videoKbps: 1400, audioKbps: 96 },
  { name: '360p', short: 360, videoKbps: 800, audioKbps: 96 },
];

/** The rungs for a source: every standard one not above it, or a single rung at the source's own size. */
export function ladderFor(p: Pick<Probe, 'width' | 'height'>): Rung[] {
  const short = Math.min(p.width, p.height);
  const rungs = LADDER.filter((r) => r.short <= short);
  if (rungs.length > 0) return rungs;
  const even = Math.max(2, short - (short % 2));
  return [{ name: `${even}p`, short: even, videoKbps: 600, audioKbps: 96 }];
}

/** The scale filter of a rung: the short side fixed, the long side following the aspect ratio (even, for x264). */
export function scaleFor(p: Pick<Probe, 'width' | 'height'>, rung: Rung): string {
  return p.width >= p.height ? `scale=-2:${rung.short}` : `scale=${rung.short}:-2`;
}

interface ProbeJson {
  streams?: Array<{
    codec_type?: string;
    width?: number;
    height?: number;
    duration?: string;
    disposition?: { attached_pic?: number };
    tags?: { rotate?: string };
    side_data_list?: Array<{ rotation?: number }>;
  }>;
  format?: { duration?: string };
}

/** Reads `ffprobe -show_streams -show_format -of json`; undefined when there is no playable picture. */
export function readProbe(json: ProbeJson): Probe | undefined {
  const streams = json.streams ?? [];
  const video = streams.find(
    (s) => s.codec_type === 'video' && !s.disposition?.attached_pic && (s.width ?? 0) > 0 && (s.height ?? 0) > 0,
  );
  if (!video) return undefined;
  const duration = Number(json.format?.duration ?? video.duration);
  if (!Number.isFinite(duration) || duration <= 0) return undefined;
  const rotation =
    Math.abs(Number(video.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? video.tags?.rotate ?? 0)) %
    180;
  const [width, height] = rotation === 90 ? [video.height!, video.width!] : [video.width!, video.height!];
  return {
    durationSec: Math.max(1, Math.round(duration)),
    width,
    height,
    hasAudio: streams.some((s) => s.codec_type === 'audio'),
  };
}

/** Reads the rungs back from the master playlist ffmpeg wrote, with the sizes and bandwidths it measured. */
export function readMaster(master: string): VodRendition[] {
  const lines = master.split(/\r?\n/).map((l) => l.trim());
  const out: VodRendition[] = [];
  lines.forEach((line, i) => {
    if (!line.startsWith('#EXT-X-STREAM-INF:')) return;
    const uri = lines.slice(i + 1).find((l) => l && !l.startsWith('#'));
    const name = uri?.split('/')[0];
    const bandwidth = Number(/(?:^|,|:)BANDWIDTH=(\d+)/.exec(line)?.[1] ?? 0);
    const [w, h] = (/RESOLUTION=(\d+)x(\d+)/.exec(line) ?? []).slice(1).map(Number);
    if (name) out.push({ name, width: w ?? 0, height: h ?? 0, bandwidth });
  });
  return out;
}

/** The key URI ffmpeg writes into playlists; replaced by the viewer's signed key URL when a playlist is served. */
export const KEY_URI_PLACEHOLDER = 'qingke-key-placeholder';
