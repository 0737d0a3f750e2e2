/**
 * A small per-process cache with a lifetime and a size bound, for hot read-mostly rows (course pages, lesson
 * facts) whose staleness for a few seconds nobody notices. Writes in this process drop their entries at once.
 */
export class TtlCache<K, V> {
  private readonly map = new Map<K, { value: Promise<V>; expires: number }>();
  private readonly ttlMs: number;
  private readonly max: number;
  constructor(ttlMs: number, max: number) {
    this.ttlMs = ttlMs;
    this.max = max;
  }

  get(key: K, load: () => Promise<V>): Promise<V> {
    const now = Date.now();
    const hit = this.map.get(key);
    if (hit && hit.expires > now) return hit.value;
    if (this.map.size >= this.max) this.evict(now);
    const value = Promise.resolve(load()); // settles a lazy Drizzle query once
    this.map.set(key, { value, expires: now + this.ttlMs });
    value.catch(() => this.map.delete(key));
    return value;
  }

  delete(key: K): void {
    this.map.delete(key);
  }

  clear(): void {
    this.map.clear();
  }

  /** Drops expired entries, then the oldest inserted until there is room. */
  private evict(now: number): void {
    for (const [k, v] of this.map) if (v.expires <= now) this.map.delete(k);
    for (const k of this.map.keys()) {
      if (this.map.size < this.max) break;
      this.map.delete(k);
    }
  }
}

/**
 * A cached value kept with the version token it was read under (a memo entry that any change replaces, in every
 * process): a value read under an older token is read again.
 */
export async function versioned<K, V>(
  cache: TtlCache<K, { version: object; value: V }>,
  key: K,
  version: object,
  load: () => Promise<V>,
): Promise<V> {
  const read = () => cache.get(key, async () => ({ version, value: await load() }));
  const hit = await read();
  if (hit.version === version) return hit.value;
  cache.delete(key); // changed in another process since it was cached here
  return (await read()).value;
}
