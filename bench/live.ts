/**
 * `npm run bench -- --only live` (or BENCH_ONLY=live): one live session of the demo live course, pushed over RTMP
 * with the lecturer's key by an encoder whose frames carry the wall clock (bench/lib/live-clock.ts), then
 * (a) the delay from that clock to the watching side, alone and under each load below;
 * (b) BENCH_LIVE_VIEWERS (2,000) viewers polling their signed playlists and fetching each new segment once, as
 *     hls.js does, for BENCH_LIVE_SECONDS (30) after a ramp of one segment: target p99 < 200 ms, no error;
 * (c) as many chat connections to the session's room, one message a second between them for BENCH_LIVE_SECONDS:
 *     target delivery p99 < 500 ms, nothing lost.
 * Target for (a): ≤ 6 s from camera to a standard hls.js player's screen. Env: FFMPEG_PATH, BENCH_LIVE_IDLE_S (20).
 */
import os from 'node:os';
import { postgresVersion } from './lib/database.ts';
import { machineInfo } from './lib/report.ts';
import { freePort, rssMb } from './lib/server.ts';
import { benchServer, loadNote, runBaseline, type Cleanups } from './lib/bench-run.ts';
import type { LoadOptions } from './lib/load.ts';
import { loadLiveData } from './lib/live-data.ts';
import { pushClock } from './lib/live-clock.ts';
import { watchLatency, type LatencyFigures, type PlayerModel } from './lib/live-latency.ts';
import { runViewers, type Samples, type ViewerLoad } from './lib/live-viewers.ts';
import { runChat, type ChatLoad } from './lib/live-chat-load.ts';
import { cpuSeconds } from './lib/studio-upload.ts';
import { browserLatency, type BrowserLatency } from './lib/live-browser.ts';

export const LIVE_TARGETS = { viewerP99Ms: 200, chatP99Ms: 500, latencyS: 6 };
/** hls.js on the watching page (apps/web/app/features/live/live-hls.ts): liveSyncDurationCount 2 target durations */
const LIVE_SYNC_SEGMENTS = 2;

const log = (msg: string) => console.error(`[bench live] ${msg}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(0) : '—');
const s1 = (v: number) => (Number.isFinite(v) ? (v / 1000).toFixed(1) : '—');
const n = (v: number) => v.toLocaleString('en-US', { maximumFractionDigits: 0 });

async function call(baseUrl: string, path: string, body: object, token?: string) {
  const res = await fetch(`${baseUrl}/apis${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; msg: string; data: Record<string, unknown> };
  if (json.code !== 200) throw new Error(`${path}: ${json.msg}`);
  return json.data;
}

/** Runs `fn` over `items` with at most `width` at once. */
async function eachLimited<T, R>(items: T[], width: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!);
      }
    }),
  );
  return out;
}

/** The learner's play URL once the session is 直播中 and its playlist lists two segments. */
async function onAir(base: string, periodId: string, token: string, pushError: () => string): Promise<string> {
  for (const end = Date.now() + 30_000; Date.now() < end; await sleep(300)) {
    const live = (await call(base, '/course/auth/course/getLiveUrl', { periodId }, token)) as { playUrl: string };
    if (!live.playUrl) continue;
    const res = await fetch(base + live.playUrl);
    if (res.status === 200 && ((await res.text()).match(/seg_\d+\.ts/g) ?? []).length >= 2) return live.playUrl;
  }
  throw new Error(`the push did not go live: ${pushError().trim() || 'no ffmpeg error'}`);
}

/** The session's start in the site's time (Asia/Shanghai), as the lecturer's page sends it. */
const nowInChina = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

