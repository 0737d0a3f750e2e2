import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { job } from '../../db/schema/platform.ts';
import { newId } from '../ids.ts';
import type { Db } from './client.ts';
import { withTransaction } from './transaction.ts';
import { param, sqlStatement, statement } from './statement.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
});
afterAll(async () => t?.close());

const KIND = 'statement-test';
const insertJob = statement<{ id: bigint; payload: Record<string, unknown>; runAt: Date; dedupeKey: string | null }>()(
  (db) =>
    db
      .insert(job)
      .values({
        id: param('id'),
        kind: KIND,
        payload: param('payload'),
        runAt: param('runAt'),
        dedupeKey: param('dedupeKey'),
      })
      .returning(),
);
const jobById = statement<{ id: bigint }>()((db) =>
  db
    .select()
    .from(job)
    .where(and(eq(job.id, param('id')), eq(job.kind, KIND))),
);
const insertJobSql = sqlStatement<{ id: bigint; runAt: string }>()(
  () =>
    sql`insert into ${job} (id, kind, run_at) values (${sql.placeholder('id')}, ${KIND}, ${sql.placeholder('runAt')}::timestamptz) returning id`,
);
const built = (id: bigint) => t.platform.db.select().from(job).where(eq(job.id, id));

class Rollback extends Error {}
async function inRolledBack(fn: (tx: Db) => Promise<void>): Promise<void> {
  await withTransaction(t.platform.db, async (tx) => {
    await fn(tx);
    throw new Rollback();
  }).catch((err: unknown) => {
    if (!(err instanceof Rollback)) throw err;
  });
}

describe('statements built once', () => {
  it('encode values and map rows as the query builder does', async () => {
    const id = newId();
    const runAt = new Date('2026-11-22T08:00:00.000Z');
    const [made] = await insertJob(t.platform.db, {
      id,
      payload: { orderId: '42', nested: [1, 2] },
      runAt,
      dedupeKey: null,
    });
    expect(made).toEqual((await built(id))[0]);
    expect(made).toMatchObject({
      id,
      kind: KIND,
      payload: { orderId: '42', nested: [1, 2] },
      runAt,
      dedupeKey: null,
      state: 'pending',
    });
    expect(await jobById(t.platform.db, { id })).toEqual([made]);
  });

  it('run on the caller’s transaction: a rollback takes back what they wrote', async () => {
    const id = newId();
    await inRolledBack(async (tx) => {
      await insertJob(tx, { id, payload: {}, runAt: new Date(), dedupeKey: `rolled-back:${id}` });
      // seen inside the transaction, by a statement and by the builder alike
      expect(await jobById(tx, { id })).toHaveLength(1);
      expect(await tx.select().from(job).where(eq(job.id, id))).toHaveLength(1);
    });
    expect(await built(id)).toEqual([]);
    expect(await jobById(t.platform.db, { id })).toEqual([]);
  });

  it('keep concurrent transactions apart', async () => {
    const kept = newId();
    const dropped = newId();
    await Promise.all([
      withTransaction(t.platform.db, async (tx) => {
        await insertJob(tx, { id: kept, payload: {}, runAt: new Date(), dedupeKey: null });
      }),
      inRolledBack(async (tx) => {
        await insertJob(tx, { id: dropped, payload: {}, runAt: new Date(), dedupeKey: null });
      }),
    ]);
    expect(await jobById(t.platform.db, { id: kept })).toHaveLength(1);
    expect(await jobById(t.platform.db, { id: dropped })).toEqual([]);
  });

  it('written by hand, run on the caller’s transaction too', async () => {
    const id = newId();
    await inRolledBack(async (tx) => {
      expect(await insertJobSql(tx, { id, runAt: new Date().toISOString() })).toHaveLength(1);
      expect(await jobById(tx, { id })).toHaveLength(1);
    });
    expect(await built(id)).toEqual([]);
    const runAt = new Date('2026-11-22T09:30:00.000Z');
    expect(await insertJobSql(t.platform.db, { id, runAt: runAt.toISOString() })).toHaveLength(1);
    expect((await built(id))[0]).toMatchObject({ id, kind: KIND, runAt, state: 'pending' });
  });
});
