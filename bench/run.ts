/**
 * `npm run bench`: the real server on a fresh PostgreSQL database under autocannon, against a bare Fastify+pg
 * baseline. Env: TEST_DATABASE_URL (admin connection), BENCH_DURATION (s, 10), BENCH_WARMUP (s, 3),
 * BENCH_CONNECTIONS (50), BENCH_REDIS=1 (REDIS_URL from BENCH_REDIS_URL or redis://127.0.0.1:6379),
 * BENCH_WRITE=1 or --write (record the result in docs/benchmarks.md).
 * `--only studio` (or BENCH_ONLY=studio) runs the lecturer studio's upload and transcode bench alone (bench/studio.ts);
 * `--only orders` the order creation and payment notice scenarios alone (bench/orders.ts);
 * `--only community` the community's feed, questions, reading and view counting on a large community (bench/community.ts);
 * `--only cluster` the catalogue and progress scenarios on one process, then through nginx on two (bench/cluster.ts);
 * `--only grade` a class of 5,000 members: its lists, the lesson check and a class exam start burst (bench/grade.ts);
 * `--only search` the one search, suggestions and indexing on 100,000 courses and 100,000 posts (bench/search.ts);
 * `--only pages` every rendered page kind, guest uncached and signed in, and a 60 s signed-in load (bench/pages.ts);
 * `--only live` one live session: the camera-to-screen delay, 2,000 viewers and a chat room of 2,000 (bench/live.ts).
 * BENCH_MATCH=<regex> runs only the scenarios whose names match (case-insensitive; "burst" names the exam deadline
 * burst), the baseline always; such a partial run is never written to docs/benchmarks.md.
 * BENCH_SERVER_LOG=<file> appends everything the started servers write to that file (a trial's `--trace-gc`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createBenchDatabase, postgresVersion } from './lib/database.ts';
import { measure, sampleCheck, type LoadOptions, type Measured } from './lib/load.ts';
import { pageWeight } from './lib/page-weight.ts';
import { machineInfo, printReport, writeMarkdown, type Report } from './lib/report.ts';
import { rssMb, SERVER_HEAP_FLAGS, SERVER_MALLOC_ENV, startChild, StartError, type Child } from './lib/server.ts';
import { baseline, courseScenarios, examScenarios, orderScenarios, scenarios as siteScenarios } from './scenarios.ts';
import { COURSE_DATA, loadCourseData } from './lib/course-data.ts';
import { burstOutcome, EXAM_DATA, loadExamData, type ExamData } from './lib/exam-data.ts';
import { BURST_WINDOW_MS, runDeadlineBurst, type BurstResult } from './lib/exam-burst.ts';
import { runStudioBench } from './studio.ts';
import { runOrderBench } from './orders.ts';
import { runCommunityBench } from './community.ts';
import { runClusterBench } from './cluster.ts';
import { runGradeBench } from './grade.ts';
import { runSearchBench } from './search.ts';
import { runPagesBench } from './pages.ts';
import { runLiveBench } from './live.ts';
import { BENCH_SANDBOX_SECRET, loadOrderData } from './lib/order-data.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = process.env;
const match = env.BENCH_MATCH ? new RegExp(env.BENCH_MATCH, 'i') : undefined;
const write = !match && (process.argv.includes('--write') || env.BENCH_WRITE === '1');
const only =
  env.BENCH_ONLY ?? (process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined);
const load: LoadOptions = {
  durationS: Number(env.BENCH_DURATION ?? 10),
  warmupS: Number(env.BENCH_WARMUP ?? 3),
  connections: Number(env.BENCH_CONNECTIONS ?? 50),
};
const adminUrl = env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

// Cleanups run last-in first-out, on success, failure and Ctrl-C alike.
const cleanups: (() => Promise<void> | void)[] = [];
async function cleanup(): Promise<void> {
  while (cleanups.length) {
    try {
      await cleanups.pop()!();
    } catch (err) {
      console.error('cleanup failed:', (err as Error).message);
    }
  }
}
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.once(sig, () => {
    console.error(`\n${sig}: stopping, dropping the bench database`);
    void cleanup().finally(() => process.exit(130));
  });
}

const log = (msg: string) => console.error(`[bench] ${msg}`);

async function main(): Promise<void> {
  const db = await createBenchDatabase(adminUrl);
  cleanups.push(() => db.drop());
  log(`database ${db.name}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qk-bench-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  const serverEnv: Record<string, string> = {
    ...SERVER_MALLOC_ENV,
    DATABASE_URL: db.url,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DEMO_DATA: '1',
    DATA_DIR: dataDir,
    PAY_SANDBOX_SECRET: BENCH_SANDBOX_SECRET,
  };
  if (env.BENCH_REDIS === '1') serverEnv.REDIS_URL = env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const loadBefore = os.loadavg()[0]!;
  const notes: string[] = [
    `Load: autocannon, ${load.connections} connections, ${load.warmupS} s warm-up, a 2 s pause and ${load.durationS} s measured per scenario; ` +
      `${env.BENCH_REDIS === '1' ? 'Redis' : 'no Redis'}; autocannon, server and PostgreSQL share the machine's cores.`,
  ];

  // The real server. When the page mount cannot load (not written or not built yet), the API is still benched
  // with ROLE=worker (same API, no page mount) and the page scenarios are skipped with the reason.
  let server: Child;
  let pagesMissing: string | undefined;
  const entry = path.join(root, 'apps/server/src/main.ts');
  try {
    server = await startChild([...SERVER_HEAP_FLAGS, entry], serverEnv, '/readyz');
  } catch (err) {
    const out = err instanceof StartError ? err.output : '';
    if (!/web\/mount|apps\/web\/build|react-router/i.test(out)) throw withOutput(err, out);
    pagesMissing = `page mount does not load (${firstLine(out, /mount|build|router/i)})`;
    log(`${pagesMissing}; restarting with ROLE=worker to bench the API`);
    notes.push(`The server ran with ROLE=worker (API without the page mount) because the ${pagesMissing}.`);
    server = await startChild([...SERVER_HEAP_FLAGS, entry], { ...serverEnv, ROLE: 'worker' }, '/readyz');
  }
  cleanups.push(() => server.stop());
  await new Promise((r) => setTimeout(r, 1000));
  const rss: Report['rss'] = { idle: rssMb(server.pid) };
  log(`server pid ${server.pid} at ${server.baseUrl}, idle RSS ${rss.idle?.toFixed(0)} MB`);

  if (!pagesMissing) {
    const home = siteScenarios.find((s) => s.needsPages);
    const problem = home && (await sampleCheck(server.baseUrl, home));
    if (problem) pagesMissing = `home page not served: ${problem}`;
  }
  let weight: Report['pageWeight'];
  if (!pagesMissing) {
    try {
      weight = await pageWeight(server.baseUrl + '/');
    } catch (err) {
      notes.push(`Page weight failed: ${(err as Error).message}`);
    }
  }

  log(`generating ${COURSE_DATA.courses.toLocaleString('en-US')} courses`);
  const t0 = Date.now();
  const exam = await loadExamData(db.url);
  const scenarios = [
    ...siteScenarios,
    ...courseScenarios(await loadCourseData(db.url)),
    ...examScenarios(exam),
    ...orderScenarios(await loadOrderData(db.url)),
  ].filter((s) => !match || match.test(s.name));
  const periods = COURSE_DATA.courses * COURSE_DATA.chaptersPerCourse * COURSE_DATA.periodsPerChapter;
  notes.push(
    `Catalogue: ${COURSE_DATA.courses.toLocaleString('en-US')} courses and ${periods.toLocaleString('en-US')} lessons generated in ${((Date.now() - t0) / 1000).toFixed(1)} s besides the demo courses.`,
  );

  const results: Measured[] = [];
  for (const s of scenarios) {
    if (s.needsPages && pagesMissing) {
      results.push({ scenario: s, skipped: pagesMissing });
      continue;
    }
    log(`running ${s.name}`);
    const prepared = s.prepare ? { ...s, headers: { ...s.headers, ...(await s.prepare(server.baseUrl)) } } : s;
    results.push(await measure(server.baseUrl, prepared, load));
  }
  let burst: BurstResult | undefined;
  if (!match || match.test('burst')) {
    log(`exam deadline burst: ${EXAM_DATA.burst} attempts submitting ${EXAM_DATA.problems} answers each`);
    burst = await runDeadlineBurst(server.baseUrl, exam);
  }
  rss.after = rssMb(server.pid);
  // a graceful stop flushes what the server still buffers; the checks read the database after it
  await server.stop();
  for (const m of results) {
    if (m.scenario.verify && m.accepted !== undefined)
      notes.push(await m.scenario.verify({ dbUrl: db.url, accepted: m.accepted }));
  }

  if (burst) notes.push(await burstNote(db.url, exam, burst));

  log('running the baseline');
  const base = await startChild([path.join(root, 'bench/baseline-server.ts')], { DATABASE_URL: db.url }, '/readyz');
  cleanups.push(() => base.stop());
  const baselineResult = await measure(base.baseUrl, baseline, load);
  await base.stop();

  notes.push(
    `Machine load average (1 min): ${loadBefore.toFixed(2)} before the bench, ${os.loadavg()[0]!.toFixed(2)} at the end` +
      (loadBefore > 0.5
        ? ' — other processes were busy, so the figures are lower and noisier than on an idle machine.'
        : '.'),
  );
  const report: Report = {
    date: new Date().toLocaleDateString('sv-SE'),
    command: commandLine(),
    machine: machineInfo(await postgresVersion(db.url)),
    results,
    baseline: baselineResult,
    rss,
    pageWeight: weight,
    pageWeightSkipped: pagesMissing,
    notes,
  };
  printReport(report);
  if (write) {
    writeMarkdown(path.join(root, 'docs/benchmarks.md'), report);
    log('written to docs/benchmarks.md');
  }
  const failed = results.some((m) => m.failed) || !!baselineResult.failed;
  if (failed) process.exitCode = 1;
}

/** The deadline burst's outcome: what the server accepted must all be there; a request that never got an answer is reported, not counted lost. */
async function burstNote(dbUrl: string, exam: ExamData, burst: BurstResult): Promise<string> {
  const stored = await burstOutcome(
    dbUrl,
    exam.burst.map((b) => b.recordId),
  );
  const expected = burst.ok * EXAM_DATA.problems;
  return (
    `Exam deadline burst (target: 2,000 submissions arriving within 10 s, p99 < 2 s, nothing lost): ${burst.ok.toLocaleString('en-US')} of ${burst.sent.toLocaleString('en-US')} ` +
    `examFinish calls (starts spread over ${BURST_WINDOW_MS / 1000} s) answered 200, the last after ${(burst.wallMs / 1000).toFixed(1)} s, p50 ${burst.p50.toFixed(0)} ms, p99 ${burst.p99.toFixed(0)} ms; ` +
    `${stored.scored.toLocaleString('en-US')} records scored, ${stored.answers.toLocaleString('en-US')} answers stored of the ${expected.toLocaleString('en-US')} accepted` +
    (stored.answers < expected ? ` — ${(expected - stored.answers).toLocaleString('en-US')} LOST` : '') +
    (burst.firstError ? ` (first refusal: ${burst.firstError})` : '')
  );
}

