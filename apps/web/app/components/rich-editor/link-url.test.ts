import { describe, expect, it } from 'vitest';
import { safeLinkUrl } from './link-url.ts';

describe('the address of a link', () => {
  it('keeps web, mail and site addresses, and completes a bare domain', () => {
    expect(safeLinkUrl(' https://example.com/a?b=1 ')).toBe('https://example.com/a?b=1');
    expect(safeLinkUrl('http://example.com')).toBe('http://example.com');
    expect(safeLinkUrl('mailto:me@example.com')).toBe('mailto:me@example.com');
    expect(safeLinkUrl('/course/view/1')).toBe('/course/view/1');
    expect(safeLinkUrl('www.example.com/课程')).toBe('https://www.example.com/课程');
    expect(safeLinkUrl('例子.中国')).toBe('https://例子.中国');
  });

  it('refuses scripts, data and other schemes however they are spelled', () => {
    for (const url of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' \tjava\tscript:alert(1)',
      'java\u0000script:alert(1)',
      '&#106;avascript:alert(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      '//evil.example',
      '/\\evil.example',
      'https:/\\evil.example',
      'hello world',
      '',
    ]) {
      expect(safeLinkUrl(url), url).toBeNull();
    }
  });
});
