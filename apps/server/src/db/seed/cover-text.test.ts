import { describe, expect, it } from 'vitest';
import { textWidth, wrapTitle } from './cover-text.ts';

// the course cover: 416 px of text at 34 px, two lines
const cover = (title: string) => wrapTitle(title, 416, 34, 2);
const fits = (line: string) => textWidth(line) * 34 <= 416;

describe('wrapTitle', () => {
  it('keeps a short title on one line', () => {
    expect(cover('SQL 数据查询入门')).toEqual(['SQL 数据查询入门']);
  });

  it('breaks between latin words, never inside one', () => {
    const lines = cover('新手体验：Excel 数据处理与分析入门课');
    expect(lines.join('')).not.toContain('Exc…');
    for (const line of lines) expect(line).not.toMatch(/^[a-z]/);
    expect(lines.some((l) => l.includes('Excel'))).toBe(true);
    for (const line of lines) expect(fits(line)).toBe(true);
  });

  it('never starts a line with closing punctuation', () => {
    // at 12 CJK characters a line, the 、 would fall at the start of the second line
    const lines = wrapTitle('一二三四五六七八九十甲乙、丙丁戊己', 12, 1, 2);
    expect(lines).toHaveLength(2);
    expect(lines[1]![0]).not.toBe('、');
    expect(lines[1]).toBe('乙、丙丁戊己');
    for (const title of ['前端开发入门：HTML、CSS 与 JavaScript', '数据可视化：让图表会说话，一看就懂。']) {
      for (const line of cover(title)) expect(line[0]).not.toMatch(/[、，。；：！？）》」]/);
    }
  });

  it('never ends a line with an opening mark', () => {
    const lines = wrapTitle('一二三四五六七八九十甲《乙丙》丁', 12, 1, 2);
    expect(lines[0]!.endsWith('《')).toBe(false);
    expect(lines[1]!.startsWith('《')).toBe(true);
  });

  it('ends with an ellipsis when the title needs more lines than the cover has', () => {
    const lines = cover('职场高效办公：Word、Excel、PPT 与汇报表达全流程实战训练营（含模板与案例）');
    expect(lines).toHaveLength(2);
    expect(lines[1]!.endsWith('…')).toBe(true);
    expect(lines[1]).not.toMatch(/[、，（\s]…$/);
    for (const line of lines) expect(fits(line)).toBe(true);
  });

  it('splits a word wider than the whole line', () => {
    const lines = wrapTitle('Supercalifragilisticexpialidocious', 200, 34, 3);
    for (const line of lines) expect(textWidth(line) * 34).toBeLessThanOrEqual(200);
    expect(lines.join('').replace('…', '')).toMatch(/^Supercal/);
  });
});
