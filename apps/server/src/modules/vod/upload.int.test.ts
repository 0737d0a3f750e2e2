import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Limits } from '#contract/codes.ts';
import { job } from '../../db/schema/platform.ts';
import { vodUpload } from '../../db/schema/vod-upload.ts';
import { vodVideo } from '../../db/schema/vod.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { demoUser, type TestUser } from '../../testing/people.ts';
import { TRANSCODE_JOB } from './vod.service.ts';
import { UPLOAD_SWEEP_JOB } from './upload.service.ts';
import { waitForVideo } from './vod.testing.ts';
import { uploadRepo } from './upload.repo.ts';
import { newId } from '../../platform/ids.ts';
import { chunkOf, fakeMp4, sendChunk, testChunks, uploadFile, type UploadFile } from './upload.testing.ts';

let t: TestApp;
let wang: TestUser;
let li: TestUser;
let student: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  wang = await demoUser(t, '13800000002');
  li = await demoUser(t, '13800000004');
  student = await demoUser(t, '13800000001');
});
afterAll(async () => t?.close());

const CHUNK = Limits.uploadChunkBytes;

/** An HTML page behind an mp4 `ftyp` box: its first bytes pass the sniff, ffprobe finds no video in it. */
function htmlBehindMp4Header(size: number): Buffer {
  const page = Buffer.from(
    '<html><body><form action="https://evil.example">登录</form></body></html>\n'.repeat(size / 64),
  );
  const out = Buffer.alloc(size, 0x20);
  page.copy(out, 12);
  Buffer.from([0, 0, 0, 0x20, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d]).copy(out, 0);
  return out;
}

/** The video sources stored under the data folder. */
function sourceFiles(): string[] {
  return fs
    .readdirSync(t.platform.config.dataDir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.includes(`${path.sep}source${path.sep}`))
    .sort();
}

