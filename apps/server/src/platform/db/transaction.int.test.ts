import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { job } from '../../db/schema/platform.ts';
import { newId } from '../ids.ts';
import type { Db } from './client.ts';
import { withTransaction } from './transaction.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
});
afterAll(async () => t?.close());

const KIND = 'transaction-test';
/** A repo function as the modules write them: it takes a Db, and so a transaction. */
const addJob = (db: Db, id: bigint) => db.insert(job).values({ id, kind: KIND, runAt: new Date() });
const found = async (id: bigint) => (await t.platform.db.select().from(job).where(eq(job.id, id))).length;

describe('withTransaction (on PGlite, or PostgreSQL when TEST_DATABASE_URL is set)', () => {
  it('commits what the callback wrote and answers its result', async () => {
    const id = newId();
    const result = await withTransaction(t.platform.db, async (tx) => {
      await addJob(tx, id);
      return 'done';
    });
    expect(result).toBe('done');
    expect(await found(id)).toBe(1);
  });

  it('takes everything back when the callback throws, and rethrows', async () => {
    const id = newId();
    await expect(
      withTransaction(t.platform.db, async (tx) => {
        await addJob(tx, id);
        expect((await tx.select().from(job).where(eq(job.id, id))).length).toBe(1);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await found(id)).toBe(0);
  });

  it('nests as a savepoint: an inner failure leaves the outer work to commit', async () => {
    const outer = newId();
    const inner = newId();
    await withTransaction(t.platform.db, async (tx) => {
      await addJob(tx, outer);
      await withTransaction(tx, async (sp) => {
        await addJob(sp, inner);
        throw new Error('inner');
      }).catch(() => undefined);
    });
    expect(await found(outer)).toBe(1);
    expect(await found(inner)).toBe(0);
  });
});
