import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { rowsOf, type Db } from './db/client.ts';
import { job } from '../db/schema/platform.ts';
import { newId } from './ids.ts';

/**
 * A kind of job: its name (stored in `job.kind`) and the schema of its payload (stored as JSON in `job.payload`).
 * Enqueuing takes a payload of that shape; a claimed job's payload is checked against it before its handler runs.
 */
export interface JobDef<P extends Record<string, unknown>> {
  readonly kind: string;
  readonly payload: z.ZodType<P>;
}

/** Defines a job beside the module that owns it. A name and its stored payload shape never change once used. */
export function defineJob<P extends Record<string, unknown>>(kind: string, payload: z.ZodType<P>): JobDef<P> {
  return { kind, payload };
}

/** The payload a job definition takes. */
export type JobPayload<D> = D extends JobDef<infer P> ? P : never;

/** A 64-bit id in a payload: stored as a decimal string. */
export const jobIdField = z.string().regex(/^\d{1,19}$/);

export type JobHandler<P> = (payload: P, run: { attempts: number; maxAttempts: number }) => Promise<void>;

/** Thrown by a handler when trying again cannot help (a corrupt file): the job fails at once, without retries. */
export class PermanentJobError extends Error {}

interface Options {
  pollMs?: number;
  lockMs?: number;
  concurrency?: number;
  /** how long a finished job's row is kept for inspection: done, and failed for good */
  keepDoneMs?: number;
  keepFailedMs?: number;
}

const DAY_MS = 86_400_000;
/** how often a worker deletes the finished rows past their keeping time */
const PURGE_EVERY_MS = 60 * 60_000;
const PURGE_BATCH = 5000;

/**
 * Durable jobs in one table. Any process in the worker role claims due rows with FOR UPDATE SKIP LOCKED, so
 * several workers never run the same job, and a job whose worker died is retried once its lock lapses.
 */
export class Jobs {
  private readonly handlers = new Map<
    string,
    { def: JobDef<Record<string, unknown>>; handler: JobHandler<Record<string, unknown>>; concurrency: number }
  >();
  private readonly runningByKind = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private running = 0;
  private stopped = true;
  private readonly pollMs: number;
  private readonly lockMs: number;
  private readonly concurrency: number;
  private readonly keepDoneMs: number;
  private readonly keepFailedMs: number;
  private lastPurge = 0;

  private readonly db: Db;
  private readonly log: FastifyBaseLogger;
  constructor(db: Db, log: FastifyBaseLogger, opts: Options = {}) {
    this.db = db;
    this.log = log;
    this.pollMs = opts.pollMs ?? 1000;
    this.lockMs = opts.lockMs ?? 10 * 60_000;
    this.concurrency = opts.concurrency ?? 4;
    this.keepDoneMs = opts.keepDoneMs ?? 7 * DAY_MS;
    this.keepFailedMs = opts.keepFailedMs ?? 30 * DAY_MS;
  }

  /** `concurrency` caps how many jobs of this kind one process runs at once (a transcode takes a whole core). */
  register<P extends Record<string, unknown>>(
    def: JobDef<P>,
    handler: JobHandler<P>,
    opts: { concurrency?: number } = {},
  ): void {
    this.handlers.set(def.kind, {
      def: def as unknown as JobDef<Record<string, unknown>>,
      handler: handler as JobHandler<Record<string, unknown>>,
      concurrency: opts.concurrency ?? this.concurrency,
    });
  }

