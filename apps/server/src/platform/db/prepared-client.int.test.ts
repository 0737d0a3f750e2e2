import pg from 'pg';
import { describe, expect, test } from 'vitest';
import { MAX_PREPARED_PER_CONNECTION, preparingClient, statementName } from './prepared-client.ts';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('prepared statements on PostgreSQL', () => {
  async function withClient(fn: (c: pg.Client) => Promise<void>) {
    const Client = preparingClient(pg.Client);
    const c = new Client({ connectionString: url });
    await c.connect();
    try {
      await fn(c);
    } finally {
      await c.end();
    }
  }
  const preparedNames = async (c: pg.Client) =>
    (await c.query<{ name: string }>('select name from pg_prepared_statements')).rows.map((r) => r.name);

  test('a parameterised query is prepared once per connection and answers as before', async () => {
    await withClient(async (c) => {
      const text = 'select $1::int + 1 as n';
      for (const v of [1, 2, 3]) expect((await c.query({ text }, [v])).rows[0]).toEqual({ n: v + 1 });
      expect(await preparedNames(c)).toEqual([statementName(text)]);
    });
  });

  test('DDL, statements without parameters and named ones are left alone', async () => {
    await withClient(async (c) => {
      await c.query('create temp table t (x int)');
      await c.query({ text: 'select 1' });
      await c.query({ text: 'insert into t values ($1)', name: 'mine' }, [1]);
      expect(await preparedNames(c)).toEqual(['mine']);
    });
  });

  test('past the per-connection limit further statements run unnamed', async () => {
    await withClient(async (c) => {
      for (let i = 0; i <= MAX_PREPARED_PER_CONNECTION + 5; i++)
        await c.query({ text: `select $1::int + ${i} as n` }, [1]);
      expect((await preparedNames(c)).length).toBe(MAX_PREPARED_PER_CONNECTION);
      expect((await c.query({ text: `select $1::int + 0 as n` }, [5])).rows[0]).toEqual({ n: 5 });
    });
  });
});
