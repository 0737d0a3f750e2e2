import crypto from 'node:crypto';
import pg from 'pg';

/** The exam issue's bench: a published paper of 100 objective problems, students saving answers and a deadline burst. */
export const EXAM_DATA = { problems: 100, savers: 1000, burst: 2000 };

/** Ids of generated rows start here, far below the snowflakes the server makes and apart from the catalogue's. */
const ID_BASE = { problem: 5n * 10n ** 15n, paper: 6n * 10n ** 15n, user: 7n * 10n ** 15n, record: 8n * 10n ** 15n };

export interface Taker {
  token: string;
  recordId: string;
}

export interface ExamData {
  examId: string;
  /** The paper's problems in order and their option keys (single choice, A to D). */
  problemIds: string[];
  /** Students with an attempt in progress who save answers one at a time. */
  savers: Taker[];
  /** Students with an attempt in progress who all submit at the deadline. */
  burst: Taker[];
}

/**
 * Writes the paper, its students, their sessions and their attempts straight into the bench database with
 * set-based SQL. Attempts run for 10 hours, so no save of the run meets a deadline.
 */
export async function loadExamData(dbUrl: string): Promise<ExamData> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const lecturer = (
      await client.query<{ id: string }>(
        `select lecturer_user_id::text as id from course where site_id = 10 order by id limit 1`,
      )
    ).rows[0];
    if (!lecturer) throw new Error('the demo seed has no lecturer to own the bench paper');
    const { problems, savers, burst } = EXAM_DATA;
    const students = savers + burst;
    const tokens = Array.from({ length: students }, () => crypto.randomBytes(32).toString('base64url'));
    const hashes = tokens.map((t) => crypto.createHash('sha256').update(t).digest('hex'));
    const paperId = ID_BASE.paper.toString();
    await client.query('begin');
    await client.query(
      `insert into exam_problem (id, site_id, lecturer_user_id, problem_type, problem_content, options, answer, score)
       select $1::bigint + g, 10, $2::bigint, 1, '压测题 ' || g || '：选出正确的一项',
         '[{"key":"A","content":"甲"},{"key":"B","content":"乙"},{"key":"C","content":"丙"},{"key":"D","content":"丁"}]'::jsonb,
         jsonb_build_array(chr(65 + g % 4)), 1
       from generate_series(1, ${problems}) g`,
      [ID_BASE.problem.toString(), lecturer.id],
    );
    await client.query(
      `insert into exam_paper (id, site_id, lecturer_user_id, exam_name, answer_time, total_score, pass_score, problem_count, is_free, is_put_away)
       values ($1, 10, $2, '压测试卷（100 道单选题）', 600, ${problems}, ${Math.floor(problems * 0.6)}, ${problems}, 1, 1)`,
      [paperId, lecturer.id],
    );
    await client.query(
      `insert into exam_paper_section (id, site_id, exam_id, title_name, score, sort) values ($1::bigint + 1, 10, $1, '单选题', ${problems}, 1)`,
      [paperId],
    );
    await client.query(
      `insert into exam_paper_problem (id, site_id, exam_id, section_id, problem_id, score, sort)
       select $1::bigint + 1 + g, 10, $1, $1::bigint + 1, $2::bigint + g, 1, g from generate_series(1, ${problems}) g`,
      [paperId, ID_BASE.problem.toString()],
    );
    await client.query(
      `insert into "user" (id, site_id, mobile, password_hash, nickname, referral_code)
       select $1::bigint + g, 10, '171' || lpad(g::text, 8, '0'), '!', '考生' || g, 'BX' || g from generate_series(1, ${students}) g`,
      [ID_BASE.user.toString()],
    );
    await client.query(
      `insert into session (token_hash, site_id, subject_kind, subject_id, client_type, expires_at)
       select h, 10, 'user', $1::bigint + n, 4, now() + interval '1 day' from unnest($2::text[]) with ordinality as x(h, n)`,
      [ID_BASE.user.toString(), hashes],
    );
    await client.query(
      `insert into exam_record (id, site_id, exam_id, user_id, lecturer_user_id, status, start_time, deadline_time, shuffle_seed)
       select $1::bigint + g, 10, $2, $3::bigint + g, $4, 1, now(), now() + interval '10 hours', 0 from generate_series(1, ${students}) g`,
      [ID_BASE.record.toString(), paperId, ID_BASE.user.toString(), lecturer.id],
    );
    await client.query('commit');
    await client.query(
      'analyze exam_problem; analyze exam_paper_problem; analyze "user"; analyze session; analyze exam_record',
    );
    const takers = tokens.map((token, i) => ({ token, recordId: (ID_BASE.record + BigInt(i + 1)).toString() }));
    return {
      examId: paperId,
      problemIds: Array.from({ length: problems }, (_, i) => (ID_BASE.problem + BigInt(i + 1)).toString()),
      savers: takers.slice(0, savers),
      burst: takers.slice(savers),
    };
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    await client.end();
  }
}

/** What the burst left in the database: its records scored, and their answers stored. */
export async function burstOutcome(dbUrl: string, recordIds: string[]): Promise<{ scored: number; answers: number }> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const r = await client.query<{ scored: string; answers: string }>(
      `select (select count(*) from exam_record where site_id = 10 and id = any($1::bigint[]) and status > 1)::text as scored,
              (select count(*) from exam_answer where site_id = 10 and record_id = any($1::bigint[]) and jsonb_array_length(answer) > 0)::text as answers`,
      [recordIds],
    );
    return { scored: Number(r.rows[0]!.scored), answers: Number(r.rows[0]!.answers) };
  } finally {
    await client.end();
  }
}
