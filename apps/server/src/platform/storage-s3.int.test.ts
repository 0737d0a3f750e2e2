import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../testing/s3-server.ts';
import { ConfigError } from './config.ts';
import { createStorage } from './storage.ts';
import { S3Storage } from './storage-s3.ts';

let s3: TestS3;
let store: S3Storage;
beforeAll(async () => {
  s3 = await startTestS3();
  store = new S3Storage(s3.settings);
});
afterAll(async () => {
  store?.close();
  await s3?.stop();
});

const text = async (r: Readable) => {
  const parts: Buffer[] = [];
  for await (const c of r) parts.push(c as Buffer);
  return Buffer.concat(parts);
};
async function* pieces(buf: Buffer, size: number) {
  for (let i = 0; i < buf.length; i += size) yield buf.subarray(i, i + size);
}

describe('files in an S3 bucket', () => {
  it('puts, reads, ranges, checks, lists and deletes files with Chinese keys', async () => {
    const key = 'course-files/10/资料/第一章 讲义.txt';
    await store.put(key, Buffer.from('青课讲义：第一章', 'utf8'));
    expect(await store.exists(key)).toBe(true);
    expect((await text(store.read(key))).toString('utf8')).toBe('青课讲义：第一章');
    expect((await text(store.read(key, { start: 0, end: 5 }))).toString('utf8')).toBe('青课');
    await store.put('course-files/10/资料/第二章.md', Readable.from([Buffer.from('# 第二章')]));
    const listed = [];
    for await (const e of store.list('course-files/10/资料/')) listed.push(e);
    expect(listed).toEqual([
      { key: 'course-files/10/资料/第一章 讲义.txt', size: Buffer.byteLength('青课讲义：第一章') },
      { key: 'course-files/10/资料/第二章.md', size: Buffer.byteLength('# 第二章') },
    ]);
    const opened = await store.open(key);
    expect(opened?.contentType).toBe('text/plain; charset=utf-8');
    opened?.body.destroy();
    await store.remove(key);
    expect(await store.exists(key)).toBe(false);
    await store.remove(key); // removing what is gone is not an error
    await store.removeAll('course-files/10/');
    for await (const e of store.list('course-files/10/')) throw new Error(`left behind: ${e.key}`);
  });

  it('reports a missing file as missing: exists is false, open is undefined, read fails', async () => {
    expect(await store.exists('images/没有.png')).toBe(false);
    expect(await store.open('images/没有.png')).toBeUndefined();
    await expect(text(store.read('images/没有.png'))).rejects.toThrow(/no such file/);
  });

  it('gives a short-lived presigned URL that fetches a private file, named for download', async () => {
    const key = 'course-files/10/讲义.pdf';
    await store.put(key, Buffer.from('%PDF-1.4 青课'));
    const url = await store.signedUrl(key, 60, '第一章 讲义.pdf');
    expect(url).toContain('X-Amz-Expires=60');
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).toString()).toBe('%PDF-1.4 青课');
    expect(res.headers.get('content-disposition')).toContain(encodeURIComponent('第一章 讲义.pdf'));
    // once its time has run out it fetches nothing (s3rver checks the expiry; it does not verify V4 signatures)
    const brief = await store.signedUrl(key, 1);
    await new Promise((r) => setTimeout(r, 2100));
    expect((await fetch(brief)).status).toBe(403);
  });

  it('streams a large body as a multipart upload and stores every byte', async () => {
    const big = crypto.randomBytes(19 * 1024 * 1024 + 123);
    await store.put('vod/10/source/大文件.mp4', Readable.from(pieces(big, 64 * 1024)));
    const back = await text(store.read('vod/10/source/大文件.mp4'));
    expect(back.length).toBe(big.length);
    expect(crypto.createHash('md5').update(back).digest('hex')).toBe(
      crypto.createHash('md5').update(big).digest('hex'),
    );
  });

  it('joins chunks written at their offsets, in any order, into one file on move', async () => {
    const whole = crypto.randomBytes(3 * 1024 * 1024 + 7);
    const chunk = 1024 * 1024;
    const at = [2, 0, 3, 1];
    for (const n of at) {
      const written = await store.writeAt(
        'vod/10/upload/1/2/data',
        n * chunk,
        pieces(whole.subarray(n * chunk, (n + 1) * chunk), 65536),
      );
      expect(written).toBe(Math.min(chunk, whole.length - n * chunk));
    }
    // a chunk sent again replaces its place
    await store.writeAt('vod/10/upload/1/2/data', chunk, pieces(whole.subarray(chunk, 2 * chunk), 65536));
    await store.move('vod/10/upload/1/2/data', 'vod/10/source/7.mp4');
    const back = await text(store.read('vod/10/source/7.mp4'));
    expect(back.equals(whole)).toBe(true);
    for await (const e of store.list('vod/10/upload/')) throw new Error(`chunk left behind: ${e.key}`);
  });

  it('refuses to join chunks with a gap between them', async () => {
    await store.writeAt('vod/10/upload/1/3/data', 0, pieces(Buffer.alloc(100), 50));
    await store.writeAt('vod/10/upload/1/3/data', 200, pieces(Buffer.alloc(100), 50));
    await expect(store.move('vod/10/upload/1/3/data', 'vod/10/source/8.mp4')).rejects.toThrow(/gap at byte 100/);
    expect(await store.exists('vod/10/source/8.mp4')).toBe(false);
  });

  it('renames a whole file inside the bucket', async () => {
    await store.put('images/a.png', Buffer.from('png'));
    await store.move('images/a.png', 'images/b.png');
    expect(await store.exists('images/a.png')).toBe(false);
    expect((await text(store.read('images/b.png'))).toString()).toBe('png');
  });

  it('gives public files the app’s /media address, or the configured public one', () => {
    expect(store.publicUrl('images/10/封面.png')).toBe(`/media/images/10/${encodeURIComponent('封面')}.png`);
    const cdn = new S3Storage({ ...s3.settings, publicUrl: 'https://cdn.example.com/qk' });
    expect(cdn.publicUrl('images/10/a.png')).toBe('https://cdn.example.com/qk/images/10/a.png');
    cdn.close();
  });

  it('stops the start with a clear message when the bucket is missing', async () => {
    await expect(
      createStorage({ dataDir: '/nonexistent', s3: { ...s3.settings, bucket: 'no-such-bucket' } }),
    ).rejects.toThrow(ConfigError);
    await expect(
      createStorage({ dataDir: '/nonexistent', s3: { ...s3.settings, bucket: 'no-such-bucket' } }),
    ).rejects.toThrow(/无法访问 S3 存储桶 no-such-bucket：存储桶不存在/);
  });
});
