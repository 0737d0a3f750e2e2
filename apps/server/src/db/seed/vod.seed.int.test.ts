import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { demoUser } from '../../testing/people.ts';
import { ffmpegAvailable, waitForVideo } from '../../modules/vod/vod.testing.ts';
import { course, coursePeriod } from '../schema/course.ts';
import { seedState } from '../schema/platform.ts';
import { userStudy } from '../schema/study.ts';
import { vodVideo } from '../schema/vod.ts';

const ffmpegPath = process.env.FFMPEG_PATH ?? 'ffmpeg';
const hasFfmpeg = await ffmpegAvailable({ ffmpegPath });
if (!hasFfmpeg) console.warn('SKIPPED demo videos arriving later: ffmpeg is not installed (apt-get install -y ffmpeg)');

let t: TestApp | undefined;
afterAll(async () => t?.close());

const videoPeriods = (app: TestApp) =>
  app.platform.db
    .select({ id: coursePeriod.id, videoId: coursePeriod.videoId, videoDuration: coursePeriod.videoDuration })
    .from(coursePeriod)
    .innerJoin(course, and(eq(course.siteId, coursePeriod.siteId), eq(course.id, coursePeriod.courseId)))
    .where(and(eq(coursePeriod.siteId, app.siteId), eq(course.courseType, 1)));

const seeded = async (app: TestApp) => (await app.platform.db.select().from(seedState)).map((r) => r.name);

describe.skipIf(!hasFfmpeg)('demo videos when ffmpeg arrives after the first start', () => {
  it('waits while ffmpeg is missing, then gives the demo lessons their videos at the next start, without a reset', async () => {
    // the first start, on a machine without ffmpeg
    t = await createTestApp({ env: { VOD_DEMO_VIDEOS: '1', FFMPEG_PATH: '/nonexistent/ffmpeg' } });
    const before = await videoPeriods(t);
    expect(before.length).toBeGreaterThan(2);
    expect(before.every((l) => l.videoId === null)).toBe(true);
    expect(await seeded(t)).not.toContain('vod.demo');
    expect(await seeded(t)).not.toContain('study.demo');

    // the course page already calls them lessons of a video course with no video yet, never documents
    const student = await demoUser(t, '13800000001');
    const free = (await t.call('/course/api/course/list', { keyword: 'Python 数据分析实战' })).data.list[0];
    const view = (await t.call('/course/api/course/view', { courseId: free.id })).data;
    expect(view.chapterList[0].periodList[0]).toMatchObject({ hasVideo: 0, hasDoc: 0 });
    const period = view.chapterList[0].periodList[0].id;
    expect((await t.call('/vod/auth/videoInfo/play', { periodId: period }, student.headers)).msg).toBe(
      '该课时还没有视频',
    );

    // a lesson a lecturer adds meanwhile is theirs: the demo does not fill it
    const [added] = await t.platform.db
      .insert(coursePeriod)
      .values({
        id: 900_001n,
        siteId: t.siteId,
        courseId: BigInt(free.id),
        chapterId: BigInt(view.chapterList[0].id),
        periodName: '讲师新加的课时',
      })
      .returning({ id: coursePeriod.id });

    // the next start, with ffmpeg installed: no reset, the same database and files
    t = await t.restart({ FFMPEG_PATH: ffmpegPath });
    expect(await seeded(t)).toEqual(expect.arrayContaining(['vod.demo', 'study.demo']));
    const videos = await t.platform.db.select({ id: vodVideo.id }).from(vodVideo).where(eq(vodVideo.siteId, t.siteId));
    expect(videos.length).toBeGreaterThanOrEqual(2);
    for (const v of videos) expect((await waitForVideo(t, v.id)).status).toBe(3);

    const after = await videoPeriods(t);
    const demo = after.filter((l) => l.id !== added!.id);
    expect(demo.every((l) => l.videoId !== null && l.videoDuration === 10)).toBe(true);
    expect(after.find((l) => l.id === added!.id)).toMatchObject({ videoId: null });
    // the members' study history waited for the videos too
    expect((await t.platform.db.select().from(userStudy)).length).toBeGreaterThan(0);

    const played = await t.call(
      '/vod/auth/videoInfo/play',
      { periodId: period },
      (await demoUser(t, '13800000001')).headers,
    );
    expect(played.code).toBe(200);
    expect(played.data.durationSec).toBe(10);

    // a third start changes nothing: the seeder is done
    t = await t.restart();
    expect((await t.platform.db.select({ id: vodVideo.id }).from(vodVideo)).length).toBe(videos.length);
  }, 300_000);
});
