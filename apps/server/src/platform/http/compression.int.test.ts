import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { MIN_COMPRESSED_BYTES } from './compression.ts';

/** The OpenAPI document: a large JSON reply every app serves. */
const docs = (t: TestApp, encoding?: string) =>
  t.raw({ method: 'GET', url: '/apis/docs/json', headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('replies compressed by the app', () => {
  let on: TestApp;
  let off: TestApp;
  beforeAll(async () => {
    on = await createTestApp({ demo: false });
    off = await on.sibling({ COMPRESSION: '0' });
  });
  afterAll(async () => {
    await off?.close();
    await on?.close();
  });

  it('are brotli or gzip, as the client accepts, when large enough', async () => {
    const plain = await docs(on);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(MIN_COMPRESSED_BYTES);
    const br = await docs(on, 'gzip, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    const gz = await docs(on, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    // a small reply is sent as it is
    const small = await on.raw({ method: 'GET', url: '/healthz', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('are left to the proxy in front when COMPRESSION=0', async () => {
    const res = await docs(off, 'gzip, br');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body)).toHaveProperty('openapi');
  });
});
