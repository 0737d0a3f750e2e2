/**
 * `npm run bench -- --only grade` (or BENCH_ONLY=grade): the classes issue's scenarios on a fresh PostgreSQL
 * database with one class of 5,000 members, 20 class courses of 50 lessons and 10 class exams — the member list
 * and the summary as the teacher pages through them, the lesson check of members, and 2,000 members starting the
 * open class exam within 10 s and handing it in — against the bare baseline in the same run.
 */
import os from 'node:os';
import { postgresVersion } from './lib/database.ts';
import { measure, type LoadOptions, type Measured } from './lib/load.ts';
import { GRADE_DATA, gradeBurstOutcome, loadGradeData, type GradeData } from './lib/grade-data.ts';
import { machineInfo, printReport } from './lib/report.ts';
import { rssMb } from './lib/server.ts';
import type { Scenario } from './scenarios.ts';
import { BURST_WINDOW_MS } from './lib/exam-burst.ts';
import { benchServer, loadNote, runBaseline, type Cleanups } from './lib/bench-run.ts';

const log = (msg: string) => console.error(`[bench grade] ${msg}`);
const api = { 'SITE-ID': '10', 'content-type': 'application/json' };
const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
const pages = Math.ceil(GRADE_DATA.members / 20);

function gradeScenarios(data: GradeData): Scenario[] {
  const teacher = { ...api, token: data.teacherToken };
  return [
    {
      name: 'grade/student/page (5,000 members, any page)',
      method: 'POST',
      path: '/apis/exam/auth/grade/student/page',
      headers: teacher,
      body: JSON.stringify({ gradeId: data.gradeId }),
      vary: () => ({
        body: JSON.stringify({
          gradeId: data.gradeId,
          pageCurrent: 1 + Math.floor(Math.random() * pages),
          pageSize: 20,
        }),
      }),
      expect: 'api',
      target: { p99Ms: 100 },
    },
    {
      name: 'grade/summary (20 courses, 10 exams, any page, ranked or not)',
      method: 'POST',
      path: '/apis/exam/auth/grade/summary',
      headers: teacher,
      body: JSON.stringify({ gradeId: data.gradeId }),
      vary: () => ({
        body: JSON.stringify({
          gradeId: data.gradeId,
          pageCurrent: 1 + Math.floor(Math.random() * pages),
          pageSize: 20,
          order: Math.random() < 0.5 ? 0 : 1,
        }),
      }),
      expect: 'api',
      target: { p99Ms: 100 },
    },
    {
      name: 'course/auth/grade/check (a member, any of 1,000 lessons)',
      method: 'GET',
      path: `/apis/course/auth/grade/check?periodId=${data.periodIds[0]}`,
      headers: { 'SITE-ID': '10', token: data.memberTokens[0]! },
      vary: () => ({
        path: `/apis/course/auth/grade/check?periodId=${pick(data.periodIds)}`,
        headers: { 'SITE-ID': '10', token: pick(data.memberTokens) },
      }),
      expect: 'api',
      target: { rps: 5000 },
    },
  ];
}

interface Timed {
  ok: number;
  latencies: number[];
  firstError?: string;
}
const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
};

