import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallDef } from '#contract/call.ts';
import { Limits } from '#contract/codes.ts';
import * as studioCalls from '#contract/studio.ts';
import * as studioFileCalls from '#contract/studio-files.ts';
import * as picCalls from '#contract/studio-pics.ts';
import * as uploadCalls from '#contract/upload.ts';
import { job } from '../../db/schema/platform.ts';
import { vodUpload } from '../../db/schema/vod-upload.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { demoUser, type TestUser } from '../../testing/people.ts';
import { TRANSCODE_JOB } from '../vod/vod.service.ts';
import { ffmpegAvailable, waitForVideo } from '../vod/vod.testing.ts';
import { chunkOf, fakeMp4, sendChunk, testChunks, uploadFile } from '../vod/upload.testing.ts';

// The studio rules of the lecturer-studio issue that other files do not already pin down.
const hasFfmpeg = await ffmpegAvailable({ ffmpegPath: process.env.FFMPEG_PATH ?? 'ffmpeg' });

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

describe('a chunk that arrives damaged', () => {
  it('sent without a CRC-32, fails its video when the transcode finds the MD5 wrong, and the file then uploads again in full', async () => {
    const f = uploadFile(fakeMp4(CHUNK * 3 + 999, 101), '损坏的分片.mp4');
    const damaged = Buffer.from(chunkOf(f, 2));
    damaged[1000] = damaged[1000]! ^ 0xff; // same size, one byte flipped on the way
    expect((await sendChunk(t, wang, f, 1)).data.uploaded).toEqual([1]);
    expect((await sendChunk(t, wang, f, 2, damaged)).data.uploaded).toEqual([2]);
    expect((await testChunks(t, wang, f)).data.uploaded).toEqual([1, 2]);
    const first = (await sendChunk(t, wang, f, 3)).data;
    expect(first).toMatchObject({ skipUpload: true, video: { videoName: '损坏的分片' } });
    expect(await waitForVideo(t, BigInt(first.video.id))).toMatchObject({
      status: 4,
      failReason: '文件校验失败（内容与文件标识不一致），请重新上传',
    });

    expect((await testChunks(t, wang, f)).data).toEqual({ skipUpload: false, uploaded: [], video: null });
    for (const n of [1, 2]) expect((await sendChunk(t, wang, f, n)).code).toBe(200);
    const done = (await sendChunk(t, wang, f, 3)).data;
    expect(done).toMatchObject({
      skipUpload: true,
      video: { videoName: '损坏的分片', sizeBytes: f.bytes.length, status: 1 },
    });
    expect(done.video.id).not.toBe(first.video.id);
    expect((await testChunks(t, wang, f)).data).toMatchObject({ skipUpload: true, video: { id: done.video.id } });
  });

  it('is refused at once when its bytes do not match its CRC-32, and that chunk alone sent again completes the file', async () => {
    const f = uploadFile(fakeMp4(CHUNK * 3 + 555, 105), '传输中损坏.mp4');
    const crcOf = (n: number) => ({ chunkCrc32: zlib.crc32(chunkOf(f, n)).toString(16).padStart(8, '0') });
    const damaged = Buffer.from(chunkOf(f, 2));
    damaged[2000] = damaged[2000]! ^ 0x01;
    expect((await sendChunk(t, wang, f, 1, chunkOf(f, 1), crcOf(1))).data.uploaded).toEqual([1]);
    expect(await sendChunk(t, wang, f, 2, damaged, crcOf(2))).toMatchObject({
      code: 999,
      msg: '第 2 片校验失败，请重新上传该分片',
    });
    expect((await testChunks(t, wang, f)).data.uploaded).toEqual([1]);
    expect((await sendChunk(t, wang, f, 3, chunkOf(f, 3), crcOf(3))).data.uploaded).toEqual([3]);
    expect((await testChunks(t, wang, f)).data.uploaded).toEqual([1, 3]);
    const done = (await sendChunk(t, wang, f, 2, chunkOf(f, 2), crcOf(2))).data;
    expect(done).toMatchObject({ skipUpload: true, video: { videoName: '传输中损坏', sizeBytes: f.bytes.length } });
    expect(
      await sendChunk(t, wang, uploadFile(fakeMp4(CHUNK + 9, 106), '校验码格式.mp4'), 1, undefined, {
        chunkCrc32: 'xyz',
      }),
    ).toMatchObject({
      code: 999,
      msg: '分片校验码应为 8 位十六进制数，请刷新页面后重新上传',
    });
  });

  it('is refused at once when its size is wrong, and the same chunk sent again completes the file', async () => {
    const f = uploadFile(fakeMp4(CHUNK * 2 + 77, 102), '大小不对.mp4');
    expect((await sendChunk(t, wang, f, 1)).code).toBe(200);
    const padded = Buffer.concat([chunkOf(f, 2), Buffer.alloc(10)]);
    expect(await sendChunk(t, wang, f, 2, padded)).toMatchObject({ code: 999, msg: '第 2 片不完整，请重新上传该分片' });
    expect((await testChunks(t, wang, f)).data.uploaded).toEqual([1]);
    expect((await sendChunk(t, wang, f, 2)).data).toMatchObject({ skipUpload: true, video: { videoName: '大小不对' } });
  });
});

