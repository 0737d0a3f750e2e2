import { LRUCache } from 'lru-cache';
import { FrequencySketch } from './frequency-sketch.ts';

/**
 * Date.now rather than performance.now: an entry's age follows the wall clock (tests move it with fake Date). One
 * millisecond is added because lru-cache reads a start time of 0 as "no lifetime".
 */
const wallClock = { now: () => Date.now() + 1 };

/**
 * lru-cache keeps an entry past its lifetime until it is asked for or pushed out: a cache no one asks any more (the
 * course pages read an hour ago) would hold its dead entries, and the heap grown for them, for the life of the
 * process. One timer sweeps every cache that has written an entry with a lifetime; a cache no longer referenced
 * is let go (WeakRef), and the timer stops when none is left.
 */
export const SWEEP_MS = 15_000;
/** what the sweep needs of a cache */
interface Stale {
  purgeStale(): unknown;
}
const swept = new Set<WeakRef<Stale>>();
let sweeper: NodeJS.Timeout | undefined;

let sweeping = false;

/** One cache at a time, letting requests in between: a full cache of 100,000 entries takes some 40 ms to walk. */
async function sweepAll(): Promise<void> {
  if (sweeping) return;
  sweeping = true;
  try {
    for (const ref of [...swept]) {
      const lru = ref.deref();
      if (lru) lru.purgeStale();
      else swept.delete(ref);
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  } finally {
    sweeping = false;
  }
  if (swept.size === 0) {
    clearInterval(sweeper);
    sweeper = undefined;
  }
}

function sweepEvery(lru: Stale): void {
  swept.add(new WeakRef(lru));
  sweeper ??= setInterval(() => void sweepAll(), SWEEP_MS).unref();
}

export interface LocalCacheOptions<V = unknown> {
  /** The most entries kept; when full, the least recently used one goes. */
  max: number;
  /**
   * The most memory the values may take, as `sizeOf` counts it; when over, the least recently used go. For caches of
   * values whose size varies widely (whole pages): a count alone would let a burst of large ones hold the heap.
   */
  maxBytes?: { bytes: number; sizeOf: (value: V) => number };
  /**
   * The same for a cache of loads (`load`), whose values are promises: `sizeOf` counts what a load settles to, and a
   * load still running counts as one byte.
   */
  maxSettledBytes?: { bytes: number; sizeOf: (value: Awaited<V>) => number };
  /** How long an entry lives from when it was written; forever (until evicted or dropped) when omitted. */
  ttlMs?: number;
  /**
   * Shortens each entry's lifetime by up to this share of it, at random: entries written together (a burst of new
   * keywords) then expire apart, not all in one moment that has every one of them worked out again at once.
   */
  ttlSpread?: number;
  /**
   * The memo's generation (`Memo.generation`): an entry is kept only while the generation it was written under
   * is current, so any invalidation anywhere drops everything derived from memoised data.
   */
  generation?: () => number;
  /**
   * A key is kept only from its second ask within the lifetime (`set` or `load`): the first is remembered among at
   * most `asked` keys and its value given without being kept. For caches of answers most of which are asked once
   * (a tracking parameter on a page address): kept, they would push out the answers asked again, and every one written
   * and soon dropped would reach the old generation as garbage.
   */
  keptFromSecondAsk?: { asked: number };
  /**
   * A key is kept only once it has been asked for (`get` or `load`) twice lately and, when the cache is full, more
   * often than the least recently used entry it would push out (TinyLFU's admission; the asks are counted in a
   * `FrequencySketch` of a few bytes a key). For caches whose askers come back to a few keys among many more than
   * fit: the many would push each other and the few out, and each one kept and soon dropped would reach the old
   * generation as garbage.
   */
  keptByFrequency?: boolean;
}

/**
 * The one in-process cache container of the server: bounded (least recently used first out), with an optional
 * lifetime per entry and an optional tie to the memo's generation. Everything kept in process memory for reuse
 * (the key-value fallback, the memo, pages, rows) is one of these; see also `versioned` and `Memo`.
 */
export class LocalCache<K extends NonNullable<unknown>, V extends NonNullable<unknown>> {
  private readonly lru: LRUCache<K, V>;
  private readonly ttlMs: number | undefined;
  private readonly ttlSpread: number;
  private readonly currentGeneration: (() => number) | undefined;
  private readonly settledSize: ((value: Awaited<V>) => number) | undefined;
  private generation = -1;
  private readonly asked: LRUCache<K, true> | undefined;
  private readonly sketch: FrequencySketch | undefined;
  private swept = false;

  constructor(opts: LocalCacheOptions<V>) {
    const bound = opts.maxBytes;
    const settled = opts.maxSettledBytes;
    this.lru = new LRUCache<K, V>({
      max: opts.max,
      perf: wallClock,
      ttlResolution: 0,
      ...(bound && { maxSize: bound.bytes, sizeCalculation: (v: V) => Math.max(1, bound.sizeOf(v)) }),
      ...(settled && { maxSize: settled.bytes, sizeCalculation: () => 1 }),
    });
    this.settledSize = settled?.sizeOf;
    this.ttlMs = opts.ttlMs;
    this.ttlSpread = opts.ttlSpread ?? 0;
    this.currentGeneration = opts.generation;
    const second = opts.keptFromSecondAsk;
    if (second) this.asked = new LRUCache<K, true>({ max: second.asked, perf: wallClock, ttlResolution: 0 });
    if (opts.keptByFrequency) this.sketch = new FrequencySketch(opts.max);
  }

  /** Whether a new value under `key` is worth keeping (`keptByFrequency`). */
  private admitted(key: K): boolean {
    const sketch = this.sketch!;
    const asked = sketch.of(String(key));
    if (asked < 2) return false;
    if (this.lru.size < this.lru.max || this.lru.has(key)) return true;
    for (const victim of this.lru.rkeys()) return asked > sketch.of(String(victim));
    return true;
  }

  /** False for a key asked for the first time within the lifetime, which is then remembered (`keptFromSecondAsk`). */
  private askedBefore(key: K): boolean {
    if (!this.asked || this.asked.get(key)) return true;
    if (this.ttlMs === undefined) this.asked.set(key, true);
    else {
      this.asked.set(key, true, { ttl: this.ttlMs - 0.5 });
      this.sweptFromNowOn();
    }
    return false;
  }

  get(key: K): V | undefined {
    if (this.currentGeneration) this.follow();
    this.sketch?.add(String(key));
    return this.lru.get(key);
  }

  /**
   * Keeps a value. `ttlMs` overrides the cache's lifetime for this entry; `generation` is the memo generation the
   * value was derived under (read before deriving it): a value derived under an older one is not kept.
   */
  set(key: K, value: V, opts: { ttlMs?: number; generation?: number } = {}): void {
    if (this.currentGeneration) {
      this.follow();
      if (opts.generation !== undefined && opts.generation !== this.generation) return;
    }
    if (!this.askedBefore(key)) return;
    if (this.sketch && !this.admitted(key)) return;
    let ttlMs = opts.ttlMs ?? this.ttlMs;
    if (ttlMs !== undefined && this.ttlSpread) ttlMs *= 1 - this.ttlSpread * Math.random();
    if (ttlMs === undefined) {
      this.lru.set(key, value);
    } else if (ttlMs <= 0) {
      this.lru.delete(key); // gone as soon as written
    } else {
      // lru-cache drops an entry once its age passes the ttl; ours is gone when its age reaches ttlMs
      this.lru.set(key, value, { ttl: ttlMs - 0.5 });
      this.sweptFromNowOn();
    }
  }

  /** Joins the sweep once it holds an entry with a lifetime (a cache of lasting entries is never walked). */
  private sweptFromNowOn(): void {
    if (this.swept) return;
    this.swept = true;
    sweepEvery(this.lru);
    if (this.asked) sweepEvery(this.asked);
  }

  /**
   * The value under `key`, loaded once: callers arriving while it loads share the one promise, a failed load is
   * not kept. The load is settled once (a Drizzle query is a lazy thenable that would run again on every await).
   */
  load<T>(this: LocalCache<K, Promise<T>>, key: K, load: () => PromiseLike<T>): Promise<T> {
    const hit = this.get(key);
    if (hit) return hit;
    if (!this.askedBefore(key)) return Promise.resolve(load());
    const value = Promise.resolve(load());
    this.set(key, value);
    value.then(
      (settled) => this.sized(key, value, settled as Awaited<Promise<T>>),
      () => this.forget(key, value),
    );
    return value;
  }

  /** A settled load counted at its size (lru-cache counts an entry's size when it is written, so it is written again). */
  private sized<T>(this: LocalCache<K, Promise<T>>, key: K, value: Promise<T>, settled: Awaited<Promise<T>>): void {
    const sizeOf = this.settledSize as ((v: T) => number) | undefined;
    if (!sizeOf || this.lru.peek(key) !== value) return;
    const ttl = this.lru.getRemainingTTL(key);
    this.lru.delete(key);
    let size: number;
    try {
      size = Math.max(1, sizeOf(settled));
    } catch {
      return; // a value that cannot be measured is not kept
    }
    this.lru.set(key, value, { size, ...(Number.isFinite(ttl) && { ttl }) });
  }

  delete(key: K): void {
    this.lru.delete(key);
  }

  /** Drops the entry only while it still holds `value` (a later write under the key stays). */
  forget(key: K, value: V): void {
    if (this.lru.peek(key) === value) this.lru.delete(key);
  }

  clear(): void {
    this.lru.clear();
  }

  /** Drops the entries whose lifetime has passed (the least recently used are dropped anyway when full). */
  purgeStale(): void {
    this.lru.purgeStale();
  }

  get size(): number {
    return this.lru.size;
  }

  /** Empties the cache when the memo's generation has moved since it was last looked at. */
  private follow(): void {
    const g = this.currentGeneration!();
    if (g !== this.generation) {
      if (this.lru.size > 0) this.lru.clear();
      this.generation = g;
    }
  }
}

/**
 * A cached value kept with the version token it was read under (a memo entry that any change replaces, in every
 * process, or a text naming the state it was read from): a value read under another token is read again.
 */
export async function versioned<K extends NonNullable<unknown>, V, T extends object | string>(
  cache: LocalCache<K, Promise<{ version: T; value: V }>>,
  key: K,
  version: T,
  load: () => Promise<V>,
): Promise<V> {
  const read = () => cache.load(key, async () => ({ version, value: await load() }));
  const hit = await read();
  if (hit.version === version) return hit.value;
  cache.delete(key); // changed in another process since it was cached here
  return (await read()).value;
}
