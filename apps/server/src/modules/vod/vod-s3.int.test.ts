import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Limits } from '#contract/codes.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { demoUser, type TestUser } from '../../testing/people.ts';
import { startTestS3, type TestS3 } from '../../testing/s3-server.ts';
import { ffmpegAvailable, generateClip } from './vod-ffmpeg.ts';
import { hlsPrefix, posterKey } from './vod-keys.ts';
import { waitForVideo } from './vod.testing.ts';
import { fakeMp4, sendChunk, testChunks, uploadFile } from './upload.testing.ts';

const hasFfmpeg = await ffmpegAvailable({ ffmpegPath: process.env.FFMPEG_PATH ?? 'ffmpeg' });
if (!hasFfmpeg) console.warn('SKIPPED the transcode round trip through S3: ffmpeg is not installed');

/**
 * Two processes of one school on one database and one S3 bucket (s3rver), each with its own empty data folder:
 * nothing may pass between them but the database and the bucket.
 */
let s3: TestS3;
let a: TestApp;
let b: TestApp;
let wang: TestUser;
beforeAll(async () => {
  s3 = await startTestS3();
  a = await createTestApp({ env: { ...s3.env, VOD_DEMO_VIDEOS: '0' } });
  b = await a.sibling();
  wang = await demoUser(a, '13800000002');
}, 180_000);
afterAll(async () => {
  await b?.close();
  await a?.close();
  await s3?.stop();
});

const keysUnder = async (t: TestApp, prefix: string) => {
  const out: { key: string; size: number }[] = [];
  for await (const e of t.platform.storage.list(prefix)) out.push(e);
  return out;
};
const bytesOf = async (t: TestApp, key: string) => {
  const parts: Buffer[] = [];
  for await (const c of t.platform.storage.read(key)) parts.push(c as Buffer);
  return Buffer.concat(parts);
};
/** What a process wrote to its own disk under DATA_DIR/files. */
const localFiles = (t: TestApp) => {
  const dir = path.join(t.platform.config.dataDir, 'files');
  return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }) : [];
};

describe('a school on S3', () => {
  it('seeds the demo into an empty bucket, writes nothing under DATA_DIR/files, and serves public files from it', async () => {
    const images = await keysUnder(a, 'demo/');
    expect(images.length).toBeGreaterThan(5);
    expect(await keysUnder(a, 'course-files/')).not.toHaveLength(0);
    expect(localFiles(a)).toEqual([]);
    // a demo picture at the /media address stored in the database, read from the bucket by either process
    for (const t of [a, b]) {
      const res = await t.raw({ method: 'GET', url: `/media/${images[0]!.key}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/svg+xml');
      expect(res.rawPayload.length).toBe(images[0]!.size);
    }
    // the private areas are not served, whoever knows a key
    const [doc] = await keysUnder(a, 'course-files/');
    expect((await a.raw({ method: 'GET', url: `/media/${doc!.key}` })).statusCode).toBe(404);
    expect((await a.raw({ method: 'GET', url: '/media/images/none.png' })).statusCode).toBe(404);
  });

  it('assembles a chunked upload whose chunks alternate between the two processes', async () => {
    const CHUNK = Limits.uploadChunkBytes;
    const f = uploadFile(fakeMp4(CHUNK * 3 + 1234, 41), '跨进程上传.mp4');
    expect(f.totalChunks).toBe(3);
    expect((await sendChunk(a, wang, f, 1)).data.uploaded).toEqual([1]);
    expect((await sendChunk(b, wang, f, 2)).data.uploaded).toEqual([2]);
    // either process knows what the other received
    expect((await testChunks(a, wang, f)).data.uploaded).toEqual([1, 2]);
    const done = (await sendChunk(b, wang, f, 3)).data;
    expect(done).toMatchObject({ skipUpload: true, video: { videoName: '跨进程上传', status: 1 } });
    const row = await a.services.vod.row(a.siteId, BigInt(done.video.id));
    const stored = await bytesOf(a, row!.sourceKey);
    expect(stored.length).toBe(f.bytes.length);
    expect(crypto.createHash('md5').update(stored).digest('hex')).toBe(f.identifier);
    // the chunks went with the assembly, and neither process kept anything on its disk
    expect(await keysUnder(a, `vod/${a.siteId}/upload/`)).toEqual([]);
    expect([...localFiles(a), ...localFiles(b)]).toEqual([]);
  });

  it('downloads a course file through the app, or from a presigned URL of the bucket when configured', async () => {
    const found = (await a.call('/course/api/course/list', { keyword: 'Python 编程学习资料包', courseType: 3 })).data;
    const course = (await a.call('/course/api/course/view', { courseId: found.list[0].id })).data;
    const link = async (t: TestApp) =>
      (
        await t.call(
          '/course/auth/course/accessory/download',
          { accessoryId: course.accessoryList[1].id },
          wang.headers,
        )
      ).data.downloadUrl as string;
    const through = await a.raw({ method: 'GET', url: await link(a) });
    expect(through.statusCode).toBe(200);
    expect(through.body).toContain('打印 1 到 100 之间所有 3 的倍数');
    const direct = await a.sibling({ S3_DOWNLOAD_REDIRECT: '1' });
    try {
      const res = await direct.raw({ method: 'GET', url: await link(direct) });
      expect(res.statusCode).toBe(302);
      const url = new URL(res.headers.location as string);
      expect(url.origin).toBe(s3.env.S3_ENDPOINT);
      expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
      const file = await fetch(url);
      expect(await file.text()).toBe(through.body);
      expect(file.headers.get('content-disposition')).toContain(encodeURIComponent('Python 练习题.txt'));
    } finally {
      await direct.close();
    }
  });

  it.skipIf(!hasFfmpeg)(
    'transcodes on the other process: the source read from the bucket, the ladder and poster written back',
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qk-s3-vod-'));
      try {
        const file = path.join(dir, 'clip.mp4');
        await generateClip(a.platform.config.vod, file, {
          pattern: 'testsrc2',
          seconds: 2,
          width: 640,
          height: 360,
          toneHz: 440,
        });
        const created = await a.services.vod.createFromFile(a.siteId, BigInt(wang.id), { videoName: '桶里的课', file });
        const ready = await waitForVideo(b, BigInt(created.id));
        expect(ready.status).toBe(3);
        const hls = (await keysUnder(a, hlsPrefix(a.siteId, ready.id))).map((e) => e.key.split('/').pop());
        expect(hls).toContain('master.m3u8');
        expect(hls.some((k) => k?.endsWith('.ts'))).toBe(true);
        expect(await a.platform.storage.exists(posterKey(a.siteId, ready.id))).toBe(true);
        // playback reads its segments from the bucket, in a process that did not write them
        const rung = ready.renditions[0]!.name;
        const seg = await a.services.vodPlay.segment(ready, rung, 'seg_000.ts');
        const played: Buffer[] = [];
        for await (const c of seg!) played.push(c as Buffer);
        const stored = await bytesOf(b, `${hlsPrefix(a.siteId, ready.id)}${rung}/seg_000.ts`);
        expect(Buffer.concat(played).equals(stored)).toBe(true);
        expect(stored.length).toBeGreaterThan(1000);
        // the poster is public: served from the bucket at the address the video gives
        const poster = await a.raw({ method: 'GET', url: a.platform.storage.publicUrl(ready.posterKey!) });
        expect(poster.statusCode).toBe(200);
        expect(poster.headers['content-type']).toBe('image/jpeg');
        expect([...localFiles(a), ...localFiles(b)]).toEqual([]);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    180_000,
  );
});
