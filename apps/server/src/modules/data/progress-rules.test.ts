import { describe, expect, it } from 'vitest';
import {
  applyReport,
  courseMean,
  emptyState,
  mergeRanges,
  mergeSorted,
  uncovered,
  watchedUntil,
  type Range,
} from './progress-rules.ts';

const video = { duration: 100, maxRate: 1, isDoc: false };
let n = 0;
const report = (ranges: [number, number][], currentPosition = 0, event = 'heartbeat') => ({
  reportId: `id-${n++}`,
  currentPosition,
  watchedRanges: ranges,
  event,
});

describe('watched ranges', () => {
  it('merges overlapping and touching ranges and finds the uncovered parts', () => {
    expect(
      mergeRanges([
        [10, 20],
        [0, 5],
        [5, 8],
        [15, 30],
        [40, 40],
      ]),
    ).toEqual([
      [0, 8],
      [10, 30],
    ]);
    expect(
      uncovered(
        [
          [0, 8],
          [10, 30],
        ],
        [5, 40],
      ),
    ).toEqual([
      [8, 10],
      [30, 40],
    ]);
    expect(uncovered([], [3, 4])).toEqual([[3, 4]]);
    expect(uncovered([[0, 50]], [10, 20])).toEqual([]);
    expect(
      watchedUntil([
        [0, 8],
        [10, 30],
      ]),
    ).toBe(8);
    expect(watchedUntil([[5, 8]])).toBe(0);
  });
});

describe('applying a report', () => {
  it('caps credit by the wall clock since the previous report', () => {
    const s = emptyState();
    applyReport(s, report([[0, 100]]), video, 0);
    expect(s.watchedSec).toBe(18); // first report: 15 s + 3 s slack
    applyReport(s, report([[18, 100]]), video, 5_000);
    expect(s.watchedSec).toBe(26);
    applyReport(s, report([[26, 100]]), { ...video, maxRate: 2 }, 15_000);
    expect(s.watchedSec).toBe(49);
    expect(s.creditedSec).toBe(49);
  });

  it('credits nothing for a clock going backwards beyond the slack', () => {
    const s = emptyState();
    applyReport(s, report([[0, 10]]), video, 100_000);
    applyReport(s, report([[10, 60]]), video, 50_000);
    expect(s.watchedSec).toBe(13);
  });

  it('clips ranges to the lesson and finishes at 95%', () => {
    const s = emptyState();
    applyReport(
      s,
      report(
        [
          [-5, 10],
          [90, 500],
        ],
        900,
      ),
      video,
      0,
    );
    expect(s.ranges).toEqual([
      [0, 10],
      [90, 98],
    ]);
    expect(s.currentPosition).toBe(100);
    applyReport(s, report([[10, 90]]), video, 100_000);
    expect(s.watchedSec).toBe(98);
    expect(s).toMatchObject({ isFinish: 1, percent: 100 });
  });

  it('ignores a repeated report id and keeps the last twenty', () => {
    const s = emptyState();
    const r = report([[0, 5]]);
    expect(applyReport(s, r, video, 0)).toBe(true);
    expect(applyReport(s, r, video, 10_000)).toBe(false);
    expect(s.reportCount).toBe(1);
    for (let i = 0; i < 30; i++) applyReport(s, report([]), video, 20_000 + i);
    expect(s.recentIds).toHaveLength(20);
  });

  it('finishes a document lesson by reading it, and never a video by that event', () => {
    const doc = emptyState();
    applyReport(doc, report([], 0, 'read'), { duration: 0, maxRate: 1, isDoc: true }, 0);
    expect(doc).toMatchObject({ isFinish: 1, percent: 100 });
    const v = emptyState();
    applyReport(v, report([], 0, 'read'), video, 0);
    expect(v).toMatchObject({ isFinish: 0, percent: 0 });
  });
});

describe('joining ranges', () => {
  it('joins two sorted lists as merging them from scratch does', () => {
    expect(
      mergeSorted(
        [
          [0, 5],
          [10, 20],
        ],
        [
          [5, 6],
          [8, 10],
          [30, 30],
          [40, 41],
        ],
      ),
    ).toEqual([
      [0, 6],
      [8, 20],
      [40, 41],
    ]);
    expect(
      mergeSorted(
        [
          [10, 20],
          [0, 5],
        ],
        [[4, 11]],
      ),
    ).toEqual([[0, 20]]);
    expect(mergeSorted([], [])).toEqual([]);
  });

  it('credits and covers exactly what joining each piece on its own did, over many fragmented reports', () => {
    // the rule as first written: every credited piece merged into the whole list again
    const reference = (have: Range[], ranges: Range[], allowance: number) => {
      let merged = have;
      for (const range of ranges) {
        for (const [a, b] of uncovered(merged, range)) {
          if (allowance <= 0) break;
          const take = Math.min(b - a, allowance);
          allowance -= take;
          merged = mergeRanges([...merged, [a, a + take]]);
        }
      }
      return merged;
    };
    let seed = 7;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const s = emptyState();
    let expected: Range[] = [];
    let now = 0;
    let most = 0;
    for (let i = 0; i < 400; i++) {
      const ranges = Array.from({ length: 1 + Math.floor(rnd() * 3) }, (): Range => {
        const at = Math.round(rnd() * 5800) / 10;
        return [at, at + Math.round(rnd() * 200) / 10];
      });
      const elapsed = s.lastReportAt === null ? 15 : Math.round(rnd() * 40) / 10;
      now += elapsed * 1000;
      const clipped = ranges.map(([a, b]): Range => [a, Math.min(b, 600)]).sort((x, y) => x[0] - y[0]);
      expected = reference(expected, clipped, elapsed + 3).map(([a, b]): Range => [
        Math.round(a * 10) / 10,
        Math.round(b * 10) / 10,
      ]);
      applyReport(s, report(ranges), { duration: 600, maxRate: 1, isDoc: false }, now);
      expect(s.ranges).toEqual(expected);
      most = Math.max(most, s.ranges.length);
    }
    expect(most).toBeGreaterThan(10);
  });
});

describe('course progress', () => {
  it('is the mean over all lessons, unstarted ones counting zero', () => {
    expect(courseMean([100, 10], 7)).toBe(15.7);
    expect(courseMean([], 0)).toBe(0);
    expect(courseMean([100, 100], 2)).toBe(100);
  });
});
