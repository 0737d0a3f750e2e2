/**
 * The load of the 'acknowledged means stored' tests: learners sending progress reports and exam answer saves as
 * fast as they are answered, and the check that every acknowledged one is in the database afterwards. Used by the
 * single-server crash test and by the cluster test, where the load goes through nginx.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../platform/db/client.ts';
import { sleep } from './child-server.ts';

export const LEARNERS = 30;
export const PERIODS_EACH = 4;
export const PROBLEMS_EACH = 4;
export const ID_BASE = {
  user: 7_100_000_000_000_000n,
  paper: 7_200_000_000_000_000n,
  problem: 7_300_000_000_000_000n,
  record: 7_400_000_000_000_000n,
};

export interface Reply {
  code: number;
  msg: string;
  data: any;
}

/** One call; undefined when no answer came (the server was killed meanwhile, or a proxy answered 502). */
export async function post(
  baseUrl: string,
  pathname: string,
  body: unknown,
  token?: string,
): Promise<Reply | undefined> {
  try {
    const res = await fetch(`${baseUrl}/apis${pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
      body: JSON.stringify(body),
    });
    return (await res.json()) as Reply;
  } catch {
    return undefined;
  }
}

/** The lessons of the free demo courses. */
export async function freePeriods(baseUrl: string): Promise<string[]> {
  const free = (await post(baseUrl, '/course/api/course/list', { pageCurrent: 1, pageSize: 100, isFree: 1 }))!.data
    .list as { id: string }[];
  const periods: string[] = [];
  for (const c of free) {
    const view = (await post(baseUrl, '/course/api/course/view', { courseId: c.id }))!.data;
    periods.push(...view.chapterList.flatMap((ch: any) => ch.periodList.map((p: any) => p.id as string)));
  }
  return periods;
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
export interface Watch {
  token: string;
  userId: string;
  periodId: string;
  sent: number;
  /** what the last report answered 200 said */
  acked: { count: number; position: number; percent: number };
}

/** One learner answering one problem again and again. */
export interface Answering {
  token: string;
  recordId: string;
  problemId: string;
  sent: number;
  /** the answer of the last save answered 200 */
  acked?: string;
  /** the answers sent after it that got no answer: any of them may have been stored */
  unanswered: string[];
}

/** Writes the learners into the database and gives each one lessons to watch and problems to answer. */
export async function prepareLoad(db: Database['db'], periods: string[]) {
  const made = await writeLearners(db);
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
      unanswered: [],
    })),
  );
  return { watches, answering };
}

/**
 * Runs the load against `baseUrl` until `stop.now`; resolves `flowing` once both kinds of call have been answered
 * 200. A call with no answer ends its learner's loop, unless `carryOn` (a proxy with another process behind it),
 * where the learner tries again a moment later, as a player or an exam page would.
 */
export async function loadUntil(
  baseUrl: string,
  load: { watches: Watch[]; answering: Answering[] },
  stop: { now: boolean },
  flowing: () => void,
  { carryOn = false }: { carryOn?: boolean } = {},
): Promise<{ reports: number; saves: number; unanswered: number }> {
  let reports = 0;
  let saves = 0;
  let unanswered = 0;
  const answered = () => reports > 0 && saves > 0 && flowing();
  const lost = async () => {
    unanswered++;
    if (!carryOn) return false;
    await sleep(50);
    return true;
  };
  const watchLoop = async (w: Watch) => {
    while (!stop.now) {
      const k = ++w.sent;
      const r = await post(
        baseUrl,
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
      if (!r) {
        if (await lost()) continue;
        return;
      }
      if (r.code !== 200) throw new Error(`progress report refused: ${r.code} ${r.msg}`);
      reports++;
      answered();
      w.acked = { count: w.acked.count + 1, position: r.data.currentPosition, percent: r.data.percent };
    }
  };
  const answerLoop = async (a: Answering) => {
    while (!stop.now) {
      const answer = `第 ${++a.sent} 次作答`;
      a.unanswered.push(answer);
      const r = await post(
        baseUrl,
        '/exam/auth/user/exam/record/answer/save',
        { recordId: a.recordId, problemId: a.problemId, answer: [answer] },
        a.token,
      );
      if (!r) {
        if (await lost()) continue;
        return;
      }
      if (r.code !== 200) throw new Error(`answer save refused: ${r.code} ${r.msg}`);
      saves++;
      answered();
      a.acked = answer;
      a.unanswered = [];
    }
  };
  await Promise.all([...load.watches.map(watchLoop), ...load.answering.map(answerLoop)]);
  return { reports, saves, unanswered };
}

/** What of the acknowledged load is missing from the database. */
export async function checkStored(db: Database['db'], load: { watches: Watch[]; answering: Answering[] }) {
  const { watches, answering } = load;
  const stored = rowsOf<{ u: string; p: string; count: number; position: number; percent: number }>(
    await db.execute(
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
  const answers = rowsOf<{ r: string; p: string; answer: string[] | string }>(
    await db.execute(
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
  const answeredProblems = answering.filter((a) => a.acked);
  const lostSaves = answeredProblems.filter((a) => {
    const got = answerOf.get(`${a.recordId}:${a.problemId}`);
    return got !== a.acked && !a.unanswered.includes(got ?? '');
  });
  return {
    foundReports,
    lostReports: lostReports.map((w) => `${w.userId}:${w.periodId}`),
    lostSaves: lostSaves.map((a) => `${a.recordId}:${a.problemId}`),
    answeredProblems: answeredProblems.length,
  };
}
