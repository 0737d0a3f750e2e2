import type { FastifyBaseLogger } from 'fastify';
import { newId } from '../../platform/ids.ts';
import type { PeriodFacts, ProgressState } from './study-progress.ts';
import type { StudyInsert, StudyRepo } from './study.repo.ts';

/** One user's lesson held in memory: its state, where it belongs, and whether the database is behind. */
export interface Entry {
  siteId: bigint;
  userId: bigint;
  courseId: bigint;
  chapterId: bigint;
  periodId: bigint;
  /** as of the latest report: each report checks access and takes the lesson's current facts */
  lesson: PeriodFacts;
  state: ProgressState;
  dirty: boolean;
  touchedAt: number;
}

const BATCH = 500;
const IDLE_EVICT_MS = 10 * 60_000;

/**
 * Progress reports land here and reach the database in batches: every `flushMs`, or at once when `maxDirty`
 * lessons are waiting. `flush()` on shutdown writes whatever is left, so no accepted report is lost by a
 * graceful stop. One process owns a user's lesson while it is in memory; the state is read back from the
 * database when a lesson is first reported to a process (or after it went idle).
 */
export class ProgressBuffer {
  private readonly entries = new Map<string, Entry>();
  private readonly byUser = new Map<string, Set<Entry>>();
  private readonly loading = new Map<string, Promise<Entry>>();
  private readonly repo: StudyRepo;
  private readonly log: FastifyBaseLogger;
  private readonly flushMs: number;
  private readonly maxDirty: number;
  private dirtyCount = 0;
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private lastSweep = Date.now();

  constructor(repo: StudyRepo, log: FastifyBaseLogger, opts: { flushMs?: number; maxDirty?: number } = {}) {
    this.repo = repo;
    this.log = log;
    this.flushMs = opts.flushMs ?? 1000;
    this.maxDirty = opts.maxDirty ?? 20_000;
  }

  static key(siteId: bigint, userId: bigint, periodId: bigint): string {
    return `${siteId}:${userId}:${periodId}`;
  }

  /** The entry of a lesson, loading it once even when several reports arrive together. */
  async entry(key: string, load: () => Promise<Entry>): Promise<Entry> {
    const hit = this.entries.get(key);
    if (hit) {
      // touched before the caller awaits anything, so the idle sweep cannot drop a lesson a report is using
      hit.touchedAt = Date.now();
      return hit;
    }
    let pending = this.loading.get(key);
    if (!pending) {
      pending = load().then((e) => {
        this.hold(e);
        return e;
      });
      this.loading.set(key, pending);
      pending.then(
        () => this.loading.delete(key),
        () => this.loading.delete(key),
      );
    }
    return pending;
  }

  peek(siteId: bigint, userId: bigint, periodId: bigint): Entry | undefined {
    return this.entries.get(ProgressBuffer.key(siteId, userId, periodId));
  }

  /** The user's lessons held in memory (they may be newer than the database). */
  ofUser(siteId: bigint, userId: bigint): Entry[] {
    return [...(this.byUser.get(`${siteId}:${userId}`) ?? [])];
  }

  markDirty(e: Entry): void {
    e.touchedAt = Date.now();
    if (!e.dirty) {
      e.dirty = true;
      this.dirtyCount++;
    }
    if (this.dirtyCount >= this.maxDirty) void this.flush();
    else if (this.flushMs === 0) void this.flush();
  }

  private hold(e: Entry): void {
    this.entries.set(ProgressBuffer.key(e.siteId, e.userId, e.periodId), e);
    const uk = `${e.siteId}:${e.userId}`;
    this.byUser.set(uk, (this.byUser.get(uk) ?? new Set()).add(e));
  }

  start(): void {
    if (this.timer || this.flushMs === 0) return;
    this.timer = setInterval(() => void this.flush(), this.flushMs);
    this.timer.unref();
  }

  /** Writes every waiting lesson; concurrent calls wait for the same write and then write what came since. */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.dirtyCount === 0) return this.sweep();
    this.flushing = this.writeDirty().finally(() => {
      this.flushing = null;
    });
    await this.flushing;
    this.sweep();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
    // a write that failed left its lessons dirty: try once more before the process goes
    if (this.dirtyCount > 0) await this.flush();
  }

  get pending(): number {
    return this.dirtyCount;
  }

  private async writeDirty(): Promise<void> {
    const batch: { e: Entry; row: StudyInsert }[] = [];
    for (const e of this.entries.values()) {
      if (!e.dirty) continue;
      e.dirty = false;
      this.dirtyCount--;
      batch.push({ e, row: toRow(e) });
    }
    for (let i = 0; i < batch.length; i += BATCH) {
      const part = batch.slice(i, i + BATCH);
      try {
        await this.repo.upsertMany(part.map((b) => b.row));
      } catch (err) {
        this.log.error({ err, periods: part.length }, 'progress flush failed; kept in memory for the next try');
        for (const { e } of part) this.markDirtyQuiet(e);
      }
    }
  }

  private markDirtyQuiet(e: Entry): void {
    if (!e.dirty) {
      e.dirty = true;
      this.dirtyCount++;
    }
  }

  /** Forgets lessons nobody reported for a while, once a minute. */
  private sweep(): void {
    const now = Date.now();
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [k, e] of this.entries) {
      if (e.dirty || now - e.touchedAt < IDLE_EVICT_MS) continue;
      this.entries.delete(k);
      this.byUser.get(`${e.siteId}:${e.userId}`)?.delete(e);
    }
  }
}

export function toRow(e: Entry): StudyInsert {
  const s = e.state;
  const at = s.lastReportAt ? new Date(s.lastReportAt) : new Date();
  return {
    id: newId(),
    siteId: e.siteId,
    userId: e.userId,
    courseId: e.courseId,
    chapterId: e.chapterId,
    periodId: e.periodId,
    currentPosition: s.currentPosition,
    watchedRanges: s.ranges,
    watchedSec: s.watchedSec,
    creditedSec: s.creditedSec,
    percent: s.percent,
    isFinish: s.isFinish,
    reportCount: s.reportCount,
    recentReportIds: s.recentIds,
    lastReportAt: s.lastReportAt ? at : null,
    gmtModified: at,
  };
}
