import { describe, expect, it } from 'vitest';
import { IdleMemory, type IdleProbe } from './idle-memory.ts';

const MB = 2 ** 20;

/** A process whose clock, CPU time and heap the test moves; each collection brings the heap down to `live`. */
function fakeProcess(live = 100 * MB) {
  const state = { at: 0, cpu: 0, heap: live, live, collections: 0 };
  const probe: IdleProbe = {
    now: () => state.at,
    cpuMicros: () => state.cpu,
    heapBytes: () => state.heap,
    collect: () => {
      state.collections++;
      state.heap = state.live;
    },
  };
  /** One second passes with the process using `share` of a core; then the release reads. */
  const second = (idle: IdleMemory, share: number) => {
    state.at += 1000;
    state.cpu += share * 1_000_000;
    return idle.tick();
  };
  /** `n` seconds with the process idle. */
  const idleFor = (idle: IdleMemory, n: number) => {
    for (let i = 0; i < n; i++) second(idle, 0);
  };
  return { state, probe, second, idleFor };
}

const opts = { everyMs: 1000, quietMs: 3000, quietShare: 0.03, growthBytes: 64 * MB };

describe('IdleMemory', () => {
  it('gives the heap back once, after three quiet seconds that follow its growth', () => {
    const { state, probe, second } = fakeProcess();
    const idle = new IdleMemory(opts, probe);
    state.heap = 300 * MB; // grown under load
    for (let i = 0; i < 10; i++) expect(second(idle, 0.9)).toBeUndefined();
    expect(second(idle, 0.01)).toBeUndefined();
    expect(second(idle, 0.01)).toBeUndefined();
    expect(second(idle, 0.01)).toMatchObject({ heapBefore: 300 * MB, heapAfter: 100 * MB });
    expect(state.collections).toBe(1);
    // quiet goes on, the heap has not grown again: nothing more to give back
    for (let i = 0; i < 10; i++) expect(second(idle, 0)).toBeUndefined();
    expect(state.collections).toBe(1);
  });

  it('waits while the process works, however little it does at a time above the quiet share', () => {
    const { state, probe, second } = fakeProcess();
    const idle = new IdleMemory(opts, probe);
    state.heap = 300 * MB;
    for (let i = 0; i < 20; i++) {
      second(idle, 0.01);
      second(idle, 0.01);
      second(idle, 0.2); // a request every third second keeps it from ever being quiet for three
    }
    expect(state.collections).toBe(0);
  });

  it('leaves a heap alone that has grown less than the threshold since the last release', () => {
    const { state, probe, idleFor } = fakeProcess();
    const idle = new IdleMemory(opts, probe);
    state.heap = 160 * MB;
    idleFor(idle, 10);
    expect(state.collections).toBe(0);
    state.heap = 170 * MB;
    idleFor(idle, 5);
    expect(state.collections).toBe(1);
  });

  it('measures growth from the smallest heap seen, so a heap V8 shrank itself is not collected again', () => {
    const { state, probe, idleFor } = fakeProcess(200 * MB);
    const idle = new IdleMemory(opts, probe);
    state.heap = 120 * MB; // V8's own reducer ran
    idleFor(idle, 5);
    state.heap = 150 * MB;
    idleFor(idle, 5);
    expect(state.collections).toBe(0);
    state.heap = 190 * MB;
    idleFor(idle, 5);
    expect(state.collections).toBe(1);
  });
});

it('with the real collector, gives back what garbage had grown the heap to', async () => {
  const { default: v8 } = await import('node:v8');
  const heap = () => v8.getHeapStatistics().total_heap_size;
  // quiet at once and any heap collected: what earlier files in the worker left on the heap does not matter
  const idle = new IdleMemory({ ...opts, quietMs: 0, quietShare: Infinity, growthBytes: -Infinity });
  let keep: unknown[] = [];
  for (let i = 0; i < 400_000; i++) keep.push({ i, text: `行 ${i}` });
  const grown = heap();
  keep = [];
  const r = idle.tick();
  expect(keep).toHaveLength(0);
  expect(r).toBeDefined();
  expect(r!.heapAfter).toBeLessThan(grown - 16 * MB);
  expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
});
