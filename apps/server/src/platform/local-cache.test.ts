import { afterEach, expect, test, vi } from 'vitest';
import { LocalCache, versioned } from './local-cache.ts';

afterEach(() => {
  vi.useRealTimers();
});

test('when full, the least recently used entry goes first', () => {
  const c = new LocalCache<string, number>({ max: 3 });
  c.set('a', 1);
  c.set('b', 2);
  c.set('c', 3);
  expect(c.get('a')).toBe(1); // a is now the most recently used
  c.set('d', 4);
  expect(c.get('b')).toBeUndefined();
  expect([c.get('a'), c.get('c'), c.get('d')]).toEqual([1, 3, 4]);
  expect(c.size).toBe(3);
});

test('an entry lives for the lifetime from its write, on the wall clock', () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  const start = Date.now();
  const c = new LocalCache<string, string>({ max: 10, ttlMs: 1_000 });
  c.set('k', 'v');
  vi.setSystemTime(start + 999);
  expect(c.get('k')).toBe('v'); // reading does not extend it
  vi.setSystemTime(start + 1_000);
  expect(c.get('k')).toBeUndefined();
  expect(c.size).toBe(0);
  // the clock may start at 0 (fake timers)
  vi.setSystemTime(0);
  c.set('k', 'v');
  vi.setSystemTime(1_000);
  expect(c.get('k')).toBeUndefined();
});

test('a lifetime given with the write overrides the cache default, and stale entries can be swept', () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  const start = Date.now();
  const c = new LocalCache<string, string>({ max: 10 });
  c.set('short', 's', { ttlMs: 100 });
  c.set('long', 'l', { ttlMs: 10_000 });
  c.set('forever', 'f');
  vi.setSystemTime(start + 5_000);
  c.purgeStale();
  expect(c.size).toBe(2);
  expect(c.get('short')).toBeUndefined();
  vi.setSystemTime(start + 50_000);
  expect([c.get('long'), c.get('forever')]).toEqual([undefined, 'f']);
});

test('entries past their lifetime are swept though no one asks for them again; a fresh one stays', async () => {
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  // a module of its own: the sweep's one timer is then made under the fake clock
  vi.resetModules();
  const fresh = await import('./local-cache.ts');
  const c = new fresh.LocalCache<string, string>({ max: 10, ttlMs: 1_000 });
  c.set('old', 'o');
  vi.advanceTimersByTime(fresh.SWEEP_MS - 500);
  c.set('new', 'n');
  expect(c.size).toBe(2);
  // the sweep lets the event loop turn between caches
  const sweep = async (ms: number) => {
    vi.advanceTimersByTime(ms);
    await new Promise((resolve) => setImmediate(resolve));
  };
  await sweep(500);
  expect(c.size).toBe(1);
  expect(c.get('new')).toBe('n');
  await sweep(fresh.SWEEP_MS);
  expect(c.size).toBe(0);
});

test('lifetimes spread: entries written together expire apart, none later than the lifetime', () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  const start = Date.now();
  const c = new LocalCache<string, number>({ max: 1000, ttlMs: 5_000, ttlSpread: 0.2 });
  for (let i = 0; i < 200; i++) c.set(`k${i}`, i);
  const alive = (at: number) => {
    vi.setSystemTime(start + at);
    return Array.from({ length: 200 }, (_, i) => c.get(`k${i}`)).filter((v) => v !== undefined).length;
  };
  expect(alive(3_999)).toBe(200);
  const midway = alive(4_500);
  expect(midway).toBeGreaterThan(40);
  expect(midway).toBeLessThan(160);
  expect(alive(5_000)).toBe(0);
});

test('a cache tied to the memo generation is emptied when the generation moves', () => {
  let generation = 7;
  const c = new LocalCache<string, string>({ max: 10, generation: () => generation });
  c.set('a', '1');
  expect(c.get('a')).toBe('1');
  generation++;
  expect(c.get('a')).toBeUndefined();
  // a value derived under the old generation is not kept
  c.set('b', '2', { generation: 7 });
  expect(c.get('b')).toBeUndefined();
  c.set('b', '2', { generation: 8 });
  expect(c.get('b')).toBe('2');
});

/** A stand-in for a Drizzle query: a thenable that runs its work again every time it is awaited. */
function lazyQuery(counter: { runs: number }, fail = false): PromiseLike<string> {
  const query = {
    then<T>(resolve: (v: string) => T, reject?: (e: unknown) => T) {
      counter.runs++;
      return (fail ? Promise.reject(new Error('down')) : Promise.resolve('row')).then(resolve, reject);
    },
  };
  return query as unknown as PromiseLike<string>;
}

test('load runs a lazy query once for every caller, and keeps no failure', async () => {
  const c = new LocalCache<string, Promise<string>>({ max: 10 });
  const counter = { runs: 0 };
  const results = await Promise.all([1, 2, 3].map(() => c.load('k', () => lazyQuery(counter))));
  expect(results).toEqual(['row', 'row', 'row']);
  expect(await c.load('k', () => lazyQuery(counter))).toBe('row');
  expect(counter.runs).toBe(1);

  const failing = { runs: 0 };
  await expect(c.load('bad', () => lazyQuery(failing, true))).rejects.toThrow('down');
  expect(await c.load('bad', () => lazyQuery(failing))).toBe('row');
  expect(failing.runs).toBe(2);
});

