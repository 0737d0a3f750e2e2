/**
 * The hand-written MD5 the upload page used until 2026-11-25 (apps/web/app/features/upload/md5.ts, replaced by
 * hash-wasm), kept here only so the studio bench can set the browser's hashing against it. Not used by the site.
 */
const S = [
  7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 4,
  11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21,
];
const K = new Int32Array(64);
for (let i = 0; i < 64; i++) K[i] = Math.floor(Math.abs(Math.sin(i + 1)) * 2 ** 32) | 0;
/** Which message word each of the 64 steps reads. */
const G = new Uint8Array(64);
for (let i = 0; i < 64; i++) G[i] = i < 16 ? i : i < 32 ? (5 * i + 1) % 16 : i < 48 ? (3 * i + 5) % 16 : (7 * i) % 16;

export class HandwrittenMd5 {
  private readonly h = new Int32Array([0x67452301, 0xefcdab89 | 0, 0x98badcfe | 0, 0x10325476]);
  private readonly w = new Int32Array(16);
  /** Bytes of an unfinished 64-byte block carried to the next update. */
  private readonly tail = new Uint8Array(64);
  private tailLength = 0;
  private length = 0;

  update(bytes: Uint8Array): this {
    this.length += bytes.length;
    let at = 0;
    if (this.tailLength > 0) {
      const take = Math.min(64 - this.tailLength, bytes.length);
      this.tail.set(bytes.subarray(0, take), this.tailLength);
      this.tailLength += take;
      at = take;
      if (this.tailLength < 64) return this;
      this.block(this.tail, 0);
      this.tailLength = 0;
    }
    for (; at + 64 <= bytes.length; at += 64) this.block(bytes, at);
    this.tail.set(bytes.subarray(at), 0);
    this.tailLength = bytes.length - at;
    return this;
  }

  /** The digest as 32 lowercase hex digits; the instance is spent afterwards. */
  hex(): string {
    const bits = this.length * 8;
    const pad = new Uint8Array((this.tailLength < 56 ? 56 : 120) - this.tailLength + 8);
    pad[0] = 0x80;
    const view = new DataView(pad.buffer);
    view.setUint32(pad.length - 8, bits >>> 0, true);
    view.setUint32(pad.length - 4, Math.floor(bits / 2 ** 32), true);
    this.update(pad);
    let out = '';
    for (const word of this.h)
      for (let b = 0; b < 4; b++) out += ((word >>> (8 * b)) & 0xff).toString(16).padStart(2, '0');
    return out;
  }

  private block(bytes: Uint8Array, at: number): void {
    const w = this.w;
    for (let i = 0; i < 16; i++) {
      const p = at + i * 4;
      w[i] = bytes[p]! | (bytes[p + 1]! << 8) | (bytes[p + 2]! << 16) | (bytes[p + 3]! << 24);
    }
    let a = this.h[0]!;
    let b = this.h[1]!;
    let c = this.h[2]!;
    let d = this.h[3]!;
    for (let i = 0; i < 64; i++) {
      const f = i < 16 ? (b & c) | (~b & d) : i < 32 ? (d & b) | (~d & c) : i < 48 ? b ^ c ^ d : c ^ (b | ~d);
      const sum = (a + f + K[i]! + w[G[i]!]!) | 0;
      const s = S[i]!;
      a = d;
      d = c;
      c = b;
      b = (b + ((sum << s) | (sum >>> (32 - s)))) | 0;
    }
    this.h[0] = (this.h[0]! + a) | 0;
    this.h[1] = (this.h[1]! + b) | 0;
    this.h[2] = (this.h[2]! + c) | 0;
    this.h[3] = (this.h[3]! + d) | 0;
  }
}
