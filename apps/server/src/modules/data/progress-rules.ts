/**
 * The rules of progress reports, free of storage: watched ranges are merged, no more watch time is credited
 * than the wall-clock time since the previous report allows, a lesson is finished at 95% coverage, and a
 * report id seen before changes nothing.
 */
export type Range = [number, number];

/** Share of a lesson's length that must be watched for it to count as finished. */
export const FINISH_SHARE = 0.95;
/** What the first report of a lesson may credit: the player reports every 15 s. */
export const FIRST_REPORT_ALLOWANCE_SEC = 15;
/** Slack for timers, network delay and rounding between the player's clock and ours. */
export const TOLERANCE_SEC = 3;
const RECENT_IDS = 20;

export interface ProgressState {
  ranges: Range[];
  watchedSec: number;
  creditedSec: number;
  currentPosition: number;
  percent: number;
  isFinish: number;
  reportCount: number;
  recentIds: string[];
  lastReportAt: number | null;
}

export interface ReportInput {
  reportId: string;
  currentPosition: number;
  watchedRanges: Range[];
  event: string;
}

export interface PeriodFacts {
  /** seconds; 0 while the lesson has no ready video */
  duration: number;
  /** how many lesson-seconds one wall-clock second may cover: 2 where speed change is allowed */
  maxRate: number;
  /** a document lesson, finished by reading it */
  isDoc: boolean;
}

export const emptyState = (): ProgressState => ({
  ranges: [],
  watchedSec: 0,
  creditedSec: 0,
  currentPosition: 0,
  percent: 0,
  isFinish: 0,
  reportCount: 0,
  recentIds: [],
  lastReportAt: null,
});

/** Sorted, non-overlapping ranges; touching ranges join. */
export function mergeRanges(ranges: Range[]): Range[] {
  const sorted = ranges.filter(([a, b]) => b > a).sort((x, y) => x[0] - y[0]);
  const out: Range[] = [];
  for (const [a, b] of sorted) {
    const last = out[out.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

/**
 * mergeRanges of two lists each sorted by start, without sorting again (a lesson watched in many pieces holds
 * dozens of ranges, and every report joins a few to them).
 */
export function mergeSorted(x: Range[], y: Range[]): Range[] {
  if (!isSorted(x) || !isSorted(y)) return mergeRanges([...x, ...y]);
  const out: Range[] = [];
  let i = 0;
  let j = 0;
  while (i < x.length || j < y.length) {
    const [a, b] = j >= y.length || (i < x.length && x[i]![0] <= y[j]![0]) ? x[i++]! : y[j++]!;
    if (!(b > a)) continue;
    const last = out[out.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

const isSorted = (r: Range[]) => r.every((x, i) => i === 0 || r[i - 1]![0] <= x[0]);

export const coveredLength = (ranges: Range[]): number => ranges.reduce((n, [a, b]) => n + (b - a), 0);

/** The parts of `r` not inside the merged `have`. */
export function uncovered(have: Range[], r: Range): Range[] {
  const out: Range[] = [];
  let start = r[0];
  for (const [a, b] of have) {
    if (b <= start) continue;
    if (a >= r[1]) break;
    if (a > start) out.push([start, Math.min(a, r[1])]);
    start = Math.max(start, b);
    if (start >= r[1]) break;
  }
  if (start < r[1]) out.push([start, r[1]]);
  return out;
}

/** The furthest second reached from the start without a gap (seeking limit of courses that forbid seeking). */
export const watchedUntil = (ranges: Range[]): number => (ranges[0] && ranges[0][0] <= 1 ? ranges[0][1] : 0);

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * Applies one report to the state in place. Returns false (and changes nothing) for a report id already seen.
 * New watched seconds are credited in playing order up to the allowance of the wall-clock time elapsed since
 * the previous report, times the fastest allowed playback rate, plus a small tolerance.
 */
export function applyReport(s: ProgressState, r: ReportInput, period: PeriodFacts, now: number): boolean {
  if (s.recentIds.includes(r.reportId)) return false;
  const elapsed = s.lastReportAt === null ? FIRST_REPORT_ALLOWANCE_SEC : Math.max(0, (now - s.lastReportAt) / 1000);
  let allowance = elapsed * period.maxRate + TOLERANCE_SEC;
  const end = period.duration > 0 ? period.duration : Number.POSITIVE_INFINITY;

  const clipped = r.watchedRanges
    .map(([a, b]): Range => [Math.max(0, Math.min(a, b, end)), Math.min(Math.max(a, b), end)])
    .filter(([a, b]) => b > a)
    .sort((x, y) => x[0] - y[0]);
  let merged = s.ranges;
  let credited = 0;
  for (const range of clipped) {
    if (allowance <= 0) break;
    // the pieces of one range miss `merged` and each other, so they join it together, in one linear pass
    const taken: Range[] = [];
    for (const [a, b] of uncovered(merged, range)) {
      if (allowance <= 0) break;
      const take = Math.min(b - a, allowance);
      allowance -= take;
      credited += take;
      taken.push([a, a + take]);
    }
    if (taken.length) merged = mergeSorted(merged, taken);
  }

  s.ranges = merged.map(([a, b]): Range => [round1(a), round1(b)]);
  s.watchedSec = round1(coveredLength(s.ranges));
  s.creditedSec = round1(s.creditedSec + credited);
  s.currentPosition = round1(
    Math.min(Math.max(0, r.currentPosition), period.duration > 0 ? period.duration : r.currentPosition),
  );
  if (period.duration > 0 && s.watchedSec >= FINISH_SHARE * period.duration) s.isFinish = 1;
  if (r.event === 'read' && period.isDoc) s.isFinish = 1;
  s.percent = s.isFinish
    ? 100
    : period.duration > 0
      ? round1(Math.min(100, (s.watchedSec / period.duration) * 100))
      : 0;
  s.reportCount += 1;
  s.recentIds = [...s.recentIds, r.reportId].slice(-RECENT_IDS);
  s.lastReportAt = now;
  return true;
}

/** Course progress: in the contract, since the lesson page works it out again from each report's reply. */
export { courseMean } from '#contract/study.ts';
