import type { Entry, ProgressBuffer } from './study-buffer.ts';

/**
 * Where progress waits between a report and its batch write. In one process a memory buffer; with Redis
 * configured, Redis, so several processes share each lesson's state and any of them may write the batch.
 */
export interface ProgressStore {
  /**
   * Changes a lesson's state as one step: `load` builds it the first time, `mutate` applies the report and says
   * whether anything changed.
   */
  update(key: string, load: () => Promise<Entry>, mutate: (e: Entry) => boolean): Promise<Entry>;
  /** The newest state of a lesson waiting here, if any. */
  get(siteId: bigint, userId: bigint, periodId: bigint): Promise<Entry | undefined>;
  /** The user's lessons newer here than in the database. */
  pendingOf(siteId: bigint, userId: bigint): Promise<Entry[]>;
  pendingCount(): Promise<number>;
  flush(): Promise<void>;
  stop(): Promise<void>;
}

/** The single-process store: the ProgressBuffer. */
export class MemoryProgressStore implements ProgressStore {
  private readonly buffer: ProgressBuffer;
  constructor(buffer: ProgressBuffer) {
    this.buffer = buffer;
    buffer.start();
  }

  async update(key: string, load: () => Promise<Entry>, mutate: (e: Entry) => boolean): Promise<Entry> {
    const e = await this.buffer.entry(key, load);
    if (mutate(e)) this.buffer.markDirty(e);
    return e;
  }

  async get(siteId: bigint, userId: bigint, periodId: bigint): Promise<Entry | undefined> {
    return this.buffer.peek(siteId, userId, periodId);
  }

  async pendingOf(siteId: bigint, userId: bigint): Promise<Entry[]> {
    return this.buffer.ofUser(siteId, userId).filter((e) => e.dirty);
  }

  async pendingCount(): Promise<number> {
    return this.buffer.pending;
  }

  flush(): Promise<void> {
    return this.buffer.flush();
  }

  stop(): Promise<void> {
    return this.buffer.stop();
  }
}
