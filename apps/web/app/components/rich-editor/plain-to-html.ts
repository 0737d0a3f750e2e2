const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Introductions written before the editor may be plain text whose line breaks were its paragraphs (the course page
 * showed them as such): the editor opens them as those paragraphs rather than one run-on line. HTML passes as it is.
 */
export function plainToHtml(value: string): string {
  if (!value.trim() || /^\s*</.test(value)) return value;
  return value
    .split(/\r?\n/)
    .map((line) => (line.trim() ? `<p>${escape(line)}</p>` : ''))
    .join('');
}

/** The editor's empty document is one empty paragraph: stored as nothing. */
export function emptyAsBlank(html: string): string {
  return /^(<p><\/p>)*$/.test(html) ? '' : html;
}
