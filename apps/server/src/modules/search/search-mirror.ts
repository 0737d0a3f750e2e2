import type { Removal } from './index-protocol.ts';
import type { IndexCopy, IndexThread } from './index-thread.ts';
import { memoryDocOf, type GoneRow, type MirrorRow, type SearchRepo } from './search.repo.ts';

/** A search looks at most this long after another process's change: pages of other lists are kept 5 s. */
const FRESH_MS = 1000;
/** Writes are read again this far back: one committed a little after its own `now()` is not missed. */
const OVERLAP_S = 5;
/** Removals are kept this long in `search_gone`; a copy that has not looked for longer loads everything again. */
const KEEP_GONE_S = 3600;
const PRUNE_EVERY_MS = 600_000;
const LOAD_BATCH = 5000;

const removalOf = (r: GoneRow): Removal => ({ type: r.type, refId: BigInt(r.refId), modified: Number(r.modified) });

/**
 * One site's copy of the search index in this process (decision 59), held by the search thread (decision 70): loaded
 * at its first search, then kept current by this process's own writes at once and by other processes' writes and
 * removals read from the database at most a second later. `search_doc` stays the record; the copy only answers
 * which entries match and in what order.
 */
export class SearchMirror {
  private index?: IndexCopy;
  private loading?: Promise<IndexCopy>;
  private syncing?: Promise<void>;
  /** the database's time of the last look, in seconds */
  private since = 0;
  private lookedAt = 0;
  private prunedAt = 0;
  private readonly repo: SearchRepo;
  private readonly thread: IndexThread;
  private readonly siteId: bigint;
  private readonly onChange: () => void;

  constructor(repo: SearchRepo, thread: IndexThread, siteId: bigint, onChange: () => void) {
    this.repo = repo;
    this.thread = thread;
    this.siteId = siteId;
    this.onChange = onChange;
  }

  /** The copy, current to within a second. */
  async read(): Promise<IndexCopy> {
    // a search thread that stopped took the copy with it: loaded again, and what was kept from it dropped
    if (this.index && !this.index.held) {
      this.index = undefined;
      this.onChange();
    }
    const index = this.index;
    if (!index) return (this.loading ??= this.load().finally(() => (this.loading = undefined)));
    if (performance.now() - this.lookedAt > FRESH_MS) {
      await (this.syncing ??= this.sync(index).finally(() => (this.syncing = undefined)));
    }
    return this.index ?? index;
  }

  /**
   * What this process wrote and removed: asked of the copy before the writing request answers, so every search
   * asked after it (the thread answers in order) sees it.
   */
  changed(written: MirrorRow[], gone: GoneRow[]): Promise<void> {
    if (!this.index || (!written.length && !gone.length)) return Promise.resolve();
    return this.index.apply(gone.map(removalOf), written.map(memoryDocOf)).then(() => undefined);
  }

  /** Gives the copy's memory back: the mirror is no longer used. */
  async drop(): Promise<void> {
    const index = this.index ?? (await this.loading?.catch(() => undefined));
    this.index = undefined;
    if (index?.held) await index.drop();
  }

  private async load(): Promise<IndexCopy> {
    const since = (await this.repo.now()) - OVERLAP_S;
    const index = await this.thread.create();
    try {
      for (let after = { type: -1, ref: 0n }; ;) {
        const rows = await this.repo.mirrorPage(this.siteId, after.type, after.ref, LOAD_BATCH);
        await index.apply([], rows.map(memoryDocOf));
        if (rows.length < LOAD_BATCH) break;
        const last = rows[rows.length - 1]!;
        after = { type: last.type, ref: BigInt(last.refId) };
      }
      await index.compact();
    } catch (err) {
      if (index.held) await index.drop().catch(() => undefined);
      throw err;
    }
    this.since = since;
    this.lookedAt = performance.now();
    this.index = index;
    // what changed during the load is read by the first look
    return index;
  }

  private async sync(index: IndexCopy): Promise<void> {
    const started = performance.now();
    if (started - this.lookedAt > (KEEP_GONE_S - 600) * 1000) {
      this.index = undefined;
      void index.drop().catch(() => undefined);
      await this.read();
      this.onChange();
      return;
    }
    const now = await this.repo.now();
    // one after the other: the database may be one connection (PGlite, or a test's client)
    const rows = await this.repo.writtenSince(this.siteId, this.since);
    const gone = await this.repo.goneSince(this.siteId, this.since);
    const forgetBefore = this.since - OVERLAP_S;
    let changed = false;
    if (rows.length || gone.length)
      changed = await index.apply(gone.map(removalOf), rows.map(memoryDocOf), forgetBefore);
    // nothing new: the copy only forgets old removals, and the searches waiting on this look need not wait behind
    // every search the thread has queued
    else void index.apply([], [], forgetBefore).catch(() => undefined);
    this.since = now - OVERLAP_S;
    this.lookedAt = started;
    if (changed) this.onChange();
    if (started - this.prunedAt > PRUNE_EVERY_MS) {
      this.prunedAt = started;
      await this.repo.pruneGone(this.siteId, now - KEEP_GONE_S);
    }
  }
}
