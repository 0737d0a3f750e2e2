/** How long views gather before they are written: short enough to be unnoticed, long enough to batch a burst. */
export const GATHER_MS = 5;

interface Waiting {
  siteId: bigint;
  blogId: bigint;
  n: number;
  waiters: { resolve: (count: number | undefined) => void; reject: (err: unknown) => void }[];
}

/**
 * Counts views by group commit: views of the same post that arrive within a few milliseconds become one
 * `view_count = view_count + n`, and every one of them is answered only after that statement has committed, so an
 * acknowledged view survives a restart and a burst of thousands costs a statement per post, not per view. The
 * pending views are a write buffer, emptied every few milliseconds, never a cache.
 */
export class BlogViewCounter {
  private pending = new Map<string, Waiting>();
  private timer: NodeJS.Timeout | null = null;
  private readonly write: (siteId: bigint, blogId: bigint, n: number) => Promise<number | undefined>;
  constructor(write: (siteId: bigint, blogId: bigint, n: number) => Promise<number | undefined>) {
    this.write = write;
  }

  /** One view; resolves with the post's stored count once the view is in the database. */
  view(siteId: bigint, blogId: bigint): Promise<number | undefined> {
    return new Promise((resolve, reject) => {
      const key = `${siteId}:${blogId}`;
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

  /** Writes what has gathered: one statement per post, all at once; each waiter hears its own post's result. */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = [...this.pending.values()];
    this.pending = new Map();
    await Promise.all(
      batch.map(async (w) => {
        try {
          const count = await this.write(w.siteId, w.blogId, w.n);
          for (const x of w.waiters) x.resolve(count);
        } catch (err) {
          for (const x of w.waiters) x.reject(err);
        }
      }),
    );
  }
}
