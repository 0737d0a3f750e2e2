import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { XSS_EVIL_HOST, XSS_MARKER, XSS_VECTORS } from '../../../../packages/contract/src/testing/xss-vectors.ts';
import { sanitizeRichText } from './html.ts';

/** What may survive, tag by tag: the allowlist of decision 39, written out again so a loosened sanitizer fails here. */
const ATTRIBUTES: Record<string, string[]> = {
  a: ['href', 'target', 'rel'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  video: ['src', 'controls', 'poster', 'width', 'height'],
  source: ['src', 'type'],
  code: ['class'],
  ol: ['start'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan'],
};
const HARMLESS_TAGS = new Set(
  [
    ...'p br hr div span h2 h3 h4 blockquote pre code strong b em i u s sub sup mark small kbd abbr q cite'.split(' '),
    ...'ruby rt rp ul ol li dl dt dd figure figcaption a img video source'.split(' '),
    ...'table caption colgroup col thead tbody tfoot tr th td'.split(' '),
  ].concat(Object.keys(ATTRIBUTES)),
);

/** A URL as a browser reads it: entities are decoded by the parser; control characters and whitespace ignored. */
const squeeze = (url: string) =>
  [...url]
    .filter((c) => c.codePointAt(0)! > 0x20 && (c.codePointAt(0)! < 0x7f || c.codePointAt(0)! > 0xa0))
    .join('')
    .toLowerCase();

/** Everything in cleaned HTML that could run a script, leave the page, or restyle it; [] when it is harmless. */
function dangersIn(html: string): string[] {
  const found: string[] = [];
  const parser = new Parser(
    {
      onopentag(tag, attribs) {
        if (!HARMLESS_TAGS.has(tag)) found.push(`<${tag}>`);
        for (const [name, value] of Object.entries(attribs)) {
          if (!(ATTRIBUTES[tag] ?? []).includes(name)) found.push(`<${tag} ${name}>`);
          const url = squeeze(value);
          if (['href', 'src', 'poster', 'cite'].includes(name)) {
            if (/^[a-z][a-z0-9+.-]*:/.test(url) && !/^(https?|mailto):/.test(url)) found.push(`${name}=${value}`);
            if (url.startsWith('//') || url.startsWith('/\\')) found.push(`${name}=${value}`);
            if (name !== 'href' && !url.startsWith('/media/')) found.push(`${name}=${value}`);
            if (url.includes('..')) found.push(`${name}=${value}`);
          }
          if (name === 'class' && !/^language-[a-z0-9]+$/.test(value)) found.push(`class=${value}`);
          if (name === 'target' && value !== '_blank') found.push(`target=${value}`);
          if (name === 'rel' && value !== 'noopener noreferrer nofollow ugc') found.push(`rel=${value}`);
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return found;
}

describe('the XSS corpus', () => {
  it('is large enough to mean something and follows the marker convention', () => {
    expect(XSS_VECTORS.length).toBeGreaterThanOrEqual(40);
    expect(new Set(XSS_VECTORS).size).toBe(XSS_VECTORS.length);
    expect(
      XSS_VECTORS.filter((v) => v.includes(XSS_MARKER) || v.includes(XSS_EVIL_HOST)).length,
    ).toBeGreaterThanOrEqual(40);
  });

  it('the check itself sees danger in raw vectors', () => {
    // a checker that passes everything would pass the sanitizer too
    const raw = XSS_VECTORS.filter((v) => dangersIn(v).length > 0);
    expect(raw.length).toBeGreaterThanOrEqual(50);
  });

  it.each(XSS_VECTORS.map((v) => [v]))('comes out harmless: %s', (vector) => {
    const out = sanitizeRichText(vector);
    expect(dangersIn(out)).toEqual([]);
    // cleaned HTML is stable: a second parse finds nothing new to remove, so nothing mutates on the way to the DOM
    expect(sanitizeRichText(out)).toBe(out);
    expect(out).not.toMatch(/<\/?(script|style|svg|math|iframe|object|embed|meta|base|link|form|template)\b/i);
  });

  it('comes out harmless all in one piece, as one field holding the whole corpus', () => {
    const out = sanitizeRichText(XSS_VECTORS.join('\n'));
    expect(dangersIn(out)).toEqual([]);
    // an unclosed <p> of one vector may wrap the next one's, which a second pass rewrites: harmless both times
    expect(dangersIn(sanitizeRichText(out))).toEqual([]);
  });
});
