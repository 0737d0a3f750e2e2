import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './html.ts';

describe('rich text', () => {
  it('keeps formatting, links and images', () => {
    const html =
      '<h2>标题</h2><p><strong>加粗</strong> <a href="https://a.example">链接</a><img src="/media/a.png" alt="图"></p>';
    expect(sanitizeRichText(html)).toBe(
      '<h2>标题</h2><p><strong>加粗</strong> <a href="https://a.example" rel="noopener noreferrer">链接</a><img src="/media/a.png" alt="图" /></p>',
    );
  });

  it('drops scripts, handlers and javascript links', () => {
    const out = sanitizeRichText(
      '<p onclick="x()">a<script>alert(1)</script><a href="javascript:alert(1)">b</a><img src=x onerror=alert(1)></p>',
    );
    expect(out).not.toMatch(/script|onclick|onerror|javascript/);
  });

  it('keeps only harmless styles', () => {
    expect(sanitizeRichText('<p style="color:#f00;position:fixed">x</p>')).toBe('<p style="color:#f00">x</p>');
  });
});
