/**
 * Marks the matched words of a result: the text is escaped piece by piece and only our own <mark> tags are added,
 * so a title holding markup shows it as text (safe: escape, then mark).
 */
const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ESC[c]!);

/** Ranges of `text` that any of `words` covers (case-insensitive), merged. */
function ranges(text: string, words: string[]): [number, number][] {
  const lower = text.toLowerCase();
  const found: [number, number][] = [];
  for (const w of words) {
    if (!w) continue;
    const needle = w.toLowerCase();
    for (let at = lower.indexOf(needle); at >= 0; at = lower.indexOf(needle, at + needle.length)) {
      found.push([at, at + needle.length]);
    }
  }
  found.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: [number, number][] = [];
  for (const r of found) {
    const last = merged[merged.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else merged.push([r[0], r[1]]);
  }
  return merged;
}

export function highlight(text: string, words: string[]): string {
  let out = '';
  let from = 0;
  for (const [a, b] of ranges(text, words)) {
    out += escapeHtml(text.slice(from, a)) + '<mark>' + escapeHtml(text.slice(a, b)) + '</mark>';
    from = b;
  }
  return out + escapeHtml(text.slice(from));
}

/** About `width` characters of a long text around its first match, marked. */
export function excerpt(text: string, words: string[], width = 120): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= width) return highlight(flat, words);
  const first = ranges(flat, words)[0]?.[0] ?? 0;
  const start = Math.max(0, Math.min(first - 20, flat.length - width));
  const piece = flat.slice(start, start + width);
  return (start > 0 ? '…' : '') + highlight(piece, words) + (start + width < flat.length ? '…' : '');
}