function commandLine(): string {
  const vars = Object.entries(env)
    .filter(([k]) => k.startsWith('BENCH_') || k === 'TEST_DATABASE_URL')
    .map(([k, v]) => `${k}=${v}`);
  const args = process.argv.slice(2);
  return [...vars, 'npm run bench', ...(args.length ? ['--', ...args] : [])].join(' ');
}

/** The line of a start failure that names the problem, without stack noise and absolute paths. */
function firstLine(text: string, like: RegExp): string {
  const line = text.split('\n').find((l) => like.test(l)) ?? text.split('\n')[0] ?? '';
  return line
    .replaceAll(root + '/', '')
    .replace(/^.*?Error(?: \[\w+\])?: /, '')
    .replace(/ imported from .*/, '')
    .trim()
    .slice(0, 160);
}

function withOutput(err: unknown, out: string): Error {
  const e = err instanceof Error ? err : new Error(String(err));
  if (out) e.message += `\n--- server output ---\n${out}`;
  return e;
}

try {
  if (only === 'studio') {
    if (!(await runStudioBench(adminUrl, cleanups))) process.exitCode = 1;
  } else if (only === 'orders') {
    if (!(await runOrderBench(adminUrl, load, cleanups))) process.exitCode = 1;
  } else if (only === 'community') {
    if (!(await runCommunityBench(adminUrl, load, cleanups))) process.exitCode = 1;
  } else if (only === 'cluster') {
    if (!(await runClusterBench(adminUrl, load, cleanups))) process.exitCode = 1;
  } else if (only === 'grade') {
    if (!(await runGradeBench(adminUrl, load, cleanups))) process.exitCode = 1;
  } else if (only === 'search') {
    if (!(await runSearchBench(adminUrl, load, cleanups))) process.exitCode = 1;
  } else if (only === 'pages') {
    if (!(await runPagesBench(adminUrl, load, cleanups))) process.exitCode = 1;
  } else if (only === 'live') {
    if (!(await runLiveBench(adminUrl, load, cleanups))) process.exitCode = 1;
  } else if (only) {
    throw new Error(`unknown --only ${only} (known: studio, orders, community, cluster, grade, search, pages, live)`);
  } else {
    await main();
  }
} catch (err) {
  console.error('bench failed:', err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await cleanup();
}
