import crypto from 'node:crypto';
import pg from 'pg';

export interface BenchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** Creates a fresh, empty database `qk_bench_<random>` through an admin connection; drop() removes it. */
export async function createBenchDatabase(adminUrl: string): Promise<BenchDatabase> {
  const name = `qk_bench_${crypto.randomBytes(5).toString('hex')}`;
  await withClient(adminUrl, (c) => c.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    name,
    url: url.toString(),
    async drop() {
      if (dropped) return;
      dropped = true;
      await withClient(adminUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
    },
  };
}

export async function postgresVersion(url: string): Promise<string> {
  const res = await withClient(url, (c) => c.query<{ version: string }>('select version()'));
  return res.rows[0]?.version ?? 'unknown';
}

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
