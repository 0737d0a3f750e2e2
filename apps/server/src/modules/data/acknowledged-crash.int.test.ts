/**
 * 'Acknowledged' means 'stored', for real: the server (`node apps/server/src/main.ts`, a child process on a
 * file-backed PGlite in a temporary DATA_DIR, or on a fresh PostgreSQL database when TEST_DATABASE_URL is set; with
 * REDIS_URL and without) takes progress reports and exam answer saves from many learners at once and is SIGKILLed
 * in the middle of it, twice, restarted each time. Every report answered 200 must be found in the stored progress
 * (position, percent and the count of reports of its learner's lesson at least what the last answer said), and
 * every answer save answered 200 in the stored answers (the last one answered, or the one sent after it that
 * was still unanswered at the kill).
 *
 * The learners, their sessions, a paper of short-answer problems and their attempts are written straight into the
 * database between a first start (migrations and the demo seed) and the load; the free demo courses' lessons are
 * the lessons watched.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { sleep, startChildServer, type ChildServer } from '../../testing/child-server.ts';
import { afterAll, describe, expect, it } from 'vitest';
import { createBenchDatabase } from '../../../../../bench/lib/database.ts';
import { openPglite, openPostgres, rowsOf, type Database } from '../../platform/db/client.ts';

const LEARNERS = 30;
const PERIODS_EACH = 4;
const PROBLEMS_EACH = 4;
const ROUNDS = 2;
/** How long the load runs before the kill, ms, once both kinds of call are being answered: a random moment in this window. */
const LOAD_MS: [number, number] = [1000, 2500];
const ID_BASE = {
  user: 7_100_000_000_000_000n,
  paper: 7_200_000_000_000_000n,
  problem: 7_300_000_000_000_000n,
  record: 7_400_000_000_000_000n,
};

type Server = ChildServer;
const startServer = (env: Record<string, string>) => startChildServer(env);

