import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MarkdownLite } from './markdown-lite.tsx';

const html = (source: string) => renderToStaticMarkup(createElement(MarkdownLite, { source }));

describe('library documents in markdown', () => {
  it('shows headings, lists, code and bold as such', () => {
    const out = html(
      '# 安装\n\n先设置**身份**：\n\n```\ngit config --global user.name "你"\n```\n\n- `git add` 暂存\n- 提交\n\n1. 第一步\n2. 第二步',
    );
    expect(out).toContain('<h2>安装</h2>');
    expect(out).toContain('<p>先设置<strong>身份</strong>：</p>');
    expect(out).toContain('<pre class="qk-md__code"><code>git config --global user.name &quot;你&quot;</code></pre>');
    expect(out).toContain('<ul><li><code>git add</code> 暂存</li><li>提交</li></ul>');
    expect(out).toContain('<ol><li>第一步</li><li>第二步</li></ol>');
  });

  it('never lets markup in a document into the page', () => {
    const out = html('<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>');
    expect(out).not.toContain('<script>');
    expect(out).not.toContain('<img');
    expect(out).toContain('&lt;script&gt;');
  });
});
