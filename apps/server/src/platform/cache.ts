import type { Redis } from 'ioredis';
import { LocalCache } from './local-cache.ts';

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

/**
 * Bounds of the in-process state. The key-value store holds sessions looked up, captcha answers, login counters
 * and the like, each with its own lifetime; it had no bound before, and anyone can add keys (a captcha, a login
 * attempt), so it keeps the most recently used 100,000. The memo holds site data and course version tokens: an
 * evicted entry is read again (a version token made anew only makes its course's cached pages be read again).
 */
const KV_MAX = 100_000;
const MEMO_MAX = 50_000;

class MemoryKeyValue implements KeyValue {
  /** boxed, so that an increment changes the count without restarting its window */
  private readonly entries = new LocalCache<string, { value: unknown }>({ max: KV_MAX });

  async get<T>(key: string): Promise<T | undefined> {
    return this.entries.get(key)?.value as T | undefined;
  }
  async set(key: string, value: unknown, ttlMs: number): Promise<void> {
    this.entries.set(key, { value }, { ttlMs });
  }
  async del(key: string): Promise<void> {
    this.entries.delete(key);
  }
  async incr(key: string, ttlMs: number): Promise<number> {
    const hit = this.entries.get(key);
    if (!hit) {
      this.entries.set(key, { value: 1 }, { ttlMs });
      return 1;
    }
    hit.value = (hit.value as number) + 1;
    return hit.value as number;
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
  private readonly values = new LocalCache<string, Promise<unknown>>({ max: MEMO_MAX });
  generation = 0;
  private readonly publish?: (key: string) => Promise<void>;
  constructor(publish?: (key: string) => Promise<void>) {
    this.publish = publish;
  }
  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    return this.values.load(key, load) as Promise<T>;
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
    // what it holds past its lifetime is swept with every other LocalCache's (local-cache.ts)
    return { kv: new MemoryKeyValue(), memo: new LocalMemo(), close: async () => {} };
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
