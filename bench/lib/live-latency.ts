import { firstFrame, readClock } from './live-clock.ts';
import { Samples } from './live-viewers.ts';

/** One segment as the watching side saw it: times are wall-clock ms. */
export interface SegmentSeen {
  name: string;
  durationMs: number;
  /** the clock burned into its first frame: when the camera took it */
  shotAt: number;
  /** when it first appeared in the playlist (polled every 100 ms) */
  listedAt: number;
  /** when its bytes had arrived */
  fetchedAt: number;
}

/** hls.js's settings on the watching page (apps/web/app/features/live/live-hls.ts), which set the player's delay. */
export interface PlayerModel {
  /** how far behind the newest segment's end hls.js holds the playhead, in ms */
  liveSyncMs: number;
  /** its playlist reload interval when the playlist moved: one target duration */
  reloadMs: number;
}

export interface LatencyFigures {
  segments: number;
  unreadable: number;
  /** camera → the segment holding that frame is listed in the playlist */
  edge: Samples;
  /** camera → a standard hls.js player shows that frame (see `playerLatency`) */
  player: Samples;
  /** the segments' durations and the playlist's target duration */
  segmentMs: Samples;
  targetDurationS: number;
}

/**
 * What hls.js shows when playing steadily at its target: it estimates the live edge as the newest segment's end
 * plus the time since it loaded that playlist, and holds the playhead `liveSyncMs` behind it. So the frame on
 * screen was shot (listedAt − shotAt − duration) + (its reload finding the segment, half a reload on average) +
 * liveSyncMs ago. Fetch time is not added: the buffer covers it while the playhead trails by liveSyncMs.
 */
export const playerLatency = (s: SegmentSeen, m: PlayerModel) =>
  s.listedAt - s.shotAt - s.durationMs + m.reloadMs / 2 + m.liveSyncMs;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Watches one playlist closely (every 100 ms) and reads the clock in the first frame of every new segment, until
 * `stop` is called; segments listed before it started are skipped (their listing time is unknown).
 */
export function watchLatency(baseUrl: string, playUrl: string, ffmpegPath = 'ffmpeg') {
  const seen: SegmentSeen[] = [];
  let unreadable = 0;
  let targetDurationS = 0;
  let stopped = false;
  const dir = playUrl.slice(0, playUrl.lastIndexOf('/') + 1);
  const known = new Set<string>();
  let first = true;

  const loop = (async () => {
    while (!stopped) {
      const polled = performance.now();
      try {
        const res = await fetch(baseUrl + playUrl);
        const text = await res.text();
        const listedAt = Date.now();
        if (res.status === 200) {
          targetDurationS = Number(/#EXT-X-TARGETDURATION:(\d+)/.exec(text)?.[1] ?? 0);
          const lines = text.split('\n');
          for (let i = 0; i < lines.length; i++) {
            const name = lines[i]!.trim();
            if (!/^seg_\d+\.ts$/.test(name) || known.has(name)) continue;
            known.add(name);
            if (first) continue;
            const durationMs = Number(/#EXTINF:([\d.]+)/.exec(lines[i - 1] ?? '')?.[1] ?? 0) * 1000;
            const seg = await fetch(baseUrl + dir + name);
            const bytes = Buffer.from(await seg.arrayBuffer());
            const fetchedAt = Date.now();
            const shotAt = seg.status === 200 ? readClock(await firstFrame(bytes, ffmpegPath)) : undefined;
            if (shotAt === undefined) unreadable++;
            else seen.push({ name, durationMs, shotAt, listedAt, fetchedAt });
          }
          first = false;
        }
      } catch {
        unreadable++;
      }
      await sleep(Math.max(0, polled + 100 - performance.now()));
    }
  })();

  return {
    seen,
    /** stops watching; the figures of the segments seen between `from` and now (all by default) */
    async stop(): Promise<void> {
      stopped = true;
      await loop;
    },
    figures(model: PlayerModel, from = 0, to = Infinity): LatencyFigures {
      const edge = new Samples();
      const player = new Samples();
      const segmentMs = new Samples();
      const part = seen.filter((s) => s.listedAt >= from && s.listedAt < to);
      for (const s of part) {
        edge.add(s.listedAt - s.shotAt);
        player.add(playerLatency(s, model));
        segmentMs.add(s.durationMs);
      }
      return { segments: part.length, unreadable, edge, player, segmentMs, targetDurationS };
    },
  };
}
