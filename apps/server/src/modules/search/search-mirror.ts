import { MemoryIndex } from './memory-index.ts';
import { memoryDocOf, type GoneRow, type MirrorRow, type SearchRepo } from './search.repo.ts';

/** A search looks at most this long after another process's change: pages of other lists are kept 5 s. */
const FRESH_MS = 1000;
/** Writes are read again this far back: one committed a little after its own `now()` is not missed. */
const OVERLAP_S = 5;
/** Removals are kept this long in `search_gone`; a copy that has not looked for longer loads everything again. */
const KEEP_GONE_S = 3600;
const PRUNE_EVERY_MS = 600_000;
const LOAD_BATCH = 5000;

/**
 * One site's copy of the search index in this process (decision 59): loaded at its first search, then kept current
 * by this process's own writes at once and by other processes' writes and removals read from the database at
 * most a second later. `search_doc` stays the record; the copy only answers which entries match and in what order.
 */
export class SearchMirror {
  private index?: MemoryIndex;
  private loading?: Promise<MemoryIndex>;
  private syncing?: Promise<void>;
  /** the database's time of the last look, in seconds */
  private since = 0;
  private lookedAt = 0;
  private prunedAt = 0;
  private readonly repo: SearchRepo;
  private readonly siteId: bigint;
  private readonly onChange: () => void;

  constructor(repo: SearchRepo, siteId: bigint, onChange: () => void) {
    this.repo = repo;
    this.siteId = siteId;
    this.onChange = onChange;
  }

  /** The copy, current to within a second. */
  async read(): Promise<MemoryIndex> {
    const index = this.index;
    if (!index) return (this.loading ??= this.load().finally(() => (this.loading = undefined)));
    if (performance.now() - this.lookedAt > FRESH_MS) {
      await (this.syncing ??= this.sync(index).finally(() => (this.syncing = undefined)));
    }
    return this.index ?? index;
  }

  /** What this process wrote: in its copy before the writing request answers. */
  written(rows: MirrorRow[]): void {
    if (!this.index) return;
    for (const r of rows) this.index.put(memoryDocOf(r));
  }

  gone(rows: GoneRow[]): void {
    if (!this.index) return;
    for (const r of rows) this.index.remove(r.type, BigInt(r.refId), Number(r.modified));
  }

  private async load(): Promise<MemoryIndex> {
    const since = (await this.repo.now()) - OVERLAP_S;
    const index = new MemoryIndex();
    for (let after = { type: -1, ref: 0n }; ;) {
      const rows = await this.repo.mirrorPage(this.siteId, after.type, after.ref, LOAD_BATCH);
      for (const r of rows) index.put(memoryDocOf(r));
      if (rows.length < LOAD_BATCH) break;
      const last = rows[rows.length - 1]!;
      after = { type: last.type, ref: BigInt(last.refId) };
    }
    index.compact();
    this.since = since;
    this.lookedAt = performance.now();
    this.index = index;
    // what changed during the load is read by the first look
    return index;
  }

  private async sync(index: MemoryIndex): Promise<void> {
    const started = performance.now();
    if (started - this.lookedAt > (KEEP_GONE_S - 600) * 1000) {
      this.index = undefined;
      await this.read();
      this.onChange();
      return;
    }
    const now = await this.repo.now();
    // one after the other: the database may be one connection (PGlite, or a test's client)
    const rows = await this.repo.writtenSince(this.siteId, this.since);
    const gone = await this.repo.goneSince(this.siteId, this.since);
    let changed = false;
    for (const r of gone) changed = index.remove(r.type, BigInt(r.refId), Number(r.modified)) || changed;
    for (const r of rows) changed = index.put(memoryDocOf(r)) || changed;
    index.forgetRemovals(this.since - OVERLAP_S);
    this.since = now - OVERLAP_S;
    this.lookedAt = started;
    if (changed) this.onChange();
    if (started - this.prunedAt > PRUNE_EVERY_MS) {
      this.prunedAt = started;
      await this.repo.pruneGone(this.siteId, now - KEEP_GONE_S);
    }
  }
}
