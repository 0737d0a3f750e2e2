/**
 * `npm run bench -- --only pages` (or BENCH_ONLY=pages): every rendered page kind — home, catalogue, course page,
 * lesson page, exam page, account pages — for a guest the page cache does not serve and for a signed-in learner,
 * on the 10,000 generated courses, with each one's ratio to the bare baseline, p99 and the server's RSS after it;
 * then a 60-second signed-in course page load sampling RSS every 5 s (issue 26: flat between 10 s and 60 s).
 * BENCH_MATCH=<regex> narrows the scenarios (the long load is named "60 s"). BENCH_CPU_PROF=<dir> runs the server
 * with `--cpu-prof` into that folder; `node bench/profile-summary.ts <file>` reads the profile.
 */
import os from 'node:os';
import autocannon from 'autocannon';
import { postgresVersion } from './lib/database.ts';
import { measure, type LoadOptions, type Measured } from './lib/load.ts';
import { machineInfo, printReport } from './lib/report.ts';
import { cpuMs, rssMb } from './lib/server.ts';
import { loadCourseData, type CourseData } from './lib/course-data.ts';
import { loadExamData } from './lib/exam-data.ts';
import { benchServer, loadNote, runBaseline, type Cleanups } from './lib/bench-run.ts';
import { studentToken, type Scenario } from './scenarios.ts';

const log = (msg: string) => console.error(`[bench pages] ${msg}`);
const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
// a query the pages ignore, different on every request, so no guest page comes from the page cache
let n = 0;
const fresh = (p: string) => `${p}${p.includes('?') ? '&' : '?'}r=${++n}`;
const LONG_LOAD_S = 60;

interface PageKind {
  name: string;
  path: () => string;
  /** Pages that need a session are benched signed in only. */
  guest: boolean;
}

function pageKinds(courses: CourseData, examId: string): PageKind[] {
  const lesson = () => {
    const i = Math.floor(Math.random() * courses.freePeriodIds.length);
    return `/view/${courses.freePeriodCourseIds[i]}/period/${courses.freePeriodIds[i]}`;
  };
  return [
    { name: 'home /', path: () => '/', guest: true },
    { name: 'catalogue /list', path: () => `/list?pageCurrent=${1 + Math.floor(Math.random() * 25)}`, guest: true },
    { name: 'course page /view/:id', path: () => `/view/${pick(courses.courseIds)}`, guest: true },
    { name: 'lesson page (free course)', path: lesson, guest: false },
    { name: 'exam page /exam/view/:id', path: () => `/exam/view/${examId}`, guest: true },
    { name: 'account /account/info', path: () => '/account/info', guest: false },
    { name: 'account /account/course', path: () => '/account/course', guest: false },
    { name: 'account /account/study', path: () => '/account/study', guest: false },
  ];
}

function scenariosOf(kinds: PageKind[], cookie: string): Scenario[] {
  const page = (name: string, kind: PageKind, headers: Record<string, string> = {}): Scenario => ({
    name,
    method: 'GET',
    path: kind.path(),
    headers,
    expect: 'html',
    needsPages: true,
    vary: () => ({ path: fresh(kind.path()), headers }),
  });
  return kinds.flatMap((k) => [
    ...(k.guest ? [page(`${k.name}, guest uncached`, k)] : []),
    page(`${k.name}, signed in`, k, { cookie }),
  ]);
}

