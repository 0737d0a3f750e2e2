import { createMD5 } from 'hash-wasm';
import { Limits } from '#contract/codes.ts';

/**
 * The upload identifier: the MD5 of the whole content, read in slices of 10,240,000 bytes (spec §9) so a
 * 4 GB file never sits in memory, and hashed incrementally by hash-wasm (the browser has no MD5 of its own:
 * SubtleCrypto refuses it). `onProgress` gets the bytes hashed so far; `stopped` ends the work early.
 */
export async function hashBlob(
  blob: Blob,
  onProgress: (bytes: number) => void,
  stopped: () => boolean = () => false,
): Promise<string> {
  const md5 = (await createMD5()).init();
  for (let at = 0; at < blob.size; at += Limits.uploadMd5SliceBytes) {
    if (stopped()) throw new DOMException('哈希已停止', 'AbortError');
    const end = Math.min(blob.size, at + Limits.uploadMd5SliceBytes);
    md5.update(new Uint8Array(await blob.slice(at, end).arrayBuffer()));
    onProgress(end);
  }
  return md5.digest('hex');
}
