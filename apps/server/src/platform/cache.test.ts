import { expect, test, vi } from 'vitest';
import { createCache } from './cache.ts';

/** A stand-in for a Drizzle query: a thenable that runs its work again every time it is awaited. */
function lazyQuery(counter: { runs: number }) {
  return {
    then<T>(resolve: (v: string[]) => T, reject?: (e: unknown) => T) {
      counter.runs++;
      return Promise.resolve(['row']).then(resolve, reject);
    },
  };
}

test('a memoised lazy query runs once however often the value is read', async () => {
  const cache = await createCache(undefined);
  const counter = { runs: 0 };
  const load = () => lazyQuery(counter) as unknown as Promise<string[]>;
  for (let i = 0; i < 5; i++) expect(await cache.memo.get('k', load)).toEqual(['row']);
  expect(counter.runs).toBe(1);
  await cache.memo.invalidate('k');
  await cache.memo.get('k', load);
  expect(counter.runs).toBe(2);
  await cache.close();
});

test('an invalidated memo entry is read again and the generation moves; a failed load is not kept', async () => {
  const cache = await createCache(undefined);
  const before = cache.memo.generation;
  let n = 0;
  expect(await cache.memo.get('site:10', async () => ++n)).toBe(1);
  expect(await cache.memo.get('site:10', async () => ++n)).toBe(1);
  await cache.memo.invalidate('site:10');
  expect(cache.memo.generation).toBe(before + 1);
  expect(await cache.memo.get('site:10', async () => ++n)).toBe(2);
  await expect(cache.memo.get('down', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
  expect(await cache.memo.get('down', async () => 'up')).toBe('up');
  await cache.close();
});

test('the key-value store keeps a value for its lifetime, and an increment does not restart the window', async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  try {
    const cache = await createCache(undefined);
    const start = Date.now();
    await cache.kv.set('session:x', null, 1_000);
    expect(await cache.kv.get('session:x')).toBeNull();
    expect(await cache.kv.incr('count', 1_000)).toBe(1);
    vi.setSystemTime(start + 600);
    expect(await cache.kv.incr('count', 1_000)).toBe(2);
    vi.setSystemTime(start + 1_001);
    expect(await cache.kv.get('session:x')).toBeUndefined();
    expect(await cache.kv.incr('count', 1_000)).toBe(1);
    await cache.kv.del('count');
    expect(await cache.kv.get('count')).toBeUndefined();
    await cache.close();
  } finally {
    vi.useRealTimers();
  }
});

test.skipIf(!process.env.REDIS_URL)('an invalidation in one process drops the memo entry in another', async () => {
  const prefix = `qk-test-${process.pid}-${Date.now()}:`;
  const a = await createCache(process.env.REDIS_URL, prefix);
  const b = await createCache(process.env.REDIS_URL, prefix);
  try {
    let n = 0;
    expect(await b.memo.get('site:10', async () => ++n)).toBe(1);
    const before = b.memo.generation;
    await a.memo.invalidate('site:10');
    await expect.poll(() => b.memo.generation).toBe(before + 1);
    expect(await b.memo.get('site:10', async () => ++n)).toBe(2);
  } finally {
    await a.close();
    await b.close();
  }
});
