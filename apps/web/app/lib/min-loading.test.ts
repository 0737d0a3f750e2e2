import { describe, expect, it } from 'vitest';
import { MinLoading, type MinLoadingTimers } from './min-loading.ts';

function fakeTimers() {
  let now = 0;
  let jobs: { at: number; fn: () => void; id: number }[] = [];
  let next = 1;
  const timers: MinLoadingTimers = {
    now: () => now,
    setTimeout: (fn, ms) => {
      jobs.push({ at: now + ms, fn, id: next });
      return next++;
    },
    clearTimeout: (id) => {
      jobs = jobs.filter((j) => j.id !== id);
    },
  };
  const advance = (ms: number) => {
    const until = now + ms;
    for (;;) {
      const due = jobs.filter((j) => j.at <= until).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      jobs = jobs.filter((j) => j !== due);
      now = due.at;
      due.fn();
    }
    now = until;
  };
  return { timers, advance };
}

describe('loading that does not flicker (spec §9, 200 ms)', () => {
  it('shows nothing for a fetch that answers within 200 ms', () => {
    const { timers, advance } = fakeTimers();
    const changes: boolean[] = [];
    const gate = new MinLoading((s) => changes.push(s), 200, 200, timers);
    gate.set(true);
    advance(150);
    gate.set(false);
    advance(1000);
    expect(changes).toEqual([]);
  });

  it('shows a slow fetch, and keeps the spinner at least 200 ms once shown', () => {
    const { timers, advance } = fakeTimers();
    const changes: [number, boolean][] = [];
    let t = 0;
    const gate = new MinLoading((s) => changes.push([t, s]), 200, 200, timers);
    gate.set(true);
    t = 200;
    advance(200);
    advance(50);
    gate.set(false); // answered at 250 ms
    t = 400;
    advance(200);
    expect(changes).toEqual([
      [200, true],
      [400, false],
    ]);
  });

  it('keeps showing through a fetch that starts again while the spinner is up', () => {
    const { timers, advance } = fakeTimers();
    const changes: boolean[] = [];
    const gate = new MinLoading((s) => changes.push(s), 200, 200, timers);
    gate.set(true);
    advance(300);
    gate.set(false);
    advance(50);
    gate.set(true);
    advance(1000);
    expect(changes).toEqual([true]);
  });
});
