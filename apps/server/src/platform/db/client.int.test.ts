import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, test } from 'vitest';
import { createBenchDatabase, type BenchDatabase } from '../../../../../bench/lib/database.ts';
import { openPostgres, rowsOf, type Database } from './client.ts';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('the PostgreSQL pool', () => {
  let fresh: BenchDatabase | undefined;
  let database: Database | undefined;
  afterAll(async () => {
    await database?.close();
    await fresh?.drop();
  });

  test('outlives its idle connections being closed by the server, and answers the next query', async () => {
    fresh = await createBenchDatabase(url!);
    database = await openPostgres(fresh.url, 2);
    const one = async () => rowsOf<{ n: number }>(await database!.db.execute(sql`select 1 as n`))[0]?.n;
    expect(await one()).toBe(1);

    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const ended = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [fresh.name],
      );
      expect(ended.rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    // the pool hears of it as its idle connections close; the process must not end on it
    await new Promise((r) => setTimeout(r, 300));
    expect(await one()).toBe(1);
  });
});
