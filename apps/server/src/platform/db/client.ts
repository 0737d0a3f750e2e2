import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from '../../db/schema/index.ts';

export type Schema = typeof schema;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- both drivers' result kinds meet here
export type Db = PgDatabase<PgQueryResultHKT & any, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** Connections of the PostgreSQL pool: open, idle, and requests waiting for one (none for the embedded one). */
  pool?(): { total: number; idle: number; waiting: number; max: number };
  /** The embedded database's files as a tarball (tests start from a seeded copy instead of seeding again). */
  dump?(): Promise<Blob>;
  /** Runs fn while no other process of this database runs its own start-up step (migrations, seeding). */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
}

/** The advisory lock key of start-up steps: processes starting together migrate and seed one at a time. */
const STARTUP_LOCK = 7_420_531;

const migrationsFolder = fileURLToPath(new URL('../../db/migrations', import.meta.url));

/** Rows of a raw query: node-postgres and PGlite both answer { rows }. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export class DatabaseLockedError extends Error {}

/**
 * PGlite corrupts its folder when two processes open it, so the embedded database is guarded by a lock file that
 * names the owning process; a stale lock (its process gone) is taken over.
 */
function acquireLock(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, 'qingke.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      return () => fs.rmSync(lockPath, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number(fs.readFileSync(lockPath, 'utf8').trim());
      if (owner && owner !== process.pid && isAlive(owner)) {
        throw new DatabaseLockedError(
          `数据目录 ${dir} 正被另一个进程（PID ${owner}）使用。内置数据库只能由一个进程打开：请先停止该进程，或设置不同的 DATA_DIR，或用 DATABASE_URL 连接 PostgreSQL。`,
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DatabaseLockedError(`无法锁定数据目录 ${dir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Opens the embedded PGlite (a folder, or memory when dir is undefined) and applies migrations. */
export async function openPglite(dir: string | undefined, from?: Blob): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const release = dir ? acquireLock(path.dirname(dir)) : () => {};
  try {
    const client = await PGlite.create(
      dir
        ? { dataDir: dir, extensions: { pg_trgm } }
        : { extensions: { pg_trgm }, ...(from ? { loadDataDir: from } : {}) },
    );
    const db = drizzle({ client, schema, casing: 'snake_case' });
    await migrate(db, { migrationsFolder });
    return {
      db,
      kind: 'pglite',
      async close() {
        await client.close();
        release();
      },
      dump: () => client.dumpDataDir('gzip'),
      // one process holds the embedded database (acquireLock): nothing else can start beside it
      exclusive: (fn) => fn(),
    };
  } catch (err) {
    release();
    throw err;
  }
}

/** Opens a PostgreSQL pool and applies migrations. */
export async function openPostgres(url: string, poolSize: number, prepare = true): Promise<Database> {
  const { default: pg } = await import('pg');
  const { preparingClient } = await import('./prepared-client.ts');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  // bigint columns arrive as strings from pg; drizzle turns them into BigInt in mode 'bigint'
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    Client: prepare ? preparingClient(pg.Client) : pg.Client,
  });
  // an idle connection the server closed (a restart, an administrator, a dropped database) is discarded by the pool,
  // which opens another for the next query; unheard, the pool's 'error' event would end the process
  pool.on('error', () => {});
  const db = drizzle({ client: pool, schema, casing: 'snake_case' });
  // a session-level lock on a connection outside the pool (a pool of one would wait for itself), held while
  // the step runs on the pool; a process that dies drops its connection and with it the lock
  const exclusive = async <T>(fn: () => Promise<T>): Promise<T> => {
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
      return await fn();
    } finally {
      await holder.end().catch(() => {});
    }
  };
  await exclusive(() => migrate(db, { migrationsFolder }));
  return {
    db,
    kind: 'postgres',
    exclusive,
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: poolSize }),
    async close() {
      await pool.end();
    },
  };
}

export async function openDatabase(cfg: {
  databaseUrl?: string;
  databasePoolSize: number;
  databasePrepare: boolean;
  dataDir: string;
}): Promise<Database> {
  if (cfg.databaseUrl) return openPostgres(cfg.databaseUrl, cfg.databasePoolSize, cfg.databasePrepare);
  return openPglite(path.join(cfg.dataDir, 'db'));
}
