/**
 * The scheduling of a group commit: what callers hand in during one turn of the event loop forms a group, at most
 * `maxInFlight` groups are being written at a time, and what arrives meanwhile waits for the next free slot, so the
 * groups grow with the load while an idle server writes a lone item at the next turn. Each owner keeps its own
 * waiting items and answers its callers; `take` hands over the next group's write, or nothing when none waits.
 */
export class WriteSlots {
  private readonly maxInFlight: number;
  private readonly take: () => (() => Promise<void>) | undefined;
  private readonly afterWrite: (() => void) | undefined;
  private inFlight = 0;
  private scheduled = false;

  constructor(opts: { maxInFlight: number; take: () => (() => Promise<void>) | undefined; afterWrite?: () => void }) {
    this.maxInFlight = opts.maxInFlight;
    this.take = opts.take;
    this.afterWrite = opts.afterWrite;
  }

  /** Groups being written now. */
  get writing(): number {
    return this.inFlight;
  }

  /** Something waits: a group is written at the next turn of the event loop, or when a slot frees. */
  schedule(): void {
    if (this.scheduled || this.inFlight >= this.maxInFlight) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      while (this.inFlight < this.maxInFlight) {
        const write = this.take();
        if (!write) return;
        this.inFlight++;
        void write().finally(() => {
          this.inFlight--;
          this.schedule();
          this.afterWrite?.();
        });
      }
    });
  }
}
