import { describe, expect, it } from 'vitest';
import { batchedRead } from './batched-read.ts';

describe('batched read', () => {
  it('answers each ask from one run of the asks made together, and fails them together', async () => {
    const runs: number[][] = [];
    const read = batchedRead<number, string>({
      max: 3,
      run: async (asks) => {
        runs.push(asks);
        if (asks.includes(13)) throw new Error('read failed');
        return asks.map((n) => `#${n}`);
      },
    });
    expect(await Promise.all([1, 2, 3, 4].map(read))).toEqual(['#1', '#2', '#3', '#4']);
    // at most three to a run: the fourth went in the next
    expect(runs).toEqual([[1, 2, 3], [4]]);
    const failing = [read(12), read(13)];
    await expect(failing[0]).rejects.toThrow('read failed');
    await expect(failing[1]).rejects.toThrow('read failed');
    expect(await read(14)).toBe('#14');
  });
});
