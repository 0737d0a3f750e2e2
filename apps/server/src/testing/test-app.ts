import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import type pg from 'pg';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { loadConfig } from '../platform/config.ts';
import { openPglite, openPostgres, type Database } from '../platform/db/client.ts';
import { buildApp, type App } from '../app.ts';
import { ensureDefaultSite } from '../db/seed/default-site.ts';
import { runSeeders } from '../db/seed/seed.ts';
import { seeders } from '../db/seed/seeders.ts';
import { seededSnapshot, seededTemplate } from './seeded-snapshot.ts';

export interface TestApp extends App {
  siteId: bigint;
  /** POSTs (or GETs) a call path under /apis and returns the parsed envelope. */
  call(
    pathname: string,
    body?: unknown,
    opts?: { headers?: Record<string, string>; method?: 'GET' | 'POST' },
  ): Promise<{ code: number; msg: string; data: any }>;
  raw(opts: InjectOptions): Promise<LightMyRequestResponse>;
  /**
   * Stops this app and starts it again on the same database and files, as the next `npm start` would (with these
   * settings changed): the demo seeders that have not finished run again. This app must not be used after.
   */
  restart(env?: Record<string, string>): Promise<TestApp>;
  /**
   * Another process of the same school: its own app, data folder and worker lease on the same database, with the
   * same settings (and these changed), nothing seeded. Closing it leaves the database to this app.
   */
  sibling(env?: Record<string, string>): Promise<TestApp>;
  close(): Promise<void>;
}

/** Runs a query on the server of TEST_DATABASE_URL (creating and dropping databases). */
async function onServer<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const { default: driver } = await import('pg');
  const c = new driver.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/**
 * Waits until no connection to database `name` is left: the pool's end resolves before its connections have
 * closed, and a forced drop would kill them mid-goodbye (the FATAL they then receive is an uncaught error of the
 * test run), while a template still connected to cannot be copied.
 */
async function untilUnused(c: pg.Client, name: string) {
  for (let i = 0; i < 100; i++) {
    const open = await c.query<{ n: string }>('SELECT count(*) AS n FROM pg_stat_activity WHERE datname = $1', [name]);
    if (open.rows[0]!.n === '0') return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * A fresh database per test file: PGlite in memory by default, a new PostgreSQL database when TEST_DATABASE_URL
 * is set (created here, from the run's seeded template when there is one, and dropped on close), so files never
 * share state.
 */
async function freshDatabase(
  seeded: { snapshot?: Blob; template?: string } = {},
): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const database = await openPglite(undefined, seeded.snapshot);
    return { database, drop: async () => database.close() };
  }
  const name = `qk_test_${crypto.randomBytes(6).toString('hex')}`;
  await onServer(url, (c) =>
    c.query(`CREATE DATABASE ${name}${seeded.template ? ` TEMPLATE ${seeded.template}` : ''}`),
  );
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const database = await openPostgres(dbUrl.toString(), 5);
  return {
    database,
    drop: async () => {
      await database.close();
      await onServer(url, async (c) => {
        await untilUnused(c, name);
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      });
    },
  };
}

/** Migrates and seeds the PostgreSQL database at `url` with its files in `dataDir`, then closes every connection. */
export async function seedInto(url: string, dataDir: string): Promise<void> {
  const database = await openPostgres(url, 5);
  const t = await startOn(
    { env: { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, REDIS_URL: undefined } },
    database,
    async () => database.close(),
  );
  await t.close();
  const name = new URL(url).pathname.slice(1);
  await onServer(process.env.TEST_DATABASE_URL ?? url, (c) => untilUnused(c, name));
}

export async function createTestApp(opts: { demo?: boolean; env?: Record<string, string> } = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qk-test-'));
  const base = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    REDIS_URL: process.env.REDIS_URL,
    REDIS_PREFIX: `qk-test-${crypto.randomBytes(4).toString('hex')}:`,
  };
  // a demo world already seeded by this run (testing/seeded-snapshot.setup.ts) is copied instead of seeded again
  // (not where the settings change what is seeded: the demo videos, or no demo at all; nor where files go to S3)
  const seedsAlike =
    opts.demo !== false && !['VOD_DEMO_VIDEOS', 'DEMO_DATA', 'S3_ENDPOINT'].some((k) => opts.env && k in opts.env);
  const seeded = seedsAlike ? { snapshot: seededSnapshot(dataDir), template: seededTemplate(dataDir) } : {};
  const { database, drop } = await freshDatabase(seeded);
  return startOn({ ...opts, env: { ...base, ...opts.env } }, database, async () => {
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
}

/** Builds the app on a database, loads the demo (unless told not to), and answers the handle tests use. */
async function startOn(
  opts: { demo?: boolean; env: Record<string, string | undefined> },
  database: Database,
  drop: () => Promise<void>,
): Promise<TestApp> {
  const built = await buildApp(loadConfig(opts.env), { database });
  const siteId = await ensureDefaultSite(built.platform);
  const ran =
    opts.demo === false
      ? []
      : await runSeeders(built.platform, seeders, { siteId, publicUrl: 'http://localhost:3000' });
  await (ran.length ? built.services.search.rebuild(siteId) : built.services.search.ensureBuilt(siteId));
  await built.app.ready();
  return {
    ...built,
    siteId,
    async call(pathname, body, o = {}) {
      const method = o.method ?? 'POST';
      const res = await built.app.inject({
        method,
        url: `/apis${pathname}`,
        headers: { 'content-type': 'application/json', ...o.headers },
        ...(method === 'POST' ? { payload: JSON.stringify(body ?? {}) } : {}),
      });
      if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode}: ${res.body}`);
      return res.json();
    },
    raw: (o) => built.app.inject(o),
    async restart(env = {}) {
      await built.app.close();
      return startOn({ ...opts, env: { ...opts.env, ...env } }, database, drop);
    },
    async sibling(env = {}) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qk-test-'));
      return startOn({ demo: false, env: { ...opts.env, DATA_DIR: dir, ...env } }, database, async () =>
        fs.rmSync(dir, { recursive: true, force: true }),
      );
    },
    async close() {
      await built.app.close();
      await drop();
    },
  };
}
