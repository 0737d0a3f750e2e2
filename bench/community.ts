/**
 * `npm run bench -- --only community` (or BENCH_ONLY=community): the community issue's scenarios on a fresh
 * PostgreSQL database with 10,000 bloggers, 100,000 posts, 1,000,000 comments and 20,000 questions — the feed's
 * three tabs, the question list, reading posts, a rendered article page and view counting — against the bare
 * baseline in the same run, then a SIGKILL in the middle of counting views to show none acknowledged is lost.
 */
import os from 'node:os';
import autocannon from 'autocannon';
import { postgresVersion } from './lib/database.ts';
import { measure, type LoadOptions, type Measured } from './lib/load.ts';
import { COMMUNITY_DATA, loadCommunityData, storedViews, type CommunityData } from './lib/community-data.ts';
import { machineInfo, printReport } from './lib/report.ts';
import { cpuMs, rssMb, SERVER_HEAP_FLAGS, startChild, type Child } from './lib/server.ts';
import { studentToken, type Scenario } from './scenarios.ts';
import { benchServer, loadNote, runBaseline, SERVER_ENTRY, type Cleanups } from './lib/bench-run.ts';

const log = (msg: string) => console.error(`[bench community] ${msg}`);
const api = { 'SITE-ID': '10', 'content-type': 'application/json' };
const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
const page = () => 1 + Math.floor(Math.random() * 20);

function communityScenarios(data: CommunityData): Scenario[] {
  const feed =
    (tab: number): Scenario['vary'] =>
    () => ({ body: JSON.stringify({ tab, pageCurrent: page(), pageSize: 20 }) });
  const hotPost = data.blogIds[0]!;
  return [
    {
      name: 'blog/list latest (tab 1, pages 1–20)',
      method: 'POST',
      path: '/apis/community/api/blog/list',
      headers: api,
      body: '{"tab":1}',
      vary: feed(1),
      expect: 'api',
      target: { rps: 3000, p99Ms: 50 },
    },
    {
      name: 'blog/list hot (tab 3, pages 1–20)',
      method: 'POST',
      path: '/apis/community/api/blog/list',
      headers: api,
      body: '{"tab":3}',
      vary: feed(3),
      expect: 'api',
      target: { rps: 3000, p99Ms: 50 },
    },
    {
      name: 'blog/attention/list (关注 tab, signed in, 50 bloggers followed)',
      method: 'POST',
      path: '/apis/community/auth/blog/attention/list',
      headers: api,
      body: '{}',
      vary: () => ({ body: JSON.stringify({ pageCurrent: page(), pageSize: 20 }) }),
      prepare: async (baseUrl) => ({ ...api, token: await studentToken(baseUrl) }),
      expect: 'api',
      target: { rps: 3000, p99Ms: 50 },
    },
    {
      name: 'questions/list (every label tab, pages 1–10)',
      method: 'POST',
      path: '/apis/community/api/questions/list',
      headers: api,
      body: '{}',
      vary: () => ({
        body: JSON.stringify({
          labelNo: pick(['', ...data.questionLabelIds]),
          pageCurrent: 1 + Math.floor(Math.random() * 10),
          pageSize: 20,
        }),
      }),
      expect: 'api',
      target: { rps: 3000, p99Ms: 50 },
    },
    {
      name: 'blog/view (any of 100,000 posts, each read counted)',
      method: 'POST',
      path: '/apis/community/api/blog/view',
      headers: api,
      body: JSON.stringify({ id: hotPost }),
      vary: () => ({ body: JSON.stringify({ id: pick(data.blogIds) }) }),
      expect: 'api',
      target: { rps: 3000 },
    },
    {
      name: 'blog/view, one popular post (view counting)',
      method: 'POST',
      path: '/apis/community/api/blog/view',
      headers: api,
      body: JSON.stringify({ id: hotPost }),
      expect: 'api',
      target: { rps: 10000 },
    },
    {
      name: 'article page /blog/article/:id (guest, rendered: a different post each time)',
      method: 'GET',
      path: `/blog/article/${hotPost}`,
      vary: () => ({ path: `/blog/article/${pick(data.blogIds)}` }),
      expect: 'html',
      needsPages: true,
      target: { rps: 200 },
    },
  ];
}

/**
 * Views of one post under load while the server is SIGKILLed halfway: every view the server acknowledged (a 200
 * with the envelope) must be in the database afterwards.
 */
