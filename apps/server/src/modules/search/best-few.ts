/** Ranking's keeping of the best few: the heap of the best `k`, and the rising bar before it (decision 59). */

/** The best `k` of what is offered, by `before`, in a binary heap whose root is the worst kept. */
export class TopK {
  private readonly docs: Int32Array;
  private readonly figures: Float64Array;
  private size = 0;
  private readonly k: number;
  private readonly before: (a: number, fa: number, b: number, fb: number) => boolean;
  constructor(k: number, before: (a: number, fa: number, b: number, fb: number) => boolean) {
    this.k = k;
    this.before = before;
    this.docs = new Int32Array(k);
    this.figures = new Float64Array(k);
  }
  private worse(i: number, j: number): boolean {
    return this.before(this.docs[j]!, this.figures[j]!, this.docs[i]!, this.figures[i]!);
  }
  private swap(i: number, j: number): void {
    const d = this.docs[i]!;
    const f = this.figures[i]!;
    this.docs[i] = this.docs[j]!;
    this.figures[i] = this.figures[j]!;
    this.docs[j] = d;
    this.figures[j] = f;
  }
  offer(doc: number, figure: number): void {
    if (this.size < this.k) {
      let i = this.size++;
      this.docs[i] = doc;
      this.figures[i] = figure;
      while (i > 0) {
        const up = (i - 1) >> 1;
        if (!this.worse(i, up)) break;
        this.swap(i, up);
        i = up;
      }
      return;
    }
    if (!this.before(doc, figure, this.docs[0]!, this.figures[0]!)) return;
    this.docs[0] = doc;
    this.figures[0] = figure;
    for (let i = 0; ;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let w = i;
      if (l < this.size && this.worse(l, w)) w = l;
      if (r < this.size && this.worse(r, w)) w = r;
      if (w === i) break;
      this.swap(i, w);
      i = w;
    }
  }
  sorted(): number[] {
    const order = Array.from({ length: this.size }, (_, i) => i);
    const { docs, figures, before } = this;
    // two entries are never equal in rank (the id decides last): one test orders a pair
    order.sort((i, j) => (i === j ? 0 : before(docs[i]!, figures[i]!, docs[j]!, figures[j]!) ? -1 : 1));
    return order.map((i) => docs[i]!);
  }
}

/**
 * The k-th largest of the values seen so far (the bar): a value below it can never be among the best k, so a ranking
 * keeps only what reaches it as it reads. It counts each distinct value at or above the bar, dropping the lowest once
 * the others hold k: quantised scores have a few distinct values, so most values read cost one comparison.
 */
export class RisingBar {
  private readonly values: Float64Array;
  private readonly counts: Int32Array;
  private len = 0;
  private seen = 0;
  /** -Infinity until k values are seen */
  bar = -Infinity;
  private readonly k: number;

  constructor(k: number) {
    this.k = k;
    // at most k distinct values are above the lowest kept, which is dropped once they hold k
    this.values = new Float64Array(k + 1);
    this.counts = new Int32Array(k + 1);
  }

  /** Counts a value not below the bar. */
  add(v: number): void {
    const { values, counts } = this;
    // values run from the highest down; the place of v is found from the low end, where most values fall
    let at = this.len;
    while (at > 0 && values[at - 1]! < v) at--;
    if (at > 0 && values[at - 1] === v) counts[at - 1]!++;
    else {
      values.copyWithin(at + 1, at, this.len);
      counts.copyWithin(at + 1, at, this.len);
      values[at] = v;
      counts[at] = 1;
      this.len++;
    }
    this.seen++;
    while (this.len > 1 && this.seen - counts[this.len - 1]! >= this.k) this.seen -= counts[--this.len]!;
    if (this.seen >= this.k) this.bar = values[this.len - 1]!;
  }
}

/** Room for a shortlist's entries, kept between rankings: a broad keyword's shortlist is thousands long. */
export class ShortlistRoom {
  docs = new Int32Array(256);
  figures = new Float64Array(256);

  grow(): void {
    const docs = new Int32Array(this.docs.length * 2);
    const figures = new Float64Array(this.figures.length * 2);
    docs.set(this.docs);
    figures.set(this.figures);
    this.docs = docs;
    this.figures = figures;
  }
}

/**
 * The best `k` of entries read one by one: what is below the rising bar when it is read is never kept, and the heap
 * ranks what is still at or above the bar at the end. One ranking at a time uses a room.
 */
export class Shortlist {
  private readonly rising: RisingBar;
  private readonly k: number;
  private readonly before: (a: number, fa: number, b: number, fb: number) => boolean;
  private readonly room: ShortlistRoom;
  private m = 0;

  constructor(k: number, before: (a: number, fa: number, b: number, fb: number) => boolean, room: ShortlistRoom) {
    this.k = k;
    this.before = before;
    this.room = room;
    this.rising = new RisingBar(k);
  }

  /** Below it an entry can never be among the best. */
  get bar(): number {
    return this.rising.bar;
  }

  /** Keeps an entry whose figure reaches the bar. */
  offer(d: number, figure: number): void {
    if (figure < this.rising.bar) return;
    this.rising.add(figure);
    if (this.m === this.room.docs.length) this.room.grow();
    this.room.docs[this.m] = d;
    this.room.figures[this.m++] = figure;
  }

  /** The entries kept, best first. */
  sorted(): number[] {
    const { docs, figures } = this.room;
    const { bar } = this.rising;
    const heap = new TopK(Math.min(this.k, this.m), this.before);
    for (let j = 0; j < this.m; j++) if (figures[j]! >= bar) heap.offer(docs[j]!, figures[j]!);
    return heap.sorted();
  }
}
