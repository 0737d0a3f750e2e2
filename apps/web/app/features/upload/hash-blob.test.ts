import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Limits } from '#contract/codes.ts';
import { hashBlob } from './hash-blob.ts';

const SLICE = Limits.uploadMd5SliceBytes;
const md5 = (b: Uint8Array) => crypto.createHash('md5').update(b).digest('hex');
const hash = (b: Uint8Array<ArrayBuffer>) => hashBlob(new Blob([b]), () => {});

describe('the upload identifier (hashBlob)', () => {
  it('gives the RFC 1321 test suite digests', async () => {
    const suite: [string, string][] = [
      ['', 'd41d8cd98f00b204e9800998ecf8427e'],
      ['a', '0cc175b9c0f1b6a831c399e269772661'],
      ['abc', '900150983cd24fb0d6963f7d28e17f72'],
      ['message digest', 'f96b697d7cb7938d525a2f31aaf161d0'],
      ['abcdefghijklmnopqrstuvwxyz', 'c3fcd3d76192e4007dfb496cca67e13b'],
      ['ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 'd174ab98d277d9f5a5611c2c9f419d9f'],
      [
        '12345678901234567890123456789012345678901234567890123456789012345678901234567890',
        '57edf4a22be3c955ac49da2e2107b67a',
      ],
    ];
    for (const [text, digest] of suite) expect(await hash(new TextEncoder().encode(text))).toBe(digest);
  });

  it('matches node:crypto for every length around the block and padding edges', async () => {
    const bytes = crypto.randomBytes(200);
    for (let n = 0; n <= 200; n++) expect(await hash(bytes.subarray(0, n))).toBe(md5(bytes.subarray(0, n)));
  });

  it('reads a file of several slices in 10,240,000-byte slices and gives node:crypto’s MD5 of the whole', async () => {
    const bytes = crypto.randomBytes(2 * SLICE + 4321);
    const seen: number[] = [];
    expect(await hashBlob(new Blob([bytes]), (b) => seen.push(b))).toBe(md5(bytes));
    expect(seen).toEqual([SLICE, 2 * SLICE, bytes.length]);
    // a slice edge inside a 64-byte block, and a file of exactly one slice
    const odd = crypto.randomBytes(SLICE + 37);
    expect(await hash(odd)).toBe(md5(odd));
    expect(await hash(odd.subarray(0, SLICE))).toBe(md5(odd.subarray(0, SLICE)));
  });

  it('gives each file its own digest when several are hashed at once', async () => {
    const files = [crypto.randomBytes(SLICE + 1), crypto.randomBytes(3 * 1024 * 1024), crypto.randomBytes(10)];
    expect(await Promise.all(files.map(hash))).toEqual(files.map(md5));
  });

  it('stops when asked', async () => {
    await expect(
      hashBlob(
        new Blob([new Uint8Array(100)]),
        () => {},
        () => true,
      ),
    ).rejects.toThrow();
  });
});
