import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { demoUser, newUser, type TestUser } from '../../testing/people.ts';
import { vodVideo } from '../../db/schema/vod.ts';
import { readyVideo } from './exam.testing.ts';

let t: TestApp;
let lecturer: TestUser;
let student: TestUser;
let stranger: TestUser;
let problemId: string;
let videoId: bigint;
beforeAll(async () => {
  t = await createTestApp();
  lecturer = await demoUser(t, '13800000002');
  student = await demoUser(t, '13800000001');
  stranger = await newUser(t, '13900008001');
  videoId = await readyVideo(t, lecturer.id, '讲解：加法');
  const made = await t.call(
    '/exam/auth/exam/problem/save',
    {
      problemType: 1,
      problemContent: '1 + 1 = ?',
      options: [{ content: '1' }, { content: '2' }],
      answer: ['B'],
      analysis: '加法',
    },
    lecturer.headers,
  );
  problemId = made.data.id;
  const ref = await t.call('/exam/auth/exam/video/ref', { problemId, videoId: String(videoId) }, lecturer.headers);
  expect(ref.msg).toBe('');
});
afterAll(async () => t?.close());

const tokenOf = (playUrl: string) => /^\/apis\/vod\/api\/hls\/([^/]+)\/master\.m3u8$/.exec(playUrl)![1]!;

describe('explanation videos play through signed URLs', () => {
  it('gives the problem’s lecturer a play URL bound to them, expiring like a lesson’s', async () => {
    for (const path of ['/exam/auth/exam/sign', '/exam/auth/practice/sign']) {
      const res = await t.call(path, { problemId }, lecturer.headers);
      expect(res.msg).toBe('');
      expect(res.data).toMatchObject({
        problemId,
        videoId: String(videoId),
        durationSec: 90,
        watermark: expect.stringContaining('****'),
      });
      expect(res.data.expireTime).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) + 2 * 3600 - 5);
      const opened = await t.services.vodPlay.open(tokenOf(res.data.playUrl));
      expect(opened.ok && opened.claims.userId).toBe(BigInt(lecturer.id));
      expect(opened.ok && opened.video.id).toBe(videoId);
    }
  });

  it('refuses a student who has not answered the problem, with no URL', async () => {
    const practice = await t.call('/exam/auth/practice/sign', { problemId }, stranger.headers);
    expect(practice).toMatchObject({ code: 999, msg: '作答后才能观看讲解视频', data: null });
    const exam = await t.call('/exam/auth/exam/sign', { problemId }, stranger.headers);
    expect(exam).toMatchObject({ code: 999, msg: '交卷后才能观看讲解视频', data: null });
  });

  it('gives a student whose wrong answer is in the book a URL of their own, and stops when the video is gone', async () => {
    const [problem] = await t.services.exam.problems.repo.byIds(t.siteId, [BigInt(problemId)]);
    await t.services.exam.book.addWrong(t.siteId, BigInt(student.id), [
      { problemId: BigInt(problemId), answer: ['A'], problem: problem! },
    ]);
    const res = await t.call('/exam/auth/practice/sign', { problemId }, student.headers);
    expect(res.msg).toBe('');
    const opened = await t.services.vodPlay.open(tokenOf(res.data.playUrl));
    expect(opened.ok && opened.claims.userId).toBe(BigInt(student.id));
    // the lecturer's URL does not carry over to the student: each token names its own viewer
    expect(res.data.watermark).toBe('138****0001');
    // practising it from the book, the feedback says a video goes with the analysis
    const feedback = await t.call(
      '/exam/auth/practice/user/answer/save',
      { problemId, answer: ['B'] },
      student.headers,
    );
    expect(feedback.data).toMatchObject({ isCorrect: 1, analysis: '加法', hasVideo: 1, inBook: 1 });

    await t.platform.db.update(vodVideo).set({ status: 2 }).where(eq(vodVideo.id, videoId));
    expect((await t.call('/exam/auth/practice/sign', { problemId }, student.headers)).msg).toBe('视频转码中，请稍后');
  });
});
