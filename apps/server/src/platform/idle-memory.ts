import v8 from 'node:v8';
import { collector, type Collect } from './collector.ts';

export interface IdleReleaseOptions {
  /** How often the process's CPU time and heap size are read. */
  everyMs: number;
  /** Quiet: this long with the process using at most `quietShare` of one core. */
  quietMs: number;
  quietShare: number;
  /** What the heap must have grown past its size after the last release before another is worth its pause. */
  growthBytes: number;
}

export const IDLE_RELEASE: Omit<IdleReleaseOptions, 'growthBytes'> = {
  everyMs: 1_000,
  quietMs: 10_000,
  quietShare: 0.1,
};

/** What the release reads and calls; the process's own by default, a test's fakes otherwise. */
export interface IdleProbe {
  now(): number;
  cpuMicros(): number;
  heapBytes(): number;
  collect(): void;
}

const processProbe = (collect: Collect | null): IdleProbe => ({
  now: () => performance.now(),
  cpuMicros: () => {
    const { user, system } = process.cpuUsage();
    return user + system;
  },
  heapBytes: () => v8.getHeapStatistics().total_heap_size,
  collect: () => collect?.({ type: 'major', flavor: 'last-resort' }),
});

export interface Release {
  heapBefore: number;
  heapAfter: number;
  ms: number;
}

/**
 * Under load V8 grows the heap to well over what stays alive (decision 60), and keeps those pages once the load is
 * over: its own memory-reducing collection runs only now and then. When the process has been quiet for a while
 * after its heap grew, this runs that collection once (decision 69): the whole heap compacted and its free pages
 * given back, a pause of about half a second at a time when little or nothing is being served.
 */
export class IdleMemory {
  private readonly opts: IdleReleaseOptions;
  private readonly probe: IdleProbe;
  private lastCpu: number;
  private lastAt: number;
  private quietFor = 0;
  /** The heap's size after the last release, or the least seen since. */
  private floor: number;
  private timer: NodeJS.Timeout | undefined;

  constructor(opts: IdleReleaseOptions, probe: IdleProbe = processProbe(collector())) {
    this.opts = opts;
    this.probe = probe;
    this.lastCpu = probe.cpuMicros();
    this.lastAt = probe.now();
    this.floor = probe.heapBytes();
  }

  /** One reading: the release it ran, if the process was quiet long enough and its heap had grown. */
  tick(): Release | undefined {
    const now = this.probe.now();
    const cpu = this.probe.cpuMicros();
    const share = (cpu - this.lastCpu) / 1000 / Math.max(1, now - this.lastAt);
    this.quietFor = share <= this.opts.quietShare ? this.quietFor + (now - this.lastAt) : 0;
    this.lastCpu = cpu;
    this.lastAt = now;
    if (this.quietFor < this.opts.quietMs) return undefined;
    const heapBefore = this.probe.heapBytes();
    if (heapBefore < this.floor + this.opts.growthBytes) {
      this.floor = Math.min(this.floor, heapBefore);
      return undefined;
    }
    this.probe.collect();
    const heapAfter = this.probe.heapBytes();
    this.floor = heapAfter;
    this.quietFor = 0;
    // the collection's own CPU time is not the process being busy
    this.lastCpu = this.probe.cpuMicros();
    const after = this.probe.now();
    const ms = after - now;
    this.lastAt = after;
    return { heapBefore, heapAfter, ms };
  }

  start(onRelease: (r: Release) => void): void {
    this.timer ??= setInterval(() => {
      const r = this.tick();
      if (r) onRelease(r);
    }, this.opts.everyMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}
