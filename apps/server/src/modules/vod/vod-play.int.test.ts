import crypto from 'node:crypto';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { demoUser, newUser, type TestUser } from '../../testing/people.ts';
import { course, coursePeriod } from '../../db/schema/course.ts';
import { vodVideo } from '../../db/schema/vod.ts';
import { ffmpegAvailable } from './vod-ffmpeg.ts';
import { signPlayToken } from './vod-token.ts';
import { waitForVideo } from './vod.testing.ts';

const hasFfmpeg = await ffmpegAvailable({ ffmpegPath: process.env.FFMPEG_PATH ?? 'ffmpeg' });
if (!hasFfmpeg) console.warn('SKIPPED vod playback tests: ffmpeg is not installed (apt-get install -y ffmpeg)');

let t: TestApp;
let student: TestUser;
let stranger: TestUser;
/** Lessons of the demo course the student was granted: a paid one and one in its free chapter. */
let paid: bigint;
let freeChapter: bigint;

const periodsOf = async (courseName: string) =>
  t.platform.db
    .select({
      id: coursePeriod.id,
      videoId: coursePeriod.videoId,
      videoDuration: coursePeriod.videoDuration,
      isFree: coursePeriod.isFree,
      chapterId: coursePeriod.chapterId,
    })
    .from(coursePeriod)
    .innerJoin(course, eq(course.id, coursePeriod.courseId))
    .where(and(eq(course.siteId, t.siteId), eq(course.courseName, courseName)))
    .orderBy(asc(coursePeriod.chapterId), asc(coursePeriod.sort));

beforeAll(async () => {
  if (!hasFfmpeg) return;
  // the demo seed generates its clips and queues them like uploads; the worker transcodes them here
  t = await createTestApp({ env: { VOD_DEMO_VIDEOS: '1' } });
  const videos = await t.platform.db.select({ id: vodVideo.id }).from(vodVideo).where(eq(vodVideo.siteId, t.siteId));
  for (const v of videos) await waitForVideo(t, v.id);
  student = await demoUser(t, '13800000001');
  stranger = await newUser(t, '13900006001');
  const periods = await periodsOf('Python 数据分析实战');
  paid = periods.at(-1)!.id;
  freeChapter = periods[0]!.id;
}, 300_000);
afterAll(async () => t?.close());

const play = (u: TestUser | undefined, periodId: unknown) =>
  t.call('/vod/auth/videoInfo/play', { periodId: String(periodId) }, u?.headers);
const get = (url: string) => t.raw({ method: 'GET', url });
const uris = (playlist: string) => playlist.split('\n').filter((l) => l && !l.startsWith('#'));
const tokenOf = (playUrl: string) => /^\/apis\/vod\/api\/hls\/([^/]+)\/master\.m3u8$/.exec(playUrl)![1]!;

