import { describe, expect, it } from 'vitest';
import { RisingBar } from './best-few.ts';
import { HitSets, placesOf, type Hits } from './hit-sets.ts';
import { memoryDoc as doc, later } from '../../testing/memory-docs.ts';
import { MemoryIndex } from './memory-index.ts';

const all = (...words: string[]) => ({ anyOf: [words.map((w) => [[w]])] });
const bonus = (keyword: string, words = [keyword]) => ({ keyword, words });
const course = { type: 1, price: '' as const };

function seeded() {
  const index = new MemoryIndex();
  index.put(doc(1, 'Python 入门', "'python':1A '入门':2A '王老师':3B"));
  index.put(doc(2, 'Python 数据分析', "'python':1A '数据':2A '分析':3A '数据分析':4A '李老师':5B", { popularity: 9 }));
  index.put(doc(3, 'Excel 函数', "'excel':1A '函数':2A 'python':3C", { price: 990, categoryIds: [7n, 70n] }));
  index.put(doc(4, 'Pythonic 写法', "'pythonic':1A '写法':2A", { type: 6 }));
  return index;
}

describe('the search index in memory', () => {
  it('matches words as prefixes, every word required, and counts per type', () => {
    const index = seeded();
    const pyth = index.match(all('pyth'));
    expect(index.counts(pyth)).toEqual([
      { type: 1, count: 3 },
      { type: 6, count: 1 },
    ]);
    expect(index.counts(index.match(all('python', '数据')))).toEqual([{ type: 1, count: 1 }]);
    expect(index.counts(index.match(all('python', '没有')))).toEqual([]);
  });

  it('ranks a title word over a summary word, then the title holding the keyword, then popularity', () => {
    const index = seeded();
    const hits = index.match(all('python'));
    expect(index.ranked(hits, course, bonus('python'), 10)).toEqual([2n, 1n, 3n]);
    expect(index.ranked(hits, course, bonus('python'), 1, 1)).toEqual([1n]);
    expect(index.ranked(hits, { types: [1, 6] }, bonus('python'), 10)).toEqual([2n, 4n, 1n, 3n]);
  });

  it('weighs a keyword matched as any of its terms by its share of them, against the title bonus', () => {
    const index = new MemoryIndex();
    // one term in the title, against all three terms in the text: a third of each word score counts
    index.put(doc(1, '面试', "'面试':1A"));
    index.put(doc(2, '其他', "'java':1B,2B '面试':3B,4B 'excel':5B,6B"));
    const any = { anyOf: [[[['java']]], [[['面试']]], [[['excel']]]] };
    const hits = index.match(any);
    expect(index.ranked(hits, course, bonus('java 面试 excel', ['java', '面试', 'excel']), 10)).toEqual([1n, 2n]);
  });

  it('filters by price and by a category among the entry’s ancestors', () => {
    const index = seeded();
    const hits = index.match(all('python'));
    expect(index.ranked(hits, { ...course, price: 'paid' }, bonus('python'), 10)).toEqual([3n]);
    expect(index.total(hits, { ...course, price: 'free' })).toBe(2);
    expect(index.ranked(hits, { ...course, categoryId: 7n }, bonus('python'), 10)).toEqual([3n]);
    expect(index.total(hits, { ...course, categoryId: 8n })).toBe(0);
  });

  it('matches a long word as its shorter words, and any of several terms', () => {
    const index = seeded();
    expect(index.counts(index.match({ anyOf: [[[['数据分'], ['数据', '分析']]]] }))).toEqual([{ type: 1, count: 1 }]);
    const either = index.match({ anyOf: [[[['excel']]], [[['入门']]]] });
    expect(index.ranked(either, course, bonus('excel 入门', ['excel', '入门']), 10).sort()).toEqual([1n, 3n]);
  });

  it('suggests from titles only: the one holding what was typed first, courses before posts', () => {
    const index = seeded();
    const hits = index.match({ anyOf: [[[['pyth']]]], titleOnly: true });
    expect(index.suggest(hits, 'pyth', 10).map((s) => s.id)).toEqual(['2', '1', '4']);
    // python is only in course 3's summary
    expect(index.suggest(hits, 'pyth', 10).map((s) => s.id)).not.toContain('3');
  });

  it('applies an edit, keeps the newer of two readings, and never brings back what was removed later', () => {
    const index = seeded();
    const edit = doc(1, 'Go 入门', "'go':1A '入门':2A");
    expect(index.put(edit)).toBe(true);
    expect(index.counts(index.match(all('python')))).toEqual([
      { type: 1, count: 2 },
      { type: 6, count: 1 },
    ]);
    // an older reading of entry 1 arriving late changes nothing
    expect(index.put({ ...doc(1, 'Python 入门', "'python':1A"), modified: edit.modified - 1 })).toBe(false);
    expect(index.counts(index.match(all('go')))).toEqual([{ type: 1, count: 1 }]);

    const removedAt = later();
    expect(index.remove(1, 2n, removedAt)).toBe(true);
    expect(index.put({ ...doc(2, 'Python 数据分析', "'python':1A"), modified: removedAt - 1 })).toBe(false);
    expect(index.ranked(index.match(all('python')), course, bonus('python'), 10)).toEqual([3n]);
    // a removal read late, older than the entry's last write, leaves it
    expect(index.remove(1, 1n, edit.modified - 1)).toBe(false);
    expect(index.size).toBe(3);
    // written again after its removal: found again
    expect(index.put(doc(2, 'Python 数据分析', "'python':1A"))).toBe(true);
    expect(index.size).toBe(4);
  });

  it('answers the same after compacting away edited entries', () => {
    const index = new MemoryIndex();
    for (let i = 0; i < 50; i++) index.put(doc(i, `课程 ${i}`, `'课程':1A 'n${i}':2A`, { popularity: i }));
    for (let round = 0; round < 3; round++)
      for (let i = 0; i < 50; i += 2) index.put(doc(i, `课程 ${i}`, `'课程':1A 'n${i}':2A`, { popularity: i }));
    const before = index.ranked(index.match(all('课程')), course, bonus('课程'), 100);
    index.compact();
    expect(index.size).toBe(50);
    expect(index.ranked(index.match(all('课程')), course, bonus('课程'), 100)).toEqual(before);
    expect(before.slice(0, 3)).toEqual([49n, 48n, 47n]);
    expect(index.counts(index.match(all('n4')))).toEqual([{ type: 1, count: 11 }]);
    // written again after the lists were packed together: a list grows out of the shared arrays, its neighbours kept
    index.put(doc(4, '课程 4', "'课程':1A 'n4':2A 'extra':3C", { popularity: 4 }));
    index.put(doc(3, '课程 3', "'课程':1A 'n3':2A", { popularity: 3 }));
    expect(index.counts(index.match(all('n4')))).toEqual([{ type: 1, count: 11 }]);
    expect(index.ranked(index.match(all('extra')), course, bonus('extra'), 10)).toEqual([4n]);
    expect(index.ranked(index.match(all('课程')), course, bonus('课程'), 100)).toEqual(before);
  });

  it('answers from the matches it keeps of each word, each term as typed and each pair of terms as a fresh copy does, and sees an edit at once', () => {
    const vocab = ['数据', '分析', '数据分析', 'python', 'java', '入门', '实战', '面试', '前端', 'excel'];
    let seed = 7;
    const rand = (n: number) => (seed = (seed * 48271) % 2147483647) % n;
    // 600 entries: the common words match over an eighth of the ordinals, so they are narrowed by through their places
    const docs = Array.from({ length: 600 }, (_, i) => {
      const words = [...new Set(Array.from({ length: 1 + rand(5) }, () => vocab[rand(vocab.length)]!))];
      const lexemes = words.map((w, k) => `'${w}':${k + 1}${'ABCD'[rand(4)]}`).join(' ');
      return doc(i, words.slice(0, 2).join(' '), lexemes, { popularity: rand(50), type: rand(3) ? 1 : 6 });
    });
    const kept = new MemoryIndex();
    for (const d of docs) kept.put(d);
    // each word alone first: its matches are then kept, and the keywords holding it narrow by them
    const queries = [
      ...['python', '实战', '入门', '数据', '面试', 'java'].map((w) => all(w)),
      all('python', '实战'),
      all('实战', 'python'),
      all('数据', '入门', '实战'),
      // three terms and more: the first two's matches together are kept as well, and narrowed by the rest
      all('数据', '入门', '面试'),
      all('入门', '数据', 'java'),
      all('python', '实战', '面试', '入门'),
      { anyOf: [[[['数据分'], ['数据', '分析']]], [[['java']], [['面试']]]] },
      { anyOf: [[[['前端']]], [[['excel']]], [[['入']]]] },
      all('数据', '面试'),
    ];
    const answer = (index: MemoryIndex, q: (typeof queries)[number]) => {
      const hits = index.match(structuredClone(q));
      return { counts: index.counts(hits), ids: index.ranked(hits, course, bonus('x'), 500) };
    };
    const fresh = (q: (typeof queries)[number]) => {
      const index = new MemoryIndex();
      for (const d of docs) index.put(d);
      return answer(index, q);
    };
    // what every word of a keyword matches, read from the entries themselves
    const holding = (words: string[]) => {
      const byType = new Map<number, number>();
      for (const d of docs)
        if (words.every((w) => d.lexemes.split(' ').some((l) => l.startsWith(`'${w}`))))
          byType.set(d.type, (byType.get(d.type) ?? 0) + 1);
      return [...byType].sort((a, b) => a[0] - b[0]).map(([type, count]) => ({ type, count }));
    };
    for (let round = 0; round < 3; round++)
      for (const q of queries) {
        expect(answer(kept, q)).toEqual(fresh(q));
        if (q.anyOf.length === 1 && q.anyOf[0]!.every((t) => t.length === 1 && t[0]!.length === 1))
          expect(answer(kept, q).counts).toEqual(holding(q.anyOf[0]!.map((t) => t[0]![0]!)));
      }
    // an entry edited: its old words are no longer its matches, its new ones are
    const edited = doc(5, 'java 面试', "'java':1A '面试':2A", { popularity: 99, type: docs[5]!.type });
    docs[5] = edited;
    kept.put(edited);
    for (const q of queries) expect(answer(kept, q)).toEqual(fresh(q));
    const javaInterview = kept.match(all('java', '面试'));
    expect(kept.ranked(javaInterview, { type: edited.type, price: '' }, bonus('x'), 1)).toEqual([5n]);
  });

  it('narrows by a term’s places by ordinal as by its entries', () => {
    const hits = (docs: number[]): Hits => ({
      docs: Int32Array.from(docs),
      scores: Float32Array.from(docs, (d) => d / 8),
      titles: Uint8Array.from(docs, (d) => d % 2),
    });
    const sets = new HitSets();
    sets.grow(64);
    const by = hits([40, 3, 17, 8, 14, 25, 60]);
    const places = placesOf(by, sets.capacity);
    const through = sets.narrowed(hits([1, 3, 8, 9, 14, 25, 63]), by, false, places);
    const stamped = sets.narrowed(hits([1, 3, 8, 9, 14, 25, 63]), by, false);
    expect([...through.docs]).toEqual([3, 8, 14, 25]);
    expect(through).toEqual(stamped);
    expect([...through.scores]).toEqual([0.75, 2, 3.5, 6.25]);
    expect([...through.titles]).toEqual([2, 0, 0, 2]);
  });

  it('ranks the best few of many as the whole ranking does, ties at the bar included', () => {
    let seed = 11;
    const rand = (n: number) => (seed = (seed * 48271) % 2147483647) % n;
    const index = new MemoryIndex();
    // three weights and few popularities: many entries share a figure, and the bar falls among equals
    for (let i = 0; i < 400; i++)
      index.put(doc(i, `t${i}`, `'python':${1 + rand(3)}${'ABC'[rand(3)]}`, { popularity: rand(4) }));
    const hits = index.match(all('python'));
    const whole = index.ranked(hits, course, bonus('x'), 400);
    expect(whole).toHaveLength(400);
    for (const [limit, offset] of [
      [1, 0],
      [20, 0],
      [20, 40],
      [7, 113],
      [100, 250],
    ] as const)
      expect(index.ranked(hits, course, bonus('x'), limit, offset)).toEqual(whole.slice(offset, offset + limit));
  });

  it('keeps the k-th largest of the values read as its bar, over repeated, distinct and rising values', () => {
    let seed = 5;
    const rand = (n: number) => (seed = (seed * 48271) % 2147483647) % n;
    const repeated = Array.from({ length: 301 }, () => rand(9) / 4);
    const distinct = Array.from({ length: 301 }, () => rand(1_000_000) / 7);
    const rising = Array.from({ length: 301 }, (_, i) => i / 3);
    for (const values of [repeated, distinct, rising]) {
      const sorted = [...values].sort((a, b) => b - a);
      for (const k of [1, 2, 50, 150, 300, 301]) {
        const bar = new RisingBar(k);
        // a ranking adds only what reaches the bar
        for (const v of values) if (v >= bar.bar) bar.add(v);
        expect(bar.bar).toBe(sorted[k - 1]);
      }
    }
    const few = new RisingBar(3);
    few.add(1);
    few.add(1);
    expect(few.bar).toBe(-Infinity);
  });
});
