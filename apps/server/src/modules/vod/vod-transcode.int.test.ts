import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { newUser, type TestUser } from '../../testing/people.ts';
import { job } from '../../db/schema/platform.ts';
import { ffmpegAvailable, generateClip, REASON_UNREADABLE } from './vod-ffmpeg.ts';
import { hlsPrefix } from './vod-keys.ts';
import { TRANSCODE_JOB } from './vod.service.ts';
import { waitForVideo } from './vod.testing.ts';

const hasFfmpeg = await ffmpegAvailable({ ffmpegPath: process.env.FFMPEG_PATH ?? 'ffmpeg' });
if (!hasFfmpeg) console.warn('SKIPPED vod transcode tests: ffmpeg is not installed (apt-get install -y ffmpeg)');

let t: TestApp;
let lecturer: TestUser;
let dir: string;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
  lecturer = await newUser(t, '13900005001');
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qk-vod-'));
  if (hasFfmpeg)
    await generateClip(t.platform.config.vod, path.join(dir, 'lesson.mp4'), {
      pattern: 'testsrc2',
      seconds: 3,
      width: 854,
      height: 480,
      toneHz: 440,
    });
});
afterAll(async () => {
  await t?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const text = async (key: string) => {
  const chunks: Buffer[] = [];
  for await (const c of t.platform.storage.read(key)) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};

describe.skipIf(!hasFfmpeg)('transcoding', () => {
  it('turns an upload into an encrypted HLS ladder no higher than the source, with a poster and the duration', async () => {
    const file = path.join(dir, 'lesson.mp4');
    const ready: Array<[bigint, bigint, number]> = [];
    t.services.vod.onVideoReady(async (s, v, d) => {
      ready.push([s, v, d]);
    });

    const created = await t.services.vod.createFromFile(t.siteId, BigInt(lecturer.id), {
      videoName: '第一课 认识变量',
      file,
    });
    expect(created).toMatchObject({
      videoName: '第一课 认识变量',
      status: 1,
      statusName: '等待转码',
      durationSec: 0,
      posterUrl: '',
    });
    expect(created.sizeBytes).toBe(fs.statSync(file).size);
    const md5 = crypto.createHash('md5').update(fs.readFileSync(file)).digest('hex');
    expect((await t.services.vod.sameFile(t.siteId, BigInt(lecturer.id), md5))?.id).toBe(created.id);

    const video = await waitForVideo(t, BigInt(created.id));
    expect(video).toMatchObject({ status: 3, failReason: null, durationSec: 3, width: 854, height: 480 });
    expect(video.renditions.map((r) => [r.name, r.height])).toEqual([
      ['480p', 480],
      ['360p', 360],
    ]);
    expect(ready).toEqual([[t.siteId, video.id, 3]]);

    const view = await t.services.vod.view(t.siteId, BigInt(lecturer.id), video.id);
    expect(view).toMatchObject({ status: 3, statusName: '可播放', durationSec: 3 });
    const poster = await t.raw({ method: 'GET', url: view.posterUrl });
    expect(poster.statusCode).toBe(200);
    expect(poster.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));

    // every segment is AES-128 encrypted with the video's key and decrypts to MPEG-TS
    const prefix = hlsPrefix(t.siteId, video.id);
    const playlist = (await text(`${prefix}360p/index.m3u8`)).toString();
    const iv = Buffer.from(/IV=0x([0-9a-f]{32})/i.exec(playlist)![1]!, 'hex');
    const segment = await text(`${prefix}360p/seg_000.ts`);
    // a cipher byte is 0x47 one time in 256: three sync bytes in a row are what MPEG-TS in the clear looks like
    expect([segment[0], segment[188], segment[376]]).not.toEqual([0x47, 0x47, 0x47]);
    const decipher = crypto.createDecipheriv('aes-128-cbc', Buffer.from(video.aesKey!, 'hex'), iv);
    const plain = Buffer.concat([decipher.update(segment), decipher.final()]);
    expect(plain[0]).toBe(0x47);
    expect(plain[188]).toBe(0x47);
  });

  it('never serves the private video files through the public /media route', async () => {
    const video = await waitForVideo(
      t,
      BigInt(
        (
          await t.services.vod.createFromFile(t.siteId, BigInt(lecturer.id), {
            videoName: '第二课',
            file: path.join(dir, 'lesson.mp4'),
          })
        ).id,
      ),
    );
    const prefix = hlsPrefix(t.siteId, video.id);
    expect(await t.platform.storage.exists(`${prefix}360p/seg_000.ts`)).toBe(true);
    const files = {
      master: await text(`${prefix}master.m3u8`),
      segment: await text(`${prefix}360p/seg_000.ts`),
      source: await text(video.sourceKey),
    };
    for (const [url, file] of [
      [`/media/${prefix}360p/seg_000.ts`, files.segment],
      [`/media/${prefix}master.m3u8`, files.master],
      [`/media/${video.sourceKey}`, files.source],
      [`/media//${prefix}master.m3u8`, files.master],
      [`/media/%76od/${t.siteId}/${video.id}/hls/master.m3u8`, files.master],
      [`/media/posters/../${prefix}master.m3u8`, files.master],
      [`/media/./${prefix}master.m3u8`, files.master],
      [`/media/posters/%2e%2e/${prefix}master.m3u8`, files.master],
    ] as const) {
      const res = await t.raw({ method: 'GET', url });
      expect(res.rawPayload.equals(file), url).toBe(false);
      expect(res.body, url).not.toContain('#EXTM3U');
    }
  });

  it('fails an unreadable file at once, with a reason the lecturer can act on', async () => {
    const file = path.join(dir, 'notes.mp4');
    fs.writeFileSync(file, 'this is a text file renamed to .mp4\n'.repeat(100));
    const created = await t.services.vod.createFromFile(t.siteId, BigInt(lecturer.id), {
      videoName: '改了扩展名的文本',
      file,
    });
    const video = await waitForVideo(t, BigInt(created.id));
    expect(video).toMatchObject({ status: 4, failReason: REASON_UNREADABLE });
    expect((await t.services.vod.view(t.siteId, BigInt(lecturer.id), video.id)).failReason).toBe(
      '视频文件无法读取，请检查文件',
    );
    const [row] = await t.platform.db
      .select()
      .from(job)
      .where(eq(job.dedupeKey, `${TRANSCODE_JOB}:${video.id}`));
    expect(row).toMatchObject({ state: 'failed', attempts: 1 });
  });

  it('shows a video only to its owner', async () => {
    const other = await newUser(t, '13900005002');
    const created = await t.services.vod.createFromFile(t.siteId, BigInt(lecturer.id), {
      videoName: '私有视频',
      file: path.join(dir, 'lesson.mp4'),
    });
    await expect(t.services.vod.view(t.siteId, BigInt(other.id), BigInt(created.id))).rejects.toThrow(
      '视频不存在或已删除',
    );
    await waitForVideo(t, BigInt(created.id));
  });
});
