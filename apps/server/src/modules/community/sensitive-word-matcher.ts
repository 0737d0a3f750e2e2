/**
 * Finds a site's sensitive words in users' text: one pass over the text whatever the number of words
 * (Aho–Corasick), on the text as a reader sees it.
 */

/** Characters that show nothing, or only space, and so may be slipped inside a word to hide it. */
const INVISIBLE_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x0085, 0x0085],
  [0x00a0, 0x00a0],
  [0x00ad, 0x00ad],
  [0x034f, 0x034f],
  [0x061c, 0x061c],
  [0x115f, 0x1160],
  [0x1680, 0x1680],
  [0x17b4, 0x17b5],
  [0x180e, 0x180e],
  [0x2000, 0x200f],
  [0x2028, 0x202f],
  [0x205f, 0x206f],
  [0x3000, 0x3000],
  [0x3164, 0x3164],
  [0xfeff, 0xfeff],
];

/** Whether a code point is a han character or hangul syllable: the bulk of the text, neither folded nor hidden. */
const plain = (code: number): boolean => (code >= 0x3400 && code <= 0x9fff) || (code >= 0xac00 && code <= 0xd7af);

function invisible(code: number): boolean {
  if (code < 0x80) return code <= 0x20 || code === 0x7f;
  if (plain(code)) return false;
  return INVISIBLE_RANGES.some(([lo, hi]) => code >= lo && code <= hi);
}

/** One code point as the matcher compares it: full-width letters, digits and signs as half-width, lower case. */
function fold(code: number): number {
  if (code < 0x80) return code >= 0x41 && code <= 0x5a ? code + 32 : code;
  if (plain(code)) return code;
  if (code >= 0xff01 && code <= 0xff5e) return fold(code - 0xfee0);
  return String.fromCodePoint(code).toLowerCase().codePointAt(0)!;
}

/** Calls `each` with every code point of the text as the matcher compares it, skipping invisible ones. */
function eachFolded(text: string, each: (code: number) => boolean | void): void {
  for (let i = 0; i < text.length; i++) {
    let code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        code = (code - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
        i++;
      }
    }
    if (!invisible(code) && each(fold(code))) return;
  }
}

/** A text as the matcher compares it: folded, with invisible characters and spaces gone. */
export function normalizeWord(text: string): string {
  const codes: number[] = [];
  eachFolded(text, (c) => {
    codes.push(c);
  });
  return String.fromCodePoint(...codes);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * The text content of stored HTML: tags and comments go (a word split by `<b>` is still the word), entities are
 * read as the characters they stand for. Plain text passes unchanged but for its entities: a `<` not followed by
 * a tag name is no tag.
 */
export function textContent(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<\/?[a-zA-Z][^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    });
}

/** The automaton of a list of words; built once per list, then shared by every check until the list changes. */
export class WordMatcher {
  /** per state, its transitions by code point */
  private readonly next: Array<Map<number, number>> = [new Map()];
  private readonly fail: number[] = [0];
  /** per state, the index of the longest word ending there, or -1 */
  private readonly out: number[] = [-1];
  /** per state, the nearest state down its fail chain that ends a word (the dictionary link), or 0 */
  private readonly dict: number[] = [0];
  private readonly words: string[] = [];
  readonly size: number;

  constructor(words: Iterable<string>) {
    for (const word of words) this.add(word);
    this.size = this.words.length;
    this.link();
  }

  private add(word: string): void {
    const key = normalizeWord(word);
    if (key === '') return;
    let s = 0;
    for (const ch of key) {
      const c = ch.codePointAt(0)!;
      let t = this.next[s]!.get(c);
      if (t === undefined) {
        t = this.next.length;
        this.next.push(new Map());
        this.fail.push(0);
        this.out.push(-1);
        this.dict.push(0);
        this.next[s]!.set(c, t);
      }
      s = t;
    }
    if (this.out[s] === -1) {
      this.out[s] = this.words.length;
      this.words.push(word.trim());
    }
  }

  /** Breadth first: each state's fail link is the longest proper suffix of its path that is also a path. */
  private link(): void {
    const queue: number[] = [];
    for (const t of this.next[0]!.values()) queue.push(t);
    for (let i = 0; i < queue.length; i++) {
      const s = queue[i]!;
      for (const [c, t] of this.next[s]!) {
        let f = this.fail[s]!;
        while (f !== 0 && !this.next[f]!.has(c)) f = this.fail[f]!;
        const g = this.next[f]!.get(c);
        this.fail[t] = g !== undefined && g !== t ? g : 0;
        const ft = this.fail[t]!;
        this.dict[t] = this.out[ft] !== -1 ? ft : this.dict[ft]!;
        queue.push(t);
      }
    }
  }

  /**
   * Calls `found` with each word as it ends in the text (the longest first where several end at one place); stops
   * when `found` answers true.
   */
  private scan(text: string, found: (word: string) => boolean | void): void {
    if (this.size === 0) return;
    const { next, fail, out, dict, words } = this;
    let s = 0;
    // the loop of eachFolded, written out: this runs over every character of every body a user saves
    for (let i = 0; i < text.length; i++) {
      let code = text.charCodeAt(i);
      if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
        const low = text.charCodeAt(i + 1);
        if (low >= 0xdc00 && low <= 0xdfff) {
          code = (code - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
          i++;
        }
      }
      if (invisible(code)) continue;
      const c = fold(code);
      let t = next[s]!.get(c);
      while (t === undefined && s !== 0) {
        s = fail[s]!;
        t = next[s]!.get(c);
      }
      s = t ?? 0;
      for (let o = out[s] !== -1 ? s : dict[s]!; o !== 0; o = dict[o]!) {
        if (found(words[out[o]!]!)) return;
      }
    }
  }

  /** The first word the text holds, as the administrator wrote it; undefined when it holds none. */
  firstIn(html: string): string | undefined {
    let first: string | undefined;
    this.scan(textContent(html), (w) => {
      first = w;
      return true;
    });
    return first;
  }

  /** Every word the text holds, each once, in the order they end in the text. */
  allIn(html: string): string[] {
    const seen = new Set<string>();
    this.scan(textContent(html), (w) => {
      seen.add(w);
    });
    return [...seen];
  }
}