describe.skipIf(!hasFfmpeg)('protected playback', () => {
  it('gives every demo video lesson a transcoded video with its length', async () => {
    const videos = await t.platform.db.select().from(vodVideo).where(eq(vodVideo.siteId, t.siteId));
    expect(videos.length).toBeGreaterThanOrEqual(2);
    expect(videos.every((v) => v.status === 3 && v.durationSec === 10)).toBe(true);
    const lessons = await t.platform.db
      .select({ videoId: coursePeriod.videoId, videoDuration: coursePeriod.videoDuration })
      .from(coursePeriod)
      .innerJoin(course, eq(course.id, coursePeriod.courseId))
      .where(and(eq(coursePeriod.siteId, t.siteId), eq(course.courseType, 1)));
    expect(lessons.length).toBeGreaterThan(videos.length);
    expect(lessons.every((l) => l.videoId !== null && l.videoDuration === 10)).toBe(true);
  });

  it('refuses anonymous viewers and users not entitled to the lesson, giving them no URL', async () => {
    expect((await play(undefined, paid)).code).toBe(302);
    const refused = await play(stranger, paid);
    expect(refused).toMatchObject({ code: 999, msg: '请先购买课程', data: null });
    expect((await play(stranger, '12345')).msg).toBe('课时不存在或已删除');
    expect((await play(stranger, 'abc')).code).toBe(999);
    expect((await play(stranger, '99999999999999999999')).code).toBe(999);
    expect((await t.call('/vod/auth/videoInfo/play', {}, stranger.headers)).code).toBe(999);
  });

  it('gives an entitled viewer the signed playlist, poster, qualities, course settings and their masked mobile', async () => {
    const res = await play(student, paid);
    expect(res.code).toBe(200);
    const d = res.data;
    expect(d).toMatchObject({
      periodId: String(paid),
      durationSec: 10,
      speedDouble: 1,
      speedDrag: 1,
      watermark: '138****0001',
    });
    expect(d.renditions).toEqual([
      { name: '480p', width: 854, height: 480 },
      { name: '360p', width: 640, height: 360 },
    ]);
    expect(d.playUrl).toMatch(/^\/apis\/vod\/api\/hls\/[A-Za-z0-9_-]{50}\.[A-Za-z0-9_-]{22}\/master\.m3u8$/);
    expect(d.expireTime - Date.now() / 1000).toBeGreaterThan(2 * 3600 - 60);
    expect(d.expireTime - Date.now() / 1000).toBeLessThanOrEqual(2 * 3600);
    expect((await get(d.posterUrl)).statusCode).toBe(200);
    // a free chapter of the same course plays for anyone signed in
    expect((await play(stranger, freeChapter)).code).toBe(200);
  });

  it('serves playlists whose every URI carries the token, a 16-byte key and segments that decrypt to MPEG-TS', async () => {
    const { data } = await play(student, paid);
    const token = tokenOf(data.playUrl);
    const master = await get(data.playUrl);
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toContain('application/vnd.apple.mpegurl');
    expect(master.headers['cache-control']).toBe('private, no-store');
    const variants = uris(master.body);
    expect(variants).toEqual([
      `/apis/vod/api/hls/${token}/480p/index.m3u8`,
      `/apis/vod/api/hls/${token}/360p/index.m3u8`,
    ]);

    const variant = await get(variants[1]!);
    expect(variant.statusCode).toBe(200);
    expect(variant.headers['cache-control']).toBe('private, no-store');
    const keyLine = /#EXT-X-KEY:METHOD=AES-128,URI="([^"]+)",IV=0x([0-9a-f]{32})/i.exec(variant.body)!;
    expect(keyLine[1]).toBe(`/apis/vod/api/hls/${token}/key`);
    const segments = uris(variant.body);
    expect(segments.length).toBe(2);
    expect(segments.every((s) => s.startsWith(`/apis/vod/api/hls/${token}/360p/seg_`))).toBe(true);

    const key = await get(keyLine[1]!);
    expect(key.statusCode).toBe(200);
    expect(key.headers['cache-control']).toBe('private, no-store');
    expect(key.rawPayload.length).toBe(16);

    const seg = await get(segments[0]!);
    expect(seg.statusCode).toBe(200);
    expect(seg.headers['content-type']).toContain('video/mp2t');
    // one cipher byte is 0x47 one time in 256; three sync bytes in a row are MPEG-TS in the clear
    expect([seg.rawPayload[0], seg.rawPayload[188], seg.rawPayload[376]]).not.toEqual([0x47, 0x47, 0x47]);
    const decipher = crypto.createDecipheriv('aes-128-cbc', key.rawPayload, Buffer.from(keyLine[2]!, 'hex'));
    const plain = Buffer.concat([decipher.update(seg.rawPayload), decipher.final()]);
    expect(plain[0]).toBe(0x47);
  });

  it('answers a bare 403 to a missing, tampered, forged or expired token, and never sends the key', async () => {
    const { data } = await play(student, paid);
    const token = tokenOf(data.playUrl);
    const [claims, sig] = token.split('.') as [string, string];
    const secret = await t.services.vod.secret('play-token');
    const bytes = Buffer.from(claims, 'base64url');
    bytes.writeBigUInt64BE(BigInt(stranger.id), 9); // the user id
    const asStranger = bytes.toString('base64url');
    const expired = signPlayToken(secret, {
      siteId: t.siteId,
      userId: BigInt(student.id),
      periodId: paid,
      videoId: BigInt(data.videoId),
      exp: Math.floor(Date.now() / 1000) - 1,
    });
    const otherSecret = signPlayToken(crypto.randomBytes(32), {
      siteId: t.siteId,
      userId: BigInt(student.id),
      periodId: paid,
      videoId: BigInt(data.videoId),
      exp: data.expireTime,
    });

    for (const bad of [
      `${asStranger}.${sig}`,
      // the first character carries six whole bits of the signature (the last may carry only padding)
      `${claims}.${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`,
      expired,
      otherSecret,
      'not-a-token',
      `${claims}`,
    ]) {
      for (const file of ['key', 'master.m3u8', '360p/index.m3u8', '360p/seg_000.ts']) {
        const res = await get(`/apis/vod/api/hls/${bad}/${file}`);
        expect(res.statusCode, `${file} with ${bad}`).toBe(403);
        expect(res.headers['content-type']).toContain('text/plain');
        expect(res.body).toBe('Forbidden');
      }
    }
    for (const url of ['/apis/vod/api/hls/key', '/apis/vod/api/hls//key', `/apis/vod/api/hls/${token}/../key`]) {
      const res = await get(url);
      expect(res.rawPayload.length === 16 && res.statusCode === 200, url).toBe(false);
    }
  });

  it('serves nothing but the video’s own renditions and segments under a valid token', async () => {
    const token = tokenOf((await play(student, paid)).data.playUrl);
    for (const file of [
      '1080p/index.m3u8',
      '360p/seg_999.ts',
      '360p/index.m3u8.bak',
      '360p/seg_000.ts.tmp',
      'x/seg_000.ts',
      '360p/%2e%2e%2fkey',
    ]) {
      const res = await get(`/apis/vod/api/hls/${token}/${file}`);
      expect(res.statusCode, file).toBe(404);
    }
    for (const url of [
      '/apis/vod/api/hls/%ZZ/key',
      `/apis/vod/api/hls/${'a'.repeat(300)}/key`,
      `/apis/vod/api/hls/${token}/360p/%E0%A4%A`,
      `/apis/vod/api/hls/${token}/%00/index.m3u8`,
    ]) {
      // refused: by the route (4xx), or by the router before any route, with the envelope (999)
      const res = await get(url);
      expect(res.statusCode, url).toBeLessThan(500);
      if (res.statusCode < 400) expect(res.json(), url).toMatchObject({ code: 999 });
    }
  });

  it('says when a lesson has no video yet, or its video is still transcoding or failed', async () => {
    const [lecturer] = await t.platform.db
      .select({ id: course.lecturerUserId })
      .from(course)
      .where(eq(course.courseName, 'Python 数据分析实战'));
    const lessons = await periodsOf('Python 数据分析实战');
    const [a, b, c] = lessons.slice(2, 5).map((l) => l.id) as [bigint, bigint, bigint];
    const setVideo = (id: bigint, videoId: bigint | null) =>
      t.platform.db.update(coursePeriod).set({ videoId }).where(eq(coursePeriod.id, id));

    await setVideo(a, null);
    expect((await play(student, a)).msg).toBe('该课时还没有视频');
    const [ready] = await t.platform.db
      .select({ sourceKey: vodVideo.sourceKey })
      .from(vodVideo)
      .where(isNotNull(vodVideo.aesKey))
      .limit(1);
    const waiting = await t.services.vod.createFromStorageKey(t.siteId, lecturer!.id, {
      videoName: '新上传',
      sourceKey: ready!.sourceKey,
      sizeBytes: 1,
    });
    await setVideo(b, BigInt(waiting.id));
    expect((await play(student, b)).msg).toBe('视频转码中，请稍后');
    await t.platform.db
      .update(vodVideo)
      .set({ status: 4, failReason: '视频文件无法读取，请检查文件' })
      .where(eq(vodVideo.id, BigInt(waiting.id)));
    expect((await play(student, b)).msg).toBe('该课时的视频转码失败，暂时无法播放，请联系讲师');
    expect((await play(student, c)).code).toBe(200);
  });
});
