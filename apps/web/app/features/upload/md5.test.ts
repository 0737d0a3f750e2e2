import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Md5 } from './md5.ts';

const md5 = (b: Uint8Array) => crypto.createHash('md5').update(b).digest('hex');

describe('Md5', () => {
  it('gives the RFC 1321 digests', () => {
    const enc = new TextEncoder();
    expect(new Md5().hex()).toBe('d41d8cd98f00b204e9800998ecf8427e');
    expect(new Md5().update(enc.encode('abc')).hex()).toBe('900150983cd24fb0d6963f7d28e17f72');
    expect(
      new Md5()
        .update(enc.encode('12345678901234567890123456789012345678901234567890123456789012345678901234567890'))
        .hex(),
    ).toBe('57edf4a22be3c955ac49da2e2107b67a');
  });

  it('matches node:crypto for every length around the block and padding edges', () => {
    const bytes = crypto.randomBytes(200);
    for (let n = 0; n <= 200; n++) expect(new Md5().update(bytes.subarray(0, n)).hex()).toBe(md5(bytes.subarray(0, n)));
  });

  it('gives the same digest however the content is cut into updates', () => {
    const bytes = crypto.randomBytes(100_003);
    const cuts = [1, 63, 64, 65, 1000, 4096, 9999];
    for (const cut of cuts) {
      const h = new Md5();
      for (let at = 0; at < bytes.length; at += cut) h.update(bytes.subarray(at, at + cut));
      expect(h.hex()).toBe(md5(bytes));
    }
  });
});
