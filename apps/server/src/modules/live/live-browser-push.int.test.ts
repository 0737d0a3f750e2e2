import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { demoUser, newUser, type TestUser } from '../../testing/people.ts';
import { LiveStatus } from '#contract/live.ts';
import { buy, demoLiveCourse, scheduleNow, until } from './live-testing.ts';

let t: TestApp;
let base: string;
let lecturer: TestUser;
let buyer: TestUser;
let periodId: string;
let webm: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  lecturer = await demoUser(t, '13800000002');
  buyer = await newUser(t, '13900000301');
  const { course, periods } = await demoLiveCourse(t);
  await buy(t, buyer, course.id);
  periodId = String(periods[2]!.id);
  // what a browser's MediaRecorder sends: VP8 and Opus in WebM
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'qk-webm-')), 'cam.webm');
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=15'],
    ...['-f', 'lavfi', '-i', 'sine', '-t', '6', '-c:v', 'libvpx', '-deadline', 'realtime', '-b:v', '300k'],
    ...['-c:a', 'libopus', '-f', 'webm', file],
  ]);
  webm = fs.readFileSync(file);
});
afterAll(() => t?.close());

const open = (token: string) =>
  new Promise<WebSocket>((resolve, reject) => {
    const ws = new WebSocket(`${base}/apis/live/api/push/${token}`);
    ws.addEventListener('open', () => resolve(ws));
    ws.addEventListener('error', reject);
  });

describe('broadcast from the browser', () => {
  it('gives the push token to the lecturer only, and refuses a learner’s room token as a push', async () => {
    const mine = await t.call('/course/auth/live/channel/token', { periodId }, buyer.headers);
    expect(mine.data).toMatchObject({ isLecturer: 0, pushToken: '' });
    const ws = await open(mine.data.token);
    const code = await new Promise<number>((r) => ws.addEventListener('close', (e) => r(e.code)));
    expect(code).toBe(4403);
  });

  it('refuses a session that is not due', async () => {
    const room = await t.call('/course/auth/live/channel/token', { periodId }, lecturer.headers);
    const ws = await open(room.data.pushToken);
    const got: string[] = [];
    ws.addEventListener('message', (e) => got.push(String(e.data)));
    const code = await new Promise<number>((r) => ws.addEventListener('close', (e) => r(e.code)));
    expect(code).toBe(4400);
    expect(got.join()).toContain('现在没有可以开播的直播课时');
  });

  it('turns WebM chunks into the live HLS stream, and the session waits for its replay when the page stops', async () => {
    await scheduleNow(t, lecturer, BigInt(periodId));
    const room = await t.call('/course/auth/live/channel/token', { periodId }, lecturer.headers);
    expect(room.data.isLecturer).toBe(1);
    const ws = await open(room.data.pushToken);
    const got: string[] = [];
    ws.addEventListener('message', (e) => got.push(String(e.data)));
    await until('on air', async () => got.some((m) => m.includes('onAir')));
    // a chunk every 100 ms, as MediaRecorder's timeslice would send them
    const chunk = Math.ceil(webm.length / 30);
    for (let i = 0; i < webm.length; i += chunk) {
      ws.send(Uint8Array.from(webm.subarray(i, i + chunk)));
      await new Promise((r) => setTimeout(r, 100));
    }
    const live = await until('直播中 with segments', async () => {
      const r = await t.call('/course/auth/course/getLiveUrl', { periodId }, buyer.headers);
      if (r.data.session.liveStatus !== LiveStatus.LIVING || !r.data.playUrl) return undefined;
      const res = await t.raw({ method: 'GET', url: r.data.playUrl });
      return res.statusCode === 200 && /seg_\d+\.ts/.test(res.body) ? res.body : undefined;
    });
    expect(live).toContain('#EXTINF');
    ws.close();
    const after = await until('待回放', async () => {
      const r = await t.call('/course/auth/course/getLiveUrl', { periodId }, buyer.headers);
      return r.data.session.liveStatus === LiveStatus.PLAYBACK ? r.data : undefined;
    });
    expect(after.playUrl).toBe('');
    const log = await t.call('/course/auth/live/channel/log/list', {}, lecturer.headers);
    expect(log.data.list[0]).toMatchObject({ source: 'browser' });
  }, 60_000);
});
