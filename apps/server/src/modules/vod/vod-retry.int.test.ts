import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { newUser } from '../../testing/people.ts';
import { job } from '../../db/schema/platform.ts';
import { course, coursePeriod } from '../../db/schema/course.ts';
import { vodVideo } from '../../db/schema/vod.ts';
import { REASON_NO_FFMPEG } from './vod-ffmpeg.ts';
import { TRANSCODE_JOB } from './vod.service.ts';

// a server whose transcoder is missing: the demo still loads, and a video's job retries with backoff, then stops
let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await createTestApp({
    env: { FFMPEG_PATH: '/nonexistent/ffmpeg', FFPROBE_PATH: '/nonexistent/ffprobe', VOD_DEMO_VIDEOS: '1' },
  });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qk-vod-retry-'));
});
afterAll(async () => {
  await t?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const jobOf = async (videoId: string) =>
  (
    await t.platform.db
      .select()
      .from(job)
      .where(eq(job.dedupeKey, `${TRANSCODE_JOB}:${videoId}`))
  )[0]!;

/** Runs the worker until the job has left the running state after its next attempt. */
async function attempt(videoId: string): Promise<void> {
  await t.platform.db
    .update(job)
    .set({ runAt: new Date(0) })
    .where(eq(job.dedupeKey, `${TRANSCODE_JOB}:${videoId}`));
  const before = (await jobOf(videoId)).attempts;
  for (let i = 0; i < 300; i++) {
    await t.platform.jobs.tick();
    const j = await jobOf(videoId);
    if (j.attempts > before && j.state !== 'running') return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('the transcode job did not run');
}

describe('without ffmpeg', () => {
  it('loads the demo, whose video lessons then say they have no video yet', async () => {
    expect(await t.platform.db.select().from(vodVideo)).toEqual([]);
    const [period] = await t.platform.db
      .select({ id: coursePeriod.id })
      .from(coursePeriod)
      .innerJoin(course, eq(course.id, coursePeriod.courseId))
      .where(and(eq(course.courseType, 1), eq(course.isFree, 1)))
      .limit(1);
    const u = await newUser(t, '13900007002');
    expect(await t.call('/vod/auth/videoInfo/play', { periodId: String(period!.id) }, u.headers)).toMatchObject({
      code: 999,
      msg: '该课时还没有视频',
    });
  });
});

describe('a transcode that fails for a reason other than the file', () => {
  it('waits and retries with growing delays, tells the lecturer why, and gives up after three attempts', async () => {
    const u = await newUser(t, '13900007001');
    const file = path.join(dir, 'lesson.mp4');
    fs.writeFileSync(file, Buffer.alloc(4096, 1));
    const created = await t.services.vod.createFromFile(t.siteId, BigInt(u.id), { videoName: '第一课', file });
    const view = () => t.services.vod.view(t.siteId, BigInt(u.id), BigInt(created.id));

    await attempt(created.id);
    let j = await jobOf(created.id);
    expect(j).toMatchObject({ state: 'pending', attempts: 1 });
    const firstDelay = j.runAt.getTime() - Date.now();
    expect(firstDelay).toBeGreaterThan(0);
    expect(await view()).toMatchObject({ status: 1, statusName: '等待转码', failReason: REASON_NO_FFMPEG });

    await attempt(created.id);
    j = await jobOf(created.id);
    expect(j).toMatchObject({ state: 'pending', attempts: 2 });
    expect(j.runAt.getTime() - Date.now()).toBeGreaterThan(firstDelay);

    await attempt(created.id);
    expect(await jobOf(created.id)).toMatchObject({ state: 'failed', attempts: 3 });
    expect(await view()).toMatchObject({ status: 4, statusName: '转码失败', failReason: REASON_NO_FFMPEG });
    expect(await t.platform.jobs.tick()).toBe(0);
  });
});