/** Every file left under the data folder whose name ends in .tmp. */
function tmpFiles(): string[] {
  return fs
    .readdirSync(t.platform.config.dataDir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.tmp'))
    .map((f) => path.join(t.platform.config.dataDir, f));
}

const file = (bytes: Buffer, name = '第一课.mp4') => uploadFile(bytes, name);
const test = (u: TestUser, f: UploadFile) => testChunks(t, u, f);
/** A chunk declared at its full size, whatever bytes are sent (a cut chunk says it is whole). */
const send = (u: TestUser, f: UploadFile, n: number, bytes = chunkOf(f, n)) =>
  sendChunk(t, u, f, n, bytes, { currentChunkSize: chunkOf(f, n).length });

const videosOf = (u: TestUser) =>
  t.platform.db
    .select()
    .from(vodVideo)
    .where(and(eq(vodVideo.siteId, t.siteId), eq(vodVideo.userId, BigInt(u.id))));

describe('chunked video upload (simple-uploader protocol)', () => {
  const movie = file(fakeMp4(CHUNK * 3 + 12_345, 1));

  it('takes three chunks out of order, tells a resumed upload which it has, and assembles the file once', async () => {
    expect((await test(wang, movie)).data).toEqual({ skipUpload: false, uploaded: [], video: null });
    expect((await send(wang, movie, 3)).data).toMatchObject({ skipUpload: false, uploaded: [3] });
    expect((await send(wang, movie, 1)).data).toMatchObject({ skipUpload: false, uploaded: [1] });
    // the page was reloaded: the test call says which chunks to skip
    expect((await test(wang, movie)).data).toEqual({ skipUpload: false, uploaded: [1, 3], video: null });
    const unfinished = (await t.call('/vod/auth/videoInfo/upload/list', {}, wang.headers)).data;
    expect(unfinished).toEqual([
      expect.objectContaining({
        identifier: movie.identifier,
        fileName: '第一课.mp4',
        totalChunks: 3,
        uploadedChunks: 2,
      }),
    ]);
    const last = (await send(wang, movie, 2)).data;
    expect(last).toMatchObject({
      skipUpload: true,
      video: { videoName: '第一课', status: 1, statusName: '等待转码', sizeBytes: movie.bytes.length },
    });

    const [row] = await t.platform.db
      .select()
      .from(vodVideo)
      .where(eq(vodVideo.id, BigInt(last.video.id)));
    expect(row!.sourceMd5).toBe(movie.identifier);
    const stored: Buffer[] = [];
    for await (const b of t.platform.storage.read(row!.sourceKey)) stored.push(b as Buffer);
    expect(Buffer.concat(stored).equals(movie.bytes)).toBe(true);
    const [queued] = await t.platform.db
      .select()
      .from(job)
      .where(eq(job.dedupeKey, `${TRANSCODE_JOB}:${row!.id}`));
    expect(queued).toMatchObject({ kind: TRANSCODE_JOB, state: 'pending' });
    expect((await t.call('/vod/auth/videoInfo/upload/list', {}, wang.headers)).data).toEqual([]);
    expect(
      await t.platform.storage.exists(
        `vod/${t.siteId}/upload/${wang.id}/${(await t.platform.db.select().from(vodUpload))[0]!.id}/data`,
      ),
    ).toBe(false);
  });

  it('completes at once when the lecturer already has the same file, and a late chunk changes nothing', async () => {
    const before = (await videosOf(wang)).length;
    const again = (await test(wang, { ...movie, name: '另一个名字.mp4' })).data;
    expect(again).toMatchObject({ skipUpload: true, video: { videoName: '第一课' } });
    expect((await send(wang, movie, 2)).data).toMatchObject({ skipUpload: true, video: { videoName: '第一课' } });
    expect(await videosOf(wang)).toHaveLength(before);
  });

  it('keeps uploads per lecturer: another lecturer sends the same file in full', async () => {
    expect((await test(li, movie)).data).toEqual({ skipUpload: false, uploaded: [], video: null });
  });

  it('assembles once when the last two chunks arrive together', async () => {
    const f = file(fakeMp4(CHUNK * 2 + 100, 2), 'race.mp4');
    const [a, b] = await Promise.all([send(wang, f, 1), send(wang, f, 2)]);
    const done = [a, b].filter((r) => r.data?.skipUpload);
    expect(done.length).toBeGreaterThanOrEqual(1);
    expect((await test(wang, f)).data).toMatchObject({ skipUpload: true, video: { videoName: 'race' } });
    expect((await videosOf(wang)).filter((v) => v.sourceMd5 === f.identifier)).toHaveLength(1);

    // deleted, then uploaded again: a new video, not the old upload's memory of it
    const old = (await test(wang, f)).data.video.id;
    expect((await t.call('/course/auth/course/video/delete', { id: old }, wang.headers)).code).toBe(200);
    expect((await test(wang, f)).data).toEqual({ skipUpload: false, uploaded: [], video: null });
    await send(wang, f, 1);
    const again = (await send(wang, f, 2)).data;
    expect(again).toMatchObject({ skipUpload: true, video: { videoName: 'race' } });
    expect(again.video.id).not.toBe(old);
  });

  it('counts chunks recorded at the same moment exactly once each, so exactly one sees the upload complete', async () => {
    const repo = uploadRepo(t.platform.db);
    const id = newId();
    const total = 24;
    await repo.open(
      {
        id,
        siteId: t.siteId,
        userId: BigInt(wang.id),
        identifier: `race-${id}`,
        fileName: 'r.mp4',
        totalSize: total * CHUNK,
        totalChunks: total,
        chunkSize: CHUNK,
      },
      1,
    );
    const numbers = Array.from({ length: total }, (_, i) => i + 1);
    const counts = await Promise.all(numbers.map((n) => repo.addChunk(t.siteId, id, n, CHUNK)));
    expect([...counts].sort((a, b) => a! - b!)).toEqual(numbers);
    // a chunk sent again (its first answer was lost) changes nothing
    expect(await Promise.all([3, 3, 7].map((n) => repo.addChunk(t.siteId, id, n, CHUNK)))).toEqual([
      total,
      total,
      total,
    ]);
    expect(await repo.chunkNumbers(t.siteId, id)).toEqual(numbers);
    await repo.remove(t.siteId, id);
  });

  it('refuses a file that is not a video, by name or by content, and stores nothing', async () => {
    const before = (await videosOf(wang)).length;
    const text = file(Buffer.from('这只是一个文本文件。'.repeat(300_000)), '讲义.mp4');
    expect(await send(wang, text, 1)).toMatchObject({
      code: 999,
      msg: '文件内容不是可识别的视频，请检查文件后重新上传',
    });
    const named = file(fakeMp4(CHUNK + 10, 3), '讲义.txt');
    expect(await send(wang, named, 1)).toMatchObject({ code: 999, msg: expect.stringContaining('仅支持视频文件') });
    expect(await test(wang, named)).toMatchObject({ code: 999, msg: expect.stringContaining('仅支持视频文件') });
    expect(await videosOf(wang)).toHaveLength(before);
    expect((await t.platform.db.select().from(vodUpload).where(eq(vodUpload.identifier, text.identifier))).length).toBe(
      0,
    );
  });

  it('refuses, once assembled, a file whose header looks like a video but ffprobe finds none in', async () => {
    const before = (await videosOf(wang)).length;
    const f = file(htmlBehindMp4Header(CHUNK * 2 + 64), '伪装.mp4');
    expect(await send(wang, f, 1)).toMatchObject({ code: 200 });
    expect(await send(wang, f, 2)).toEqual({
      code: 999,
      msg: '文件内容不是可识别的视频，请检查文件后重新上传',
      data: null,
    });
    expect(await videosOf(wang)).toHaveLength(before);
    // the upload is over: sending the file again starts from its first chunk
    expect((await test(wang, f)).data).toMatchObject({ skipUpload: false, uploaded: [] });
  });

  it('refuses a truncated chunk (it is sent again), an oversize file, and a wrong layout', async () => {
    const f = file(fakeMp4(CHUNK * 2 + 5, 4), 'cut.mp4');
    expect(await send(wang, f, 1, chunkOf(f, 1).subarray(0, 1000))).toMatchObject({
      code: 999,
      msg: '第 1 片不完整，请重新上传该分片',
    });
    expect((await test(wang, f)).data.uploaded).toEqual([]);
    const huge = { ...f, bytes: f.bytes, totalChunks: 3000 };
    const big = await testChunks(t, wang, f, { totalSize: 5 * 1024 ** 3, totalChunks: 2600 });
    expect(big).toMatchObject({ code: 999, msg: '视频不能超过 4 GB，请压缩后再上传' });
    expect(await send(wang, huge, 1)).toMatchObject({ code: 999, msg: '分片信息不一致，请刷新页面后重新上传' });
    const qs2 = new URLSearchParams({ identifier: 'not-an-md5', filename: 'a.mp4' });
    expect(
      (
        await t.raw({ method: 'GET', url: `/apis/vod/auth/videoInfo/upload?${qs2}`, headers: { token: wang.token } })
      ).json().code,
    ).toBe(999);
  });

  it('fails the video of a file whose content does not match its identifier, which is then uploaded again in full', async () => {
    const real = fakeMp4(CHUNK * 2 + 7, 9);
    const lying = {
      ...file(real, 'lie.mp4'),
      identifier: crypto.createHash('md5').update('something else').digest('hex'),
    };
    expect((await send(wang, lying, 1)).data.uploaded).toEqual([1]);
    const done = (await send(wang, lying, 2)).data;
    expect(done).toMatchObject({ skipUpload: true, video: { videoName: 'lie', status: 1 } });
    // the transcode reads the source and checks its MD5 before anything else: this one never reaches ffmpeg
    const failed = await waitForVideo(t, BigInt(done.video.id));
    expect(failed).toMatchObject({ status: 4, failReason: '文件校验失败（内容与文件标识不一致），请重新上传' });
    expect((await test(wang, lying)).data).toEqual({ skipUpload: false, uploaded: [], video: null });
  });

  it('refuses students (the lecturers-only 999) and visitors (302)', async () => {
    expect(await test(student, movie)).toEqual({
      code: 999,
      msg: '只有讲师可以使用此功能，请先申请成为讲师',
      data: { lecturerOnly: true },
    });
    expect((await t.raw({ method: 'GET', url: '/apis/vod/auth/videoInfo/upload' })).json().code).toBe(302);
  });

  it('sweeps the chunks of an upload nobody touched for a day', async () => {
    const f = file(fakeMp4(CHUNK * 2 + 1, 5), 'left.mp4');
    await send(wang, f, 1);
    const [u] = await t.platform.db.select().from(vodUpload).where(eq(vodUpload.identifier, f.identifier));
    const key = `vod/${t.siteId}/upload/${wang.id}/${u!.id}/data`;
    expect(await t.platform.storage.exists(key)).toBe(true);
    expect(await t.services.videoUploads.sweep(new Date())).toBe(0);
    expect(await t.services.videoUploads.sweep(new Date(Date.now() + 25 * 60 * 60_000))).toBe(1);
    expect(await t.platform.storage.exists(key)).toBe(false);
    expect((await test(wang, f)).data.uploaded).toEqual([]);
    const [sweepJob] = await t.platform.db.select().from(job).where(eq(job.kind, UPLOAD_SWEEP_JOB));
    expect(sweepJob).toMatchObject({ state: 'pending' });
    expect(sweepJob!.runAt.getTime()).toBeGreaterThan(Date.now());
  });
});

describe('whole-file upload (/course/auth/vod/upload)', () => {
  async function upload(u: TestUser, bytes: Buffer, name: string, periodId?: string) {
    const boundary = `----qk${crypto.randomBytes(8).toString('hex')}`;
    const head = periodId
      ? `--${boundary}\r\nContent-Disposition: form-data; name="periodId"\r\n\r\n${periodId}\r\n`
      : '';
    const payload = Buffer.concat([
      Buffer.from(
        `${head}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: video/mp4\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.raw({
      method: 'POST',
      url: '/apis/course/auth/vod/upload',
      headers: { token: u.token, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    return res.json();
  }

  it('stores the video, queues it and puts it into the lesson draft', async () => {
    const tree = (await t.call('/course/api/course/category/list', { categoryType: 1 })).data;
    const c = (
      await t.call(
        '/course/auth/course/audit/save',
        { courseName: '上传测试课', categoryId: tree[0].id, isFree: 1 },
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
    const res = await upload(wang, fakeMp4(300_000, 6), 'lesson.mp4', p.id);
    expect(res.data).toMatchObject({ periodId: p.id, videoName: 'lesson' });
    const attached = (await t.call('/course/auth/course/period/video/view', { periodId: p.id }, wang.headers)).data;
    expect(attached.video).toMatchObject({ id: res.data.vid, status: 1 });
    expect((await t.call('/course/auth/course/video/ref', { id: res.data.vid }, wang.headers)).data).toEqual([
      {
        courseId: c.id,
        courseName: '上传测试课',
        chapterName: '第一章',
        periodId: p.id,
        periodName: '第一节',
        isPublished: 0,
      },
    ]);
    expect((await t.call('/course/auth/course/video/delete', { id: res.data.vid }, wang.headers)).msg).toContain(
      '正被课时“第一节”使用',
    );
    const list = (await t.call('/course/auth/course/video/list', { videoName: 'lesson' }, wang.headers)).data;
    expect(list.list.map((v: { id: string }) => v.id)).toEqual([res.data.vid]);
    expect(
      (await t.call('/course/auth/course/video/list', {}, li.headers)).data.list.map((v: { id: string }) => v.id),
    ).not.toContain(res.data.vid);

    // when transcoding finishes, the lesson draft takes the video's length
    await t.services.studio.outline.onVideoReady(t.siteId, BigInt(res.data.vid), 42.4);
    const periods = (await t.call('/course/auth/course/chapter/period/audit/list', { chapterId: ch.id }, wang.headers))
      .data;
    expect(periods[0]).toMatchObject({ videoId: res.data.vid, videoDuration: 42, videoName: 'lesson' });
  });

  it('deletes a video no lesson uses, and only the owner may', async () => {
    // larger than the 10 MB limit of ordinary multipart calls
    const spare = (await upload(wang, fakeMp4(11_000_000, 8), 'spare.mp4')).data;
    expect(spare.periodId).toBe('');
    expect((await t.call('/course/auth/course/video/delete', { id: spare.vid }, li.headers)).msg).toBe(
      '视频不存在或已删除',
    );
    expect((await t.call('/course/auth/course/video/delete', { id: spare.vid }, wang.headers)).code).toBe(200);
    expect((await t.call('/course/auth/course/video/list', { videoName: 'spare' }, wang.headers)).data.totalCount).toBe(
      0,
    );
  });

  it('refuses another lecturer’s lesson before storing anything, and a text file named .mp4', async () => {
    const mine = (await t.call('/course/auth/course/audit/list', {}, wang.headers)).data.list[0];
    const outline = (await t.call('/course/auth/course/chapter/audit/list', { courseId: mine.id }, wang.headers)).data;
    const before = (await videosOf(li)).length;
    const sourcesBefore = sourceFiles();
    expect((await upload(li, fakeMp4(1000, 7), 'x.mp4', outline[0].periodList[0].id)).msg).toBe('课时不存在或已删除');
    expect((await upload(li, Buffer.from('hello world, not a video at all'), 'x.mp4')).msg).toBe(
      '文件内容不是可识别的视频，请检查文件后重新上传',
    );
    expect((await upload(li, htmlBehindMp4Header(200_000), 'y.mp4')).msg).toBe(
      '文件内容不是可识别的视频，请检查文件后重新上传',
    );
    expect(await videosOf(li)).toHaveLength(before);
    // a refused file leaves nothing behind, not even the file it was being written to
    expect(tmpFiles()).toEqual([]);
    expect(sourceFiles()).toEqual(sourcesBefore);
  });
});
