import zlib from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sendChunk } from './chunk-transport.ts';

afterEach(() => vi.unstubAllGlobals());

describe('sending a chunk', () => {
  it('sends the protocol fields, the CRC-32 of the bytes, then the bytes as file', async () => {
    let sent: FormData | undefined;
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      sent = init.body as FormData;
      return new Response(
        JSON.stringify({ code: 200, msg: '', data: { skipUpload: false, uploaded: [1], video: null } }),
      );
    });
    const bytes = new Uint8Array(5000).map((_, i) => (i * 31) % 251);
    const fields = {
      chunkNumber: 1,
      chunkSize: 2_048_000,
      currentChunkSize: 5000,
      totalSize: 5000,
      identifier: 'a'.repeat(32),
      filename: '第一课.mp4',
      relativePath: '第一课.mp4',
      totalChunks: 1,
    };
    expect(await sendChunk(fields, new Blob([bytes]), new AbortController().signal)).toEqual({
      skipUpload: false,
      uploaded: [1],
      video: null,
    });
    const names = [...sent!.keys()];
    expect(names.at(-1)).toBe('file');
    expect(sent!.get('chunkCrc32')).toBe(zlib.crc32(bytes).toString(16).padStart(8, '0'));
    expect(new Uint8Array(await (sent!.get('file') as Blob).arrayBuffer())).toEqual(bytes);
    expect(sent!.get('chunkNumber')).toBe('1');
  });
});
