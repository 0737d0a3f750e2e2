import crypto from 'node:crypto';

/**
 * Snowflake ids: 41 bits of milliseconds since 2020-01-01, 10 bits of worker, 12 bits of sequence.
 * They stay sortable by time, and unique across processes because each process mints with a worker number it
 * leases (platform/worker-lease.ts) and uses only while the lease is surely its own.
 */
const EPOCH = 1577836800000n;

/** A clock stepped back by at most this much is waited out; a larger step stops id minting with an error. */
export const MAX_CLOCK_WAIT_MS = 10;

export class ClockMovedBackwards extends Error {}
export class WorkerLeaseLapsed extends Error {}

/** A worker number and, for a lease, the monotonic instant (performance.now()) until which it is surely held. */
export interface WorkerGrant {
  worker: number;
  validUntil: number;
}

export class Snowflake {
  private lastMs = -1n;
  private seq = 0n;
  private grant: WorkerGrant;
  private readonly clock: () => number;
  private readonly monotonic: () => number;

  constructor(
    grant: WorkerGrant = { worker: crypto.randomInt(1024), validUntil: Infinity },
    clocks: { now?: () => number; monotonic?: () => number } = {},
  ) {
    this.grant = checked(grant);
    this.clock = clocks.now ?? Date.now;
    this.monotonic = clocks.monotonic ?? (() => performance.now());
  }

  get worker(): number {
    return this.grant.worker;
  }

  /** Mints from now on with this worker number (a new lease, or a renewed one). */
  use(grant: WorkerGrant): void {
    this.grant = checked(grant);
  }

  next(): bigint {
    if (this.monotonic() > this.grant.validUntil)
      throw new WorkerLeaseLapsed(
        `编号生成已暂停：本进程的工作编号 ${this.grant.worker} 租约未能按时续期（数据库不可达？），续期成功后自动恢复`,
      );
    let now = this.tick();
    if (now === this.lastMs) {
      this.seq = (this.seq + 1n) & 4095n;
      if (this.seq === 0n) {
        // the sequence ran out within one millisecond: wait for the next
        while (now <= this.lastMs) now = this.tick();
      }
    } else {
      this.seq = 0n;
    }
    this.lastMs = now;
    return ((now - EPOCH) << 22n) | (BigInt(this.grant.worker) << 12n) | this.seq;
  }

  /**
   * The current millisecond, never before the last one used: a small step back of the clock (NTP correcting a few
   * milliseconds) is waited out; a larger one is refused, since waiting would freeze the process and minting from
   * a borrowed future instant could repeat the ids of whoever held this worker number before.
   */
  private tick(): bigint {
    let now = BigInt(this.clock());
    if (now >= this.lastMs) return now;
    const behind = Number(this.lastMs - now);
    if (behind > MAX_CLOCK_WAIT_MS)
      throw new ClockMovedBackwards(
        `系统时钟回拨了 ${behind} 毫秒：为避免重复编号，时钟追上 ${new Date(Number(this.lastMs)).toISOString()} 之前不生成新编号`,
      );
    while (now < this.lastMs) now = BigInt(this.clock());
    return now;
  }
}

function checked(g: WorkerGrant): WorkerGrant {
  if (!Number.isInteger(g.worker) || g.worker < 0 || g.worker > 1023)
    throw new Error('worker id must be within 0..1023');
  return g;
}

const shared = new Snowflake();
/** Leases held by this process, newest last: ids are minted with the newest (tests run several apps at once). */
const held: WorkerGrant[] = [];
const unleased: WorkerGrant = { worker: shared.worker, validUntil: Infinity };

export const newId = (): bigint => shared.next();

/** This process mints with the grant's number until it is released (or replaced by a newer one). */
export function adoptWorker(grant: WorkerGrant): void {
  if (!held.includes(grant)) held.push(grant);
  shared.use(held.at(-1)!);
}

/** The grant's number is no longer this process's: mint with the lease taken before it, if any. */
export function dropWorker(grant: WorkerGrant): void {
  const i = held.indexOf(grant);
  if (i >= 0) held.splice(i, 1);
  shared.use(held.at(-1) ?? unleased);
}

/** The worker number ids are minted with now. */
export const currentWorker = (): number => shared.worker;
