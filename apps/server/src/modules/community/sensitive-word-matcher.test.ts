import { describe, expect, it } from 'vitest';
import { normalizeWord, textContent, WordMatcher } from './sensitive-word-matcher.ts';

describe('normalizeWord', () => {
  it('folds full-width letters and digits, lower-cases, and drops spaces and zero-width characters', () => {
    expect(normalizeWord('ＶＸ１２３')).toBe('vx123');
    expect(normalizeWord('加 微\u200b信\u3000刷\t单')).toBe('加微信刷单');
    expect(normalizeWord('QQ群')).toBe('qq群');
  });
});

describe('textContent', () => {
  it('drops tags and comments and reads entities, but keeps a plain less-than sign', () => {
    expect(textContent('<p>代<strong>开</strong>发<!-- x -->票</p>')).toBe('代开发票');
    expect(textContent('a &lt; b &amp;&#x4ee3;&#24320;')).toBe('a < b &代开');
    expect(textContent('1 < 2 > 0')).toBe('1 < 2 > 0');
  });
});

describe('WordMatcher', () => {
  const m = new WordMatcher(['代开发票', '加微信刷单', 'VX', '赌博', '网络赌博']);

  it('finds a word hidden by spaces, zero-width characters, full-width letters or case', () => {
    expect(m.firstIn('欢迎 代 开 发 票 联系')).toBe('代开发票');
    expect(m.firstIn('加微\u200d信刷单，日结')).toBe('加微信刷单');
    expect(m.firstIn('私聊ｖｘ')).toBe('VX');
    expect(m.firstIn('私聊vX')).toBe('VX');
  });

  it('reads HTML as its text: a word split by tags is found, a tag name or attribute is not text', () => {
    expect(m.firstIn('<p>代<em>开</em>发票</p>')).toBe('代开发票');
    expect(m.firstIn('<img src="/media/vx.png" alt="">正文')).toBeUndefined();
    expect(m.firstIn('<a href="https://example.com/vx">链接</a>')).toBeUndefined();
  });

  it('finds overlapping words and words inside words', () => {
    const o = new WordMatcher(['he', 'she', 'his', 'hers']);
    expect(o.allIn('ushers')).toEqual(['she', 'he', 'hers']);
    expect(m.allIn('严禁网络赌博')).toEqual(['网络赌博', '赌博']);
    expect(m.firstIn('严禁网络赌博')).toBe('网络赌博');
  });

  it('passes clean text, and an empty list passes everything', () => {
    expect(m.firstIn('今天学习了 TypeScript 的泛型。')).toBeUndefined();
    expect(new WordMatcher([]).firstIn('代开发票')).toBeUndefined();
    expect(new WordMatcher(['  ', '']).size).toBe(0);
  });

  it('keeps one entry for words that are the same once normalised', () => {
    expect(new WordMatcher(['代开发票', '代开 发票', 'ＶＸ', 'vx']).size).toBe(2);
  });

  /** Map lookups made while `run` runs: the automaton's steps, one per character plus one per fail link taken. */
  function lookups(run: () => void): number {
    const get = Map.prototype.get;
    let count = 0;
    Map.prototype.get = function (this: Map<unknown, unknown>, key: unknown) {
      count++;
      return get.call(this, key);
    };
    try {
      run();
    } finally {
      Map.prototype.get = get;
    }
    return count;
  }

  it('checks a 100 KB body against 5,000 words in one pass: at most two steps a character', () => {
    const words = Array.from(
      { length: 5000 },
      (_, i) => `禁词${i.toString(36)}号${String.fromCharCode(0x4e00 + (i % 500))}`,
    );
    const big = new WordMatcher(words);
    expect(big.size).toBe(5000);
    const para = '<p>这是一段正常的学习笔记，记录了 React 19 与 TypeScript 的使用心得，禁词不在这里。</p>';
    const body = para.repeat(Math.ceil(100_000 / para.length));
    const tail = `${body}<p>结尾有${words[4321]}</p>`;
    let clean: string | undefined = '';
    let dirty: string | undefined;
    const steps = lookups(() => {
      clean = big.firstIn(body);
      dirty = big.firstIn(tail);
    });
    expect(clean).toBeUndefined();
    expect(dirty).toBe(words[4321]);
    expect(steps).toBeLessThanOrEqual(2 * (textContent(body).length + textContent(tail).length));
  });

  it('does not go back over the text where a long word almost matches again and again', () => {
    // a matcher that restarts each candidate would take about 60 steps a character here
    const m = new WordMatcher([`${'刷'.repeat(60)}单`, '刷刷返']);
    const text = '刷'.repeat(20_000);
    let found: string | undefined = '';
    const steps = lookups(() => {
      found = m.firstIn(text);
    });
    expect(found).toBeUndefined();
    expect(steps).toBeLessThanOrEqual(2 * text.length);
    expect(m.firstIn(`${text}单`)).toBe(`${'刷'.repeat(60)}单`);
  });
});
