import type { TChunkResult } from '#contract/upload.ts';
import { withRetry } from './retry.ts';

/** One chunk's two calls: its test (does the server hold it?) and its send. */
export interface ChunkCalls {
  number: number;
  test(): Promise<TChunkResult>;
  send(): Promise<TChunkResult>;
}

/** The test's answer says the server holds chunk `n` (or the whole file). */
export function holds(result: TChunkResult, n: number): boolean {
  return result.skipUpload || result.uploaded.includes(n);
}

/**
 * Sends one chunk the round's test found missing, trying up to the protocol's 3 more times (decision 30). Only this
 * page sends the chunks of its round, so the first send needs no test of its own. A send that failed may still have
 * stored the chunk (the answer was lost, or a timeout came after the server had the bytes): every later try is
 * preceded by the chunk's test, and ends there when the server holds it.
 */
export function sendUnlessHeld(
  chunk: ChunkCalls,
  retry: Omit<Parameters<typeof withRetry>[1], 'retries'>,
): Promise<TChunkResult> {
  let sent = false;
  return withRetry(async () => {
    if (sent) {
      const test = await chunk.test();
      if (holds(test, chunk.number)) return test;
    }
    sent = true;
    return chunk.send();
  }, retry);
}
