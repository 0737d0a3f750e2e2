import { describe, expect, it } from 'vitest';
import { addSiteWords, queryWords } from './search-tokens.ts';

describe('the words of a keyword', () => {
  it('cuts a keyword again once the dictionary learns a name in it, and keeps each cut from its callers', () => {
    const keyword = '跟着罗青禾老师学 python';
    const before = queryWords(keyword);
    expect(before).not.toContain('罗青禾老师');
    before.push('changed by a caller');
    expect(queryWords(keyword)).not.toContain('changed by a caller');
    expect(addSiteWords(['罗青禾老师'])).toBe(1);
    expect(queryWords(keyword)).toContain('罗青禾老师');
    expect(queryWords(keyword)).toContain('python');
  });
});