export async function runLiveBench(adminUrl: string, load: LoadOptions, cleanups: Cleanups): Promise<boolean> {
  const env = process.env;
  const viewers = Number(env.BENCH_LIVE_VIEWERS ?? 2000);
  const seconds = Number(env.BENCH_LIVE_SECONDS ?? 30);
  const idleS = Number(env.BENCH_LIVE_IDLE_S ?? 20);
  const ffmpegPath = env.FFMPEG_PATH ?? 'ffmpeg';
  const loadBefore = os.loadavg()[0]!;
  const rtmpPort = await freePort();
  const { db, server, idle } = await benchServer(adminUrl, cleanups, 'live', {
    LIVE_RTMP_PORT: String(rtmpPort),
    VOD_DEMO_VIDEOS: '0',
    FFMPEG_PATH: ffmpegPath,
  });
  const base = server.baseUrl;
  log(`server pid ${server.pid} at ${base}, RTMP ${rtmpPort}, idle RSS ${idle?.toFixed(0)} MB`);

  const data = await loadLiveData(db.url, viewers);
  const lecturer = (await call(base, '/user/api/user/login/password', {
    mobile: '13800000002',
    password: 'Demo1234',
    clientType: 2,
  })) as { token: string };
  const periodId = data.periodIds[2]!;
  await call(
    base,
    '/course/auth/live/session/save',
    { periodId, beginTime: nowInChina(), liveDuration: 60, playbackSave: 2 },
    lecturer.token,
  );
  const channel = (await call(base, '/course/auth/course/channel/view', {}, lecturer.token)) as {
    serverUrl: string;
    streamKey: string;
  };
  const push = pushClock(`${channel.serverUrl}/${channel.streamKey}`, ffmpegPath);
  cleanups.push(() => push.stop());
  let pushError = '';
  push.child.stderr!.on('data', (b: Buffer) => (pushError = (pushError + b.toString()).slice(-500)));

  log('waiting for 直播中 and a playlist of two segments');
  const playUrl = await onAir(base, periodId, data.learnerTokens[0]!, () => pushError);
  const watch = watchLatency(base, playUrl, ffmpegPath);
  cleanups.push(() => watch.stop());

  log(`play and chat tokens for ${n(viewers)} learners, as their pages ask for them`);
  const tokens = await eachLimited(data.learnerTokens, 20, async (t) => {
    const live = (await call(base, '/course/auth/course/getLiveUrl', { periodId }, t)) as { playUrl: string };
    const chat = (await call(base, '/course/auth/live/channel/token', { periodId }, t)) as { token: string };
    return { playUrl: live.playUrl, chat: chat.token };
  });

  log(`latency with nothing else going on, ${idleS} s`);
  const idleFrom = Date.now();
  await sleep(idleS * 1000);
  const idleTo = Date.now();

  let browser: BrowserLatency = { skipped: 'BENCH_LIVE_BROWSER=0' };
  if (env.BENCH_LIVE_BROWSER !== '0') {
    log('latency on a real Chromium with the watching page, 20 s');
    browser = await browserLatency(base, periodId, 20);
  }

  const probe = await fetch(base + playUrl);
  const targetS = Number(/#EXT-X-TARGETDURATION:(\d+)/.exec(await probe.text())?.[1] ?? 1);
  const model: PlayerModel = { liveSyncMs: LIVE_SYNC_SEGMENTS * targetS * 1000, reloadMs: targetS * 1000 };

  log(`${n(viewers)} viewers, ${seconds} s after a ${targetS} s ramp`);
  const viewersFrom = Date.now() + targetS * 1000;
  const cpu0 = { server: cpuSeconds(server.pid), client: process.cpuUsage() };
  const v = await runViewers(
    base,
    tokens.map((t) => t.playUrl),
    { seconds, rampS: targetS, segmentMs: targetS * 1000 },
  );
  const viewersTo = Date.now();
  const clientCpu = process.cpuUsage(cpu0.client);
  const cpu = {
    server: cpuSeconds(server.pid) - cpu0.server,
    client: (clientCpu.user + clientCpu.system) / 1e6,
    wall: (viewersTo - viewersFrom) / 1000 + targetS,
  };
  const rssViewers = rssMb(server.pid);

  log(`${n(viewers)} chat connections, one message a second for ${seconds} s`);
  const chatFrom = Date.now();
  const wsBase = base.replace(/^http/, 'ws');
  const c = await runChat(
    wsBase,
    tokens.map((t) => t.chat),
    { seconds, perSecond: 1, openConcurrency: 50 },
  );
  const chatTo = Date.now();
  const rssChat = rssMb(server.pid);

  await watch.stop();
  push.stop();
  const latency = {
    idle: watch.figures(model, idleFrom, idleTo),
    viewers: watch.figures(model, viewersFrom, viewersTo),
    chat: watch.figures(model, chatFrom, chatTo),
  };
  log('running the baseline');
  const baseline = await runBaseline(db.url, load, cleanups);

  const lines = [
    ...machineInfo(await postgresVersion(db.url)),
    `Server RSS: ${ms(idle ?? NaN)} MB idle, ${ms(rssViewers ?? NaN)} MB after the viewers, ${ms(rssChat ?? NaN)} MB after the chat`,
    `Baseline (bare Fastify + one query, autocannon ${load.connections} connections): ${n(baseline.rps ?? 0)} req/s, p99 ${ms(baseline.p99 ?? NaN)} ms`,
    `Playlist: target duration ${targetS} s; player model: hls.js liveSyncDurationCount ${LIVE_SYNC_SEGMENTS} (${s1(model.liveSyncMs)} s behind the edge), reload every ${s1(model.reloadMs)} s`,
    ...latencyLines(latency),
    'skipped' in browser
      ? `Latency in Chromium: skipped (${browser.skipped})`
      : `Latency in Chromium (the watching page's hls.js, its frame read through a canvas twice a second, ${browser.samples.ms.length} frames read, ${browser.unreadable} unreadable): ` +
        `camera → screen p50 ${s1(browser.samples.at(0.5))} s, p99 ${s1(browser.samples.at(0.99))} s`,
    viewerLine(v),
    `CPU during the viewers (${cpu.wall.toFixed(0)} s): server ${cpu.server.toFixed(1)} s (${((cpu.server / cpu.wall) * 100).toFixed(0)} % of a core, ${((cpu.server * 1000) / Math.max(1, v.playlist.ms.length + v.segment.ms.length)).toFixed(2)} ms a request), ` +
      `this client (viewers, the latency watch, the push's frames) ${cpu.client.toFixed(1)} s (${((cpu.client / cpu.wall) * 100).toFixed(0)} %)`,
    chatLine(c),
    loadNote(loadBefore),
  ];
  console.log(`\nLive bench, ${new Date().toLocaleString('sv-SE')}\n${lines.map((l) => `- ${l}`).join('\n')}`);
  const worst = Math.max(latency.idle.player.at(0.5), latency.viewers.player.at(0.5), latency.chat.player.at(0.5));
  return (
    v.errors === 0 &&
    Math.max(v.playlist.at(0.99), v.segment.at(0.99)) < LIVE_TARGETS.viewerP99Ms &&
    c.lost === 0 &&
    c.refused === 0 &&
    c.delivery.at(0.99) < LIVE_TARGETS.chatP99Ms &&
    worst <= LIVE_TARGETS.latencyS * 1000
  );
}

const q = (sm: Samples) => `p50 ${ms(sm.at(0.5))} ms, p99 ${ms(sm.at(0.99))} ms`;

function latencyLines(l: Record<'idle' | 'viewers' | 'chat', LatencyFigures>): string[] {
  return Object.entries(l).map(([phase, f]) => {
    const met = f.player.at(0.5) <= LIVE_TARGETS.latencyS * 1000 ? 'met' : 'MISSED';
    return (
      `Latency (${phase}; ${f.segments} segments read, ${f.unreadable} unreadable; segments p50 ${s1(f.segmentMs.at(0.5))} s): ` +
      `camera → listed in the playlist p50 ${s1(f.edge.at(0.5))} s, p99 ${s1(f.edge.at(0.99))} s; ` +
      `camera → hls.js screen p50 ${s1(f.player.at(0.5))} s, p99 ${s1(f.player.at(0.99))} s ` +
      `(target ≤ ${LIVE_TARGETS.latencyS} s: ${met})`
    );
  });
}

function viewerLine(v: ViewerLoad): string {
  const p99 = Math.max(v.playlist.at(0.99), v.segment.at(0.99));
  const met = p99 < LIVE_TARGETS.viewerP99Ms && v.errors === 0 ? 'met' : 'MISSED';
  return (
    `Viewers: ${n(v.viewers)} for ${v.seconds} s, ${n(v.rps)} req/s answered; playlist ${q(v.playlist)} (${n(v.playlist.ms.length)}); ` +
    `segment ${q(v.segment)} (${n(v.segment.ms.length)}); ${v.errors} errors${v.firstError ? ` (first: ${v.firstError})` : ''}; ` +
    `${n(v.stalePolls)} polls found no new segment (target p99 < ${LIVE_TARGETS.viewerP99Ms} ms, no error: ${met})`
  );
}

function chatLine(c: ChatLoad): string {
  const met = c.delivery.at(0.99) < LIVE_TARGETS.chatP99Ms && c.lost === 0 && c.refused === 0 ? 'met' : 'MISSED';
  return (
    `Chat: ${n(c.connections)} connections opened in ${c.openS.toFixed(1)} s (${c.refused} refused), ${c.sent} messages, ` +
    `${n(c.expected)} deliveries expected, ${n(c.lost)} lost; delivery ${q(c.delivery)}` +
    `${c.firstError ? ` (first error: ${c.firstError})` : ''} (target p99 < ${LIVE_TARGETS.chatP99Ms} ms, none lost: ${met})`
  );
}
