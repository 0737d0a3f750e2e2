import { expect, it } from 'vitest';
import { eachWord } from './word-postings.ts';

it('reads a tsvector’s words with ts_rank’s score of each and whether it is in the title', () => {
  const seen: [string, number, boolean][] = [];
  eachWord("'python':1A,12B,14B '与':24C 'it''s':3 'x':7B,9", (w, mark) =>
    seen.push([w, Math.round(((mark & 0x7fff) / 30_000) * 1000) / 1000, (mark & 0x8000) !== 0]),
  );
  // python: best weight 1 (A) first, then 0.4/2² and 0.4/3², over π²/6
  expect(seen).toEqual([
    ['python', Math.round(((1 + 0.4 / 4 + 0.4 / 9) / 1.64493406685) * 1000) / 1000, true],
    ['与', Math.round((0.2 / 1.64493406685) * 1000) / 1000, false],
    ["it's", Math.round((0.1 / 1.64493406685) * 1000) / 1000, false],
    ['x', Math.round(((0.4 + 0.1 / 4) / 1.64493406685) * 1000) / 1000, false],
  ]);
});
