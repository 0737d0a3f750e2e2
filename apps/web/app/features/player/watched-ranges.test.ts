import { describe, expect, it } from 'vitest';
import { WatchedRanges } from './watched-ranges.ts';

function play(r: WatchedRanges, from: number, to: number, step = 0.25) {
  for (let t = from; t <= to + 1e-9; t += step) r.track(t, true);
}

describe('the seconds a viewer watched', () => {
  it('is one range for steady playback, cut at each report and joined on by the next', () => {
    const r = new WatchedRanges();
    play(r, 0, 15);
    expect(r.take()).toEqual([[0, 15]]);
    play(r, 15.25, 30);
    expect(r.take()).toEqual([[15, 30]]);
  });

  it('starts a new range after a seek, and a pause ends the current one', () => {
    const r = new WatchedRanges();
    play(r, 0, 5);
    play(r, 40, 42);
    r.track(42, false);
    play(r, 10, 12);
    expect(r.take()).toEqual([
      [0, 5],
      [40, 42],
      [10, 12],
    ]);
    expect(r.take()).toEqual([]);
  });

  it('counts nothing for a video that did not move, and keeps a failed report for the next one', () => {
    const r = new WatchedRanges();
    r.track(7, true);
    r.track(7, true);
    expect(r.take()).toEqual([]);
    play(r, 7, 9);
    const lost = r.take();
    r.giveBack(lost);
    play(r, 9.25, 10);
    expect(r.take()).toEqual([
      [7, 9],
      [9, 10],
    ]);
  });

  it('sends at most the 50 latest ranges the server accepts', () => {
    const r = new WatchedRanges();
    for (let i = 0; i < 60; i++) play(r, i * 10, i * 10 + 1);
    const ranges = r.take();
    expect(ranges).toHaveLength(50);
    expect(ranges.at(-1)).toEqual([590, 591]);
  });
});
