import { describe, expect, it } from 'vitest';
import { emptyAsBlank, plainToHtml } from './plain-to-html.ts';

describe('introductions written before the editor', () => {
  it('open as their paragraphs, with markup-like text escaped', () => {
    expect(plainToHtml('第一行\n\n第二行 <b>不是标签</b> & 其他')).toBe(
      '<p>第一行</p><p>第二行 &lt;b&gt;不是标签&lt;/b&gt; &amp; 其他</p>',
    );
  });

  it('leave HTML and nothing as they are', () => {
    expect(plainToHtml('<h2>标题</h2>')).toBe('<h2>标题</h2>');
    expect(plainToHtml('')).toBe('');
  });

  it("store the editor's empty document as nothing", () => {
    expect(emptyAsBlank('<p></p>')).toBe('');
    expect(emptyAsBlank('<p>x</p>')).toBe('<p>x</p>');
  });
});
