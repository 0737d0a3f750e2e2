import type { FastifyBaseLogger } from 'fastify';
import { newId } from '../../platform/ids.ts';
import { fail } from '../../platform/http/errors.ts';
import { BatchSlots } from '../../platform/batch-slots.ts';
import { emptyState, type PeriodFacts, type ProgressState } from './progress-rules.ts';
import { commitKey, type StudyCommit, type StudyRepo, type StudyRow } from './study.repo.ts';

/** One user's lesson: its state, where it belongs, and the stored row that state was built on. */
export interface Entry {
  siteId: bigint;
  userId: bigint;
  courseId: bigint;
  chapterId: bigint;
  periodId: bigint;
  /** as of the latest report: each report checks access and takes the lesson's current facts */
  facts: PeriodFacts;
  state: ProgressState;
  /** the report count of the stored row the state was built on; null when none was stored */
  stored: number | null;
}

/**
 * One report's change to a lesson's state; true when it changed anything. It is kept until the state holding it is
 * stored, to be applied again should another process have stored the lesson first.
 */
export type Change = (e: Entry) => boolean;

interface Waiter {
  /** with the state stored */
  resolve(stored: Entry): void;
  reject(err: unknown): void;
}

/** A lesson held in memory, with what waits to be stored. */
interface Slot {
  key: string;
  e: Entry;
  /** applied to `e.state` since the row `e.stored`, in order */
  changes: Change[];
  /** reports answered once the state they saw is stored */
  waiters: Waiter[];
  /** in a write now (a lesson is in one write at a time) */
  writing: boolean;
  /** writes in a row that found the lesson stored by someone else */
  misses: number;
  /** dropped after a failed write: a report that still holds it loads the lesson again */
  gone: boolean;
  touchedAt: number;
}

const IDLE_EVICT_MS = 10 * 60_000;
/** Writes in a row a lesson may find replaced by another process before its reports are refused as busy. */
const MAX_MISSES = 8;

export const stateOf = (r: StudyRow): ProgressState => ({
  ranges: r.watchedRanges,
  watchedSec: r.watchedSec,
  creditedSec: r.creditedSec,
  currentPosition: r.currentPosition,
  percent: r.percent,
  isFinish: r.isFinish,
  reportCount: r.reportCount,
  recentIds: r.recentReportIds,
  lastReportAt: r.lastReportAt ? r.lastReportAt.getTime() : null,
});

/**
 * Group commit of progress reports: a report is answered only after the state holding it is stored, so an answered
 * report survives any crash. Under load the reports that arrive while earlier groups are being written are written
 * together, every lesson of a group in one statement, one commit (the exam answer saves do the same,
 * `exam/attempt-saves.ts`); at most `maxInFlight` groups are written at a time, and an idle server writes a lone
 * report at once (the next turn of the event loop).
 *
 * Lessons stay in memory between reports (so a report costs no read) and are dropped when nobody reported them for
 * a while. A state is stored only over the row it was built on (`StudyRepo.commitMany`): when another process
 * stored the lesson meanwhile, the row is read again, the waiting reports applied to it again, and written in the
 * next group. So processes need share nothing but the database.
 */
export class ProgressBuffer {
  private readonly slots = new Map<string, Slot>();
  private readonly loading = new Map<string, Promise<Slot>>();
  private readonly dirty = new Set<Slot>();
  private readonly repo: StudyRepo;
  private readonly log: FastifyBaseLogger;
  private readonly maxGroup: number;
  private readonly writes: BatchSlots;
  private idle: (() => void)[] = [];
  private lastSweep = Date.now();

  constructor(repo: StudyRepo, log: FastifyBaseLogger, opts: { maxInFlight?: number; maxGroup?: number } = {}) {
    this.repo = repo;
    this.log = log;
    this.maxGroup = opts.maxGroup ?? 500;
    this.writes = new BatchSlots({
      maxInFlight: opts.maxInFlight ?? 3,
      take: () => {
        if (this.dirty.size === 0) return undefined;
        const group: Slot[] = [];
        for (const s of this.dirty) {
          this.dirty.delete(s);
          group.push(s);
          if (group.length >= this.maxGroup) break;
        }
        return () => this.write(group);
      },
      afterRun: () => {
        this.settle();
        // under a steady load the buffer is never idle: the sweep runs from here too (at most once a minute)
        this.sweep();
      },
    });
  }

  static key(siteId: bigint, userId: bigint, periodId: bigint): string {
    return commitKey(siteId, userId, periodId);
  }

  /**
   * Applies a report's change to its lesson and resolves, once a state holding it is stored, with that state.
   * `load` builds the lesson from its stored row the first time.
   */
  async apply(key: string, load: () => Promise<Entry>, change: Change): Promise<Entry> {
    for (;;) {
      const slot = await this.slot(key, load);
      if (slot.gone) continue;
      slot.touchedAt = Date.now();
      if (change(slot.e)) slot.changes.push(change);
      // a repeated report, its state already stored: nothing to wait for
      else if (!slot.changes.length && !slot.writing) return snapshot(slot.e);
      return new Promise<Entry>((resolve, reject) => {
        slot.waiters.push({ resolve, reject });
        if (!slot.writing) this.dirty.add(slot);
        this.writes.schedule();
      });
    }
  }

