import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { adminHeaders, demoUser, type TestUser } from '../../testing/people.ts';
import { vodVideo } from '../../db/schema/vod.ts';
import { ffmpegAvailable, waitForVideo } from '../vod/vod.testing.ts';

const hasFfmpeg = await ffmpegAvailable({ ffmpegPath: process.env.FFMPEG_PATH ?? 'ffmpeg' });
if (!hasFfmpeg) console.warn('SKIPPED draft playback tests: ffmpeg is not installed (apt-get install -y ffmpeg)');

let t: TestApp;
let admin: { headers: { token: string } };
let wang: TestUser;
let student: TestUser;
/** A lesson of a new draft, never published, showing one of the lecturer's videos; and one with no video. */
let withVideo: string;
let noVideo: string;

const reviewPlay = (periodId: string, headers?: { headers: { token: string } }) =>
  t.call('/course/admin/course/audit/period/play', { periodId }, headers);

beforeAll(async () => {
  if (!hasFfmpeg) return;
  t = await createTestApp({ env: { VOD_DEMO_VIDEOS: '1' } });
  admin = await adminHeaders(t);
  wang = await demoUser(t, '13800000002');
  student = await demoUser(t, '13800000001');
  const [video] = await t.platform.db
    .select({ id: vodVideo.id })
    .from(vodVideo)
    .where(and(eq(vodVideo.siteId, t.siteId), eq(vodVideo.userId, BigInt(wang.id))))
    .limit(1);
  await waitForVideo(t, video!.id);
  const tree = (await t.call('/course/api/course/category/list', { categoryType: 1 })).data;
  const call = async (path: string, body: object) => {
    const res = await t.call(path, body, wang.headers);
    expect(res.msg).toBe('');
    return res.data;
  };
  const c = await call('/course/auth/course/audit/save', {
    courseName: '审核中的新课',
    categoryId: tree[0].id,
    isFree: 0,
    coursePrice: 9900,
    introduce: '<p>一门还没有发布的课</p>',
  });
  const ch = await call('/course/auth/course/chapter/audit/save', { courseId: c.id, chapterName: '第一章' });
  withVideo = (await call('/course/auth/course/chapter/period/audit/save', { chapterId: ch.id, periodName: '有视频' }))
    .id;
  noVideo = (await call('/course/auth/course/chapter/period/audit/save', { chapterId: ch.id, periodName: '没视频' }))
    .id;
  await call('/course/auth/course/period/video/save', { periodId: withVideo, videoId: String(video!.id) });
  await call('/course/auth/course/audit/submit', { id: c.id });
}, 300_000);
afterAll(async () => t?.close());

describe.skipIf(!hasFfmpeg)("the administrator plays a draft's lessons while reviewing it", () => {
  it('gives the administrator a signed playlist of an unpublished lesson, watermarked as a review', async () => {
    const res = await reviewPlay(withVideo, admin);
    expect(res.msg).toBe('');
    expect(res.data).toMatchObject({ durationSec: 10, watermark: '审核预览 · 请勿外传' });
    expect(res.data.playUrl).toMatch(/^\/apis\/vod\/api\/hls\/[^/]+\/master\.m3u8$/);
    const master = await t.raw({ method: 'GET', url: res.data.playUrl });
    expect(master.statusCode).toBe(200);
    expect(master.body).toContain('#EXTM3U');
  });

  it('keeps the unpublished lesson from learners, and the review call from anyone but an administrator', async () => {
    // the draft's lesson is on no course page yet: the learner's play call does not know it
    expect((await t.call('/vod/auth/videoInfo/play', { periodId: withVideo }, student.headers)).code).toBe(999);
    expect((await reviewPlay(withVideo, wang.headers)).code).toBe(306);
    expect((await reviewPlay(withVideo, student.headers)).code).toBe(306);
    expect((await reviewPlay(withVideo)).code).toBe(302);
  });

  it('says so when the lesson has no video or does not exist', async () => {
    expect((await reviewPlay(noVideo, admin)).msg).toBe('该课时还没有视频');
    expect((await reviewPlay('12345', admin)).msg).toBe('课时不存在或已删除');
    expect((await reviewPlay('abc', admin)).code).toBe(999);
  });
});