describe('an oversize file', () => {
  it('is refused by its announced size, at the test and at the first chunk, before anything is stored', async () => {
    const f = uploadFile(fakeMp4(CHUNK + 5, 103), '太大了.mp4');
    const announced = { totalSize: 4 * 1024 ** 3 + 1, totalChunks: 2098 };
    expect(await testChunks(t, wang, f, announced)).toMatchObject({
      code: 999,
      msg: '视频不能超过 4 GB，请压缩后再上传',
    });
    expect(await sendChunk(t, wang, f, 1, chunkOf(f, 1), announced)).toMatchObject({
      code: 999,
      msg: '视频不能超过 4 GB，请压缩后再上传',
    });
    expect(await t.platform.db.select().from(vodUpload).where(eq(vodUpload.identifier, f.identifier))).toEqual([]);
  });
});

describe.skipIf(!hasFfmpeg)('a file that only looks like a video', () => {
  it('refuses a file with only a video header once it is whole, before any transcode is queued', async () => {
    const header = Buffer.alloc(CHUNK + 4096, 0x61);
    Buffer.from([0, 0, 0, 0x20, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d]).copy(header, 0);
    const f = uploadFile(header, '只有文件头.mp4');
    const jobs = async () => (await t.platform.db.select().from(job).where(eq(job.kind, TRANSCODE_JOB))).length;
    const before = await jobs();
    expect(await sendChunk(t, wang, f, 1)).toEqual({
      code: 999,
      msg: '文件内容不是可识别的视频，请检查文件后重新上传',
      data: null,
    });
    expect(await jobs()).toBe(before);
    const listed = await t.call('/course/auth/course/video/list', { videoName: '只有文件头' }, wang.headers);
    expect(listed.data.list).toEqual([]);
  });
});

describe('another lecturer’s videos', () => {
  it('cannot be put into one’s own lesson, inspected or deleted', async () => {
    const f = uploadFile(fakeMp4(CHUNK + 10, 105), '王老师的视频.mp4');
    const wangVideo = (await sendChunk(t, wang, f, 1)).data.video.id;
    const tree = (await t.call('/course/api/course/category/list', { categoryType: 1 })).data;
    const c = (
      await t.call(
        '/course/auth/course/audit/save',
        { courseName: '李老师的课', categoryId: tree[0].id, isFree: 1 },
        li.headers,
      )
    ).data;
    const ch = (
      await t.call('/course/auth/course/chapter/audit/save', { courseId: c.id, chapterName: '第一章' }, li.headers)
    ).data;
    const p = (
      await t.call(
        '/course/auth/course/chapter/period/audit/save',
        { chapterId: ch.id, periodName: '第一节' },
        li.headers,
      )
    ).data;
    expect(
      (await t.call('/course/auth/course/period/video/save', { periodId: p.id, videoId: wangVideo }, li.headers)).msg,
    ).toBe('视频不存在或已删除，请重新选择或上传');
    expect((await t.call('/course/auth/course/video/ref', { id: wangVideo }, li.headers)).msg).toBe(
      '视频不存在或已删除',
    );
    expect((await t.call('/course/auth/course/video/delete', { id: wangVideo }, li.headers)).msg).toBe(
      '视频不存在或已删除',
    );
    expect(
      (await t.call('/course/auth/course/video/list', {}, li.headers)).data.list.map((v: { id: string }) => v.id),
    ).not.toContain(wangVideo);
    // the same file uploaded by the other lecturer is their own upload, not a shortcut to the first one's video
    expect((await testChunks(t, li, f)).data).toEqual({ skipUpload: false, uploaded: [], video: null });
    expect(
      (await t.call('/course/auth/course/video/list', {}, wang.headers)).data.list.map((v: { id: string }) => v.id),
    ).toContain(wangVideo);
  });
});

describe('a student', () => {
  it('gets the one lecturers-only refusal (999, not a login code) from every lecturer call of the studio and the uploads', async () => {
    const exported: unknown[] = [
      ...Object.values(studioCalls),
      ...Object.values(studioFileCalls),
      ...Object.values(picCalls),
      ...Object.values(uploadCalls),
    ];
    const calls = exported.filter(
      (v): v is CallDef => !!v && typeof v === 'object' && 'path' in v && (v as CallDef).access === 'auth',
    );
    expect(calls.length).toBeGreaterThan(35);
    // a valid body for every call, so the refusal is about who asks, not what they sent
    const body = {
      id: '123',
      courseId: '123',
      chapterId: '123',
      periodId: '123',
      ids: ['123'],
      picUrl: '/media/images/x.png',
      courseName: '学生的课',
      categoryId: '1',
      isPutaway: 1,
      chapterName: '章',
      periodName: '节',
    };
    for (const call of calls) {
      const res = await t.call(call.path, body, { ...student.headers, method: call.method === 'GET' ? 'GET' : 'POST' });
      expect(res, call.path).toMatchObject({
        code: 999,
        msg: '只有讲师可以使用此功能，请先申请成为讲师',
        data: { lecturerOnly: true },
      });
    }
  });
});
