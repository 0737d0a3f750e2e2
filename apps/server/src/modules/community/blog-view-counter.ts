/** How long views gather before they are written: short enough to be unnoticed, long enough to batch a burst. */
export const GATHER_MS = 5;

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
 * Counts views by group commit: the views that arrive within a few milliseconds, of any posts, become one
 * statement adding each post's number, and every one of them is answered only after that statement has
 * committed, so an acknowledged view survives a restart and a burst of thousands costs one commit, not one per
 * view. The pending views are a write buffer, emptied every few milliseconds, never a cache.
 */
export class BlogViewCounter {
  private pending = new Map<string, Waiting>();
  private timer: NodeJS.Timeout | null = null;
  private readonly write: WriteViews;
  constructor(write: WriteViews) {
    this.write = write;
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
      this.timer ??= setTimeout(() => void this.flush(), GATHER_MS);
    });
  }

  /** Writes what has gathered in one statement; each waiter hears its own post's count, or the failure. */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = [...this.pending.entries()];
    this.pending = new Map();
    if (!batch.length) return;
    try {
      const counts = await this.write(batch.map(([, w]) => ({ siteId: w.siteId, blogId: w.blogId, n: w.n })));
      for (const [key, w] of batch) for (const x of w.waiters) x.resolve(counts.get(key));
    } catch (err) {
      for (const [, w] of batch) for (const x of w.waiters) x.reject(err);
    }
  }
}
