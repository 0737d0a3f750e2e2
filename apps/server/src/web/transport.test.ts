import { afterEach, describe, expect, it, vi } from 'vitest';
import { SiteAnswers } from './transport.ts';

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
    expect((answers as unknown as { answers: Map<string, unknown> }).answers.size).toBeLessThanOrEqual(200);
  });
});
