import type { Redis } from 'ioredis';

/** Shared key-value state: in-process by default, Redis when REDIS_URL is set. Values are JSON. */
export interface KeyValue {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown, ttlMs: number): Promise<void>;
  del(key: string): Promise<void>;
  /** Adds one and returns the new count; the window starts with the first increment. */
  incr(key: string, ttlMs: number): Promise<number>;
}

/**
 * A per-process memo of hot, rarely changed values (site info, nav). Invalidation reaches every process through
 * Redis pub/sub when Redis is configured.
 */
export interface Memo {
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  invalidate(key: string): Promise<void>;
  /** Grows whenever anything memoised is dropped here; whatever was derived from the memo is stale after that. */
  readonly generation: number;
}

export interface Cache {
  kv: KeyValue;
  memo: Memo;
  close(): Promise<void>;
}

class MemoryKeyValue implements KeyValue {
  private readonly map = new Map<string, { value: unknown; expires: number }>();
  private readonly sweeper = setInterval(() => this.sweep(), 60_000).unref();

  async get<T>(key: string): Promise<T | undefined> {
    const hit = this.map.get(key);
    if (!hit) return undefined;
    if (hit.expires <= Date.now()) {
      this.map.delete(key);
      return undefined;
    }
    return hit.value as T;
  }
  async set(key: string, value: unknown, ttlMs: number): Promise<void> {
    this.map.set(key, { value, expires: Date.now() + ttlMs });
  }
  async del(key: string): Promise<void> {
    this.map.delete(key);
  }
  async incr(key: string, ttlMs: number): Promise<number> {
    const now = Date.now();
    const hit = this.map.get(key);
    if (!hit || hit.expires <= now) {
      this.map.set(key, { value: 1, expires: now + ttlMs });
      return 1;
    }
    hit.value = (hit.value as number) + 1;
    return hit.value as number;
  }
  private sweep(): void {
    const now = Date.now();
    for (const [k, v] of this.map) if (v.expires <= now) this.map.delete(k);
  }
  close(): void {
    clearInterval(this.sweeper);
  }
}

class RedisKeyValue implements KeyValue {
  private readonly redis: Redis;
  private readonly prefix: string;
  constructor(redis: Redis, prefix: string) {
    this.redis = redis;
    this.prefix = prefix;
  }
  async get<T>(key: string): Promise<T | undefined> {
    const raw = await this.redis.get(this.prefix + key);
    return raw === null ? undefined : (JSON.parse(raw) as T);
  }
  async set(key: string, value: unknown, ttlMs: number): Promise<void> {
    await this.redis.set(this.prefix + key, JSON.stringify(value), 'PX', ttlMs);
  }
  async del(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }
  async incr(key: string, ttlMs: number): Promise<number> {
    const k = this.prefix + key;
    const res = (await this.redis.multi().incr(k).pexpire(k, ttlMs, 'NX').exec()) as [[Error | null, number], unknown];
    return res[0][1];
  }
}

class LocalMemo implements Memo {
  private readonly values = new Map<string, Promise<unknown>>();
  generation = 0;
  private readonly publish?: (key: string) => Promise<void>;
  constructor(publish?: (key: string) => Promise<void>) {
    this.publish = publish;
  }
  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    let hit = this.values.get(key) as Promise<T> | undefined;
    if (!hit) {
      // a Drizzle query is a lazy thenable that runs again on every await: settle it once, keep the promise
      hit = Promise.resolve(load());
      this.values.set(key, hit);
      hit.catch(() => this.values.delete(key));
    }
    return hit;
  }
  drop(key: string): void {
    this.values.delete(key);
    this.generation++;
  }
  async invalidate(key: string): Promise<void> {
    this.drop(key);
    await this.publish?.(key);
  }
}

const CHANNEL = 'qingke:memo:invalidate';

export async function createCache(redisUrl: string | undefined, prefix = 'qk:'): Promise<Cache> {
  if (!redisUrl) {
    const kv = new MemoryKeyValue();
    return { kv, memo: new LocalMemo(), close: async () => kv.close() };
  }
  const { Redis } = await import('ioredis');
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2, lazyConnect: true });
  const sub = new Redis(redisUrl, { lazyConnect: true });
  await redis.connect();
  await sub.connect();
  const memo = new LocalMemo(async (key) => {
    await redis.publish(prefix + CHANNEL, key);
  });
  await sub.subscribe(prefix + CHANNEL);
  sub.on('message', (_channel, key: string) => memo.drop(key));
  return {
    kv: new RedisKeyValue(redis, prefix),
    memo,
    async close() {
      sub.disconnect();
      await redis.quit();
    },
  };
}
