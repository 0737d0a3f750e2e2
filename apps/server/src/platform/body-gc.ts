import { collector } from './collector.ts';

/**
 * Large request bodies arrive in socket buffers that live outside the JavaScript heap and are freed only when V8
 * collects their handles. Reading such a body allocates little else, so young-generation collections come rarely,
 * the dead buffers pile up, and V8 answers their external memory with full collections of the whole heap: several
 * a second during an upload, costing more CPU than the upload's own work. A young-generation collection after
 * every 16 MB of body read frees them cheaply instead (decision 26).
 */
const EVERY_BYTES = 16 * 1024 * 1024;

let read = 0;

/** Counts body bytes read; every 16 MB, a young-generation collection. */
export function bodyBytesRead(bytes: number): void {
  read += bytes;
  if (read < EVERY_BYTES) return;
  read = 0;
  collector()?.({ type: 'minor' });
}
