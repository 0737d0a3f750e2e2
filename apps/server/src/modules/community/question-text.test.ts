import { describe, expect, it } from 'vitest';
import { plainLength } from './question-text.ts';
import { plainSummary } from './question.presenter.ts';

describe('what a body holds', () => {
  it('counts text, not empty paragraphs or spaces; a picture or a table is content', () => {
    expect(plainLength('<p></p>')).toBe(0);
    expect(plainLength('<p>&nbsp; </p><p><br></p>')).toBe(0);
    expect(plainLength('<p>好</p>')).toBe(1);
    expect(plainLength('<p><img src="/media/a.png"></p>')).toBe(1);
    expect(plainLength('<table><tr><td></td></tr></table>')).toBe(1);
  });

  it('summarises HTML as plain text, cut at 120 characters', () => {
    expect(plainSummary('<p>a &lt;b&gt; &amp; c</p><pre><code>x</code></pre>')).toBe('a <b> & c x');
    expect([...plainSummary(`<p>${'问'.repeat(200)}</p>`)]).toHaveLength(121);
    expect(plainSummary('<p>cut <stro')).toBe('cut');
  });
});
