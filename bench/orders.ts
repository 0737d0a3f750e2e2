/**
 * `npm run bench -- --only orders` (or BENCH_ONLY=orders): the orders issue's two scenarios on their own — order
 * creation and payment-notice processing, each ≥ 500 a second with zero double grants — on a fresh PostgreSQL
 * database with the demo data and the generated lecturers, courses, buyers and pending orders.
 * The same scenarios also run in the full `npm run bench`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createBenchDatabase, postgresVersion } from './lib/database.ts';
import { measure, type LoadOptions, type Measured } from './lib/load.ts';
import { BENCH_SANDBOX_SECRET, loadOrderData, ORDER_DATA } from './lib/order-data.ts';
import { machineInfo, printReport } from './lib/report.ts';
import { rssMb, SERVER_HEAP_FLAGS, SERVER_MALLOC_ENV, startChild } from './lib/server.ts';
import { orderScenarios } from './scenarios.ts';
import type { Cleanups } from './lib/bench-run.ts';

const log = (msg: string) => console.error(`[bench orders] ${msg}`);

export async function runOrderBench(adminUrl: string, load: LoadOptions, cleanups: Cleanups): Promise<boolean> {
  const loadBefore = os.loadavg()[0]!;
  const db = await createBenchDatabase(adminUrl);
  cleanups.push(() => db.drop());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qk-bench-orders-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const server = await startChild(
    [...SERVER_HEAP_FLAGS, path.resolve(import.meta.dirname, '../apps/server/src/main.ts')],
    {
      ...SERVER_MALLOC_ENV,
      DATABASE_URL: db.url,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DEMO_DATA: '1',
      DATA_DIR: dataDir,
      ROLE: 'worker',
      PAY_SANDBOX_SECRET: BENCH_SANDBOX_SECRET,
    },
    '/readyz',
    180_000,
  );
  cleanups.push(() => server.stop());
  const idle = rssMb(server.pid);
  log(
    `server pid ${server.pid}; generating ${ORDER_DATA.courses} courses of ${ORDER_DATA.lecturers} lecturers, ${ORDER_DATA.buyers} buyers, ${ORDER_DATA.pendingOrders} pending orders`,
  );
  const data = await loadOrderData(db.url);
  const results: Measured[] = [];
  for (const s of orderScenarios(data)) {
    log(`running ${s.name}`);
    results.push(await measure(server.baseUrl, s, load));
  }
  const after = rssMb(server.pid);
  await server.stop();
  const notes = [
    `Load: autocannon, ${load.connections} connections, ${load.warmupS} s warm-up, a 2 s pause and ${load.durationS} s measured per scenario; the server ran with ROLE=worker (API only), ` +
      'so its job worker also closed due orders; autocannon, server and PostgreSQL share the cores.',
  ];
  for (const m of results)
    if (m.scenario.verify && m.accepted !== undefined)
      notes.push(await m.scenario.verify({ dbUrl: db.url, accepted: m.accepted }));
  notes.push(
    `Machine load average (1 min): ${loadBefore.toFixed(2)} before, ${os.loadavg()[0]!.toFixed(2)} at the end` +
      (loadBefore > 0.5
        ? ' — other processes were busy, so the figures are lower and noisier than on an idle machine.'
        : '.'),
  );
  printReport({
    date: new Date().toLocaleDateString('sv-SE'),
    command: 'npm run bench -- --only orders',
    machine: machineInfo(await postgresVersion(db.url)),
    results,
    rss: { idle, after },
    notes,
  });
  return !results.some((m) => m.failed) && !notes.some((n) => n.includes('FAILED'));
}
