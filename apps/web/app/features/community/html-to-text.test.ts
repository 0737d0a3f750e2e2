import { describe, expect, it } from 'vitest';
import { htmlToText } from './html-to-text.ts';
import { textToHtml } from './text-to-html.ts';

describe('a stored body as the phone edits it', () => {
  it('gives back the text a phone wrote, as the server stored it', () => {
    const typed = '第一段\n第二行 & <b>不是标签</b> "引号"\n\n第二段';
    // the server's sanitizer writes <br /> for <br> and leaves quotes as they are
    const stored = textToHtml(typed).replace(/<br>/g, '<br />');
    expect(htmlToText(stored)).toBe(typed);
    expect(htmlToText('<p>电脑上写的一段</p><p>又一段</p>')).toBe('电脑上写的一段\n\n又一段');
    expect(htmlToText('')).toBe('');
  });

  it('refuses a body the plain field would flatten', () => {
    for (const rich of [
      '<h2>标题</h2><p>正文</p>',
      '<p><strong>加粗</strong></p>',
      '<p><a href="https://example.com/">链接</a></p>',
      '<p>图</p><img src="/media/a.png" />',
      '<ul><li>一</li></ul>',
      '<pre><code>x = 1</code></pre>',
      '<p>一</p><p></p><p>空段之后</p>',
      '<p>a<br /><br />b</p>',
      '<p>&nbsp;缩进</p>',
      '<p> 前面有空格</p>',
      '正文没有段落',
    ])
      expect(htmlToText(rich), rich).toBeNull();
  });
});
