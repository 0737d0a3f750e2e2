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

  it('gathers the views that arrive during a write into the next statement, written when it is done', async () => {
    const writes: ViewBatchItem[][] = [];
    const done: (() => void)[] = [];
    const counter = new BlogViewCounter(
      (items) =>
        new Promise((resolve) => {
          writes.push(items);
          done.push(() => resolve(new Map(items.map((i) => [viewKey(i.siteId, i.blogId), i.n]))));
        }),
    );
    const turn = () => new Promise((r) => setImmediate(r));
    const first = counter.view(10n, 1n);
    await turn();
    const later = [counter.view(10n, 2n), counter.view(10n, 1n)];
    await turn();
    const last = counter.view(10n, 1n);
    await turn();
    // one statement at a time: everything that arrived during it waits, and goes in the next one
    expect(writes).toHaveLength(1);
    done[0]!();
    expect(await first).toBe(1);
    await turn();
    await turn();
    expect(writes[1]).toEqual([
      { siteId: 10n, blogId: 1n, n: 2 },
      { siteId: 10n, blogId: 2n, n: 1 },
    ]);
    done[1]!();
    expect([...(await Promise.all(later)), await last]).toEqual([1, 2, 2]);
  });
});
