import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Limits } from '#contract/codes.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { demoUser, type TestUser } from '../../testing/people.ts';
import { chunkBody, fakeMp4, uploadFile } from './upload.testing.ts';

/**
 * A refused chunk must leave its keep-alive connection usable: the browser sends the lecturer's next request on
 * the same socket, so a request body left unread there would hold that request up for good.
 */
let t: TestApp;
let wang: TestUser;
let port: number;
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
beforeAll(async () => {
  t = await createTestApp();
  wang = await demoUser(t, '13800000002');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  agent.destroy();
  await t?.close();
});

function request(
  path: string,
  opts: { method: string; headers?: Record<string, string>; body?: Buffer },
): Promise<{ body: any; reused: boolean }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, path, method: opts.method, agent, headers: { token: wang.token, ...opts.headers } },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (b: Buffer) => parts.push(b));
        res.on('end', () =>
          resolve({ body: JSON.parse(Buffer.concat(parts).toString('utf8')), reused: req.reusedSocket }),
        );
      },
    );
    req.setTimeout(5_000, () => req.destroy(new Error(`${path}: no answer within 5 s`)));
    req.on('error', reject);
    req.end(opts.body);
  });
}

function chunkRequest(bytes: Buffer, name: string, over: Record<string, number> = {}) {
  const { contentType, payload } = chunkBody(uploadFile(bytes, name), 1, bytes, over);
  return { method: 'POST', headers: { 'content-type': contentType }, body: payload };
}

describe('a refused chunk on a kept-alive connection', () => {
  it('answers the next request on the same socket after a text file named .mp4', async () => {
    const text = Buffer.from('这只是一个文本文件。'.repeat(100_000));
    const refused = await request('/apis/vod/auth/videoInfo/upload', chunkRequest(text, '讲义.mp4'));
    expect(refused.body).toMatchObject({ code: 999, msg: '文件内容不是可识别的视频，请检查文件后重新上传' });
    const next = await request('/apis/vod/auth/videoInfo/upload/list', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: Buffer.from('{}'),
    });
    expect(next.reused).toBe(true);
    expect(next.body).toMatchObject({ code: 200 });
  });

  it('answers the next request after a chunk longer than it said', async () => {
    const bytes = fakeMp4(Limits.uploadChunkBytes + 100, 77);
    // it says it is 50,000 bytes shorter than it is: the stream overflows part way
    const refused = await request(
      '/apis/vod/auth/videoInfo/upload',
      chunkRequest(bytes, '长.mp4', { currentChunkSize: bytes.length - 50_000, totalSize: bytes.length - 50_000 }),
    );
    expect(refused.body.code).toBe(999);
    const next = await request('/apis/vod/auth/videoInfo/upload/list', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: Buffer.from('{}'),
    });
    expect(next.body).toMatchObject({ code: 200 });
  });
});
