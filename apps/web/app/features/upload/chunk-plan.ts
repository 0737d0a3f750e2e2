import { Limits } from '#contract/codes.ts';

/** The protocol's fields for one chunk (sent as the test's query and before the chunk's `file` part). */
export interface ChunkFieldValues {
  chunkNumber: number;
  chunkSize: number;
  currentChunkSize: number;
  totalSize: number;
  identifier: string;
  filename: string;
  relativePath: string;
  totalChunks: number;
}

const CHUNK = Limits.uploadChunkBytes;

/** simple-uploader without forceChunkSize: whole chunks, the remainder joined to the last one, at least one chunk. */
export function totalChunksOf(size: number): number {
  return Math.max(1, Math.floor(size / CHUNK));
}

/** Byte range [start, end) of chunk `n` (1-based). */
export function chunkRange(size: number, n: number): { start: number; end: number } {
  const start = (n - 1) * CHUNK;
  return { start, end: n === totalChunksOf(size) ? size : start + CHUNK };
}

export function chunkFields(file: { name: string; size: number }, identifier: string, n: number): ChunkFieldValues {
  const { start, end } = chunkRange(file.size, n);
  return {
    chunkNumber: n,
    chunkSize: CHUNK,
    currentChunkSize: end - start,
    totalSize: file.size,
    identifier,
    filename: file.name,
    relativePath: file.name,
    totalChunks: totalChunksOf(file.size),
  };
}

/**
 * The chunks still to send, first missing first. When the server holds every chunk but made no video (its
 * assembly was interrupted), the last chunk is sent again: storing it triggers the assembly.
 */
export function chunksToSend(size: number, uploaded: readonly number[]): number[] {
  const total = totalChunksOf(size);
  const have = new Set(uploaded);
  const missing: number[] = [];
  for (let n = 1; n <= total; n++) if (!have.has(n)) missing.push(n);
  return missing.length ? missing : [total];
}

/** Bytes of the chunks the server holds. */
export function bytesHeld(size: number, uploaded: readonly number[]): number {
  const total = totalChunksOf(size);
  let sum = 0;
  for (const n of new Set(uploaded))
    if (n >= 1 && n <= total) sum += chunkRange(size, n).end - chunkRange(size, n).start;
  return sum;
}
