import { describe, expect, it } from 'vitest';
import { BUSY, RenderGate } from './render-gate.ts';

/** A render that ends when the test says so. */
function held() {
  let end!: () => void;
  const done = new Promise<void>((r) => (end = r));
  return { render: () => done.then(() => 'page'), end };
}

describe('the render gate', () => {
  it('renders a few at once, queues the next in order and refuses beyond the queue at once', async () => {
    const gate = new RenderGate({ concurrency: 2, queue: 1, maxWaitMs: 10_000 });
    const a = held();
    const b = held();
    const pa = gate.run(a.render);
    const pb = gate.run(b.render);
    const started: string[] = [];
    const pc = gate.run(async () => (started.push('c'), 'page c'));
    expect(gate.stats).toEqual({ running: 2, waiting: 1 });
    expect(await gate.run(async () => 'page d')).toBe(BUSY);
    expect(started).toEqual([]);
    a.end();
    expect(await pa).toBe('page');
    expect(await pc).toBe('page c');
    b.end();
    await pb;
    expect(gate.stats).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses a request that waited too long, and forgets one whose visitor left', async () => {
    const gate = new RenderGate({ concurrency: 1, queue: 5, maxWaitMs: 20 });
    const a = held();
    const pa = gate.run(a.render);
    expect(await gate.run(async () => 'late')).toBe(BUSY);
    const left = new AbortController();
    const pl = gate.run(async () => 'never', left.signal);
    left.abort();
    expect(await pl).toBe(BUSY);
    expect(gate.stats).toEqual({ running: 1, waiting: 0 });
    a.end();
    await pa;
    expect(await gate.run(async () => 'next')).toBe('next');
  });

  it('lets the event loop turn between queued renders, however fast each is', async () => {
    const gate = new RenderGate({ concurrency: 1, queue: 10, maxWaitMs: 10_000 });
    const order: string[] = [];
    const a = held();
    const pa = gate.run(a.render);
    // renders whose data is all in memory: each would finish within the turn that started it
    const queued = ['b', 'c', 'd'].map((name) => gate.run(async () => (order.push(name), name)));
    a.end();
    await pa;
    // what the event loop has waiting meanwhile (a connection to accept, a reply to read)
    setImmediate(() => order.push('io'));
    await Promise.all(queued);
    // the waiting work ran before the queue was through, not after it
    expect(order.slice(0, order.indexOf('d'))).toContain('io');
    expect(order.filter((x) => x !== 'io')).toEqual(['b', 'c', 'd']);
    expect(gate.stats).toEqual({ running: 0, waiting: 0 });
  });

  it('frees its slot when a render fails', async () => {
    const gate = new RenderGate({ concurrency: 1, queue: 0, maxWaitMs: 20 });
    await expect(gate.run(() => Promise.reject(new Error('loader failed')))).rejects.toThrow('loader failed');
    expect(await gate.run(async () => 'ok')).toBe('ok');
  });
});
