import { describe, expect, it } from 'vitest';
import { looksLikeVideo } from './upload-sniff.ts';

const mp4Head = () => Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypisom'), Buffer.alloc(20)]);

describe('recognising a video by its first bytes', () => {
  it('accepts MP4, WebM and AVI headers', () => {
    expect(looksLikeVideo(mp4Head())).toBe(true);
    expect(looksLikeVideo(Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(16)]))).toBe(true);
    expect(looksLikeVideo(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('AVI LIST')]))).toBe(true);
  });

  it('refuses a text file, a PNG image and a file too short to tell', () => {
    expect(looksLikeVideo(Buffer.from('这不是视频，只是一段文字。'.repeat(4)))).toBe(false);
    expect(
      looksLikeVideo(Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(16)])),
    ).toBe(false);
    expect(looksLikeVideo(Buffer.from('ftyp'))).toBe(false);
  });
});
