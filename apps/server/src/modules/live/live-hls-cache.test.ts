import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { LocalStorage } from '../../platform/storage.ts';
import { HLS_CACHE_MS, LiveHlsCache } from './live-hls-cache.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qk-hls-cache-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const storage = new LocalStorage(dir);
const key = (name: string) => `vod/live/10/1/2/${name}`;

describe('the HLS files of a broadcast, read once for all viewers', () => {
  it('reuses a playlist for 100 ms only, so a new segment is listed that much later at most', async () => {
    const cache = new LiveHlsCache(storage);
    await storage.put(key('index.m3u8'), Buffer.from('#EXTM3U\nseg_00001.ts\n'));
    const read = vi.spyOn(storage, 'read');
    const first = await Promise.all(Array.from({ length: 50 }, () => cache.file(key('index.m3u8'), true)));
    expect(read).toHaveBeenCalledTimes(1);
    expect(first.every((b) => b?.toString() === '#EXTM3U\nseg_00001.ts\n')).toBe(true);
    await storage.put(key('index.m3u8'), Buffer.from('#EXTM3U\nseg_00001.ts\nseg_00002.ts\n'));
    await new Promise((r) => setTimeout(r, HLS_CACHE_MS.playlist + 20));
    expect((await cache.file(key('index.m3u8'), true))?.toString()).toContain('seg_00002.ts');
    read.mockRestore();
  });

  it('does not keep a miss: a segment asked for before it is written is served once it is', async () => {
    const cache = new LiveHlsCache(storage);
    expect(await cache.file(key('seg_00003.ts'), false)).toBeUndefined();
    await storage.put(key('seg_00003.ts'), Buffer.from([0x47, 1, 2]));
    expect(await cache.file(key('seg_00003.ts'), false)).toEqual(Buffer.from([0x47, 1, 2]));
  });

  it('reads the session once a second for every viewer, and not a failure', async () => {
    const cache = new LiveHlsCache(storage);
    const load = vi.fn().mockRejectedValueOnce(new Error('database down')).mockResolvedValue({ id: 1 });
    await expect(cache.session('10:1', load)).rejects.toThrow('database down');
    await Promise.all(Array.from({ length: 20 }, () => cache.session('10:1', load)));
    expect(load).toHaveBeenCalledTimes(2);
  });
});
