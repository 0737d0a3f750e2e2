import crypto from 'node:crypto';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { Limits } from '#contract/codes.ts';
import { hashBlob } from '../../apps/web/app/features/upload/hash-blob.ts';
import { HandwrittenMd5 } from './md5-handwritten.ts';

/** What the studio bench hashes, as the page does before an upload: 1,024 MB. */
export const MD5_BENCH_BYTES = 1024 * 1024 * 1024;

export interface Md5Measure {
  bytes: number;
  /** the page's hashing module (features/upload/hash-blob.ts) */
  page: { mbps: number; ms: number };
  /** the hand-written MD5 the page used before hash-wasm, read in the same slices */
  handwritten: { mbps: number; ms: number };
  /** node:crypto (OpenSSL) over the same slices, for reference */
  openssl: { mbps: number; ms: number };
}

/** The page's loop before hash-wasm, with its own MD5: slices of 10,240,000 bytes read from the Blob. */
async function handwrittenHash(blob: Blob): Promise<string> {
  const md5 = new HandwrittenMd5();
  for (let at = 0; at < blob.size; at += Limits.uploadMd5SliceBytes)
    md5.update(
      new Uint8Array(await blob.slice(at, Math.min(blob.size, at + Limits.uploadMd5SliceBytes)).arrayBuffer()),
    );
  return md5.hex();
}

async function opensslHash(blob: Blob): Promise<string> {
  const md5 = crypto.createHash('md5');
  for (let at = 0; at < blob.size; at += Limits.uploadMd5SliceBytes)
    md5.update(
      new Uint8Array(await blob.slice(at, Math.min(blob.size, at + Limits.uploadMd5SliceBytes)).arrayBuffer()),
    );
  return md5.digest('hex');
}

async function timed(run: () => Promise<string>, bytes: number) {
  const t0 = performance.now();
  const md5 = await run();
  const ms = performance.now() - t0;
  return { md5, ms, mbps: bytes / 1e6 / (ms / 1000) };
}

/**
 * The MD5 the page computes before an upload, run in Node on the first `bytes` of `file`: the page's own module
 * (`hashBlob`, as its Web Worker runs it) reads a Blob of the file (`fs.openAsBlob`) in the spec's slices, exactly as
 * it reads the File a lecturer chose. A first pass through node:crypto brings the bytes into the page cache, so every
 * pass after it reads memory, not the disk; all three digests must agree.
 */
export async function measureUploadMd5(file: string, bytes = MD5_BENCH_BYTES): Promise<Md5Measure> {
  const whole = await fs.openAsBlob(file);
  const blob = whole.slice(0, Math.min(bytes, whole.size));
  const warm = crypto.createHash('md5');
  await pipeline(fs.createReadStream(file, { end: blob.size - 1, highWaterMark: 10_240_000 }), warm);
  const expected = warm.digest('hex');
  const openssl = await timed(() => opensslHash(blob), blob.size);
  const handwritten = await timed(() => handwrittenHash(blob), blob.size);
  const page = await timed(() => hashBlob(blob, () => {}), blob.size);
  for (const [name, got] of Object.entries({ openssl, handwritten, page }))
    if (got.md5 !== expected) throw new Error(`${name} MD5 ${got.md5} is not ${expected}`);
  const out = ({ mbps, ms }: { mbps: number; ms: number }) => ({ mbps, ms });
  return { bytes: blob.size, page: out(page), handwritten: out(handwritten), openssl: out(openssl) };
}
