/**
 * Snowflake ids: 41 bits of milliseconds since 2020-01-01, 10 bits of worker, 12 bits of sequence.
 * They stay sortable by time and unique across processes that pick distinct workers.
 */
const EPOCH = 1577836800000n;

export class Snowflake {
  private lastMs = -1n;
  private seq = 0n;
  private readonly worker: bigint;

  constructor(worker = Math.floor(Math.random() * 1024)) {
    if (worker < 0 || worker > 1023) throw new Error('worker id must be within 0..1023');
    this.worker = BigInt(worker);
  }

  next(): bigint {
    let now = BigInt(Date.now());
    if (now < this.lastMs) now = this.lastMs; // the clock stepped back: keep counting from the last instant
    if (now === this.lastMs) {
      this.seq = (this.seq + 1n) & 4095n;
      if (this.seq === 0n) {
        while (BigInt(Date.now()) <= this.lastMs) {
          /* the sequence ran out within one millisecond: wait for the next */
        }
        now = BigInt(Date.now());
      }
    } else {
      this.seq = 0n;
    }
    this.lastMs = now;
    return ((now - EPOCH) << 22n) | (this.worker << 12n) | this.seq;
  }
}

const shared = new Snowflake();
export const newId = (): bigint => shared.next();
