import { describe, expect, it } from 'vitest';
import { BlogViewCounter } from './blog-view-counter.ts';

describe('blog view counter', () => {
  it('writes concurrent views of a post as one addition and answers each after it is written', async () => {
    const writes: [bigint, number][] = [];
    let stored = 0;
    const counter = new BlogViewCounter(async (_site, id, n) => {
      writes.push([id, n]);
      stored += n;
      return stored;
    });
    const answers = await Promise.all([
      counter.view(10n, 1n),
      counter.view(10n, 1n),
      counter.view(10n, 1n),
      counter.view(10n, 2n),
    ]);
    expect(writes).toEqual([
      [1n, 3],
      [2n, 1],
    ]);
    // every answer comes after its write: the first post's three views all see its stored count
    expect(answers.slice(0, 3)).toEqual([3, 3, 3]);
  });

  it('rejects the waiting views when the write fails, so nothing unstored is acknowledged', async () => {
    const counter = new BlogViewCounter(async () => {
      throw new Error('database down');
    });
    await expect(counter.view(10n, 1n)).rejects.toThrow('database down');
  });
});
