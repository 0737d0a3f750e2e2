/** Upload speed over a moving window: bytes per second across the samples of the last `windowMs`. */
export class SpeedMeter {
  private readonly samples: { at: number; bytes: number }[] = [];
  private readonly windowMs: number;
  constructor(windowMs = 5000) {
    this.windowMs = windowMs;
  }

  /** `bytes`: the running total sent so far, at time `at` (ms). */
  add(at: number, bytes: number): void {
    this.samples.push({ at, bytes });
    while (this.samples.length > 2 && this.samples[0]!.at < at - this.windowMs) this.samples.shift();
  }

  bytesPerSecond(): number {
    const first = this.samples[0];
    const last = this.samples[this.samples.length - 1];
    if (!first || !last || last.at <= first.at) return 0;
    return Math.max(0, ((last.bytes - first.bytes) * 1000) / (last.at - first.at));
  }

  reset(): void {
    this.samples.length = 0;
  }
}

/** Seconds left at the current speed, or null when it cannot be told. */
export function secondsLeft(remainingBytes: number, bytesPerSecond: number): number | null {
  return bytesPerSecond > 0 ? Math.ceil(remainingBytes / bytesPerSecond) : null;
}
