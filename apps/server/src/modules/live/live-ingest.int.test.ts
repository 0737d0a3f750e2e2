import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { demoUser, drainJobs, newUser, type TestUser } from '../../testing/people.ts';
import { LiveStatus } from '#contract/live.ts';
import { buy, demoLiveCourse, exitOf, pushTestPattern, recordingQueued, scheduleNow, until } from './live-testing.ts';

let t: TestApp;
let lecturer: TestUser;
let buyer: TestUser;
let stranger: TestUser;
let periodId: string;
let serverUrl: string;
let streamKey: string;

const liveUrl = (who: TestUser) => t.call('/course/auth/course/getLiveUrl', { periodId }, who.headers);

beforeAll(async () => {
  t = await createTestApp({ env: { LIVE_RTMP_PORT: '0' } });
  lecturer = await demoUser(t, '13800000002');
  buyer = await newUser(t, '13900000101');
  stranger = await newUser(t, '13900000102');
  const { course, periods } = await demoLiveCourse(t);
  await buy(t, buyer, course.id);
  // the third lesson is paid and not due: it is moved to now
  periodId = String(periods[2]!.id);
  const channel = await t.call('/course/auth/course/channel/view', {}, lecturer.headers);
  expect(channel.code).toBe(200);
  ({ serverUrl, streamKey } = channel.data);
});
afterAll(() => t?.close());

describe('RTMP ingest into HLS', () => {
  it('refuses a learner who did not buy the course and answers a countdown before the start', async () => {
    const refused = await liveUrl(stranger);
    expect(refused.code).toBe(999);
    const before = await liveUrl(buyer);
    expect(before.code).toBe(200);
    expect(before.data.session.liveStatus).toBe(LiveStatus.WAITING);
    expect(before.data.playUrl).toBe('');
    expect(before.data.startsInSec).toBeGreaterThan(0);
  });

  it('refuses the channel to a lecturer whose live teaching is not open, and a key with no session due', async () => {
    const other = await demoUser(t, '13800000004');
    const closed = await t.call('/course/auth/course/channel/view', {}, other.headers);
    expect(closed.msg).toContain('申请开通直播');
    // the lecturer's sessions are tomorrow and after: the key is genuine, the push is not due
    const push = pushTestPattern(`${serverUrl}/${streamKey}`, 8);
    expect(await exitOf(push)).not.toBe(0);
    expect((await liveUrl(buyer)).data.session.liveStatus).toBe(LiveStatus.WAITING);
  });

  it('refuses a wrong key', async () => {
    const push = pushTestPattern(`${serverUrl}/${'0'.repeat(32)}`, 8);
    expect(await exitOf(push)).not.toBe(0);
    const s = await liveUrl(buyer);
    expect(s.data.session.liveStatus).toBe(LiveStatus.WAITING);
  });

  it('goes live on a push with the key, serves a playlist with segments, and waits for its replay after', async () => {
    const session = await scheduleNow(t, lecturer, BigInt(periodId));
    expect(serverUrl).toMatch(/^rtmp:\/\/127\.0\.0\.1:\d+\/live$/);
    const pushed = Date.now();
    const push = pushTestPattern(`${serverUrl}/${streamKey}`, 60);
    try {
      const live = await until('直播中', async () => {
        const r = await liveUrl(buyer);
        return r.data.session.liveStatus === LiveStatus.LIVING && r.data.playUrl ? r.data : undefined;
      });
      expect(live.session.id).toBe(session.id);
      const playlist = await until('a playlist with two segments', async () => {
        const res = await t.raw({ method: 'GET', url: live.playUrl });
        return res.statusCode === 200 && (res.body.match(/seg_\d+\.ts/g) ?? []).length >= 2 ? res.body : undefined;
      });
      expect(playlist).toContain('#EXTM3U');
      // two 1-second segments in a few seconds: nothing in the pipeline holds the stream back (it once waited 10 s
      // for the empty data stream of node-media-server's FLV)
      expect(Date.now() - pushed).toBeLessThan(9000);
      const seg = /seg_\d+\.ts/.exec(playlist)![0];
      const segment = await t.raw({ method: 'GET', url: live.playUrl.replace('index.m3u8', seg) });
      expect(segment.statusCode).toBe(200);
      expect(segment.rawPayload.length).toBeGreaterThan(1000);
      expect(segment.rawPayload[0]).toBe(0x47); // an MPEG-TS sync byte
      // a forged token gets nothing
      const fake = `hls/${'A'.repeat(40)}.${'A'.repeat(22)}/`;
      const forged = await t.raw({ method: 'GET', url: live.playUrl.replace(/hls\/[^/]+\//, fake) });
      expect(forged.statusCode).toBe(403);
      // a second push of the same session is turned away while the first is on air
      const second = pushTestPattern(`${serverUrl}/${streamKey}`, 8);
      expect(await exitOf(second)).not.toBe(0);
    } finally {
      push.kill('SIGINT');
      await exitOf(push);
    }
    const after = await until('待回放', async () => {
      const r = await liveUrl(buyer);
      return r.data.session.liveStatus !== LiveStatus.LIVING ? r.data : undefined;
    });
    expect(after.session.liveStatus).toBe(LiveStatus.PLAYBACK);
    expect(after.playUrl).toBe('');
    const early = await t.call('/course/auth/course/getPlaybackUrl', { periodId }, buyer.headers);
    expect(early.msg).toContain('回放生成中');
    const log = await t.call('/course/auth/live/channel/log/list', {}, lecturer.headers);
    expect(log.data.list[0]).toMatchObject({ sessionId: session.id, source: 'rtmp' });
    expect(log.data.list[0].endTime).not.toBe('');

    // the recording is transcoded like an upload and becomes the lesson's video
    await recordingQueued(t, session.id);
    await drainJobs(t);
    const done = await liveUrl(buyer);
    expect(done.data.session).toMatchObject({ liveStatus: LiveStatus.DONE, hasReplay: 1 });
    const replay = await t.call('/course/auth/course/getPlaybackUrl', { periodId }, buyer.headers);
    expect(replay.code).toBe(200);
    expect(replay.data.playUrl).toMatch(/^\/apis\/vod\/api\/hls\//);
    const played = await t.call('/vod/auth/videoInfo/play', { periodId }, buyer.headers);
    expect(played.code).toBe(200);
    expect(played.data.durationSec).toBeGreaterThan(2);
  }, 120_000);
});
