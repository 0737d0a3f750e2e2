/**
 * `npm run bench -- --only cluster` (or BENCH_ONLY=cluster): the catalogue and progress scenarios run twice on the
 * same database, once against one process and once through nginx (deploy/nginx/qingke.conf) in front of two
 * `ROLE=web` processes with a `ROLE=worker` beside them, with Redis, against the bare baseline in the same run.
 * Every process, nginx, PostgreSQL and autocannon share the machine's cores: the second figure tells what a
 * second process buys on this machine, not on a machine with a core per process.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createBenchDatabase, postgresVersion } from './lib/database.ts';
import { measure, type LoadOptions, type Measured } from './lib/load.ts';
import { COURSE_DATA, loadCourseData } from './lib/course-data.ts';
import { machineInfo, printReport } from './lib/report.ts';
import { rssMb, SERVER_HEAP_FLAGS, SERVER_MALLOC_ENV, startChild, type Child } from './lib/server.ts';
import { baseline, courseScenarios, type Scenario } from './scenarios.ts';
import { nginxInstalled, startNginx } from '../apps/server/src/testing/nginx.ts';
import type { Cleanups } from './lib/bench-run.ts';

const log = (msg: string) => console.error(`[bench cluster] ${msg}`);
const root = path.resolve(import.meta.dirname, '..');
const entry = path.join(root, 'apps/server/src/main.ts');
const CHOSEN = /^(course\/list|course\/view|progress report)/;

export async function runClusterBench(adminUrl: string, load: LoadOptions, cleanups: Cleanups): Promise<boolean> {
  if (!nginxInstalled()) throw new Error('the cluster bench needs nginx: apt-get install -y nginx');
  const loadBefore = os.loadavg()[0]!;
  const db = await createBenchDatabase(adminUrl);
  cleanups.push(() => db.drop());
  const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const env = (role: string): Record<string, string> => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `qk-bench-cluster-${role}-`));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    return {
      ...SERVER_MALLOC_ENV,
      DATABASE_URL: db.url,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: `qk-bench-cluster-${process.pid}:`,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DEMO_DATA: '1',
      DATA_DIR: dir,
      ROLE: role,
      TRUST_PROXY: '127.0.0.1',
      SHUTDOWN_DRAIN_MS: '1500',
    };
  };
  const start = (role: string) => startChild([...SERVER_HEAP_FLAGS, entry], env(role), '/readyz', 180_000);

  const single = await start('all');
  cleanups.push(() => single.stop());
  log(`one process, pid ${single.pid}; generating ${COURSE_DATA.courses} courses`);
  const scenarios = courseScenarios(await loadCourseData(db.url)).filter((s) => CHOSEN.test(s.name));
  const results: Measured[] = [];
  const run = async (target: string, label: string, s: Scenario) => {
    log(`running ${s.name} — ${label}`);
    const named = { ...s, name: `${s.name} — ${label}`, verify: undefined };
    const prepared = s.prepare ? { ...named, headers: { ...s.headers, ...(await s.prepare(target)) } } : named;
    results.push(await measure(target, prepared, load));
  };
  for (const s of scenarios) await run(single.baseUrl, 'one process', s);
  const rssSingle = rssMb(single.pid);
  await single.stop();

  const web: Child[] = [await start('web'), await start('web')];
  const worker = await start('worker');
  for (const c of [...web, worker]) cleanups.push(() => c.stop());
  const nginx = await startNginx(web.map((w) => Number(new URL(w.baseUrl).port)));
  cleanups.push(() => nginx.stop());
  log(`nginx at ${nginx.baseUrl} before web ${web.map((w) => w.pid).join(', ')}, worker ${worker.pid}`);
  for (const s of scenarios) await run(nginx.baseUrl, 'nginx + 2 web processes', s);
  const rssWeb = web.map((w) => rssMb(w.pid)?.toFixed(0)).join(' and ');
  for (const c of [...web, worker]) await c.stop();
  await nginx.stop();

  log('running the baseline');
  const base = await startChild([path.join(root, 'bench/baseline-server.ts')], { DATABASE_URL: db.url }, '/readyz');
  cleanups.push(() => base.stop());
  const baselineResult = await measure(base.baseUrl, baseline, load);
  await base.stop();

  printReport({
    date: new Date().toLocaleDateString('sv-SE'),
    command: 'npm run bench -- --only cluster',
    machine: machineInfo(await postgresVersion(db.url)),
    results,
    baseline: baselineResult,
    rss: { after: rssSingle },
    notes: [
      `Load: autocannon, ${load.connections} connections, ${load.warmupS} s warm-up, a 2 s pause and ${load.durationS} s measured per scenario; ` +
        `Redis; ${os.cpus().length} cores shared by autocannon, nginx, the processes and PostgreSQL.`,
      `RSS after the load: one process ${rssSingle?.toFixed(0)} MB; the two web processes ${rssWeb} MB.`,
      `Machine load average (1 min): ${loadBefore.toFixed(2)} before, ${os.loadavg()[0]!.toFixed(2)} at the end` +
        (loadBefore > 0.5
          ? ' — other processes were busy, so the figures are lower and noisier than on an idle machine.'
          : '.'),
    ],
  });
  return !results.some((m) => m.failed) && !baselineResult.failed;
}
