/**
 * Lines of a title drawn on a generated cover. SVG text does not wrap, so the demo's covers break their titles
 * here: by the width the characters take at the font size (CJK a full em, latin letters about half), between
 * latin words rather than inside them, never starting a line with closing punctuation or ending one with an
 * opening mark, and with an ellipsis when the title needs more lines than the cover has.
 */

/** Marks a line may not start with (kinsoku): they belong to the character before them. */
const CLOSING = new Set('、，。；：！？）》」』】〉〕］｝”’…％,.;:!?)]}%·'.split(''));
/** Marks a line may not end with: they belong to what follows. */
const OPENING = new Set('（《「『【〈〔［｛“‘([{'.split(''));
const ELLIPSIS = '…';

/** The advance of one character in em of a bold sans-serif face, a little generous so nothing overflows. */
export function charWidth(ch: string): number {
  const code = ch.codePointAt(0)!;
  if (code >= 0x2e80 || ch === ELLIPSIS) return 1;
  if (ch === ' ') return 0.3;
  if ('iljtfI.,;:!|\'"()[]'.includes(ch)) return 0.34;
  if ('mwMW@'.includes(ch)) return 0.9;
  if (/[A-Z]/.test(ch)) return 0.7;
  return 0.6;
}

export const textWidth = (s: string): number => [...s].reduce((w, ch) => w + charWidth(ch), 0);

/** Units that are never split: a run of latin letters and digits (with its own dots, pluses…), or one character. */
function tokens(text: string): string[] {
  return text.match(/[A-Za-z0-9][A-Za-z0-9+#.\-_/']*|\s+|./gsu) ?? [];
}

/** Splits a word wider than a whole line into pieces that fit. */
function splitLong(word: string, maxEm: number): string[] {
  const parts: string[] = [];
  let cur = '';
  for (const ch of word) {
    if (cur && textWidth(cur + ch) > maxEm) {
      parts.push(cur);
      cur = '';
    }
    cur += ch;
  }
  return cur ? [...parts, cur] : parts;
}

/**
 * The title's lines for a box `maxWidth` px wide at `fontSize` px, at most `maxLines` of them; the last ends in
 * an ellipsis when the title did not fit.
 */
export function wrapTitle(title: string, maxWidth: number, fontSize: number, maxLines: number): string[] {
  const maxEm = maxWidth / fontSize;
  const units = tokens(title.trim().replace(/\s+/g, ' ')).flatMap((t) =>
    textWidth(t) > maxEm ? splitLong(t, maxEm) : [t],
  );
  const lines: string[][] = [[]];
  const width = (line: string[]) => textWidth(line.join(''));
  for (const unit of units) {
    const line = lines[lines.length - 1]!;
    if (unit === ' ' && line.length === 0) continue;
    if (width(line) + textWidth(unit) <= maxEm || line.length === 0) {
      line.push(unit);
      continue;
    }
    if (unit === ' ') {
      // the space ends the line (trimmed when drawn, kept so the lines still spell the title)
      line.push(unit);
      lines.push([]);
      continue;
    }
    // the unit goes to a new line, with what may not be parted from it
    const carried: string[] = [unit];
    if (CLOSING.has(unit[0]!)) {
      // closing punctuation takes the character before it along (or hangs, if that would empty the line)
      if (line.length > 1) carried.unshift(line.pop()!);
      else {
        line.push(unit);
        continue;
      }
    }
    while (line.length > 1 && OPENING.has(line[line.length - 1]!)) carried.unshift(line.pop()!);
    lines.push(carried);
  }
  const raw = lines.map((l) => l.join('')).filter((l) => l.trim().length > 0);
  if (raw.length <= maxLines) return raw.map((l) => l.trim());
  const kept = raw.slice(0, maxLines - 1).map((l) => l.trim());
  return [
    ...kept,
    ellipsize(
      raw
        .slice(maxLines - 1)
        .join('')
        .trim(),
      maxEm,
    ),
  ];
}

/** Cuts a line so that it and an ellipsis fit, leaving no dangling space or punctuation before the ellipsis. */
function ellipsize(line: string, maxEm: number): string {
  let out = '';
  for (const ch of line) {
    if (textWidth(out + ch) + charWidth(ELLIPSIS) > maxEm) break;
    out += ch;
  }
  out = out.replace(/[\s、，。；：！？,.;:!?（《「『【〈“‘([{]+$/u, '');
  return out + ELLIPSIS;
}
