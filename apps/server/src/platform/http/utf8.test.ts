import { describe, expect, it } from 'vitest';
import { utf8Bytes } from './utf8.ts';

const long = (piece: string) => piece.repeat(Math.ceil(4000 / piece.length));

describe('utf8Bytes', () => {
  it.each([
    ['short ASCII', '<p>hello</p>'],
    ['short Chinese', '数据分析入门'],
    ['long ASCII', long('<li class="x">abc</li>')],
    ['long Chinese with markup', long('<span>第 1 章 变量与类型</span>')],
    ['long with emoji', long('课程😀 ')],
    ['long Latin-1', long('café ÿ ')],
    ['long with a lone high surrogate', `${long('课')}\uD83D`],
    ['long with a lone low surrogate', `\uDC00${long('a')}`],
    ['long with the last code units', long('\u0000\u00ff\u0100\uffff')],
  ])('gives the bytes Buffer.from gives: %s', (_name, text) => {
    expect(utf8Bytes(text).equals(Buffer.from(text))).toBe(true);
  });

  it('gives an empty buffer for an empty text', () => {
    expect(utf8Bytes('').length).toBe(0);
  });
});
