import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { BUSY_RETRY_AFTER_S, sendBusy } from './busy-page.ts';

describe('the busy page', () => {
  it('says in Chinese to come back shortly, with a 503 and Retry-After, never cached', async () => {
    const app = Fastify();
    app.get('/', (_req, reply) => sendBusy(reply));
    const res = await app.inject({ url: '/' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe(String(BUSY_RETRY_AFTER_S));
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('访问人数过多');
    expect(res.body).not.toContain('<script');
    await app.close();
  });
});
