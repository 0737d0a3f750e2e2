import { describe, expect, it } from 'vitest';
import { BlogViewCounter, viewKey, type ViewBatchItem } from './blog-view-counter.ts';

describe('blog view counter', () => {
  it('writes concurrent views of several posts as one statement and answers each after it is written', async () => {
    const writes: ViewBatchItem[][] = [];
    const stored = new Map<string, number>();
    const counter = new BlogViewCounter(async (items) => {
      writes.push(items);
      for (const i of items)
        stored.set(viewKey(i.siteId, i.blogId), (stored.get(viewKey(i.siteId, i.blogId)) ?? 0) + i.n);
      return new Map(stored);
    });
    const answers = await Promise.all([
      counter.view(10n, 1n),
      counter.view(10n, 1n),
      counter.view(10n, 1n),
      counter.view(10n, 2n),
    ]);
    expect(writes).toEqual([
      [
        { siteId: 10n, blogId: 1n, n: 3 },
        { siteId: 10n, blogId: 2n, n: 1 },
      ],
    ]);
    // every answer comes after its write: the first post's three views all see its stored count
    expect(answers).toEqual([3, 3, 3, 1]);
  });

  it('answers no count for a post the statement did not count', async () => {
    const counter = new BlogViewCounter(async () => new Map());
    expect(await counter.view(10n, 9n)).toBeUndefined();
  });

  it('rejects the waiting views when the write fails, so nothing unstored is acknowledged', async () => {
    const counter = new BlogViewCounter(async () => {
      throw new Error('database down');
    });
    await expect(counter.view(10n, 1n)).rejects.toThrow('database down');
  });
});
