import { Limits } from '#contract/codes.ts';

/** Delay before retry `attempt` (1-based): 0.5 s, 1 s, 2 s, … */
export function backoffMs(attempt: number): number {
  return 500 * 2 ** (attempt - 1);
}

/** Why a step stops without retrying (the network is down, the lecturer paused, the session is gone). */
export class StopRetrying extends Error {}

/**
 * Runs `step` and tries it again up to `retries` times (the protocol's 3) after a growing delay. A StopRetrying,
 * an abort, or an error `final` recognises is thrown at once.
 */
export async function withRetry<T>(
  step: () => Promise<T>,
  opts: {
    signal: AbortSignal;
    final?: (err: unknown) => boolean;
    retries?: number;
    sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  },
): Promise<T> {
  const retries = opts.retries ?? Limits.uploadChunkRetries;
  const sleep = opts.sleep ?? abortableSleep;
  for (let attempt = 0; ; attempt++) {
    try {
      return await step();
    } catch (err) {
      if (err instanceof StopRetrying || opts.signal.aborted || opts.final?.(err) || attempt >= retries) throw err;
    }
    await sleep(backoffMs(attempt + 1), opts.signal);
  }
}

export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', stop, { once: true });
  });
}
