import { describe, expect, it } from 'vitest';
import { blankMatches, optionOrder, permutation, scoreAnswer, toShownKeys, toTrueKeys } from './exam-rules.ts';

const opts = (n: number) => Array.from({ length: n }, (_, i) => ({ key: String.fromCharCode(65 + i) }));

describe('scoring', () => {
  it('gives single choice and true/false all or nothing', () => {
    const p = { problemType: 1, answer: ['B'], options: opts(4) };
    expect(scoreAnswer(p, ['B'], 5, 1)).toEqual({ score: 5, isCorrect: 1, markStatus: 0 });
    expect(scoreAnswer(p, ['A'], 5, 1)).toEqual({ score: 0, isCorrect: 0, markStatus: 0 });
    expect(scoreAnswer(p, [], 5, 1).score).toBe(0);
    expect(scoreAnswer({ problemType: 3, answer: ['A'], options: opts(2) }, ['A'], 2, 0).score).toBe(2);
  });

  it('gives half of a multiple choice for some right keys and no wrong one, only under the half rule', () => {
    const p = { problemType: 2, answer: ['A', 'C', 'D'], options: opts(4) };
    expect(scoreAnswer(p, ['D', 'A', 'C'], 5, 1)).toEqual({ score: 5, isCorrect: 1, markStatus: 0 });
    expect(scoreAnswer(p, ['A', 'C'], 5, 1)).toEqual({ score: 2, isCorrect: 2, markStatus: 0 });
    expect(scoreAnswer(p, ['A', 'C'], 5, 0)).toEqual({ score: 0, isCorrect: 0, markStatus: 0 });
    expect(scoreAnswer(p, ['A', 'B'], 5, 1).score).toBe(0);
  });

  it('accepts any listed alternative in a blank, trimmed, ignoring Latin case and full-width forms', () => {
    expect(blankMatches(' Print ', 'print')).toBe(true);
    expect(blankMatches('ＬＥＮ（）', 'len|len()')).toBe(true);
    expect(blankMatches('len', 'len|len()')).toBe(true);
    expect(blankMatches('', 'x')).toBe(false);
    expect(blankMatches('北京', '北京|北京市')).toBe(true);
    const p = { problemType: 4, answer: ['print', 'len|len()', 'True'], options: [] };
    expect(scoreAnswer(p, ['print', 'LEN', 'true'], 6, 1)).toEqual({ score: 6, isCorrect: 1, markStatus: 0 });
    expect(scoreAnswer(p, ['print', 'size', ''], 6, 1)).toEqual({ score: 2, isCorrect: 2, markStatus: 0 });
  });

  it('sends a written short answer to the lecturer and scores an empty one 0', () => {
    const p = { problemType: 5, answer: ['参考'], options: [] };
    expect(scoreAnswer(p, ['我的回答'], 10, 1)).toEqual({ score: null, isCorrect: null, markStatus: 1 });
    expect(scoreAnswer(p, ['  '], 10, 1)).toEqual({ score: 0, isCorrect: 0, markStatus: 0 });
  });
});

describe('shuffling', () => {
  it('is a permutation fixed by seed and salt', () => {
    const a = permutation(8, 42, 'x');
    expect([...a].sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(permutation(8, 42, 'x')).toEqual(a);
    expect(new Set([1, 2, 3, 4, 5].map((seed) => permutation(8, seed, 'x').join())).size).toBeGreaterThan(1);
  });

  it('keeps true/false options in place and maps shown keys back to the true ones', () => {
    expect(optionOrder(3, 2, 7, '1', true)).toEqual([0, 1]);
    const order = [2, 0, 3, 1];
    expect(toTrueKeys(['A', 'B'], order)).toEqual(['C', 'A']);
    expect(toShownKeys(['C', 'A'], order)).toEqual(['A', 'B']);
    expect(toTrueKeys(['E'], order)).toEqual([]);
  });
});
