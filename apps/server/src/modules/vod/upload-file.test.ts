import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalStorage } from '../../platform/storage.ts';
import { Limits } from '#contract/codes.ts';
import { ChunkFields } from '#contract/upload.ts';
import { ChunkOverflow, partialKey, titleOf, writeChunk } from './upload-file.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qk-upload-file-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const storage = new LocalStorage(dir);
const CHUNK = 1000;

/** Feeds a buffer in uneven pieces, as a socket would. */
async function* pieces(b: Buffer) {
  for (let i = 0; i < b.length; i += 333) yield b.subarray(i, i + 333);
}

describe('an upload written chunk by chunk into one file', () => {
  it('holds the same bytes in whatever order the chunks come', async () => {
    const file = crypto.randomBytes(CHUNK * 40 + 777);
    const totalChunks = Math.floor(file.length / CHUNK);
    const orders = [
      Array.from({ length: 40 }, (_, i) => i + 1),
      Array.from({ length: 40 }, (_, i) => 40 - i),
      Array.from({ length: 40 }, (_, i) => i + 1).sort(() => Math.random() - 0.5),
    ];
    for (const [i, order] of orders.entries()) {
      const key = partialKey(10n, 7n, BigInt(i + 1));
      for (const n of order) {
        const start = (n - 1) * CHUNK;
        const bytes = file.subarray(start, n === totalChunks ? file.length : start + CHUNK);
        expect(await writeChunk(storage, key, { offset: start, size: bytes.length }, pieces(bytes))).toBe(bytes.length);
      }
      expect(
        crypto
          .createHash('md5')
          .update(fs.readFileSync(path.join(dir, key)))
          .digest('hex'),
      ).toBe(crypto.createHash('md5').update(file).digest('hex'));
    }
  });

  it('never lets a chunk that is too long spill into the next one’s place', async () => {
    const key = partialKey(10n, 7n, 99n);
    await writeChunk(storage, key, { offset: CHUNK, size: CHUNK }, pieces(Buffer.alloc(CHUNK, 2)));
    await expect(
      writeChunk(storage, key, { offset: 0, size: CHUNK }, pieces(Buffer.alloc(CHUNK + 400, 1))),
    ).rejects.toBeInstanceOf(ChunkOverflow);
    expect(fs.readFileSync(path.join(dir, key)).subarray(CHUNK).equals(Buffer.alloc(CHUNK, 2))).toBe(true);
  });

  it('judges the first bytes together however the socket cut them', async () => {
    const seen: number[] = [];
    const head = Buffer.alloc(CHUNK, 9);
    await writeChunk(storage, partialKey(10n, 7n, 98n), { offset: 0, size: CHUNK }, pieces(head), (first) =>
      seen.push(first.length),
    );
    expect(seen).toEqual([666]);
  });
});

describe('names of uploaded files', () => {
  it('refuses a NUL in a chunk upload’s file name, and keeps none in a video’s title', () => {
    const fields = {
      chunkNumber: 1,
      chunkSize: Limits.uploadChunkBytes,
      currentChunkSize: 100,
      totalSize: 100,
      totalChunks: 1,
    };
    const parsed = ChunkFields.safeParse({ ...fields, identifier: 'a'.repeat(32), filename: 'a\u0000.mp4' });
    expect(parsed.error?.issues[0]?.message).toBe('内容包含无法识别的字符');
    expect(titleOf('第一\u0000课.mp4')).toBe('第一课');
    expect(titleOf('第一课.mp4')).toBe('第一课');
  });
});
