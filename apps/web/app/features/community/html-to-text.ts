import { textToHtml } from './text-to-html.ts';

const unescape = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/**
 * A stored body as the text a phone's plain field edits, or null when the body holds more than that field can give
 * back (a heading, a list, a link, an image, an empty paragraph, an entity of its own): saving the text again must
 * store the same body, or the phone would flatten what the rich editor wrote. The server writes `<br />` for the
 * `<br>` of `textToHtml`.
 */
export function htmlToText(html: string): string | null {
  const body = html.trim().replace(/<br\s*\/?>/g, '<br>');
  if (!/^(<p>(?:[^<]|<br>)*<\/p>)*$/.test(body)) return null;
  const text = body
    .slice(3, -4)
    .split('</p><p>')
    .map((p) => unescape(p.replace(/<br>/g, '\n')))
    .join('\n\n');
  return textToHtml(text) === body ? text : null;
}