/** One call; undefined when no answer came (the server was killed meanwhile). */
async function post(
  s: Server,
  pathname: string,
  body: unknown,
  token?: string,
): Promise<{ code: number; msg: string; data: any } | undefined> {
  try {
    const res = await fetch(`${s.baseUrl}/apis${pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
      body: JSON.stringify(body),
    });
    return (await res.json()) as { code: number; msg: string; data: any };
  } catch {
    return undefined;
  }
}

async function openDb(dataDir: string, pgUrl: string | undefined): Promise<Database> {
  return pgUrl ? openPostgres(pgUrl, 2) : openPglite(path.join(dataDir, 'db'));
}

/** Learners with sessions, a published paper of short-answer problems, and an attempt in progress for each learner. */
async function writeLearners(
  db: Database['db'],
): Promise<{ tokens: string[]; recordIds: string[]; problemIds: string[] }> {
  const tokens = Array.from({ length: LEARNERS }, () => crypto.randomBytes(32).toString('base64url'));
  const hashes = tokens.map((t) => `'${crypto.createHash('sha256').update(t).digest('hex')}'`).join(',');
  const [lecturer] = rowsOf<{ id: string }>(
    await db.execute(sql.raw(`select lecturer_user_id::text as id from course where site_id = 10 order by id limit 1`)),
  );
  const problems = LEARNERS * PROBLEMS_EACH;
  const { user, paper, problem, record } = ID_BASE;
  for (const q of [
    `insert into "user" (id, site_id, mobile, password_hash, nickname, referral_code)
       select ${user} + g, 10, '172' || lpad(g::text, 8, '0'), '!', '学员' || g, 'CR' || g from generate_series(1, ${LEARNERS}) g`,
    `insert into session (token_hash, site_id, subject_kind, subject_id, client_type, expires_at)
       select h, 10, 'user', ${user} + n, 4, now() + interval '1 day' from unnest(array[${hashes}]) with ordinality as x(h, n)`,
    `insert into exam_problem (id, site_id, lecturer_user_id, problem_type, problem_content, options, answer, score)
       select ${problem} + g, 10, ${lecturer!.id}, 5, '简答题 ' || g, '[]'::jsonb, '["参考答案"]'::jsonb, 1 from generate_series(1, ${problems}) g`,
    `insert into exam_paper (id, site_id, lecturer_user_id, exam_name, answer_time, total_score, pass_score, problem_count, is_free, is_put_away)
       values (${paper}, 10, ${lecturer!.id}, '断电测试试卷', 600, ${problems}, 1, ${problems}, 1, 1)`,
    `insert into exam_paper_section (id, site_id, exam_id, title_name, score, sort) values (${paper} + 1, 10, ${paper}, '简答题', ${problems}, 1)`,
    `insert into exam_paper_problem (id, site_id, exam_id, section_id, problem_id, score, sort)
       select ${paper} + 1 + g, 10, ${paper}, ${paper} + 1, ${problem} + g, 1, g from generate_series(1, ${problems}) g`,
    `insert into exam_record (id, site_id, exam_id, user_id, lecturer_user_id, status, start_time, deadline_time, shuffle_seed)
       select ${record} + g, 10, ${paper}, ${user} + g, ${lecturer!.id}, 1, now(), now() + interval '10 hours', 0 from generate_series(1, ${LEARNERS}) g`,
  ])
    await db.execute(sql.raw(q));
  return {
    tokens,
    recordIds: tokens.map((_, i) => String(record + BigInt(i + 1))),
    problemIds: Array.from({ length: problems }, (_, i) => String(problem + BigInt(i + 1))),
  };
}

/** One learner watching one lesson: reports sent one after another, as a player does. */
interface Watch {
  token: string;
  userId: string;
  periodId: string;
  sent: number;
  /** what the last report answered 200 said */
  acked: { count: number; position: number; percent: number };
}

/** One learner answering one problem again and again. */
interface Answering {
  token: string;
  recordId: string;
  problemId: string;
  sent: number;
  /** the answer of the last save answered 200, and of the one sent after it when no answer came */
  acked?: string;
  unanswered?: string;
}

/** Resolves `flowing` once both kinds of call have been answered 200 in this round. */
async function loadUntil(
  s: Server,
  watches: Watch[],
  answering: Answering[],
  stop: { now: boolean },
  flowing: () => void,
): Promise<{ reports: number; saves: number }> {
  let reports = 0;
  let saves = 0;
  const answered = () => reports > 0 && saves > 0 && flowing();
  const watchLoop = async (w: Watch) => {
    while (!stop.now) {
      const k = ++w.sent;
      const r = await post(
        s,
        '/data/api/course/user/period/log/save',
        {
          periodId: w.periodId,
          reportId: `crash-${w.userId}-${w.periodId}-${k}`,
          currentPosition: k * 5,
          watchedRanges: [[(k - 1) * 5, k * 5]],
          event: 'heartbeat',
        },
        w.token,
      );
      if (!r) return;
      if (r.code !== 200) throw new Error(`progress report refused: ${r.code} ${r.msg}`);
      reports++;
      answered();
      w.acked = { count: w.acked.count + 1, position: r.data.currentPosition, percent: r.data.percent };
    }
  };
  const answerLoop = async (a: Answering) => {
    while (!stop.now) {
      const answer = `第 ${++a.sent} 次作答`;
      a.unanswered = answer;
      const r = await post(
        s,
        '/exam/auth/user/exam/record/answer/save',
        { recordId: a.recordId, problemId: a.problemId, answer: [answer] },
        a.token,
      );
      if (!r) return;
      if (r.code !== 200) throw new Error(`answer save refused: ${r.code} ${r.msg}`);
      saves++;
      answered();
      a.acked = answer;
      a.unanswered = undefined;
    }
  };
  await Promise.all([...watches.map(watchLoop), ...answering.map(answerLoop)]);
  return { reports, saves };
}

const setups = [
  { name: 'PGlite', pg: false, redis: false },
  { name: 'PGlite with Redis', pg: false, redis: true },
  { name: 'PostgreSQL', pg: true, redis: false },
  { name: 'PostgreSQL with Redis', pg: true, redis: true },
].filter((s) => (!s.pg || process.env.TEST_DATABASE_URL) && (!s.redis || process.env.REDIS_URL));

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

describe.each(setups)('a server SIGKILLed under load, on $name', ({ name, pg, redis }) => {
  it('has stored every progress report and answer save it acknowledged', { timeout: 120_000 }, async () => {
    const t0 = Date.now();
    const at = () => `${((Date.now() - t0) / 1000).toFixed(1)} s`;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qk-ack-crash-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const pgDb = pg ? await createBenchDatabase(process.env.TEST_DATABASE_URL!) : undefined;
    if (pgDb) cleanups.push(() => pgDb.drop());
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
      ...(redis
        ? { REDIS_URL: process.env.REDIS_URL!, REDIS_PREFIX: `qk-crash-${crypto.randomBytes(4).toString('hex')}:` }
        : {}),
    };

    // migrations and the demo seed; then the learners, written while no server holds the database
    let server = await startServer(env);
    const free = (await post(server, '/course/api/course/list', { pageCurrent: 1, pageSize: 100, isFree: 1 }))!.data
      .list as { id: string }[];
    const periods: string[] = [];
    for (const c of free) {
      const view = (await post(server, '/course/api/course/view', { courseId: c.id }))!.data;
      periods.push(...view.chapterList.flatMap((ch: any) => ch.periodList.map((p: any) => p.id as string)));
    }
    expect(periods.length).toBeGreaterThanOrEqual(PERIODS_EACH);
    await server.stop();
    let database = await openDb(dataDir, pgDb?.url);
    const made = await writeLearners(database.db).finally(() => database.close());

    const watches: Watch[] = made.tokens.flatMap((token, i) =>
      Array.from({ length: PERIODS_EACH }, (_, j) => ({
        token,
        userId: String(ID_BASE.user + BigInt(i + 1)),
        periodId: periods[(i + j) % periods.length]!,
        sent: 0,
        acked: { count: 0, position: 0, percent: 0 },
      })),
    );
    const answering: Answering[] = made.tokens.flatMap((token, i) =>
      Array.from({ length: PROBLEMS_EACH }, (_, j) => ({
        token,
        recordId: made.recordIds[i]!,
        problemId: made.problemIds[i * PROBLEMS_EACH + j]!,
        sent: 0,
      })),
    );

    server = await startServer(env);
    cleanups.push(() => server.stop());
    console.log(`${name}: learners written, server started again (${at()})`);
    let acknowledged = { reports: 0, saves: 0 };
    for (let round = 1; round <= ROUNDS; round++) {
      const stop = { now: false };
      let flowing!: () => void;
      const started = new Promise<void>((resolve) => (flowing = resolve));
      const load = loadUntil(server, watches, answering, stop, flowing);
      await Promise.race([started, sleep(20_000)]);
      await sleep(LOAD_MS[0] + Math.random() * (LOAD_MS[1] - LOAD_MS[0]));
      await server.kill();
      stop.now = true;
      const done = await load;
      acknowledged = { reports: acknowledged.reports + done.reports, saves: acknowledged.saves + done.saves };
      console.log(
        `${name}, round ${round} (${at()}): killed after ${done.reports} progress reports and ${done.saves} answer saves acknowledged`,
      );
      server = await startServer(env);
    }
    await server.stop();
    console.log(`${name}: stopped after the last restart (${at()})`);

    database = await openDb(dataDir, pgDb?.url);
    try {
      const stored = rowsOf<{ u: string; p: string; count: number; position: number; percent: number }>(
        await database.db.execute(
          sql.raw(`select user_id::text as u, period_id::text as p, report_count as count, current_position as position, percent from user_study
            where site_id = 10 and user_id between ${ID_BASE.user} and ${ID_BASE.user + BigInt(LEARNERS)}`),
        ),
      );
      const byPeriod = new Map(stored.map((r) => [`${r.u}:${r.p}`, r]));
      const lostReports = watches.filter((w) => {
        const r = byPeriod.get(`${w.userId}:${w.periodId}`);
        const a = w.acked;
        if (a.count === 0) return false;
        return !r || Number(r.count) < a.count || Number(r.position) < a.position || Number(r.percent) < a.percent;
      });
      const foundReports = watches.reduce(
        (n, w) => n + Math.min(w.acked.count, Number(byPeriod.get(`${w.userId}:${w.periodId}`)?.count ?? 0)),
        0,
      );

      const answers = rowsOf<{ r: string; p: string; answer: string[] }>(
        await database.db.execute(
          sql.raw(
            `select record_id::text as r, problem_id::text as p, answer from exam_answer where site_id = 10 and record_id between ${ID_BASE.record} and ${ID_BASE.record + BigInt(LEARNERS)}`,
          ),
        ),
      );
      const answerOf = new Map(
        answers.map((a) => [
          `${a.r}:${a.p}`,
          (typeof a.answer === 'string' ? JSON.parse(a.answer) : a.answer)[0] as string,
        ]),
      );
      const lostSaves = answering.filter(
        (a) =>
          a.acked &&
          answerOf.get(`${a.recordId}:${a.problemId}`) !== a.acked &&
          answerOf.get(`${a.recordId}:${a.problemId}`) !== a.unanswered,
      );

      console.log(
        `${name}: ${acknowledged.reports} progress reports acknowledged, ${foundReports} found stored (${lostReports.length} of ${watches.length} lessons behind); ` +
          `${acknowledged.saves} answer saves acknowledged, the last of them found stored for ${answering.filter((a) => a.acked).length - lostSaves.length} of the ${answering.filter((a) => a.acked).length} problems answered`,
      );
      expect(acknowledged.reports, 'the load acknowledged progress reports').toBeGreaterThan(0);
      expect(acknowledged.saves, 'the load acknowledged answer saves').toBeGreaterThan(0);
      expect(foundReports).toBe(acknowledged.reports);
      expect(lostReports.map((w) => `${w.userId}:${w.periodId}`)).toEqual([]);
      expect(lostSaves.map((a) => `${a.recordId}:${a.problemId}`)).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