/** A signed-in course page load for LONG_LOAD_S seconds, RSS sampled every 5 s. */
async function longLoad(baseUrl: string, pid: number, cookie: string, courses: CourseData, load: LoadOptions) {
  const samples: Array<[number, number | undefined]> = [];
  const t0 = Date.now();
  const timer = setInterval(() => samples.push([Math.round((Date.now() - t0) / 1000), rssMb(pid)]), 5_000);
  const r = await autocannon({
    url: baseUrl + '/',
    connections: load.connections,
    duration: LONG_LOAD_S,
    headers: { cookie },
    requests: [{ setupRequest: (req) => ({ ...req, path: `/view/${pick(courses.courseIds)}` }) }],
  });
  clearInterval(timer);
  samples.push([Math.round((Date.now() - t0) / 1000), rssMb(pid)]);
  const at = (s: number) => samples.find(([t]) => t >= s)?.[1];
  const rss10 = at(10);
  const rss60 = samples.at(-1)?.[1];
  const series = samples.map(([t, mb]) => `${t} s ${mb?.toFixed(0) ?? '?'}`).join(', ');
  const flat = rss10 !== undefined && rss60 !== undefined && Math.abs(rss60 - rss10) <= 50;
  return (
    `${LONG_LOAD_S}-second signed-in course page load: ${r.requests.mean.toFixed(0)} req/s, p99 ${r.latency.p99} ms, ` +
    `${r.non2xx} non-2xx (503 when the render queue is full), ${r.errors + r.timeouts} errors; RSS (MB) ${series}; ` +
    `10 s → 60 s: ${rss10?.toFixed(0)} → ${rss60?.toFixed(0)} MB (target: within ±50 MB): ${flat ? 'met' : 'MISSED'}`
  );
}

export async function runPagesBench(adminUrl: string, load: LoadOptions, cleanups: Cleanups): Promise<boolean> {
  const match = process.env.BENCH_MATCH ? new RegExp(process.env.BENCH_MATCH, 'i') : undefined;
  const loadBefore = os.loadavg()[0]!;
  log(
    `uptime: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}`,
  );
  const { db, server } = await benchServer(adminUrl, cleanups, 'pages');
  const idle = rssMb(server.pid);
  log(`server pid ${server.pid}, idle RSS ${idle?.toFixed(0)} MB; generating 10,000 courses and the exam paper`);
  const courses = await loadCourseData(db.url);
  const exam = await loadExamData(db.url);
  const cookie = `RC_WEB_TOKEN=${await studentToken(server.baseUrl)}`;

  const results: Measured[] = [];
  const rssAfter: string[] = [];
  const cpuPer: string[] = [];
  for (const s of scenariosOf(pageKinds(courses, exam.examId), cookie)) {
    if (match && !match.test(s.name)) continue;
    log(`running ${s.name}`);
    const cpu0 = cpuMs(server.pid) ?? 0;
    const m = await measure(server.baseUrl, s, load);
    results.push(m);
    // the server's own CPU per page answered: what a render costs, whatever else the machine is doing
    if (m.accepted) cpuPer.push(`${s.name} ${(((cpuMs(server.pid) ?? 0) - cpu0) / m.accepted).toFixed(1)}`);
    rssAfter.push(`${s.name} ${rssMb(server.pid)?.toFixed(0) ?? '?'}`);
  }
  const after = rssMb(server.pid);
  let long: string | undefined;
  if (!match || match.test('60 s')) {
    log(`running the ${LONG_LOAD_S}-second signed-in load`);
    long = await longLoad(server.baseUrl, server.pid, cookie, courses, load);
  }
  // whether the server gives memory back once the load is over (V8's memory reducer works on an idle heap)
  const rested: string[] = [];
  for (const s of [10, 20, 30]) {
    await new Promise((r) => setTimeout(r, 10_000));
    rested.push(`${s} s ${rssMb(server.pid)?.toFixed(0) ?? '?'}`);
  }
  await server.stop();

  log('running the baseline');
  const baselineResult = await runBaseline(db.url, load, cleanups);
  const notes = [
    `Load: autocannon, ${load.connections} connections, ${load.warmupS} s warm-up, a 2 s pause and ${load.durationS} s measured per scenario; ` +
      'no Redis; autocannon, server and PostgreSQL share the cores. Guest requests carry a query no page reads, ' +
      'different each time, so none is served from the page cache.',
    `Server CPU per page (ms, user + system over warm-up and run): ${cpuPer.join('; ')}.`,
    `Server RSS after each scenario (MB): ${rssAfter.join('; ')}.`,
    ...(long ? [long] : []),
    `Server RSS (MB) after the last load, idle: ${rested.join(', ')}.`,
    loadNote(loadBefore),
  ];
  printReport({
    date: new Date().toLocaleDateString('sv-SE'),
    command: 'npm run bench -- --only pages',
    machine: machineInfo(await postgresVersion(db.url)),
    results,
    baseline: baselineResult,
    rss: { idle, after },
    notes,
  });
  return !results.some((m) => m.failed);
}
