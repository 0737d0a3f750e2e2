import zlib from 'node:zlib';
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { crc32Hex } from './crc32.ts';

describe('chunk CRC-32', () => {
  it('is what the server computes with zlib, for empty, short and chunk-sized bytes', () => {
    for (const size of [0, 1, 7, 4096, 2_048_000]) {
      const bytes = crypto.randomBytes(size);
      expect(crc32Hex(bytes)).toBe(zlib.crc32(bytes).toString(16).padStart(8, '0'));
    }
    expect(crc32Hex(new TextEncoder().encode('123456789'))).toBe('cbf43926');
  });
});
