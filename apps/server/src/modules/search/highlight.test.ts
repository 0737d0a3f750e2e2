import { describe, expect, it } from 'vitest';
import { excerpt, highlight } from './highlight.ts';

describe('highlight', () => {
  it('marks every matched word, case-insensitive, keeping the text as typed', () => {
    expect(highlight('Python 数据分析实战', ['python', '数据分析'])).toBe(
      '<mark>Python</mark> <mark>数据分析</mark>实战',
    );
  });
  it('escapes the text before marking, so markup in a title is shown as text', () => {
    expect(highlight('<b>SQL</b> & 索引', ['sql'])).toBe('&lt;b&gt;<mark>SQL</mark>&lt;/b&gt; &amp; 索引');
  });
  it('merges overlapping words into one mark', () => {
    expect(highlight('数据分析', ['数据', '数据分析', '分析'])).toBe('<mark>数据分析</mark>');
  });
  it('cuts a long text around its first match', () => {
    const long = '前'.repeat(200) + '关键词' + '后'.repeat(200);
    const out = excerpt(long, ['关键词'], 60);
    expect(out).toContain('<mark>关键词</mark>');
    expect(out.startsWith('…')).toBe(true);
    expect(out.endsWith('…')).toBe(true);
  });
});