  /** Resolves when nothing waits to be written. */
  flush(): Promise<void> {
    if (this.writes.running === 0 && this.dirty.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  stop(): Promise<void> {
    return this.flush();
  }

  /** Lessons with reports not yet stored. */
  get pending(): number {
    let n = 0;
    for (const s of this.slots.values()) if (s.changes.length) n++;
    return n;
  }

  /** Reports waiting for their lesson to be stored; each is answered after that write. */
  get waitingReports(): number {
    let n = 0;
    for (const s of this.slots.values()) n += s.changes.length;
    return n;
  }

  private async slot(key: string, load: () => Promise<Entry>): Promise<Slot> {
    const hit = this.slots.get(key);
    // touched before the caller awaits anything, so the idle sweep cannot drop a lesson a report is using
    if (hit) {
      hit.touchedAt = Date.now();
      return hit;
    }
    let pending = this.loading.get(key);
    if (!pending) {
      pending = load().then((e) => {
        const s: Slot = {
          key,
          e,
          changes: [],
          waiters: [],
          writing: false,
          misses: 0,
          gone: false,
          touchedAt: Date.now(),
        };
        this.slots.set(key, s);
        return s;
      });
      this.loading.set(key, pending);
      pending.then(
        () => this.loading.delete(key),
        () => this.loading.delete(key),
      );
    }
    return pending;
  }

  private settle(): void {
    if (this.writes.running > 0 || this.dirty.size > 0) return;
    for (const resolve of this.idle.splice(0)) resolve();
  }

  private async write(group: Slot[]): Promise<void> {
    // groups written at the same time (here, or in other processes) lock rows in the same order
    group.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    const parts: { slot: Slot; changes: number; waiters: number; written: Entry }[] = [];
    const rows: StudyCommit[] = [];
    for (const slot of group) {
      if (!slot.changes.length) {
        // only repeated reports wait here, and what they saw is stored
        this.answer(slot, slot.waiters.length, snapshot(slot.e));
        continue;
      }
      slot.writing = true;
      parts.push({ slot, changes: slot.changes.length, waiters: slot.waiters.length, written: snapshot(slot.e) });
      rows.push(toCommit(slot.e));
    }
    if (!parts.length) return;
    let stored: Set<string>;
    try {
      stored = await this.repo.commitMany(rows);
    } catch (err) {
      this.log.error({ err, periods: parts.length }, 'progress write failed; its reports are answered with the error');
      for (const { slot } of parts) this.drop(slot, err);
      return;
    }
    const missed: Slot[] = [];
    for (const { slot, changes, waiters, written } of parts) {
      if (!stored.has(slot.key)) {
        missed.push(slot);
        continue;
      }
      slot.e.stored = written.state.reportCount;
      slot.misses = 0;
      slot.changes.splice(0, changes);
      slot.writing = false;
      // a repeated report that arrived during the write saw the written state, unless something newer came first
      this.answer(slot, slot.changes.length ? waiters : slot.waiters.length, written);
      if (slot.changes.length) this.dirty.add(slot);
    }
    if (!missed.length) return;
    try {
      await this.rebuild(missed);
    } catch (err) {
      this.log.error(
        { err, lessons: missed.length },
        'progress re-read failed; its reports are answered with the error',
      );
      for (const slot of missed) this.drop(slot, err);
    }
  }

  /** Lessons another process stored first: their reports are applied again to the newer rows and written next. */
  private async rebuild(missed: Slot[]): Promise<void> {
    const rows = await Promise.all(missed.map(({ e }) => this.repo.byPeriod(e.siteId, e.userId, e.periodId)));
    missed.forEach((slot, i) => {
      const row = rows[i];
      slot.writing = false;
      if (++slot.misses > MAX_MISSES) return this.drop(slot, fail('学习进度保存繁忙，请稍后再试'));
      slot.e.state = row ? stateOf(row) : emptyState();
      slot.e.stored = row ? row.reportCount : null;
      slot.changes = slot.changes.filter((change) => change(slot.e));
      this.dirty.add(slot);
    });
  }

  private answer(slot: Slot, n: number, stored: Entry): void {
    for (const w of slot.waiters.splice(0, n)) w.resolve(stored);
  }

  /** Forgets a lesson whose write failed, answering its waiting reports with the failure: none of them is stored. */
  private drop(slot: Slot, err: unknown): void {
    slot.gone = true;
    slot.writing = false;
    this.dirty.delete(slot);
    if (this.slots.get(slot.key) === slot) this.slots.delete(slot.key);
    slot.changes = [];
    for (const w of slot.waiters.splice(0)) w.reject(err);
  }

  /** Forgets lessons nobody reported for a while, once a minute. */
  private sweep(): void {
    const now = Date.now();
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [k, s] of this.slots) {
      if (s.changes.length || s.waiters.length || s.writing || now - s.touchedAt < IDLE_EVICT_MS) continue;
      this.slots.delete(k);
    }
  }
}

const snapshot = (e: Entry): Entry => ({ ...e, state: { ...e.state } });

function toCommit(e: Entry): StudyCommit {
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
    expected: e.stored,
  };
}
