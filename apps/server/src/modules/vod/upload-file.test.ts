import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalStorage, type Storage } from '../../platform/storage.ts';
import { ChunkOverflow, partialKey, writeChunk } from './upload-file.ts';
import { RunningMd5 } from './upload-md5.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qk-upload-file-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const storage = new LocalStorage(dir);
/** The same folder seen as storage that is not local (no path to hand a thread): hashing stays on the event loop. */
const remote: Storage = {
  put: (k, b) => storage.put(k, b),
  read: (k, r) => storage.read(k, r),
  writeAt: (k, o, b) => storage.writeAt(k, o, b),
  move: (a, b) => storage.move(a, b),
  exists: (k) => storage.exists(k),
  remove: (k) => storage.remove(k),
  removeAll: (p) => storage.removeAll(p),
  publicUrl: (k) => storage.publicUrl(k),
};
const CHUNK = 1000;

/** Feeds a buffer in uneven pieces, as a socket would. */
async function* pieces(b: Buffer) {
  for (let i = 0; i < b.length; i += 333) yield b.subarray(i, i + 333);
}

async function upload(id: bigint, file: Buffer, order: number[], hasher: RunningMd5) {
  const u = { id, siteId: 10n, userId: 7n, chunkSize: CHUNK, totalChunks: Math.floor(file.length / CHUNK), totalSize: file.length };
  const stored: number[] = [];
  for (const n of order) {
    const start = (n - 1) * CHUNK;
    const bytes = file.subarray(start, n === u.totalChunks ? file.length : start + CHUNK);
    expect(await writeChunk(storage, partialKey(u.siteId, u.userId, u.id), { offset: start, size: bytes.length }, pieces(bytes))).toBe(bytes.length);
    stored.push(n);
    hasher.stored(u, stored);
  }
  return { u, sum: await hasher.finish(u) };
}

describe('an upload written chunk by chunk into one file', () => {
  it('holds the same bytes, and the running MD5 is the file’s, in whatever order the chunks come', async () => {
    const file = crypto.randomBytes(CHUNK * 40 + 777);
    const orders = [
      Array.from({ length: 40 }, (_, i) => i + 1),
      Array.from({ length: 40 }, (_, i) => 40 - i),
      Array.from({ length: 40 }, (_, i) => i + 1).sort(() => Math.random() - 0.5),
    ];
    for (const [i, order] of orders.entries()) {
      for (const [j, where] of [storage, remote].entries()) {
        const { u, sum } = await upload(BigInt(i * 2 + j + 1), file, order, new RunningMd5(where));
        expect(sum).toEqual({ md5: crypto.createHash('md5').update(file).digest('hex'), size: file.length });
        expect(fs.readFileSync(path.join(dir, partialKey(u.siteId, u.userId, u.id))).equals(file)).toBe(true);
      }
    }
  });

  it('hashes again from the file when the upload was dropped part way and its chunks are sent anew', async () => {
    const file = crypto.randomBytes(CHUNK * 6 + 5);
    const hasher = new RunningMd5(storage);
    const u = { id: 50n, siteId: 10n, userId: 7n, chunkSize: CHUNK, totalChunks: 6, totalSize: file.length };
    const key = partialKey(u.siteId, u.userId, u.id);
    await writeChunk(storage, key, { offset: 0, size: CHUNK }, pieces(file.subarray(0, CHUNK)));
    hasher.stored(u, [1]);
    hasher.forget(u.id);
    await storage.writeAt(key, 0, pieces(file));
    hasher.stored(u, [1, 2, 3, 4, 5, 6]);
    expect(await hasher.finish(u)).toEqual({ md5: crypto.createHash('md5').update(file).digest('hex'), size: file.length });
  });

  it('tells a file shorter than its layout by its size, on either hasher', async () => {
    const bytes = crypto.randomBytes(CHUNK * 2 + 500);
    for (const [i, where] of [storage, remote].entries()) {
      const u = { id: BigInt(60 + i), siteId: 10n, userId: 7n, chunkSize: CHUNK, totalChunks: 3, totalSize: CHUNK * 3 };
      await storage.writeAt(partialKey(u.siteId, u.userId, u.id), 0, pieces(bytes));
      expect(await new RunningMd5(where).finish(u)).toEqual({ md5: crypto.createHash('md5').update(bytes).digest('hex'), size: bytes.length });
    }
  });

  it('never lets a chunk that is too long spill into the next one’s place', async () => {
    const key = partialKey(10n, 7n, 99n);
    await writeChunk(storage, key, { offset: CHUNK, size: CHUNK }, pieces(Buffer.alloc(CHUNK, 2)));
    await expect(writeChunk(storage, key, { offset: 0, size: CHUNK }, pieces(Buffer.alloc(CHUNK + 400, 1)))).rejects.toBeInstanceOf(ChunkOverflow);
    expect(fs.readFileSync(path.join(dir, key)).subarray(CHUNK).equals(Buffer.alloc(CHUNK, 2))).toBe(true);
  });

  it('judges the first bytes together however the socket cut them', async () => {
    const seen: number[] = [];
    const head = Buffer.alloc(CHUNK, 9);
    await writeChunk(storage, partialKey(10n, 7n, 98n), { offset: 0, size: CHUNK }, pieces(head), (first) => seen.push(first.length));
    expect(seen).toEqual([666]);
  });
});
