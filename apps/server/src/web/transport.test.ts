import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { blogView, articleZoneRefList } from '#contract/community-blog.ts';
import { zoneCourseList } from '#contract/course.ts';
import type { LocalCalls } from '../platform/http/local-calls.ts';
import { pageTransport, SiteAnswers } from './transport.ts';

const ok = (data: unknown) => ({ code: 200, msg: '', data });

describe('site answers shared by pages', () => {
  afterEach(() => vi.useRealTimers());

  it('answers from the first call until the site data changes or a few seconds pass', async () => {
    let generation = 1;
    const answers = new SiteAnswers(() => generation);
    let calls = 0;
    const load = async () => ok(++calls);
    vi.useFakeTimers({ now: 0 });
    expect((await answers.get('a', load)).data).toBe(1);
    expect((await answers.get('a', load)).data).toBe(1);
    expect((await answers.get('b', load)).data).toBe(2);
    generation = 2; // an administrator edited the site
    expect((await answers.get('a', load)).data).toBe(3);
    vi.setSystemTime(4_999);
    expect((await answers.get('a', load)).data).toBe(3);
    vi.setSystemTime(5_000);
    expect((await answers.get('a', load)).data).toBe(4);
  });

  it('keeps no refusal and no failure', async () => {
    const answers = new SiteAnswers(() => 1);
    const refused = await answers.get('a', async () => ({ code: 999, msg: '站点不存在', data: null }));
    expect(refused.code).toBe(999);
    await expect(answers.get('b', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect((await answers.get('a', async () => ok('x'))).data).toBe('x');
    expect((await answers.get('b', async () => ok('y'))).data).toBe('y');
  });

  it('stays small whatever hosts visitors send', async () => {
    const answers = new SiteAnswers(() => 1);
    let calls = 0;
    for (let i = 0; i < 1000; i++) await answers.get(`host-${i}`, async () => ok(++calls));
    expect((answers as unknown as { answers: Map<string, unknown> }).answers.size).toBeLessThanOrEqual(500);
  });
});

describe('the calls pages share', () => {
  it('shares the home blocks among visitors, never a call that counts a view', async () => {
    const answers = new SiteAnswers(() => 1);
    const ran: string[] = [];
    const local = {
      has: () => true,
      dispatch: async (call: { path: string }) => {
        ran.push(call.path);
        return ok(ran.length);
      },
    } as unknown as LocalCalls;
    const page = (cookie: string) =>
      ({ method: 'GET', headers: { host: 'school.example', cookie }, ip: '127.0.0.1' }) as unknown as FastifyRequest;
    const app = {} as FastifyInstance;
    for (const visitor of ['RC_WEB_TOKEN=a', 'RC_WEB_TOKEN=b', '']) {
      const transport = pageTransport(app, page(visitor), answers, local);
      await transport(zoneCourseList, { zoneLocation: 1, limit: 8 });
      await transport(articleZoneRefList, { zoneId: '1', pageSize: 5 });
      await transport(articleZoneRefList, { zoneId: '2', pageSize: 5 });
      await transport(blogView, { id: '7' });
    }
    expect(ran.filter((p) => p === zoneCourseList.path)).toHaveLength(1);
    expect(ran.filter((p) => p === articleZoneRefList.path)).toHaveLength(2);
    expect(ran.filter((p) => p === blogView.path)).toHaveLength(3);
  });
});
