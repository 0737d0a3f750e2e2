import { describe, expect, it, vi } from 'vitest';
import { memoryDoc as doc } from '../../testing/memory-docs.ts';
import { MemoryIndex, type MemoryDoc } from './memory-index.ts';
import { SumRanking } from './sum-ranking.ts';

const vocab = ['python', '实战', '入门', '数据', '数据分析', '面试', 'java', '前端'];

/** Entries of three types whose titles are their first words, so some hold a keyword as typed. */
function entries(): MemoryDoc[] {
  let seed = 19;
  const rand = (n: number) => (seed = (seed * 48271) % 2147483647) % n;
  return Array.from({ length: 800 }, (_, i) => {
    const words = [...new Set(Array.from({ length: 1 + rand(4) }, () => vocab[rand(vocab.length)]!))];
    const lexemes = words.map((w, k) => `'${w}':${k + 1}${'ABCD'[rand(4)]}`).join(' ');
    const type = [1, 1, 6, 7][rand(4)]!;
    return doc(i, words.slice(0, 1 + rand(2)).join(' '), lexemes, { popularity: rand(3), type });
  }).concat(
    // better scores than most, and titles holding a repeated term as typed whose scores are lower: the keyword as
    // typed lifts them past the better, so an order by score is read past its first entry below the bar
    Array.from({ length: 40 }, (_, i) => doc(1000 + i, 'python 高阶', "'python':1A,3,5", { type: 1 })),
    Array.from({ length: 40 }, (_, i) => doc(2000 + i, 'python python 技巧', "'python':1A '技巧':2B", { type: 1 })),
  );
}

/** A keyword of several terms matched as any of them, as the search's second way asks. */
const anyOf = (terms: string[]) => ({ anyOf: terms.map((t) => [[[t]]]) });

describe('ranking a keyword matched as any of its terms', () => {
  it('ranks and counts from each term’s order as the whole ranking does, ties, repeats and shared entries included', () => {
    const docs = entries();
    const keywords = [
      ['python', '实战'],
      ['数据', '入门', '面试'],
      ['python', 'python', '入门'],
      ['入门', 'python', 'python'],
      ['数据分析', '数据'],
      ['java', '前端', '实战'],
      ['面试', '实战'],
      ['python', 'python'],
    ];
    // a fresh copy for each ranking of the expected answer: its terms are met for the first time, read whole
    const fresh = () => {
      const index = new MemoryIndex();
      for (const d of docs) index.put(d);
      return index;
    };
    const answer = (index: () => MemoryIndex, terms: string[], q: ReturnType<typeof anyOf>) => {
      const bonus = { keyword: terms.join(' '), words: [...new Set(terms)] };
      return [1, 6].map((type) => {
        const tab = { type, price: '' as const };
        const a = index();
        const first = a.countsAndRanked(a.match(q), tab, bonus, 30);
        const b = index();
        return { ...first, deeper: b.ranked(b.match(q), tab, bonus, 20, 15) };
      });
    };
    const kept = fresh();
    const sumRank = vi.spyOn(SumRanking.prototype, 'rank');
    for (const terms of keywords) {
      const expected = answer(fresh, terms, anyOf(terms));
      expect(sumRank).not.toHaveBeenCalled();
      expect(expected[0]!.ids.length).toBeGreaterThan(0);
      // the first searches meet the terms; later ones rank them by their order
      const q = anyOf(terms);
      for (let round = 0; round < 4; round++) expect(answer(() => kept, terms, q)).toEqual(expected);
      expect(sumRank).toHaveBeenCalled();
      sumRank.mockClear();
    }
    sumRank.mockRestore();
  });
});
