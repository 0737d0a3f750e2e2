import crypto from 'node:crypto';
import pg from 'pg';

/** Ids of generated rows start here, apart from the other benches' and far below the server's snowflakes. */
const USER_ID_BASE = 41n * 10n ** 15n;

export interface LiveData {
  courseId: string;
  /** the demo live course's lessons in order */
  periodIds: string[];
  /** a signed-in session per generated learner, each of whom bought the demo live course */
  learnerTokens: string[];
}

/**
 * Writes `learners` learners straight into the bench database with set-based SQL, each with a session and the
 * entitlement a paid order of the demo live course leaves, so each viewer asks for its own play and chat tokens.
 */
export async function loadLiveData(dbUrl: string, learners: number): Promise<LiveData> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  const q = (text: string, values: unknown[] = []) => client.query(text, values);
  try {
    const course = (
      await q(`select id::text as id from course where site_id = 10 and course_type = 2 order by id limit 1`)
    ).rows[0] as { id: string } | undefined;
    if (!course) throw new Error('the demo seed has no live course to bench');
    const periods = (
      await q(
        `select id::text as id from course_chapter_period where site_id = 10 and course_id = $1 order by sort, id`,
        [course.id],
      )
    ).rows as { id: string }[];
    const tokens = Array.from({ length: learners }, () => crypto.randomBytes(32).toString('base64url'));
    const hashes = tokens.map((t) => crypto.createHash('sha256').update(t).digest('hex'));
    const base = USER_ID_BASE.toString();
    await q('begin');
    await q(
      `insert into "user" (id, site_id, mobile, password_hash, nickname, referral_code)
       select $1::bigint + g, 10, '175' || lpad(g::text, 8, '0'), '!', '直播观众' || g, 'LV' || g
       from generate_series(1, ${learners}) g`,
      [base],
    );
    await q(
      `insert into session (token_hash, site_id, subject_kind, subject_id, client_type, expires_at)
       select h, 10, 'user', $1::bigint + n, 4, now() + interval '1 day' from unnest($2::text[]) with ordinality as x(h, n)`,
      [base, hashes],
    );
    await q(
      `insert into user_course (id, site_id, user_id, course_id, buy_type)
       select $1::bigint + g, 10, $1::bigint + g, $2, 1 from generate_series(1, ${learners}) g`,
      [base, course.id],
    );
    // the demo learner watches in a real browser (live-browser.ts)
    await q(
      `insert into user_course (id, site_id, user_id, course_id, buy_type)
       select $1::bigint, 10, id, $2, 1 from "user" where site_id = 10 and mobile = '13800000001'
       on conflict do nothing`,
      [base, course.id],
    );
    await q('commit');
    await q('analyze "user"; analyze session; analyze user_course');
    return { courseId: course.id, periodIds: periods.map((p) => p.id), learnerTokens: tokens };
  } finally {
    await client.end();
  }
}
