import { PerformanceObserver, constants, performance, type PerformanceEntry } from 'node:perf_hooks';
import { expect, it } from 'vitest';
import { bodyBytesRead } from './body-gc.ts';

it('runs a young-generation collection once 16 MB of body have been read, within that call', async () => {
  const minor: number[] = [];
  const obs = new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if ((e as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MINOR)
        minor.push(e.startTime);
  });
  obs.observe({ entryTypes: ['gc'] });
  const during = (bytes: number) => {
    const from = performance.now();
    bodyBytesRead(bytes);
    return [from, performance.now()] as const;
  };
  // the count is the process's: files run before this one in the worker may have read bodies, so it is first
  // carried past 16 MB, which collects once and starts it again from nothing
  bodyBytesRead(16 * 1024 * 1024);
  const under = during(8 * 1024 * 1024);
  const over = during(9 * 1024 * 1024);
  await new Promise((r) => setTimeout(r, 50));
  obs.disconnect();
  const within = ([from, to]: readonly [number, number]) => minor.filter((t) => t >= from && t <= to).length;
  expect(within(under)).toBe(0);
  expect(within(over)).toBe(1);
  // the collector is taken without leaving `gc` exposed to the rest of the process
  expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
});
