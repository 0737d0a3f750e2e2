import { afterEach, describe, expect, it } from 'vitest';
import { IndexThread } from './index-thread.ts';
import { memoryDoc as doc, later } from '../../testing/memory-docs.ts';
import { MemoryIndex } from './memory-index.ts';

const DOCS = [
  doc(1, 'Python 入门', "'python':1A '入门':2A '王老师':3B"),
  doc(2, 'Python 数据分析', "'python':1A '数据':2A '分析':3A '数据分析':4A '李老师':5B", { popularity: 9 }),
  doc(3, 'Excel 函数', "'excel':1A '函数':2A 'python':3C", { price: 990, categoryIds: [7n, 70n] }),
  doc(4, 'Pythonic 写法', "'pythonic':1A '写法':2A", { type: 6 }),
];
const pyth = { anyOf: [[[['pyth']]]] };
const course = { type: 1, price: '' as const };
const bonus = { keyword: 'pyth', words: ['pyth'] };

let thread: IndexThread;
afterEach(async () => thread?.close());

describe('the search thread', () => {
  it('answers as the index in this thread does', async () => {
    thread = new IndexThread();
    const copy = await thread.create();
    expect(await copy.apply([], DOCS)).toBe(true);
    expect(await copy.compact()).toBe(4);
    const here = new MemoryIndex();
    for (const d of DOCS) here.put(d);
    const hits = here.match(pyth);

    expect(await copy.counts(pyth)).toEqual(here.counts(hits));
    expect(await copy.countsAndRanked([pyth], course, bonus, 10)).toEqual({
      way: 0,
      ...here.countsAndRanked(hits, course, bonus, 10),
      total: -1,
    });
    // the first way that finds anything answers, and says which it was
    const none = { anyOf: [[[['没有这个词']]]] };
    expect((await copy.countsAndRanked([none, pyth], course, bonus, 10)).way).toBe(1);
    expect(await copy.countsAndRanked([none], course, bonus, 10)).toEqual({ way: -1, counts: [], ids: [], total: 0 });
    expect(await copy.ranked(pyth, { ...course, price: 'paid' }, bonus, 10)).toEqual({ ids: [3n], total: 1 });
    expect(await copy.ranked(pyth, { types: [1, 6] }, bonus, 2, 1)).toEqual({
      ids: here.ranked(hits, { types: [1, 6] }, bonus, 2, 1),
      total: -1,
    });
    expect(await copy.suggest({ ...pyth, titleOnly: true }, 'pyth', 8)).toEqual(
      here.suggest(here.match({ ...pyth, titleOnly: true }), 'pyth', 8),
    );
  });

  it('applies removals and writes in the order asked, a stale reading changing nothing', async () => {
    thread = new IndexThread();
    const copy = await thread.create();
    await copy.apply([], DOCS);
    const removedAt = later();
    expect(await copy.apply([{ type: 1, refId: 2n, modified: removedAt }], [])).toBe(true);
    // a reading of entry 2 from before its removal comes late
    expect(await copy.apply([], [{ ...DOCS[1]!, modified: removedAt - 1 }])).toBe(false);
    expect((await copy.countsAndRanked([pyth], course, bonus, 10)).ids).toEqual([1n, 3n]);
    // a search asked right after a write, without waiting for it, sees it
    void copy.apply([], [doc(5, 'Python 爬虫', "'python':1A '爬虫':2A")]);
    expect((await copy.counts(pyth)).find((c) => c.type === 1)?.count).toBe(3);
  });

  it('refuses an ask it cannot answer and goes on answering; a stopped thread holds no copy', async () => {
    thread = new IndexThread();
    const copy = await thread.create();
    await copy.apply([], DOCS);
    await copy.drop();
    await expect(copy.counts(pyth)).rejects.toThrow(/not held/);
    const other = await thread.create();
    await other.apply([], DOCS);
    expect(await other.counts(pyth)).toHaveLength(2);
    expect(other.held).toBe(true);

    await thread.close();
    expect(other.held).toBe(false);
    await expect(other.counts(pyth)).rejects.toThrow(/closed/);
  });
});
