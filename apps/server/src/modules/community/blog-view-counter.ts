import { BatchSlots } from '../../platform/batch-slots.ts';

/** One batch is written at a time, the next gathering meanwhile: under load the batches grow, not the statements. */
const MAX_IN_FLIGHT = 1;

export interface ViewBatchItem {
  siteId: bigint;
  blogId: bigint;
  n: number;
}

/** Adds each item's views in one statement; answers the counts now stored, by `siteId:blogId` (none for a post not counted). */
export type WriteViews = (items: ViewBatchItem[]) => Promise<Map<string, number>>;

interface Waiting extends ViewBatchItem {
  waiters: { resolve: (count: number | undefined) => void; reject: (err: unknown) => void }[];
}

export const viewKey = (siteId: bigint, blogId: bigint) => `${siteId}:${blogId}`;

/**
 * Counts views by group commit: the views that arrive while earlier batches are being written, of any posts,
 * become one statement adding each post's number, and every one of them is answered only after that statement has
 * committed, so an acknowledged view survives a restart and a burst of thousands costs one commit, not one per
 * view. A lone view is written at the next turn of the event loop. The pending views are a write buffer, never a
 * cache.
 */
export class BlogViewCounter {
  private pending = new Map<string, Waiting>();
  private readonly write: WriteViews;
  private readonly slots: BatchSlots;
  constructor(write: WriteViews) {
    this.write = write;
    this.slots = new BatchSlots({
      maxInFlight: MAX_IN_FLIGHT,
      take: () => {
        if (!this.pending.size) return undefined;
        // batches written at the same time lock the posts' counters in the same order, so they never deadlock
        const batch = [...this.pending.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
        this.pending = new Map();
        return () => this.writeBatch(batch);
      },
    });
  }

  /** One view; resolves with the post's stored count once the view is in the database. */
  view(siteId: bigint, blogId: bigint): Promise<number | undefined> {
    return new Promise((resolve, reject) => {
      const key = viewKey(siteId, blogId);
      let w = this.pending.get(key);
      if (!w) {
        w = { siteId, blogId, n: 0, waiters: [] };
        this.pending.set(key, w);
      }
      w.n += 1;
      w.waiters.push({ resolve, reject });
      this.slots.schedule();
    });
  }

  /** Writes one batch in one statement; each waiter hears its own post's count, or the failure. */
  private async writeBatch(batch: [string, Waiting][]): Promise<void> {
    try {
      const counts = await this.write(batch.map(([, w]) => ({ siteId: w.siteId, blogId: w.blogId, n: w.n })));
      for (const [key, w] of batch) for (const x of w.waiters) x.resolve(counts.get(key));
    } catch (err) {
      for (const [, w] of batch) for (const x of w.waiters) x.reject(err);
    }
  }
}
