import crypto from 'node:crypto';
import pg from 'pg';

/** The classes issue's bench: one class of 5,000 members, 20 courses of 50 lessons, 10 class exams. */
export const GRADE_DATA = { members: 5000, courses: 20, periodsPerCourse: 50, exams: 10, problems: 20, burst: 2000 };

/** Ids of generated rows start here, apart from the other benches' and far below the server's snowflakes. */
const ID_BASE = {
  user: 31n * 10n ** 15n,
  grade: 32n * 10n ** 15n,
  course: 33n * 10n ** 15n,
  period: 34n * 10n ** 15n,
  paper: 35n * 10n ** 15n,
  problem: 36n * 10n ** 15n,
  gradeExam: 37n * 10n ** 15n,
};

export interface GradeData {
  gradeId: string;
  /** the class teacher's session */
  teacherToken: string;
  /** a session per member, in member order */
  memberTokens: string[];
  periodIds: string[];
  /** the class exam open now, for the start burst */
  openExamId: string;
  problemIds: string[];
}

/**
 * Writes the class straight into the bench database with set-based SQL, taught by the demo lecturer: its members
 * (each with a session), its courses and lessons with a few lessons' progress per member, and its exams (one open
 * now, the others in the past with a handed-in attempt per member), so the student list, the summary and the
 * lesson check read a class of the issue's size.
 */