async function call(baseUrl: string, token: string, pathname: string, body: unknown, into: Timed) {
  const start = performance.now();
  try {
    const res = await fetch(`${baseUrl}/apis${pathname}`, {
      method: 'POST',
      headers: { ...api, token },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { code: number; msg: string; data: { recordId?: string } };
    into.latencies.push(performance.now() - start);
    if (json.code === 200) into.ok++;
    else into.firstError ??= `code ${json.code}: ${json.msg}`;
    return json.code === 200 ? json.data : undefined;
  } catch (err) {
    into.firstError ??= `${(err as Error).message}, never answered`;
    return undefined;
  }
}

/** 2,000 members start the open class exam, their starts spread over 10 s, then each hands in every answer. */
async function startBurst(baseUrl: string, data: GradeData, dbUrl: string): Promise<string> {
  const takers = data.memberTokens.slice(0, GRADE_DATA.burst);
  const begin: Timed = { ok: 0, latencies: [] };
  const submit: Timed = { ok: 0, latencies: [] };
  const spread = BURST_WINDOW_MS / takers.length;
  const t0 = performance.now();
  await Promise.all(
    takers.map(async (token, i) => {
      await new Promise((r) => setTimeout(r, i * spread));
      const attempt = await call(
        baseUrl,
        token,
        '/exam/auth/grade/exam/student/relation/begin',
        { gradeExamId: data.openExamId },
        begin,
      );
      if (!attempt?.recordId) return;
      const answers = data.problemIds.map((problemId, k) => ({ problemId, answer: ['ABCD'[(i + k) % 4]!] }));
      await call(
        baseUrl,
        token,
        '/exam/auth/grade/exam/student/relation/submit',
        { recordId: attempt.recordId, answers },
        submit,
      );
    }),
  );
  const wallS = (performance.now() - t0) / 1000;
  const stored = await gradeBurstOutcome(dbUrl, data.openExamId);
  const expected = submit.ok * GRADE_DATA.problems;
  return (
    `Class exam start burst (target: 2,000 members starting within 10 s, p99 < 2 s, no answer lost): ` +
    `${begin.ok.toLocaleString('en-US')} of ${takers.length.toLocaleString('en-US')} starts answered 200, p50 ${quantile(begin.latencies, 0.5).toFixed(0)} ms, ` +
    `p99 ${quantile(begin.latencies, 0.99).toFixed(0)} ms; ${submit.ok.toLocaleString('en-US')} hand-ins of ${GRADE_DATA.problems} answers each, ` +
    `p99 ${quantile(submit.latencies, 0.99).toFixed(0)} ms; all done after ${wallS.toFixed(1)} s; ${stored.handed.toLocaleString('en-US')} attempts handed in, ` +
    `${stored.answers.toLocaleString('en-US')} answers stored of the ${expected.toLocaleString('en-US')} acknowledged` +
    (stored.answers < expected ? ` — ${(expected - stored.answers).toLocaleString('en-US')} LOST` : ', none lost') +
    ((begin.firstError ?? submit.firstError) ? ` (first refusal: ${begin.firstError ?? submit.firstError})` : '')
  );
}

export async function runGradeBench(adminUrl: string, load: LoadOptions, cleanups: Cleanups): Promise<boolean> {
  const loadBefore = os.loadavg()[0]!;
  const { db, server, idle } = await benchServer(adminUrl, cleanups, 'grade');
  const t0 = Date.now();
  log(`server pid ${server.pid}; generating a class of ${GRADE_DATA.members} members`);
  const data = await loadGradeData(db.url);
  const genS = (Date.now() - t0) / 1000;
  const results: Measured[] = [];
  const match = process.env.BENCH_MATCH ? new RegExp(process.env.BENCH_MATCH, 'i') : undefined;
  for (const s of gradeScenarios(data).filter((x) => !match || match.test(x.name))) {
    log(`running ${s.name}`);
    results.push(await measure(server.baseUrl, s, load));
  }
  let burstNote = 'Class exam start burst: not run (BENCH_MATCH)';
  if (!match || match.test('burst')) {
    log('class exam start burst');
    burstNote = await startBurst(server.baseUrl, data, db.url);
  }
  const after = rssMb(server.pid);
  await server.stop();

  log('running the baseline');
  const baselineResult = await runBaseline(db.url, load, cleanups);

  const d = GRADE_DATA;
  const notes = [
    `Load: autocannon, ${load.connections} connections, ${load.warmupS} s warm-up, a 2 s pause and ${load.durationS} s measured per scenario; ` +
      'no Redis; autocannon, server and PostgreSQL share the cores.',
    `Data: one class of ${d.members.toLocaleString('en-US')} members (5 of them class admins), ${d.courses} class courses of ${d.periodsPerCourse} lessons ` +
      `with 2–6 lessons studied per member and course, ${d.exams} class exams of ${d.problems} problems (9 closed, sat by every member); generated in ${genS.toFixed(1)} s.`,
    burstNote,
    loadNote(loadBefore),
  ];
  printReport({
    date: new Date().toLocaleDateString('sv-SE'),
    command: 'npm run bench -- --only grade',
    machine: machineInfo(await postgresVersion(db.url)),
    results,
    baseline: baselineResult,
    rss: { idle, after },
    notes,
  });
  return !results.some((m) => m.failed) && !notes.some((n) => n.includes('LOST'));
}
