import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../testing/s3-server.ts';
import { LocalStorage } from './storage.ts';
import { S3Storage } from './storage-s3.ts';

const SCRIPT = path.resolve(import.meta.dirname, '../../../../scripts/storage-copy-to-s3.ts');

let s3: TestS3;
let bucket: S3Storage;
let dataDir: string;
let local: LocalStorage;
beforeAll(async () => {
  s3 = await startTestS3();
  bucket = new S3Storage(s3.settings);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qk-copy-'));
  local = new LocalStorage(path.join(dataDir, 'files'));
  await local.put('demo/10/logo.svg', Buffer.from('<svg/>'));
  await local.put('course-files/10/ab/cd.txt', Buffer.from('第一章 讲义'));
  await local.put('vod/10/1/hls/master.m3u8', Buffer.from('#EXTM3U\n'));
  // an upload in progress, and a file `put` was still writing when the server stopped
  await local.writeAt(
    'vod/10/upload/5/6/data',
    0,
    (async function* () {
      yield Buffer.from('chunk');
    })(),
  );
  fs.writeFileSync(path.join(dataDir, 'files/demo/10/logo.svg.123.tmp'), 'half');
});
afterAll(async () => {
  bucket?.close();
  await s3?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/**
 * The documented command, run as an operator would, with the server's settings (asynchronously: the bucket's
 * server runs in this process and must answer meanwhile).
 */
const copy = (env: Record<string, string> = s3.env) =>
  new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [SCRIPT],
      { env: { PATH: process.env.PATH, DATA_DIR: dataDir, ...env }, encoding: 'utf8' },
      (err, stdout, stderr) => resolve({ status: err ? Number(err.code ?? 1) : 0, stdout, stderr }),
    );
  });
const inBucket = async () => {
  const out: Record<string, number> = {};
  for await (const e of bucket.list('')) out[e.key] = e.size;
  return out;
};

describe('the copy of the local files into the bucket (scripts/storage-copy-to-s3.ts)', () => {
  it('copies every finished file under its key, skipping partial writes and unfinished uploads', async () => {
    const run = await copy();
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('完成：复制 3 个文件');
    expect(run.stdout).toContain('另有 1 个未完成的视频上传未复制');
    expect(await inBucket()).toEqual({
      'course-files/10/ab/cd.txt': Buffer.byteLength('第一章 讲义'),
      'demo/10/logo.svg': 6,
      'vod/10/1/hls/master.m3u8': 8,
    });
  });

  it('copies nothing again when run again, and only a file that changed', async () => {
    expect((await copy()).stdout).toContain('完成：复制 0 个文件（0 字节），3 个已在存储桶中');
    await local.put('demo/10/logo.svg', Buffer.from('<svg width="1"/>'));
    expect((await copy()).stdout).toContain('完成：复制 1 个文件');
    const back = [];
    for await (const c of bucket.read('demo/10/logo.svg')) back.push(c as Buffer);
    expect(Buffer.concat(back).toString()).toBe('<svg width="1"/>');
  });

  it('refuses to run without the S3 settings, saying which', async () => {
    const run = await copy({});
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('请先设置 S3_ENDPOINT');
    const half = await copy({ S3_ENDPOINT: s3.env.S3_ENDPOINT! });
    expect(half.status).toBe(1);
    expect(half.stderr).toContain('S3_BUCKET: 使用 S3 存储时');
  });
});
