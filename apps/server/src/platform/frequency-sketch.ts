const ROWS = 4;
/** A count stops here: past it, a key is simply popular. */
const MOST = 15;

/**
 * How often each key was asked for lately, estimated in a fixed few bytes whatever the number of keys (a count-min
 * sketch, as TinyLFU's admission uses): four counters per key in four rows, the least of them its estimate, which is
 * never below the true count and rarely above it. Every `sample` asks all counts are halved, so what was popular a
 * while ago fades.
 */
export class FrequencySketch {
  private readonly table: Uint8Array;
  private readonly mask: number;
  private readonly sample: number;
  private added = 0;

  /** `keys`: about how many keys to tell apart (the cache's size); the table is four bytes per key and row. */
  constructor(keys: number) {
    let width = 16;
    while (width < keys * 4) width *= 2;
    this.table = new Uint8Array(width * ROWS);
    this.mask = width - 1;
    this.sample = Math.max(ROWS, keys * 10);
  }

  /** Counts one ask of `key`. */
  add(key: string): void {
    const h = hashOf(key);
    const step = spread(h);
    for (let row = 0, at = h; row < ROWS; row++, at += step) {
      const i = row * (this.mask + 1) + (at & this.mask);
      if (this.table[i]! < MOST) this.table[i]!++;
    }
    if (++this.added >= this.sample) this.halve();
  }

  /** About how often `key` was asked lately (never less than it was). */
  of(key: string): number {
    const h = hashOf(key);
    const step = spread(h);
    let least = MOST;
    for (let row = 0, at = h; row < ROWS; row++, at += step) {
      least = Math.min(least, this.table[row * (this.mask + 1) + (at & this.mask)]!);
    }
    return least;
  }

  private halve(): void {
    for (let i = 0; i < this.table.length; i++) this.table[i]! >>= 1;
    this.added = Math.floor(this.added / 2);
  }
}

/** FNV-1a over the key's UTF-16 code units. */
function hashOf(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** A second, odd hash from the first: each row reads another counter for the same key. */
function spread(h: number): number {
  const m = Math.imul(h ^ (h >>> 16), 0x45d9f3b);
  return ((m ^ (m >>> 16)) | 1) >>> 0;
}
