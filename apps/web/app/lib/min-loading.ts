import { useCallback, useEffect, useRef, useState } from 'react';
import { Limits } from '#contract/codes.ts';

/**
 * Spec §9 "minimum fetch delay 200 ms": a loading state that does not flicker. A fetch that answers within
 * 200 ms shows no spinner at all; one that takes longer shows it, and keeps it at least 200 ms, so a spinner
 * never blinks on and off.
 */
export interface MinLoadingTimers {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
}

const realTimers: MinLoadingTimers = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
};

export class MinLoading {
  private shownAt: number | null = null;
  private timer: unknown = null;

  private readonly onChange: (shown: boolean) => void;
  private readonly delayMs: number;
  private readonly minShowMs: number;
  private readonly timers: MinLoadingTimers;

  constructor(
    onChange: (shown: boolean) => void,
    delayMs: number = Limits.minFetchDelayMs,
    minShowMs: number = Limits.minFetchDelayMs,
    timers: MinLoadingTimers = realTimers,
  ) {
    this.onChange = onChange;
    this.delayMs = delayMs;
    this.minShowMs = minShowMs;
    this.timers = timers;
  }

  /** The fetch started (true) or ended (false). */
  set(busy: boolean): void {
    this.stopTimer();
    if (busy) {
      if (this.shownAt !== null) return;
      this.timer = this.timers.setTimeout(() => {
        this.timer = null;
        this.shownAt = this.timers.now();
        this.onChange(true);
      }, this.delayMs);
      return;
    }
    if (this.shownAt === null) return;
    const hide = () => {
      this.timer = null;
      this.shownAt = null;
      this.onChange(false);
    };
    const left = this.shownAt + this.minShowMs - this.timers.now();
    if (left <= 0) hide();
    else this.timer = this.timers.setTimeout(hide, left);
  }

  dispose(): void {
    this.stopTimer();
  }

  private stopTimer(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
  }
}

/** Whether to show a spinner for a fetch that is `busy`: the one rule for buttons, tables and Spin. */
export function useMinLoading(busy: boolean): boolean {
  const [shown, setShown] = useState(false);
  const gate = useRef<MinLoading | null>(null);
  gate.current ??= new MinLoading(setShown);
  useEffect(() => {
    gate.current?.set(busy);
  }, [busy]);
  useEffect(() => () => gate.current?.dispose(), []);
  return shown;
}

/**
 * One action at a time for a form or a list: `start` answers false while a call is in flight, so a second
 * click before the (delayed) spinner shows sends nothing; `pending` is the spinner, `busy` the call itself.
 */
export function useOneAtATime() {
  const [busy, setBusy] = useState(false);
  const pending = useMinLoading(busy);
  const inFlight = useRef(false);
  const start = useCallback((): boolean => {
    if (inFlight.current) return false;
    inFlight.current = true;
    setBusy(true);
    return true;
  }, []);
  const end = useCallback((): void => {
    inFlight.current = false;
    setBusy(false);
  }, []);
  return { busy, pending, start, end };
}
