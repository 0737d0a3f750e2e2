import http from 'node:http';

/** Latencies in ms, and what their quantiles are. */
export class Samples {
  readonly ms: number[] = [];
  add(ms: number): void {
    this.ms.push(ms);
  }
  at(q: number): number {
    if (!this.ms.length) return NaN;
    const sorted = [...this.ms].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  }
}

export interface ViewerLoad {
  viewers: number;
  seconds: number;
  playlist: Samples;
  segment: Samples;
  /** requests answered in the measured window, per second */
  rps: number;
  errors: number;
  firstError?: string;
  /** segment requests that found nothing new to fetch because the playlist had not moved (hls.js does the same) */
  stalePolls: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * node:http with kept-alive connections: under half of fetch's CPU a request in this bench (0.13 ms against 0.30 ms),
 * so the client leaves more of the shared cores to the server.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
function httpGet(url: string): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts) }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}
const segmentsOf = (playlist: string) => playlist.split('\n').filter((l) => /^seg_\d+\.ts$/.test(l.trim()));

/**
 * Viewers as hls.js is to the server: each polls its signed playlist once a segment duration and fetches each new
 * segment once, in order, starting three from the live edge (as a player joining near the edge does). Viewers
 * join spread over `rampS` seconds; what they ask in the last `seconds` is measured.
 */
export async function runViewers(
  baseUrl: string,
  playUrls: string[],
  o: { seconds: number; rampS: number; segmentMs: number },
): Promise<ViewerLoad> {
  const playlist = new Samples();
  const segment = new Samples();
  let errors = 0;
  let firstError: string | undefined;
  let stalePolls = 0;
  let answered = 0;
  const measureFrom = performance.now() + o.rampS * 1000;
  const end = measureFrom + o.seconds * 1000;
  const inWindow = (t: number) => t >= measureFrom && t < end;

  const get = async (url: string, into: Samples): Promise<string | undefined> => {
    const t0 = performance.now();
    try {
      const res = await httpGet(baseUrl + url);
      const t1 = performance.now();
      if (inWindow(t0)) {
        if (res.status !== 200) {
          errors++;
          firstError ??= `${res.status} for ${url.replace(/hls\/[^/]+\//, 'hls/<token>/')}`;
          return undefined;
        }
        into.add(t1 - t0);
        answered++;
      }
      return res.status === 200 ? res.body.toString('latin1') : undefined;
    } catch (err) {
      if (inWindow(t0)) {
        errors++;
        firstError ??= (err as Error).message;
      }
      return undefined;
    }
  };

  const viewer = async (playUrl: string) => {
    await sleep(Math.random() * o.rampS * 1000);
    const dir = playUrl.slice(0, playUrl.lastIndexOf('/') + 1);
    const seen = new Set<string>();
    let joined = false;
    while (performance.now() < end) {
      const started = performance.now();
      const text = await get(playUrl, playlist);
      if (text) {
        const names = segmentsOf(text);
        const fresh = names.filter((n) => !seen.has(n));
        for (const n of names) seen.add(n);
        if (!fresh.length) stalePolls++;
        for (const n of joined ? fresh : fresh.slice(-3)) await get(dir + n, segment);
        joined = true;
      }
      await sleep(Math.max(0, started + o.segmentMs - performance.now()));
    }
  };

  await Promise.all(playUrls.map(viewer));
  return {
    viewers: playUrls.length,
    seconds: o.seconds,
    playlist,
    segment,
    rps: answered / o.seconds,
    errors,
    firstError,
    stalePolls,
  };
}