test('forget drops an entry only while it still holds the value', () => {
  const c = new LocalCache<string, object>({ max: 10 });
  const first = {};
  const second = {};
  c.set('k', first);
  c.set('k', second);
  c.forget('k', first);
  expect(c.get('k')).toBe(second);
  c.forget('k', second);
  expect(c.get('k')).toBeUndefined();
});

test('a versioned value is read again once its version token is replaced', async () => {
  const c = new LocalCache<string, Promise<{ version: object; value: number }>>({ max: 10 });
  let reads = 0;
  const load = async () => ++reads;
  const v1 = {};
  expect(await versioned(c, 'k', v1, load)).toBe(1);
  expect(await versioned(c, 'k', v1, load)).toBe(1);
  const v2 = {};
  expect(await versioned(c, 'k', v2, load)).toBe(2);
  expect(await versioned(c, 'k', v2, load)).toBe(2);
});

test('a cache of loads bounded by size counts each load by what it settles to, keeping its lifetime', async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  const start = Date.now();
  const c = new LocalCache<string, Promise<string>>({
    max: 100,
    ttlMs: 1_000,
    maxSettledBytes: { bytes: 10, sizeOf: (v) => v.length },
  });
  const pending = c.load('a', () => new Promise<string>((r) => setTimeout(() => r('aaaa'), 0)));
  c.load('b', async () => 'bbbb');
  // still loading, 'a' counts one byte: nothing goes
  expect(c.size).toBe(2);
  await pending;
  await Promise.resolve();
  expect([c.get('b'), c.get('a')].every(Boolean)).toBe(true);
  // 4 + 4 bytes settled; 'c' brings it to 12: the least recently used goes ('b' was read before 'a')
  await c.load('c', async () => 'cccc');
  await Promise.resolve();
  expect(c.get('b')).toBeUndefined();
  expect(await c.get('a')).toBe('aaaa');
  expect(await c.get('c')).toBe('cccc');
  // the lifetime runs from the first write, not from the size being counted
  vi.setSystemTime(start + 1_000);
  expect(c.get('a')).toBeUndefined();
  // a value larger than the whole bound is not kept; one that cannot be measured neither
  await c.load('big', async () => 'x'.repeat(11));
  await Promise.resolve();
  expect(c.get('big')).toBeUndefined();
  const odd = new LocalCache<string, Promise<string>>({
    max: 10,
    maxSettledBytes: {
      bytes: 10,
      sizeOf: () => {
        throw new Error('unmeasurable');
      },
    },
  });
  await odd.load('k', async () => 'v');
  await Promise.resolve();
  expect(odd.get('k')).toBeUndefined();
});

test('a cache kept from the second ask gives a first answer without keeping it, within the lifetime', async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  const c = new LocalCache<string, number>({ max: 10, ttlMs: 1_000, keptFromSecondAsk: { asked: 2 } });
  c.set('a', 1);
  expect(c.get('a')).toBeUndefined();
  c.set('a', 2);
  expect(c.get('a')).toBe(2);
  // the asked keys are bounded: a third key pushes out the first still unkept
  c.set('b', 1);
  c.set('c', 1);
  c.set('d', 1);
  c.set('b', 2);
  expect(c.get('b')).toBeUndefined();
  // an ask older than the lifetime is forgotten
  c.set('e', 1);
  vi.advanceTimersByTime(1_000);
  c.set('e', 2);
  expect(c.get('e')).toBeUndefined();

  const loads = new LocalCache<string, Promise<number>>({ max: 10, keptFromSecondAsk: { asked: 10 } });
  let runs = 0;
  const load = () => loads.load('k', async () => ++runs);
  expect(await load()).toBe(1);
  expect(await load()).toBe(2);
  expect(await load()).toBe(2);
  expect(runs).toBe(2);
});

test('a cache kept by frequency keeps a key from its second ask, and when full only one asked more than the one it would push out', async () => {
  const loads = new LocalCache<string, Promise<string>>({ max: 2, keptByFrequency: true });
  let runs = 0;
  const ask = (key: string) => loads.load(key, async () => `${key}${++runs}`);
  // asked once: answered, not kept
  expect(await ask('hot')).toBe('hot1');
  expect(await ask('hot')).toBe('hot2');
  expect(await ask('hot')).toBe('hot2');
  await ask('warm');
  await ask('warm');
  expect(loads.size).toBe(2);
  for (let i = 0; i < 5; i++) await ask('hot');
  // full: a key asked as often as the least recently used entry ('warm', twice) does not push it out...
  await ask('new');
  await ask('new');
  expect(loads.size).toBe(2);
  const before = runs;
  await ask('warm');
  await ask('hot');
  expect(runs).toBe(before);
  // ...one asked more often does ('new' four times, 'warm' three)
  await ask('new');
  await ask('new');
  const kept = await ask('new');
  expect(await ask('new')).toBe(kept);
  expect(loads.size).toBe(2);
  const after = runs;
  await ask('warm');
  expect(runs).toBe(after + 1);
});