async function killDuringViews(server: Child, dbUrl: string, blogId: string, load: LoadOptions): Promise<string> {
  const before = await storedViews(dbUrl, blogId);
  const seconds = Math.max(4, load.durationS);
  const run = autocannon({
    url: `${server.baseUrl}/apis/community/api/blog/view`,
    method: 'POST',
    headers: api,
    body: JSON.stringify({ id: blogId }),
    connections: load.connections,
    duration: seconds,
    verifyBody: (b: string) => b.startsWith('{"code":200,'),
  });
  await new Promise((r) => setTimeout(r, (seconds * 1000) / 2));
  process.kill(server.pid, 'SIGKILL');
  const r = await run;
  const acknowledged = r.requests.total - r.non2xx - r.mismatches;
  const stored = (await storedViews(dbUrl, blogId)) - before;
  const lost = acknowledged - stored;
  return (
    `SIGKILL while counting views: ${acknowledged.toLocaleString('en-US')} views acknowledged in ${seconds / 2} s before the kill, ` +
    `${stored.toLocaleString('en-US')} stored` +
    (lost > 0 ? ` — ${lost.toLocaleString('en-US')} LOST (FAILED)` : ' — none lost') +
    (stored > acknowledged ? ` (${stored - acknowledged} written but not yet answered when the process died)` : '')
  );
}

export async function runCommunityBench(adminUrl: string, load: LoadOptions, cleanups: Cleanups): Promise<boolean> {
  const loadBefore = os.loadavg()[0]!;
  const bench = await benchServer(adminUrl, cleanups, 'community');
  const { db, serverEnv, idle } = bench;
  let server = bench.server;
  const d = COMMUNITY_DATA;
  log(
    `server pid ${server.pid}; generating ${d.bloggers} bloggers, ${d.posts} posts, ${d.comments} comments, ${d.questions} questions`,
  );
  const t0 = Date.now();
  const data = await loadCommunityData(db.url);
  const genS = (Date.now() - t0) / 1000;
  const results: Measured[] = [];
  const cpuPer: string[] = [];
  const match = process.env.BENCH_MATCH ? new RegExp(process.env.BENCH_MATCH, 'i') : undefined;
  for (const s of communityScenarios(data).filter((x) => !match || match.test(x.name))) {
    log(`running ${s.name}`);
    const prepared = s.prepare ? { ...s, headers: { ...s.headers, ...(await s.prepare(server.baseUrl)) } } : s;
    const serverCpu0 = cpuMs(server.pid) ?? 0;
    const ownCpu0 = process.cpuUsage();
    const m = await measure(server.baseUrl, prepared, load);
    results.push(m);
    // what each request cost the server and the load generator (autocannon runs in this process): on two shared
    // cores, either may be what caps the rate
    if (m.accepted) {
      const own = process.cpuUsage(ownCpu0);
      const us = (ms: number) => ((ms * 1000) / m.accepted!).toFixed(0);
      cpuPer.push(
        `${s.name}: server ${us((cpuMs(server.pid) ?? 0) - serverCpu0)}, load generator ${us((own.user + own.system) / 1000)}`,
      );
    }
  }
  const after = rssMb(server.pid);
  let killNote = 'SIGKILL while counting views: not run (BENCH_MATCH)';
  if (!match || match.test('SIGKILL')) {
    log('SIGKILL during view counting');
    killNote = await killDuringViews(server, db.url, data.blogIds[1]!, load);
    // the same database after the kill: the server starts again and the data is all there
    server = await startChild([...SERVER_HEAP_FLAGS, SERVER_ENTRY], serverEnv, '/readyz', 180_000);
  }
  await server.stop();

  log('running the baseline');
  const baselineResult = await runBaseline(db.url, load, cleanups);

  const notes = [
    `Load: autocannon, ${load.connections} connections, ${load.warmupS} s warm-up, a 2 s pause and ${load.durationS} s measured per scenario; ` +
      'no Redis; autocannon, server and PostgreSQL share the cores.',
    `Data: ${d.bloggers.toLocaleString('en-US')} bloggers, ${d.posts.toLocaleString('en-US')} published posts, ` +
      `${d.comments.toLocaleString('en-US')} comments, ${d.questions.toLocaleString('en-US')} questions with ${d.answersPerQuestion} answers each, ` +
      `generated in ${genS.toFixed(1)} s besides the demo community.`,
    `CPU per request answered (µs, user + system over warm-up and run): ${cpuPer.join('; ')}.`,
    killNote,
    loadNote(loadBefore),
  ];
  printReport({
    date: new Date().toLocaleDateString('sv-SE'),
    command: 'npm run bench -- --only community',
    machine: machineInfo(await postgresVersion(db.url)),
    results,
    baseline: baselineResult,
    rss: { idle, after },
    notes,
  });
  return !results.some((m) => m.failed) && !notes.some((n) => n.includes('FAILED'));
}
