import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defineCall, Empty } from '#contract/call.ts';
import { LECTURER_ONLY_DATA, LECTURER_ONLY_MSG } from '#contract/user.ts';
import { z } from 'zod';
import { ApiError, browserFetch, dataOf, inlineMessage, readEnvelope, timeoutFor } from './client.ts';
import { handleRefusal, setHandlerEffects } from './handler.ts';

const userCall = defineCall({
  method: 'POST',
  path: '/course/auth/course/collect',
  access: 'auth',
  summary: 't',
  body: Empty,
  data: z.null(),
});
const adminCall = defineCall({
  method: 'POST',
  path: '/course/admin/course/page',
  access: 'admin',
  summary: 't',
  body: Empty,
  data: z.null(),
});

let seen: { toasts: string[]; went: string[]; reloads: number; queue: (() => void)[] };
beforeEach(() => {
  seen = { toasts: [], went: [], reloads: 0, queue: [] };
  setHandlerEffects({
    toast: (t) => seen.toasts.push(t),
    go: (u) => seen.went.push(u),
    reload: () => seen.reloads++,
    here: () => '/course/view/12?tab=2',
    later: (fn) => seen.queue.push(fn),
  });
});
afterEach(() => setHandlerEffects(null));
const flush = () => seen.queue.splice(0).forEach((fn) => fn());

describe('the response handler (spec §8)', () => {
  it('takes 200 and 1 as success and any other code as a refusal', () => {
    expect(dataOf({ code: 200, msg: '', data: 5 })).toBe(5);
    expect(dataOf({ code: 1, msg: '', data: 6 })).toBe(6);
    expect(() => dataOf({ code: 999, msg: '余额不足', data: null })).toThrow('余额不足');
  });

  it("shows a refusal's message as a toast, unless the page claims it or the call opts out", () => {
    const shown = new ApiError(999, '已收藏过');
    expect(handleRefusal(shown, userCall)).toBe('toast');
    const claimed = new ApiError(999, '请填写评论内容');
    handleRefusal(claimed, userCall);
    expect(inlineMessage(claimed, 'x')).toBe('请填写评论内容');
    handleRefusal(new ApiError(999, '静默'), userCall, { toast: false });
    handleRefusal(new ApiError(999, '不处理'), userCall, { handle: false });
    flush();
    expect(seen.toasts).toEqual(['已收藏过']);
  });

  it('sends codes 300–400 to the login page, remembering the page, once for many calls', () => {
    expect(handleRefusal(new ApiError(302, 'token 无效'), userCall)).toBe('login');
    handleRefusal(new ApiError(301, 'token 过期'), userCall);
    flush();
    expect(seen.went).toEqual(['/login?t=login&redirect=%2Fcourse%2Fview%2F12%3Ftab%3D2']);
    expect(seen.toasts).toEqual([]);
  });

  it('says a 304 is a login elsewhere, and sends admin calls to the admin login', () => {
    handleRefusal(new ApiError(304, '您的账号已在其他地方登录！'), userCall);
    expect(seen.went[0]).toContain('&notice=elsewhere');
    setHandlerEffects({ ...stubs(), go: (u) => seen.went.push(u) });
    handleRefusal(new ApiError(306, '无权限'), adminCall);
    expect(seen.went[1]).toBe('/admin/login?redirect=%2F');
  });

  it('tells a signed-in person the lecturers-only refusal where they are, never with the login page (decision 34)', () => {
    const refused = new ApiError(999, LECTURER_ONLY_MSG, LECTURER_ONLY_DATA);
    expect(handleRefusal(refused, userCall)).toBe('toast');
    flush();
    expect(seen.toasts).toEqual([LECTURER_ONLY_MSG]);
    expect(seen.went).toEqual([]);
  });

  it('on a user-specific detail call clears the session and lets the call resolve', () => {
    expect(handleRefusal(new ApiError(302, 'x'), userCall, { userDetail: true })).toBe('session-cleared');
    expect(seen.reloads).toBe(1);
    expect(seen.went).toEqual([]);
  });

  it('leaves a lost session out of inline messages: the login page is on its way', () => {
    expect(inlineMessage(new ApiError(302, 'x'), 'fallback')).toBeNull();
    expect(inlineMessage(new Error('boom'), '操作失败')).toBe('操作失败');
  });
});

function stubs() {
  return {
    toast: () => undefined,
    go: () => undefined,
    reload: () => undefined,
    here: () => '/',
    later: () => undefined,
  };
}

describe('the one browser fetch (spec §9)', () => {
  it('gives calls 10 s and form-data uploads 30 minutes', () => {
    expect(timeoutFor(JSON.stringify({}))).toBe(10_000);
    expect(timeoutFor(new FormData())).toBe(30 * 60_000);
  });

  it('turns a failed connection, a gateway error and a broken reply into ApiErrors of their kind', async () => {
    const real = globalThis.fetch;
    try {
      globalThis.fetch = () => Promise.reject(new TypeError('fetch failed'));
      await expect(browserFetch('http://x/apis/a', {})).rejects.toMatchObject({ kind: 'network', code: 999 });
      globalThis.fetch = () => Promise.resolve(new Response('bad gateway', { status: 502 }));
      await expect(browserFetch('http://x/apis/a', {})).rejects.toMatchObject({ kind: 'network' });
      await expect(readEnvelope(new Response('<html>', { status: 500 }))).rejects.toMatchObject({ kind: 'reply' });
      const stop = new AbortController();
      globalThis.fetch = (_u, init) =>
        new Promise((_r, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
      const pending = browserFetch('http://x/apis/a', {}, { signal: stop.signal });
      stop.abort(new DOMException('paused', 'AbortError'));
      await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
      await expect(browserFetch('http://x/apis/a', {}, { timeoutMs: 5 })).rejects.toMatchObject({ kind: 'timeout' });
    } finally {
      globalThis.fetch = real;
    }
  });
});
