import { describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { ADV_CLOSED_COOKIE, TOKEN_COOKIE } from '#contract/codes.ts';
import { PageCache } from './page-cache.ts';

const cache = () => new PageCache({ ttlMs: 60_000, maxEntries: 10, generation: () => 0 });
const request = (cookies: Record<string, string> = {}, url = '/') =>
  ({
    method: 'GET',
    url,
    host: 'localhost',
    headers: { 'user-agent': 'Mozilla/5.0' },
    cookies,
  }) as unknown as FastifyRequest;

describe('page cache keys', () => {
  it('keeps a visitor who closed the home ad apart from one who did not', () => {
    const pages = cache();
    const open = pages.keyOf(request())!;
    const closed = pages.keyOf(request({ [ADV_CLOSED_COOKIE]: '1' }))!;
    expect(closed).not.toBe(open);
    pages.set(open, 'n1', 200, [], '<p>ad n1</p>', 0);
    expect(pages.get(closed, 'n2')).toBeUndefined();
    expect(pages.get(open, 'n2')?.body).toBe('<p>ad n2</p>');
  });

  it('does not cache pages for a signed-in visitor or a data request', () => {
    const pages = cache();
    expect(pages.keyOf(request({ [TOKEN_COOKIE]: 't' }))).toBeNull();
    expect(pages.keyOf(request({}, '/list.data'))).toBeNull();
  });
});
