import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createBenchDatabase, type BenchDatabase } from './database.ts';
import { measure, type LoadOptions, type Measured } from './load.ts';
import { rssMb, SERVER_HEAP_FLAGS, SERVER_MALLOC_ENV, startChild, type Child } from './server.ts';
import { baseline } from '../scenarios.ts';

/** What a bench runner undoes when it ends, last first (bench/run.ts runs them). */
export type Cleanups = (() => Promise<void> | void)[];

const root = path.resolve(import.meta.dirname, '../..');
export const SERVER_ENTRY = path.join(root, 'apps/server/src/main.ts');

/**
 * A fresh database and the real server on it with the demo data (production mode, one process), both dropped by
 * the cleanups; `extraEnv` adds to or overrides its environment; `idle` is the server's RSS once it is ready.
 * BENCH_CPU_PROF=<dir> runs the server with `--cpu-prof` into that folder (`node bench/profile-summary.ts <file>`);
 * BENCH_NODE_FLAGS adds Node or V8 flags of a trial (space-separated) after the start commands' own; BENCH_SERVER_ENV
 * adds variables of a trial (`NAME=value`, space-separated), such as the C library's allocator settings.
 */
export async function benchServer(
  adminUrl: string,
  cleanups: Cleanups,
  name: string,
  extraEnv: Record<string, string> = {},
): Promise<{ db: BenchDatabase; server: Child; serverEnv: Record<string, string>; idle: number | undefined }> {
  const db = await createBenchDatabase(adminUrl);
  cleanups.push(() => db.drop());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `qk-bench-${name}-`));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const serverEnv: Record<string, string> = {
    ...SERVER_MALLOC_ENV,
    DATABASE_URL: db.url,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DEMO_DATA: '1',
    DATA_DIR: dataDir,
    ...extraEnv,
    ...Object.fromEntries(
      (process.env.BENCH_SERVER_ENV ?? '')
        .split(' ')
        .filter(Boolean)
        .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
    ),
  };
  const prof = process.env.BENCH_CPU_PROF;
  const flags = [
    ...(prof ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(prof)}`] : []),
    ...(process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean),
  ];
  const server = await startChild([...SERVER_HEAP_FLAGS, ...flags, SERVER_ENTRY], serverEnv, '/readyz', 180_000);
  cleanups.push(() => server.stop());
  return { db, server, serverEnv, idle: rssMb(server.pid) };
}

/** The bare one-query baseline on the same database, under the same load, for the ratios of the run. */
export async function runBaseline(dbUrl: string, load: LoadOptions, cleanups: Cleanups): Promise<Measured> {
  const base = await startChild([path.join(root, 'bench/baseline-server.ts')], { DATABASE_URL: dbUrl }, '/readyz');
  cleanups.push(() => base.stop());
  const result = await measure(base.baseUrl, baseline, load);
  await base.stop();
  return result;
}

/** The machine's load before and after, with the warning a busy machine's figures need. */
export function loadNote(loadBefore: number): string {
  return (
    `Machine load average (1 min): ${loadBefore.toFixed(2)} before, ${os.loadavg()[0]!.toFixed(2)} at the end` +
    (loadBefore > 0.5
      ? ' — other processes were busy, so the figures are lower and noisier than on an idle machine.'
      : '.')
  );
}
