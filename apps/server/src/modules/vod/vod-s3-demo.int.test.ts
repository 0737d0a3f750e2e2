import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { demoUser } from '../../testing/people.ts';
import { startTestS3, type TestS3 } from '../../testing/s3-server.ts';
import { vodVideo } from '../../db/schema/vod.ts';
import { ffmpegAvailable, waitForVideo } from './vod.testing.ts';

const hasFfmpeg = await ffmpegAvailable({ ffmpegPath: process.env.FFMPEG_PATH ?? 'ffmpeg' });
if (!hasFfmpeg) console.warn('SKIPPED the demo videos on S3: ffmpeg is not installed (apt-get install -y ffmpeg)');

/** A fresh start with `S3_*` set on an empty bucket, demo videos on: what a school switching to a bucket first sees. */
describe.skipIf(!hasFfmpeg)('a fresh start on an empty bucket with the demo videos', () => {
  let s3: TestS3;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startTestS3();
    t = await createTestApp({ env: { ...s3.env, VOD_DEMO_VIDEOS: '1' } });
  }, 240_000);
  afterAll(async () => {
    await t?.close();
    await s3?.stop();
  });

  it('seeds, transcodes into the bucket, plays a demo lesson from it, and writes nothing under DATA_DIR/files', async () => {
    const videos = await t.platform.db.select({ id: vodVideo.id }).from(vodVideo).where(eq(vodVideo.siteId, t.siteId));
    expect(videos.length).toBeGreaterThanOrEqual(2);
    for (const v of videos) expect((await waitForVideo(t, v.id)).status).toBe(3);

    const student = await demoUser(t, '13800000001');
    const free = (await t.call('/course/api/course/list', { keyword: 'Python 数据分析实战' })).data.list[0];
    const view = (await t.call('/course/api/course/view', { courseId: free.id })).data;
    const played = await t.call(
      '/vod/auth/videoInfo/play',
      { periodId: view.chapterList[0].periodList[0].id },
      student.headers,
    );
    expect(played.code).toBe(200);
    const get = (url: string) => t.raw({ method: 'GET', url });
    const master = await get(played.data.playUrl);
    expect(master.statusCode).toBe(200);
    const rendition = master.body.split('\n').find((l) => l.startsWith('/apis/'))!;
    const media = await get(rendition);
    expect(media.statusCode).toBe(200);
    const key = /URI="([^"]+)"/.exec(media.body)![1]!;
    const segment = media.body.split('\n').find((l) => l.startsWith('/apis/') && l.endsWith('.ts'))!;
    const [keyRes, segRes] = await Promise.all([get(key), get(segment)]);
    expect(keyRes.statusCode).toBe(200);
    expect(keyRes.rawPayload.length).toBe(16);
    expect(segRes.statusCode).toBe(200);
    // the segment decrypts with that key into MPEG-TS: packets of 188 bytes, each starting with the sync byte
    const ivHex = /IV=0x([0-9a-fA-F]{32})/.exec(media.body)?.[1];
    const sequence = Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(media.body)?.[1] ?? 0);
    const iv = ivHex ? Buffer.from(ivHex, 'hex') : Buffer.alloc(16);
    if (!ivHex) iv.writeUInt32BE(sequence, 12);
    const decipher = crypto.createDecipheriv('aes-128-cbc', keyRes.rawPayload, iv);
    const ts = Buffer.concat([decipher.update(segRes.rawPayload), decipher.final()]);
    expect(ts.length % 188).toBe(0);
    expect(ts[0]).toBe(0x47);
    expect(ts[188]).toBe(0x47);

    const files = path.join(t.platform.config.dataDir, 'files');
    expect(fs.existsSync(files) ? fs.readdirSync(files, { recursive: true }) : []).toEqual([]);
  }, 300_000);
});
