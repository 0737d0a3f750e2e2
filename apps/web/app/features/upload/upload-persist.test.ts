import { describe, expect, it } from 'vitest';
import { CHOOSE_AGAIN_MESSAGE, restoredQueue, type SavedUpload } from './upload-persist.ts';

const saved = (over: Partial<SavedUpload>): SavedUpload => ({
  key: 'k1',
  fileName: '第一课.mp4',
  size: 200_000_000,
  lastModified: 1,
  identifier: 'a'.repeat(32),
  target: { periodId: '11', periodName: '第一课' },
  ...over,
});
const server = (identifier: string, uploadedChunks: number) => ({
  identifier,
  fileName: 'x.mp4',
  totalSize: 20_480_000,
  totalChunks: 10,
  uploadedChunks,
  gmtModified: '2026-11-22 10:00:00',
});

describe('restoredQueue', () => {
  it('offers saved uploads again with the progress the server holds, plus uploads only the server knows', () => {
    const items = restoredQueue(
      [saved({}), saved({ key: 'k2', identifier: '' })],
      [server('a'.repeat(32), 4), server('b'.repeat(32), 3)],
    );
    expect(items.map((i) => [i.key, i.status, i.percent, i.target?.periodId ?? null])).toEqual([
      ['k1', 'needFile', 40, '11'],
      ['k2', 'needFile', 0, '11'],
      [`server-${'b'.repeat(32)}`, 'needFile', 30, null],
    ]);
    expect(items[0]!.msg).toBe(CHOOSE_AGAIN_MESSAGE);
  });

  it('leaves out what the lecturer cancelled, though the server still lists it', () => {
    expect(restoredQueue([], [server('b'.repeat(32), 3)], ['b'.repeat(32)])).toEqual([]);
  });
});
