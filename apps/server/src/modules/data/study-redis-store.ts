import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { fail } from '../../platform/http/errors.ts';
import { toRow, type Entry } from './study-buffer.ts';
import type { ProgressStore } from './study-store.ts';
import type { StudyRepo } from './study.repo.ts';

const STATE_TTL_MS = 2 * 24 * 60 * 60_000;
const BATCH = 500;
const RETRIES = 8;

/**
 * Writes a lesson's state only if nobody wrote it since it was read (the version before the `|`), and marks
 * it for the next batch, globally and for its user.
 */
const SAVE = `
local cur = redis.call('GET', KEYS[1])
local v = 0
if cur then v = tonumber(string.match(cur, '^(%d+)|')) end
if v ~= tonumber(ARGV[1]) then return 0 end
redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
redis.call('SADD', KEYS[2], KEYS[1])
redis.call('SADD', KEYS[3], KEYS[1])
redis.call('PEXPIRE', KEYS[3], ARGV[3])
return 1`;

type Wire = Omit<Entry, 'siteId' | 'userId' | 'courseId' | 'chapterId' | 'periodId' | 'dirty' | 'touchedAt'> & {
  siteId: string;
  userId: string;
  courseId: string;
  chapterId: string;
  periodId: string;
};

const toWire = (e: Entry): Wire => ({
  siteId: String(e.siteId),
  userId: String(e.userId),
  courseId: String(e.courseId),
  chapterId: String(e.chapterId),
  periodId: String(e.periodId),
  lesson: e.lesson,
  state: e.state,
});
const fromWire = (w: Wire): Entry => ({
  ...w,
  siteId: BigInt(w.siteId),
  userId: BigInt(w.userId),
  courseId: BigInt(w.courseId),
  chapterId: BigInt(w.chapterId),
  periodId: BigInt(w.periodId),
  dirty: true,
  touchedAt: Date.now(),
});
const parse = (raw: string | null): { v: number; e: Entry } | undefined => {
  if (!raw) return undefined;
  const bar = raw.indexOf('|');
  return { v: Number(raw.slice(0, bar)), e: fromWire(JSON.parse(raw.slice(bar + 1)) as Wire) };
};

/**
 * Progress shared by several processes through Redis: each report reads the lesson's state, applies itself and
 * writes it back only if unchanged meanwhile (else it tries again); every process's timer writes batches taken
 * from one set of waiting lessons, so each lesson is written by one of them at a time.
 */
export class RedisProgressStore implements ProgressStore {
  private readonly redis: Redis;
  private readonly prefix: string;
  private readonly repo: StudyRepo;
  private readonly log: FastifyBaseLogger;
  private readonly timer: NodeJS.Timeout | null;
  private flushing: Promise<void> | null = null;

  constructor(redis: Redis, prefix: string, repo: StudyRepo, log: FastifyBaseLogger, flushMs = 1000) {
    this.redis = redis;
    this.prefix = `${prefix}study:`;
    this.repo = repo;
    this.log = log;
    this.timer = flushMs > 0 ? setInterval(() => void this.flush(), flushMs) : null;
    this.timer?.unref();
  }

  private stateKey = (key: string) => `${this.prefix}s:${key}`;
  private userKey = (siteId: bigint | string, userId: bigint | string) => `${this.prefix}u:${siteId}:${userId}`;
  private get dirtyKey() {
    return `${this.prefix}dirty`;
  }

  async update(key: string, load: () => Promise<Entry>, mutate: (e: Entry) => boolean): Promise<Entry> {
    const k = this.stateKey(key);
    for (let attempt = 0; attempt < RETRIES; attempt++) {
      const found = parse(await this.redis.get(k));
      const v = found?.v ?? 0;
      const e = found?.e ?? (await load());
      if (!mutate(e)) return e;
      const saved = await this.redis.eval(
        SAVE,
        3,
        k,
        this.dirtyKey,
        this.userKey(e.siteId, e.userId),
        v,
        `${v + 1}|${JSON.stringify(toWire(e))}`,
        STATE_TTL_MS,
      );
      if (saved === 1) return e;
    }
    throw fail('学习进度保存繁忙，请稍后再试');
  }

  async get(siteId: bigint, userId: bigint, periodId: bigint): Promise<Entry | undefined> {
    return parse(await this.redis.get(this.stateKey(`${siteId}:${userId}:${periodId}`)))?.e;
  }

  async pendingOf(siteId: bigint, userId: bigint): Promise<Entry[]> {
    const keys = await this.redis.smembers(this.userKey(siteId, userId));
    if (!keys.length) return [];
    const values = await this.redis.mget(...keys);
    return values.flatMap((raw) => parse(raw)?.e ?? []);
  }

  pendingCount(): Promise<number> {
    return this.redis.scard(this.dirtyKey);
  }

  /** Takes waiting lessons off the shared set a batch at a time and writes their current states. */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    this.flushing = this.drain().finally(() => {
      this.flushing = null;
    });
    await this.flushing;
  }

  private stopped = false;
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.flush();
    await this.redis.quit();
  }

  private async drain(): Promise<void> {
    for (;;) {
      const keys = await this.redis.spop(this.dirtyKey, BATCH);
      if (!keys.length) return;
      const values = await this.redis.mget(...keys);
      const entries = values.flatMap((raw) => parse(raw)?.e ?? []);
      try {
        await this.repo.upsertMany(entries.map(toRow));
      } catch (err) {
        this.log.error({ err, periods: keys.length }, 'progress flush failed; the lessons wait for the next batch');
        await this.redis.sadd(this.dirtyKey, ...keys);
        return;
      }
      const pipe = this.redis.pipeline();
      for (const e of entries)
        pipe.srem(this.userKey(e.siteId, e.userId), this.stateKey(`${e.siteId}:${e.userId}:${e.periodId}`));
      await pipe.exec();
    }
  }
}
