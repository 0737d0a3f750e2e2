/** The words of the search index in memory (decision 59): each word's postings, read from a tsvector's text. */

// ts_rank's default weights are A 1, B 0.4, C 0.2, D 0.1 (eachWord); a word's score in an entry is at most ~1.0:
// kept in 15 bits, the 16th says the word is in the title
export const SCALE = 30_000;
export const TITLE = 0x8000;

/**
 * Calls `each` with every word of a tsvector's text form ('word':1A,5 …) and its mark: the word's score in the entry
 * as ts_rank scores one word (its best weight, plus each further occurrence's weight divided by the square of its
 * place, over the limit of that sum, π²/6), and the title bit when it is in the title (weight A). Read by hand: a
 * load reads millions of them.
 */
export function eachWord(lexemes: string, each: (word: string, mark: number) => void): void {
  const end = lexemes.length;
  let i = lexemes.indexOf("'");
  while (i >= 0 && i < end) {
    let j = i + 1;
    let doubled = false;
    for (; j < end; j++) {
      if (lexemes.charCodeAt(j) !== 39) continue;
      if (lexemes.charCodeAt(j + 1) !== 39) break;
      doubled = true;
      j++;
    }
    const raw = lexemes.slice(i + 1, j);
    const word = doubled ? raw.replaceAll("''", "'") : raw;
    // positions after the colon: digits, a weight letter unless D, commas between
    let sum = 0;
    let best = -1;
    let bestAt = 0;
    let place = 0;
    let title = false;
    let k = j + 2;
    for (; k <= end; k++) {
      const c = k < end ? lexemes.charCodeAt(k) : 32;
      if (c >= 48 && c <= 57) continue;
      if (c === 44 || c === 32) {
        const letter = lexemes.charCodeAt(k - 1);
        const w = letter === 65 ? 1 : letter === 66 ? 0.4 : letter === 67 ? 0.2 : 0.1;
        if (letter === 65) title = true;
        place++;
        sum += w / (place * place);
        if (w > best) {
          best = w;
          bestAt = place;
        }
        if (c === 32) break;
      }
    }
    const score = (best + sum - best / (bestAt * bestAt)) / 1.64493406685;
    each(word, Math.min(TITLE - 1, Math.round(score * SCALE)) | (title ? TITLE : 0));
    i = lexemes.indexOf("'", k);
  }
}

export class Postings {
  docs = new Int32Array(4);
  marks = new Uint16Array(4);
  len = 0;
  push(doc: number, mark: number): void {
    // a full list grows into arrays of its own, also out of the shared ones a compaction packs it into
    if (this.len === this.docs.length) {
      const docs = new Int32Array(Math.max(4, this.len * 2));
      docs.set(this.docs);
      const marks = new Uint16Array(Math.max(4, this.len * 2));
      marks.set(this.marks);
      this.docs = docs;
      this.marks = marks;
    }
    this.docs[this.len] = doc;
    this.marks[this.len++] = mark;
  }
  /** Keeps the live postings, renumbered. */
  compact(remap: Int32Array): void {
    let k = 0;
    for (let i = 0; i < this.len; i++) {
      const to = remap[this.docs[i]!]!;
      if (to < 0) continue;
      this.docs[k] = to;
      this.marks[k++] = this.marks[i]!;
    }
    this.len = k;
  }
}

/** The first index in a sorted array not below `key`. */
export function lowerBound(sorted: string[], key: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
