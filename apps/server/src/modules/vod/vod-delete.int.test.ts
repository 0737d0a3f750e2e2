import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { job } from '../../db/schema/platform.ts';
import type { LocalStorage } from '../../platform/storage.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { adminHeaders, demoUser, type TestUser } from '../../testing/people.ts';
import { ffmpegAvailable, generateClip } from './vod-ffmpeg.ts';
import { hlsPrefix, posterKey } from './vod-keys.ts';
import { TRANSCODE_JOB } from './vod.service.ts';
import { waitForVideo } from './vod.testing.ts';

const hasFfmpeg = await ffmpegAvailable({ ffmpegPath: process.env.FFMPEG_PATH ?? 'ffmpeg' });
if (!hasFfmpeg) console.warn('SKIPPED video deletion tests: ffmpeg is not installed (apt-get install -y ffmpeg)');

let t: TestApp;
let wang: TestUser;
let admin: { headers: { token: string } };
let dir: string;
let clip: string;
beforeAll(async () => {
  t = await createTestApp();
  wang = await demoUser(t, '13800000002');
  admin = await adminHeaders(t);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qk-vod-delete-'));
  clip = path.join(dir, 'lesson.mp4');
  if (hasFfmpeg)
    await generateClip(t.platform.config.vod, clip, {
      pattern: 'testsrc2',
      seconds: 2,
      width: 640,
      height: 360,
      toneHz: 330,
    });
});
afterAll(async () => {
  await t?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** Every file the video has in storage: the HLS folder (playlists, segments), the source and the poster. */
function filesOf(video: { siteId: bigint; id: bigint; sourceKey: string }) {
  const root = (t.platform.storage as LocalStorage).root;
  const hls = path.join(root, hlsPrefix(video.siteId, video.id));
  return {
    hls: fs.existsSync(hls) ? fs.readdirSync(hls, { recursive: true }).length : 0,
    source: fs.existsSync(path.join(root, video.sourceKey)),
    poster: fs.existsSync(path.join(root, posterKey(video.siteId, video.id))),
  };
}

async function readyVideo(name: string) {
  const created = await t.services.vod.createFromFile(t.siteId, BigInt(wang.id), { videoName: name, file: clip });
  const row = await waitForVideo(t, BigInt(created.id));
  expect(row.status).toBe(3);
  return row;
}

describe.skipIf(!hasFfmpeg)('deleting a video', () => {
  it('refuses while a published lesson plays it, then removes its HLS files, key, source and poster', async () => {
    const video = await readyVideo('要删除的视频');
    expect(filesOf(video)).toMatchObject({ source: true, poster: true });
    expect(filesOf(video).hls).toBeGreaterThan(3);

    const tree = (await t.call('/course/api/course/category/list', { categoryType: 1 })).data;
    const c = (
      await t.call(
        '/course/auth/course/audit/save',
        { courseName: '视频删除测试课', categoryId: tree[0].id, isFree: 1 },
        wang.headers,
      )
    ).data;
    const ch = (
      await t.call('/course/auth/course/chapter/audit/save', { courseId: c.id, chapterName: '第一章' }, wang.headers)
    ).data;
    const p = (
      await t.call(
        '/course/auth/course/chapter/period/audit/save',
        { chapterId: ch.id, periodName: '第一节' },
        wang.headers,
      )
    ).data;
    await t.call('/course/auth/course/period/video/save', { periodId: p.id, videoId: String(video.id) }, wang.headers);
    const publish = async () => {
      expect((await t.call('/course/auth/course/audit/submit', { id: c.id }, wang.headers)).code).toBe(200);
      expect((await t.call('/course/admin/course/audit/audit', { id: c.id, auditStatus: 1 }, admin)).code).toBe(200);
    };
    await publish();

    // taken out of the draft, the video still plays in the published lesson until the next approval
    await t.call('/course/auth/course/period/video/save', { periodId: p.id, videoId: '' }, wang.headers);
    const refused = await t.call('/course/auth/course/video/delete', { id: String(video.id) }, wang.headers);
    expect(refused).toMatchObject({
      code: 999,
      msg: '视频正在已发布课程《视频删除测试课》的课时“第一节”中播放，不能删除：请先在课程草稿中更换该课时的视频，审核通过后再删除',
    });
    expect(filesOf(video).hls).toBeGreaterThan(3);
    expect(await t.services.vod.row(t.siteId, video.id)).toBeDefined();

    await publish();
    expect((await t.call('/course/auth/course/video/delete', { id: String(video.id) }, wang.headers)).code).toBe(200);
    expect(filesOf(video)).toEqual({ hls: 0, source: false, poster: false });
    expect(await t.services.vod.row(t.siteId, video.id)).toBeUndefined();
    expect((await t.call('/course/auth/course/video/delete', { id: String(video.id) }, wang.headers)).msg).toBe(
      '视频不存在或已删除',
    );
  });

  it('removes what a transcode running at the time of the deletion writes', async () => {
    const created = await t.services.vod.createFromFile(t.siteId, BigInt(wang.id), {
      videoName: '转码中删除',
      file: clip,
    });
    const id = BigInt(created.id);
    const row = (await t.services.vod.row(t.siteId, id))!;
    await t.platform.jobs.tick();
    for (let i = 0; i < 300 && (await t.services.vod.row(t.siteId, id))?.status !== 2; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect((await t.services.vod.row(t.siteId, id))?.status).toBe(2);
    expect((await t.call('/course/auth/course/video/delete', { id: created.id }, wang.headers)).code).toBe(200);

    for (let i = 0; i < 600; i++) {
      const [j] = await t.platform.db
        .select({ state: job.state })
        .from(job)
        .where(eq(job.dedupeKey, `${TRANSCODE_JOB}:${id}`));
      if (j?.state === 'done' || j?.state === 'failed') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(filesOf(row)).toEqual({ hls: 0, source: false, poster: false });
    // the ladder's transcode, with the CPU shared by a whole test run, can outlast the default 30 s; the loop above waits up to 60 s
  }, 90_000);
});