  /** Adds a job; a job with the same dedupeKey is added once. */
  async enqueue<P extends Record<string, unknown>>(
    def: JobDef<P>,
    payload: NoInfer<P>,
    opts: { runAt?: Date; dedupeKey?: string; maxAttempts?: number } = {},
  ) {
    const kind = def.kind;
    await this.db
      .insert(job)
      .values({
        id: newId(),
        kind,
        payload,
        runAt: opts.runAt ?? new Date(),
        dedupeKey: opts.dedupeKey,
        maxAttempts: opts.maxAttempts ?? 5,
      })
      .onConflictDoNothing();
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    while (this.running > 0) await new Promise((r) => setTimeout(r, 50));
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.tick(), ms);
    this.timer.unref();
  }

  /** Claims and runs what is due; returns how many jobs ran. Exposed for tests and the worker loop. */
  async tick(): Promise<number> {
    let ran = 0;
    try {
      while (this.running < this.concurrency) {
        const claimed = await this.claim();
        if (!claimed) break;
        ran++;
        this.running++;
        this.runningByKind.set(claimed.kind, (this.runningByKind.get(claimed.kind) ?? 0) + 1);
        void this.run(claimed).finally(() => {
          this.running--;
          this.runningByKind.set(claimed.kind, this.runningByKind.get(claimed.kind)! - 1);
        });
      }
    } catch (err) {
      this.log.error({ err }, 'job claim failed');
    }
    if (Date.now() - this.lastPurge >= PURGE_EVERY_MS) {
      this.lastPurge = Date.now();
      this.purge().catch((err: unknown) => this.log.warn({ err }, 'finished jobs not purged'));
    }
    this.schedule(this.pollMs);
    return ran;
  }

  /**
   * Deletes the rows of jobs finished longer ago than they are kept, in batches so no statement holds many locks;
   * every job is written once per state change, so without this the table would only grow. Returns how many went.
   */
  async purge(): Promise<number> {
    let total = 0;
    for (;;) {
      const result = await this.db.execute(sql`
        DELETE FROM ${job} WHERE id IN (
          SELECT id FROM ${job}
          WHERE (state = 'done' AND gmt_modified < now() - ${`${this.keepDoneMs} milliseconds`}::interval)
             OR (state = 'failed' AND gmt_modified < now() - ${`${this.keepFailedMs} milliseconds`}::interval)
          LIMIT ${PURGE_BATCH})
        RETURNING id`);
      const n = rowsOf(result).length;
      total += n;
      if (n < PURGE_BATCH) return total;
    }
  }

  /**
   * Jobs due and not yet taken (a running job whose lock lapsed counts: it waits to be taken again), by kind, with
   * how long the oldest has been due. What a scraper watches to see the workers falling behind.
   */
  async backlog(): Promise<{ kind: string; depth: number; oldestSeconds: number }[]> {
    const rows = rowsOf<{ kind: string; depth: string | number; oldest: string | number }>(
      await this.db.execute(sql`
        SELECT kind, count(*) AS depth, extract(epoch FROM now() - min(run_at)) AS oldest FROM ${job}
        WHERE (state = 'pending' AND run_at <= now()) OR (state = 'running' AND locked_until < now())
        GROUP BY kind`),
    );
    return rows.map((r) => ({ kind: r.kind, depth: Number(r.depth), oldestSeconds: Math.max(0, Number(r.oldest)) }));
  }

  private async claim(): Promise<
    { id: bigint; kind: string; payload: Record<string, unknown>; attempts: number; maxAttempts: number } | undefined
  > {
    const kinds = [...this.handlers]
      .filter(([kind, h]) => (this.runningByKind.get(kind) ?? 0) < h.concurrency)
      .map(([kind]) => kind);
    if (kinds.length === 0) return undefined;
    const result = await this.db.execute<{
      id: string;
      kind: string;
      payload: Record<string, unknown>;
      attempts: number;
      max_attempts: number;
    }>(sql`
      UPDATE ${job} SET state = 'running', attempts = attempts + 1,
        locked_until = now() + ${`${this.lockMs} milliseconds`}::interval, gmt_modified = now()
      WHERE id = (
        SELECT id FROM ${job}
        WHERE kind IN (${sql.join(
          kinds.map((k) => sql`${k}`),
          sql`, `,
        )})
          AND ((state = 'pending' AND run_at <= now()) OR (state = 'running' AND locked_until < now()))
        ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING id, kind, payload, attempts, max_attempts`);
    const row = rowsOf<(typeof result)[number]>(result)[0];
    if (!row) return undefined;
    return {
      id: BigInt(row.id),
      kind: row.kind,
      payload: row.payload,
      attempts: row.attempts,
      maxAttempts: row.max_attempts,
    };
  }

  private async run(j: {
    id: bigint;
    kind: string;
    payload: Record<string, unknown>;
    attempts: number;
    maxAttempts: number;
  }) {
    const { def, handler } = this.handlers.get(j.kind)!;
    // a long job (a transcode) keeps its lock alive, so no other worker takes it over while it still runs
    const heartbeat = setInterval(
      () => {
        this.db
          .execute(
            sql`UPDATE ${job} SET locked_until = now() + ${`${this.lockMs} milliseconds`}::interval WHERE id = ${j.id} AND state = 'running'`,
          )
          .catch((err: unknown) => this.log.warn({ err, jobId: String(j.id) }, 'job lock renewal failed'));
      },
      Math.max(this.lockMs / 3, 1000),
    );
    heartbeat.unref();
    try {
      const payload = def.payload.safeParse(j.payload);
      // a payload of another shape cannot be run however often it is tried: it fails at once, saying why
      if (!payload.success) {
        throw new PermanentJobError(
          `job ${j.kind}: payload does not match its definition: ${z.prettifyError(payload.error).replaceAll('\n', '; ')}`,
        );
      }
      await handler(payload.data, { attempts: j.attempts, maxAttempts: j.maxAttempts });
      await this.db.execute(
        sql`UPDATE ${job} SET state = 'done', locked_until = NULL, gmt_modified = now() WHERE id = ${j.id}`,
      );
    } catch (err) {
      const final = j.attempts >= j.maxAttempts || err instanceof PermanentJobError;
      const backoffMs = Math.min(2 ** j.attempts * 1000, 60 * 60_000);
      this.log.warn(
        { err, jobId: String(j.id), kind: j.kind, attempt: j.attempts },
        final ? 'job failed for good' : 'job failed, will retry',
      );
      await this.db.execute(sql`
        UPDATE ${job} SET state = ${final ? 'failed' : 'pending'}, locked_until = NULL, last_error = ${String((err as Error).message ?? err)},
          run_at = now() + ${`${backoffMs} milliseconds`}::interval, gmt_modified = now()
        WHERE id = ${j.id}`);
    } finally {
      clearInterval(heartbeat);
    }
  }
}
