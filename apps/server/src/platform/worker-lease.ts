import crypto from 'node:crypto';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { rowsOf, type Db } from './db/client.ts';
import { adoptWorker, dropWorker, type WorkerGrant } from './ids.ts';

export class NoFreeWorker extends Error {}

interface Options {
  /** How long a lease lasts without a heartbeat; a process that dies gives its number up after this. */
  ttlMs?: number;
  /** How often the lease is renewed: several renewals fit in one ttl, so one slow round trip loses nothing. */
  heartbeatMs?: number;
}

/**
 * Each process leases a snowflake worker number in the `worker_lease` table, so no two live processes mint with the
 * same one. Times are the database's, so the processes' clocks need not agree. The process uses its number only
 * until its last successful renewal plus the ttl, less a margin, by its own monotonic clock: after that another
 * process may have taken the number over, and minting stops (WorkerLeaseLapsed) until a renewal or a new lease.
 */
export class WorkerLease {
  readonly owner = `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`;
  private grant: WorkerGrant | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly ttlMs: number;
  private readonly heartbeatMs: number;
  private readonly db: Db;
  private readonly log: Pick<FastifyBaseLogger, 'warn' | 'error'>;

  constructor(db: Db, log: Pick<FastifyBaseLogger, 'warn' | 'error'>, opts: Options = {}) {
    this.db = db;
    this.log = log;
    this.ttlMs = opts.ttlMs ?? 60_000;
    this.heartbeatMs = opts.heartbeatMs ?? Math.floor(this.ttlMs / 4);
  }

  get worker(): number | undefined {
    return this.grant?.worker;
  }

  /** Leases the lowest free number, makes it this process's and starts the heartbeat. */
  async start(): Promise<number> {
    const grant = await this.take();
    this.grant = grant;
    adoptWorker(grant);
    this.timer = setInterval(() => void this.heartbeat(), this.heartbeatMs);
    this.timer.unref();
    return grant.worker;
  }

  /** One renewal; a lease found taken over is replaced by a new one. Returns whether a lease is held after. */
  async heartbeat(): Promise<boolean> {
    const grant = this.grant;
    if (!grant) return false;
    try {
      if (await this.renew(grant)) return true;
      this.log.error({ worker: grant.worker }, 'worker lease was taken over: leasing another number');
      dropWorker(grant);
      this.grant = await this.take();
      adoptWorker(this.grant);
      return true;
    } catch (err) {
      this.log.warn({ err, worker: grant.worker }, 'worker lease renewal failed');
      return false;
    }
  }

  /** Gives the number back, so the next process to start may take it at once. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    const grant = this.grant;
    if (!grant) return;
    this.grant = undefined;
    dropWorker(grant);
    await this.db.execute(sql`delete from worker_lease where worker_id = ${grant.worker} and owner = ${this.owner}`);
  }

  /** A lease is surely held until the instant its renewal was sent plus the ttl, less a margin for the round trip. */
  private validFrom(sentAt: number): number {
    return sentAt + this.ttlMs - Math.min(5_000, this.ttlMs / 4);
  }

  private async take(): Promise<WorkerGrant> {
    // two processes may pick the same free number at once: the loser's conflict update finds the winner's fresh
    // lease, changes nothing, returns no row, and it picks again
    for (let attempt = 0; attempt < 50; attempt++) {
      const sentAt = performance.now();
      const rows = rowsOf<{ worker_id: number }>(
        await this.db.execute(sql`
          insert into worker_lease (worker_id, owner, heartbeat_at, expires_at)
          select n, ${this.owner}, now(), now() + ${this.ttlMs}::int * interval '1 millisecond'
            from generate_series(0, 1023) as n
           where not exists (select 1 from worker_lease l where l.worker_id = n and l.expires_at > now())
           order by n
           limit 1
          on conflict (worker_id) do update
             set owner = excluded.owner, heartbeat_at = excluded.heartbeat_at, expires_at = excluded.expires_at
           where worker_lease.expires_at <= now()
          returning worker_id`),
      );
      if (rows[0]) return { worker: Number(rows[0].worker_id), validUntil: this.validFrom(sentAt) };
      const free = rowsOf<{ n: string }>(
        await this.db.execute(sql`select count(*) as n from worker_lease where expires_at > now()`),
      );
      if (Number(free[0]?.n) >= 1024) break;
    }
    throw new NoFreeWorker('1024 个工作编号都已被占用：同一数据库上运行的进程过多，或租约表需要检查（worker_lease）');
  }

  private async renew(grant: WorkerGrant): Promise<boolean> {
    const sentAt = performance.now();
    const rows = rowsOf(
      await this.db.execute(sql`
        update worker_lease set heartbeat_at = now(), expires_at = now() + ${this.ttlMs}::int * interval '1 millisecond'
         where worker_id = ${grant.worker} and owner = ${this.owner}
        returning worker_id`),
    );
    if (rows.length === 0) return false;
    grant.validUntil = this.validFrom(sentAt);
    return true;
  }
}
