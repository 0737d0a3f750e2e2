import { describe, expect, it, vi } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { ADV_CLOSED_COOKIE, TOKEN_COOKIE } from '#contract/codes.ts';
import { VIEW_COOKIE } from '#contract/device.ts';
import { PageCache } from './page-cache.ts';

const cache = (maxBytes = 1 << 20) => new PageCache({ ttlMs: 60_000, maxEntries: 10, maxBytes, generation: () => 0 });
/** A page rendered twice, as an address asked again is: the second render is kept. */
const keep = (pages: PageCache, key: string, nonce: string, body: string) => {
  pages.set(key, nonce, 200, [], body, 0);
  pages.set(key, nonce, 200, [], body, 0);
};
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
    keep(pages, open, 'n1', '<p>ad n1</p>');
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

  it('keeps a page only once its address is asked again within the lifetime', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const pages = cache();
      pages.set('once', 'n1', 200, [], '<p>n1</p>', 0);
      expect(pages.get('once', 'n2')).toBeUndefined();
      pages.set('once', 'n2', 200, [], '<p>n2</p>', 0);
      expect(pages.get('once', 'n3')?.body).toBe('<p>n3</p>');
      // asked again only after the lifetime: that is a first time again
      pages.set('rare', 'n', 200, [], '<p>rare</p>', 0);
      vi.advanceTimersByTime(60_001);
      pages.set('rare', 'n', 200, [], '<p>rare</p>', 0);
      expect(pages.get('rare', 'n')).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('holds no more page text than its bound, the least recently used going first', () => {
    const pages = cache(2 * 3 * 1001);
    const page = (n: number) => `<p>${String(n).repeat(994)}</p>`; // 1,001 characters
    for (const n of [1, 2, 3]) keep(pages, `k${n}`, 'n', page(n));
    expect(pages.get('k1', 'n')?.body).toBe(page(1));
    // a fourth page pushes out the one least recently read
    keep(pages, 'k4', 'n', page(4));
    expect(pages.get('k2', 'n')).toBeUndefined();
    expect(['k1', 'k3', 'k4'].map((k) => pages.get(k, 'n')?.body.length)).toEqual([1001, 1001, 1001]);
    // a page larger than the whole bound is not kept at all
    keep(pages, 'big', 'n', 'x'.repeat(4000));
    expect(pages.get('big', 'n')).toBeUndefined();
  });
});
