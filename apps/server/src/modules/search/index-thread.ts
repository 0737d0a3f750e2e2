import { Worker } from 'node:worker_threads';
import type { Release } from '../../platform/idle-memory.ts';
import type { Answer, Asks, Op, Removal, Suggested, ThreadData, Told } from './index-protocol.ts';
import type { MemoryDoc, MemoryFilter, MemoryQuery, TitleBonus, TypeCount } from './memory-index.ts';

/**
 * The request thread's side of the search thread (decision 70): started at the first search, asked by message,
 * answered in order. A thread that dies takes its copies with it: each copy knows which start of the thread holds it,
 * and its mirror loads it again.
 */
export class IndexThread {
  private worker?: Worker;
  private readonly waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private nextAsk = 1;
  private nextCopy = 1;
  /** grows at each start of the thread */
  private starts = 0;
  private closed = false;
  private readonly data: ThreadData;
  private readonly onRelease: (r: Release) => void;

  constructor(opts: { idleReleaseBytes?: number; onRelease?: (r: Release) => void } = {}) {
    this.data = { idleReleaseBytes: opts.idleReleaseBytes ?? 0 };
    this.onRelease = opts.onRelease ?? (() => undefined);
  }

  /** A new, empty copy of an index, held by the thread as it runs now. */
  async create(): Promise<IndexCopy> {
    const copy = new IndexCopy(this, this.nextCopy++, this.started());
    await this.ask('create', { copy: copy.id });
    return copy;
  }

  /** Whether the thread that holds copies made at this start still runs. */
  holds(start: number): boolean {
    return this.worker !== undefined && this.starts === start;
  }

  ask<K extends Op>(op: K, args: Asks[K]['in']): Promise<Asks[K]['out']> {
    if (this.closed) return Promise.reject(new Error('the search thread is closed'));
    if (!this.worker) this.started();
    const worker = this.worker!;
    const id = this.nextAsk++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage({ id, op, args });
    });
  }

  /** Stops the thread; what is still asked is refused. */
  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await worker.terminate();
    this.refuseAll(new Error('the search thread is closed'));
  }

  private started(): number {
    if (this.worker) return this.starts;
    const worker = new Worker(new URL('./index-worker.ts', import.meta.url), { workerData: this.data });
    // the process ends when its server does, whatever the thread holds
    worker.unref();
    worker.on('message', (a: Answer | Told) => {
      if ('release' in a) return this.onRelease(a.release);
      const w = this.waiting.get(a.id);
      if (!w) return;
      this.waiting.delete(a.id);
      if (a.ok) w.resolve(a.value);
      else w.reject(new Error(a.message));
    });
    const lost = (err: Error) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      this.refuseAll(err);
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`the search thread stopped (${code})`)));
    this.worker = worker;
    return ++this.starts;
  }

  private refuseAll(err: Error): void {
    for (const w of this.waiting.values()) w.reject(err);
    this.waiting.clear();
  }
}

/** One copy of a site's index in the search thread: what a mirror keeps current and a search asks. */
export class IndexCopy {
  readonly id: number;
  private readonly thread: IndexThread;
  private readonly start: number;

  constructor(thread: IndexThread, id: number, start: number) {
    this.thread = thread;
    this.id = id;
    this.start = start;
  }

  /** False once the thread holding it has stopped: the copy is gone with it. */
  get held(): boolean {
    return this.thread.holds(this.start);
  }

  /** Removals, then writes; whether any changed the copy. */
  apply(gone: Removal[], docs: MemoryDoc[], forgetBefore?: number): Promise<boolean> {
    return this.thread.ask('apply', { copy: this.id, gone, docs, forgetBefore });
  }

  /** Renumbers the loaded copy; answers how many entries it holds. */
  compact(): Promise<number> {
    return this.thread.ask('compact', { copy: this.id });
  }

  drop(): Promise<null> {
    return this.thread.ask('drop', { copy: this.id });
  }

  /** By the first of the ways (`queries`, strictest first) that finds anything; `way` says which (-1: none). */
  countsAndRanked(
    queries: MemoryQuery[],
    tab: MemoryFilter,
    bonus: TitleBonus,
    depth: number,
  ): Promise<{ way: number; counts: TypeCount[]; ids: bigint[]; total: number }> {
    return this.thread.ask('countsAndRanked', { copy: this.id, queries, tab, bonus: bonusOf(bonus), depth });
  }

  ranked(
    query: MemoryQuery,
    filter: MemoryFilter | { types: number[] },
    bonus: TitleBonus,
    limit: number,
    offset = 0,
  ): Promise<{ ids: bigint[]; total: number }> {
    return this.thread.ask('ranked', { copy: this.id, query, filter, bonus: bonusOf(bonus), limit, offset });
  }

  counts(query: MemoryQuery): Promise<TypeCount[]> {
    return this.thread.ask('counts', { copy: this.id, query });
  }

  suggest(query: MemoryQuery, keyword: string, limit: number): Promise<Suggested[]> {
    return this.thread.ask('suggest', { copy: this.id, query, keyword, limit });
  }
}

/** Only what the ranking reads is sent: a match carries its query and tsquery besides. */
const bonusOf = (b: TitleBonus): TitleBonus => ({ keyword: b.keyword, words: b.words });
