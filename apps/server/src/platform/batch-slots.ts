/**
 * The scheduling of batched statements (a group commit, or reads of many requests in one round trip): what callers
 * hand in during one turn of the event loop forms a batch, at most `maxInFlight` batches run at a time, and what
 * arrives meanwhile waits for the next free slot, so batches grow with the load while an idle server runs a lone
 * item at the next turn. Each owner keeps its own waiting items and answers its callers; `take` hands over the next
 * batch's run, or nothing when none waits.
 */
export class BatchSlots {
  private readonly maxInFlight: number;
  private readonly take: () => (() => Promise<void>) | undefined;
  private readonly afterRun: (() => void) | undefined;
  private inFlight = 0;
  private scheduled = false;

  constructor(opts: { maxInFlight: number; take: () => (() => Promise<void>) | undefined; afterRun?: () => void }) {
    this.maxInFlight = opts.maxInFlight;
    this.take = opts.take;
    this.afterRun = opts.afterRun;
  }

  /** Batches running now. */
  get running(): number {
    return this.inFlight;
  }

  /** Something waits: a batch runs at the next turn of the event loop, or when a slot frees. */
  schedule(): void {
    if (this.scheduled || this.inFlight >= this.maxInFlight) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      while (this.inFlight < this.maxInFlight) {
        const run = this.take();
        if (!run) return;
        this.inFlight++;
        void run().finally(() => {
          this.inFlight--;
          this.schedule();
          this.afterRun?.();
        });
      }
    });
  }
}