export async function loadGradeData(dbUrl: string): Promise<GradeData> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  const q = (text: string, values: unknown[] = []) => client.query(text, values);
  try {
    const lecturer = (await q(`select id::text as id from "user" where site_id = 10 and mobile = '13800000002'`))
      .rows[0] as { id: string } | undefined;
    if (!lecturer) throw new Error('the demo seed has no lecturer 13800000002 to teach the bench class');
    const category = (
      await q(`select id::text as id from course_category where site_id = 10 and category_type = 1 order by id limit 1`)
    ).rows[0] as { id: string } | undefined;
    if (!category) throw new Error('the demo seed has no course category for the bench class courses');
    const { members, courses, periodsPerCourse: ppc, exams, problems } = GRADE_DATA;
    const tokens = Array.from({ length: members + 1 }, () => crypto.randomBytes(32).toString('base64url'));
    const hashes = tokens.map((t) => crypto.createHash('sha256').update(t).digest('hex'));
    const b = Object.fromEntries(Object.entries(ID_BASE).map(([k, v]) => [k, v.toString()])) as Record<
      keyof typeof ID_BASE,
      string
    >;
    await q('begin');
    await q(
      `insert into "user" (id, site_id, mobile, password_hash, nickname, referral_code)
       select $1::bigint + g, 10, '176' || lpad(g::text, 8, '0'), '!', '班级学员' || g, 'GB' || g from generate_series(1, ${members}) g`,
      [b.user],
    );
    // the first token is the teacher's, then one per member
    await q(
      `insert into session (token_hash, site_id, subject_kind, subject_id, client_type, expires_at)
       select h, 10, 'user', case when n = 1 then $2::bigint else $1::bigint + n - 1 end, 4, now() + interval '1 day'
       from unnest($3::text[]) with ordinality as x(h, n)`,
      [b.user, lecturer.id, hashes],
    );
    await q(
      `insert into grade (id, site_id, grade_name, introduction, begin_time, end_time, join_rule, invitation_code, lecturer_user_id, student_count)
       values ($1, 10, '压测班级（5000 人）', '压测生成的班级', now() - interval '30 days', now() + interval '60 days', 1, 'BENCH5K', $2, ${members})`,
      [b.grade, lecturer.id],
    );
    await q(
      `insert into grade_student (id, site_id, grade_id, user_id, role, joined_at)
       select $1::bigint + g, 10, $1, $2::bigint + g, case when g <= 5 then 2 else 1 end, now() - make_interval(mins => g)
       from generate_series(1, ${members}) g`,
      [b.grade, b.user],
    );
    await q(
      `insert into course (id, site_id, lecturer_user_id, category_id, course_type, course_name, introduce, is_free, ruling_price, course_price, period_total, sort)
       select $1::bigint + g, 10, $2, $3, 1, '班级课程 ' || g, '<p>压测生成的班级课程。</p>', 0, 39800, 19900, ${ppc}, 100
       from generate_series(1, ${courses}) g`,
      [b.course, lecturer.id, category.id],
    );
    await q(
      `insert into course_chapter (id, site_id, course_id, chapter_name, is_free, sort)
       select $1::bigint + g, 10, $1::bigint + g, '第 1 章', 0, 1 from generate_series(1, ${courses}) g`,
      [b.course],
    );
    // chapter ids equal their course ids here (a chapter table of its own): the period rows point at them
    await q(
      `insert into course_chapter_period (id, site_id, course_id, chapter_id, period_name, is_free, video_duration, sort)
       select $1::bigint + g * 1000 + p, 10, $2::bigint + g, $2::bigint + g, '第 ' || p || ' 节', 0, 600, p
       from generate_series(1, ${courses}) g, generate_series(1, ${ppc}) p`,
      [b.period, b.course],
    );
    await q(
      `insert into grade_course (id, site_id, grade_id, course_id) select $1::bigint + g, 10, $1, $2::bigint + g from generate_series(1, ${courses}) g`,
      [b.grade, b.course],
    );
    // progress: each member has studied the first few lessons of each course, finished or part-way
    await q(
      `insert into user_study (id, site_id, user_id, course_id, chapter_id, period_id, current_position, watched_sec, credited_sec, percent, is_finish, report_count)
       select $1::bigint + (m * ${courses} + g) * 8 + p, 10, $2::bigint + m, $3::bigint + g, $3::bigint + g, $4::bigint + g * 1000 + p,
         300, 300, 300, case when p < 3 then 100 else 50 end, case when p < 3 then 1 else 0 end, 20
       from generate_series(1, ${members}) m, generate_series(1, ${courses}) g, generate_series(1, 1 + m % 5) p`,
      [(40n * 10n ** 15n).toString(), b.user, b.course, b.period],
    );
    await q(
      `insert into exam_problem (id, site_id, lecturer_user_id, problem_type, problem_content, options, answer, score)
       select $1::bigint + g, 10, $2, 1, '班级压测题 ' || g,
         '[{"key":"A","content":"甲"},{"key":"B","content":"乙"},{"key":"C","content":"丙"},{"key":"D","content":"丁"}]'::jsonb,
         jsonb_build_array(chr(65 + g % 4)), 5
       from generate_series(1, ${problems}) g`,
      [b.problem, lecturer.id],
    );
    await q(
      `insert into exam_paper (id, site_id, lecturer_user_id, exam_name, answer_time, total_score, pass_score, problem_count, is_free, is_put_away)
       select $1::bigint + e * 10, 10, $2, '班级压测试卷 ' || e, 1800, ${problems * 5}, ${problems * 3}, ${problems}, 0, 1
       from generate_series(1, ${exams}) e`,
      [b.paper, lecturer.id],
    );
    await q(
      `insert into exam_paper_section (id, site_id, exam_id, title_name, score, sort)
       select $1::bigint + e * 10 + 1, 10, $1::bigint + e * 10, '单选题', ${problems * 5}, 1 from generate_series(1, ${exams}) e`,
      [b.paper],
    );
    await q(
      `insert into exam_paper_problem (id, site_id, exam_id, section_id, problem_id, score, sort)
       select $1::bigint + 100000 + e * 1000 + g, 10, $1::bigint + e * 10, $1::bigint + e * 10 + 1, $2::bigint + g, 5, g
       from generate_series(1, ${exams}) e, generate_series(1, ${problems}) g`,
      [b.paper, b.problem],
    );
    // exam 1 is open now; the others closed last week, each sat once by every member
    await q(
      `insert into grade_exam (id, site_id, grade_id, exam_id, lecturer_user_id, begin_time, end_time, attempt_limit)
       select $1::bigint + e, 10, $2, $3::bigint + e * 10, $4,
         case when e = 1 then now() - interval '1 hour' else now() - interval '8 days' end,
         case when e = 1 then now() + interval '1 day' else now() - interval '7 days' end, 1
       from generate_series(1, ${exams}) e`,
      [b.gradeExam, b.grade, b.paper, lecturer.id],
    );
    await q(
      `insert into exam_record (id, site_id, exam_id, user_id, lecturer_user_id, status, start_time, deadline_time, shuffle_seed,
         grade_exam_id, objective_score, total_score, is_pass)
       select $1::bigint + e * 100000 + m, 10, $2::bigint + e * 10, $3::bigint + m, $4, 3, now() - interval '8 days',
         now() - interval '8 days' + interval '30 minutes', 0, $5::bigint + e, (m * 7 + e * 13) % 101, (m * 7 + e * 13) % 101,
         case when (m * 7 + e * 13) % 101 >= 60 then 1 else 0 end
       from generate_series(2, ${exams}) e, generate_series(1, ${members}) m`,
      [(41n * 10n ** 15n).toString(), b.paper, b.user, lecturer.id, b.gradeExam],
    );
    await q('commit');
    await q(
      'analyze "user"; analyze session; analyze grade_student; analyze user_study; analyze exam_record; analyze course_chapter_period',
    );
    return {
      gradeId: b.grade,
      teacherToken: tokens[0]!,
      memberTokens: tokens.slice(1),
      periodIds: Array.from({ length: courses * ppc }, (_, i) =>
        (ID_BASE.period + BigInt((Math.floor(i / ppc) + 1) * 1000 + (i % ppc) + 1)).toString(),
      ),
      openExamId: (ID_BASE.gradeExam + 1n).toString(),
      problemIds: Array.from({ length: problems }, (_, i) => (ID_BASE.problem + BigInt(i + 1)).toString()),
    };
  } catch (err) {
    await q('rollback').catch(() => undefined);
    throw err;
  } finally {
    await client.end();
  }
}

/** The answers the burst's submissions left: attempts handed in for the open exam, and their answers stored. */
export async function gradeBurstOutcome(dbUrl: string, gradeExamId: string) {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const r = await client.query<{ handed: string; answers: string }>(
      `select (select count(*) from exam_record where site_id = 10 and grade_exam_id = $1 and status > 1)::text as handed,
              (select count(*) from exam_answer a join exam_record r on r.site_id = a.site_id and r.id = a.record_id
                where r.site_id = 10 and r.grade_exam_id = $1 and jsonb_array_length(a.answer) > 0)::text as answers`,
      [gradeExamId],
    );
    return { handed: Number(r.rows[0]!.handed), answers: Number(r.rows[0]!.answers) };
  } finally {
    await client.end();
  }
}
