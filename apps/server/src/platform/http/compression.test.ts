import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { chooseEncoding, installCompression } from './compression.ts';

const big = { list: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `课程 ${i}` })) };

async function server() {
  const app = Fastify();
  installCompression(app);
  app.get('/big', async () => big);
  app.get('/small', async () => ({ ok: true }));
  app.get('/png', async (_req, reply) => reply.type('image/png').send(Buffer.alloc(4096)));
  app.get('/stream', async (_req, reply) => reply.type('text/plain').send(Readable.from(['x'.repeat(4096)])));
  app.setNotFoundHandler(async (_req, reply) => reply.status(404).type('text/html').send('<p>找不到</p>'.repeat(200)));
  await app.ready();
  return app;
}

describe('compression', () => {
  it('picks brotli, then gzip, by the q-values of Accept-Encoding', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip, deflate')).toBe('gzip');
    expect(chooseEncoding('br;q=0.5, gzip;q=0.9')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0')).toBeUndefined();
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('identity')).toBeUndefined();
    expect(chooseEncoding(undefined)).toBeUndefined();
  });

  it('compresses text replies, the not-found handler’s included, and says it varies', async () => {
    const app = await server();
    const br = await app.inject({ url: '/big', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.headers['content-length']).toBe(String(br.rawPayload.length));
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(big);

    const gz = await app.inject({ url: '/no/such/page', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.statusCode).toBe(404);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toContain('<p>找不到</p>');
    await app.close();
  });

  it('leaves alone what is small, not text, streamed, or not asked for', async () => {
    const app = await server();
    for (const url of ['/small', '/png', '/stream']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.headers['content-encoding'], url).toBeUndefined();
    }
    const plain = await app.inject({ url: '/big' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.json()).toEqual(big);
    await app.close();
  });
});
