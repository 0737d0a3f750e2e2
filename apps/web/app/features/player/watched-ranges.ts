export type Range = [number, number];

/** Played spans further apart than this (a seek, a stall) start a new range instead of stretching one. */
const MAX_STEP_SEC = 3;
/** The contract takes at most 50 ranges a report. */
const MAX_RANGES = 50;

const round = (s: number) => Math.round(s * 10) / 10;

/**
 * The [start, end] seconds a viewer actually played since the last report. A seek or a pause ends a range; a
 * range still being played when a report is taken goes on from where the report cut it, so the server can join
 * the two.
 */
export class WatchedRanges {
  private done: Range[] = [];
  private open: Range | null = null;

  /** Called on every timeupdate. */
  track(t: number, playing: boolean): void {
    if (!playing || !Number.isFinite(t)) return this.close();
    if (this.open && t >= this.open[1] && t - this.open[1] <= MAX_STEP_SEC) this.open[1] = t;
    else {
      this.close();
      this.open = [t, t];
    }
  }

  close(): void {
    if (this.open && this.open[1] > this.open[0]) this.done.push([round(this.open[0]), round(this.open[1])]);
    this.open = null;
  }

  take(): Range[] {
    const open = this.open;
    this.close();
    if (open) this.open = [open[1], open[1]];
    const out = this.done.slice(-MAX_RANGES);
    this.done = [];
    return out;
  }

  /** A report that did not arrive: its ranges go into the next one. */
  giveBack(ranges: Range[]): void {
    this.done.unshift(...ranges);
  }
}
