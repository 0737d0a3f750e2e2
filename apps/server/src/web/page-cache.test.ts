import { describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { ADV_CLOSED_COOKIE, TOKEN_COOKIE } from '#contract/codes.ts';
import { VIEW_COOKIE } from '#contract/device.ts';
import { PageCache } from './page-cache.ts';

const cache = () => new PageCache({ ttlMs: 60_000, maxEntries: 10, generation: () => 0 });
const request = (cookies: Record<string, string> = {}, url = '/', ua = 'Mozilla/5.0') =>
  ({
    method: 'GET',
    url,
    host: 'localhost',
    headers: { 'user-agent': ua },
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

  it('keeps phones, phones that chose 电脑版 and crawlers apart, since each is sent a different way', () => {
    const pages = cache();
    const phone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148';
    const keys = [
      pages.keyOf(request({}, '/view/1')),
      pages.keyOf(request({}, '/view/1', phone)),
      pages.keyOf(request({ [VIEW_COOKIE]: 'pc' }, '/view/1', phone)),
      pages.keyOf(request({}, '/view/1', `${phone} (compatible; Baiduspider/2.0)`)),
    ];
    expect(new Set(keys).size).toBe(4);
  });
});
