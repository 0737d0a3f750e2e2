import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { rowsOf } from './db/client.ts';
import { currentWorker, newId } from './ids.ts';
import { WorkerLease } from './worker-lease.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
});
afterAll(async () => t?.close());

const lease = (opts?: { ttlMs?: number; heartbeatMs?: number }) => new WorkerLease(t.platform.db, t.platform.log, opts);
const held = async () =>
  rowsOf<{ worker_id: number }>(await t.platform.db.execute(sql`select worker_id from worker_lease order by 1`)).map(
    (r) => Number(r.worker_id),
  );

describe('worker number leases', () => {
  it('are taken by the app at start: its ids carry the leased number', async () => {
    expect(await held()).toEqual([0]);
    expect(currentWorker()).toBe(0);
    expect(Number((newId() >> 12n) & 1023n)).toBe(0);
  });

  it('give live processes distinct numbers, the lowest free first, and take a number back on stop', async () => {
    const a = lease();
    const b = lease();
    expect(await a.start()).toBe(1);
    expect(await b.start()).toBe(2);
    // this process now mints with the newest lease
    expect(Number((newId() >> 12n) & 1023n)).toBe(2);
    await b.stop();
    expect(currentWorker()).toBe(1);
    await a.stop();
    expect(currentWorker()).toBe(0);
    expect(await held()).toEqual([0]);
    const c = lease();
    expect(await c.start()).toBe(1);
    await c.stop();
  });

  it('let a number whose holder stopped renewing be taken over, and the old holder move to another', async () => {
    const dead = lease({ ttlMs: 60_000, heartbeatMs: 60_000 });
    expect(await dead.start()).toBe(1);
    const alive = lease();
    expect(await alive.start()).toBe(2);
    await t.platform.db.execute(
      sql`update worker_lease set expires_at = now() - interval '1 second' where worker_id = 1`,
    );
    const next = lease();
    expect(await next.start()).toBe(1);
    // the old holder's renewal finds its number gone, and leases a free one instead of minting with another's
    expect(await dead.heartbeat()).toBe(true);
    expect(dead.worker).toBe(3);
    expect(await held()).toEqual([0, 1, 2, 3]);
    await Promise.all([dead.stop(), alive.stop(), next.stop()]);
    expect(await held()).toEqual([0]);
  });

  it('push the expiry forward in the database on each heartbeat', async () => {
    const l = lease({ ttlMs: 60_000 });
    await l.start();
    await t.platform.db.execute(sql`update worker_lease set expires_at = now() + interval '1 second'`);
    expect(await l.heartbeat()).toBe(true);
    const [row] = rowsOf<{ left_s: string }>(
      await t.platform.db.execute(
        sql`select extract(epoch from expires_at - now()) as left_s from worker_lease where worker_id = ${l.worker!}`,
      ),
    );
    expect(Number(row!.left_s)).toBeGreaterThan(50);
    await l.stop();
  });
});
