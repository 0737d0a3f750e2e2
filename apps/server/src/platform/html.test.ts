import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './html.ts';

describe('rich text', () => {
  it('keeps formatting, links and images', () => {
    const html =
      '<h2>标题</h2><p><strong>加粗</strong> <a href="https://a.example">链接</a><img src="/media/a.png" alt="图"></p>';
    expect(sanitizeRichText(html)).toBe(
      '<h2>标题</h2><p><strong>加粗</strong> <a href="https://a.example" rel="noopener noreferrer nofollow ugc" target="_blank">链接</a><img src="/media/a.png" alt="图" /></p>',
    );
  });

  it('drops scripts, handlers and javascript links', () => {
    const out = sanitizeRichText(
      '<p onclick="x()">a<script>alert(1)</script><a href="javascript:alert(1)">b</a><img src=x onerror=alert(1)></p>',
    );
    expect(out).not.toMatch(/script|onclick|onerror|javascript/);
  });

  it('drops styles and classes: HTML of users may not restyle the page', () => {
    expect(sanitizeRichText('<p style="color:#f00;position:fixed" class="ant-modal-mask">x</p>')).toBe('<p>x</p>');
    expect(sanitizeRichText('<style>body{display:none}</style><p>x</p>')).toBe('<p>x</p>');
  });

  it('drops meta refreshes, forms, inputs, links, bases and frames', () => {
    const out = sanitizeRichText(
      '<meta http-equiv="refresh" content="0;url=https://evil.example"><base href="https://evil.example/">' +
        '<link rel="stylesheet" href="https://evil.example/a.css"><iframe src="https://evil.example"></iframe>' +
        '<form action="https://evil.example"><input name="password" type="password"><button>登录</button></form><p>x</p>',
    );
    expect(out).not.toMatch(/<(meta|base|link|iframe|form|input)/);
    expect(out).not.toContain('evil.example');
    expect(out).toContain('<p>x</p>');
  });

  it('keeps images from our /media/ only', () => {
    expect(sanitizeRichText('<img src="/media/a.png">')).toBe('<img src="/media/a.png" />');
    expect(sanitizeRichText('<img src="https://cdn.example/a.png"><p>x</p>')).toBe('<p>x</p>');
    for (const src of [
      'http://evil.example/b.gif',
      '//evil.example/b.gif',
      '/apis/user/auth/x',
      '/media/../apis/x',
      'data:image/png;base64,AA',
    ]) {
      expect(sanitizeRichText(`<p><img src="${src}">x</p>`)).toBe('<p>x</p>');
    }
  });

  it('leaves clean HTML as it was, so cleaning twice changes nothing', () => {
    const html =
      '<p><a href="https://a.example" rel="noopener noreferrer nofollow ugc" target="_blank">链接</a><img src="/media/a.png" alt="图" /></p>';
    expect(sanitizeRichText(sanitizeRichText(html))).toBe(sanitizeRichText(html));
  });
});
