import pg from 'pg';

/** The size the courses issue names for its bench: 10,000 courses and 200,000 lessons. */
export const COURSE_DATA = { courses: 10_000, chaptersPerCourse: 4, periodsPerChapter: 5 };

/** Ids of generated rows start here, far below the snowflakes the server makes, so the two never meet. */
const ID_BASE = { course: 10n ** 15n, chapter: 2n * 10n ** 15n, period: 3n * 10n ** 15n };

export interface CourseData {
  courseIds: string[];
  /** Lessons of free courses (every signed-in user may study them): the progress scenario reports on these. */
  freePeriodIds: string[];
  /** The course of each free lesson, at the same index as freePeriodIds (a lesson page's path needs both). */
  freePeriodCourseIds: string[];
}

export const TOPICS = [
  'Python 编程',
  '数据分析',
  '前端开发',
  '考研英语',
  'Java 后端',
  '机器学习',
  '产品经理',
  '平面设计',
  '会计实务',
  '日语入门',
];
export const LEVELS = ['入门', '进阶', '实战', '精讲', '从零到一'];

/**
 * Writes the catalogue straight into the bench database with set-based SQL (seconds, not minutes), on the demo
 * site's categories and lecturers: 20 % of the courses free, the rest priced from 19 to 398 yuan.
 */
export async function loadCourseData(dbUrl: string): Promise<CourseData> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const cats = await client.query<{ id: string }>(
      `select id::text from course_category where site_id = 10 and category_type = 1 order by id`,
    );
    const lecturers = await client.query<{ id: string }>(
      `select distinct lecturer_user_id::text as id from course where site_id = 10 order by 1`,
    );
    if (!cats.rows.length || !lecturers.rows.length)
      throw new Error('the demo seed has no course categories or lecturers to build on');
    const logo =
      (
        await client.query<{ course_logo: string }>(
          `select course_logo from course where site_id = 10 and course_logo <> '' limit 1`,
        )
      ).rows[0]?.course_logo ?? '';
    const { courses, chaptersPerCourse: cpc, periodsPerChapter: ppc } = COURSE_DATA;
    await client.query('begin');
    await client.query(
      `insert into course (id, site_id, lecturer_user_id, category_id, course_type, course_name, course_logo, introduce,
         is_free, ruling_price, course_price, count_buy, count_study, period_total, gmt_create, gmt_modified, sort)
       select $1::bigint + g, 10, ($2::bigint[])[1 + g % cardinality($2::bigint[])], ($3::bigint[])[1 + g % cardinality($3::bigint[])], 1,
         ($4::text[])[1 + g % cardinality($4::text[])] || ($5::text[])[1 + (g / 10) % cardinality($5::text[])] || ' 第 ' || g || ' 期',
         $6, '<p>压测生成的课程介绍。</p>',
         case when g % 5 = 0 then 1 else 0 end,
         case when g % 5 = 0 then 0 else (1900 + (g % 380) * 100) * 2 end,
         case when g % 5 = 0 then 0 else 1900 + (g % 380) * 100 end,
         g % 997, g % 1999, ${cpc * ppc}, now() - make_interval(mins => g), now(), 100
       from generate_series(1, ${courses}) g`,
      [ID_BASE.course.toString(), lecturers.rows.map((r) => r.id), cats.rows.map((r) => r.id), TOPICS, LEVELS, logo],
    );
    await client.query(
      `insert into course_chapter (id, site_id, course_id, chapter_name, is_free, sort)
       select $1::bigint + g * ${cpc} + c, 10, $2::bigint + g, '第 ' || (c + 1) || ' 章', case when c = 0 then 1 else 0 end, c + 1
       from generate_series(1, ${courses}) g, generate_series(0, ${cpc - 1}) c`,
      [ID_BASE.chapter.toString(), ID_BASE.course.toString()],
    );
    await client.query(
      `insert into course_chapter_period (id, site_id, course_id, chapter_id, period_name, is_free, video_duration, sort)
       select $1::bigint + (g * ${cpc} + c) * ${ppc} + p, 10, $2::bigint + g, $3::bigint + g * ${cpc} + c,
         '第 ' || (c + 1) || '.' || (p + 1) || ' 节', 0, 600, p + 1
       from generate_series(1, ${courses}) g, generate_series(0, ${cpc - 1}) c, generate_series(0, ${ppc - 1}) p`,
      [ID_BASE.period.toString(), ID_BASE.course.toString(), ID_BASE.chapter.toString()],
    );
    await client.query('commit');
    await client.query('analyze course; analyze course_chapter; analyze course_chapter_period');

    const courseIds = Array.from({ length: courses }, (_, i) => (ID_BASE.course + BigInt(i + 1)).toString());
    const freePeriodIds: string[] = [];
    const freePeriodCourseIds: string[] = [];
    for (let g = 5; g <= courses; g += 5) {
      for (let k = 0; k < cpc * ppc; k++) {
        freePeriodIds.push((ID_BASE.period + BigInt(g * cpc * ppc + k)).toString());
        freePeriodCourseIds.push((ID_BASE.course + BigInt(g)).toString());
      }
    }
    return { courseIds, freePeriodIds, freePeriodCourseIds };
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    await client.end();
  }
}

/** The demo student, who sends every progress report of the bench. */
export const BENCH_LEARNER = '13800000001';

/**
 * Sum of the progress reports the server recorded for the bench's learner, the demo student (each accepted report
 * counts once in its lesson's row); the demo members' own study history is not theirs.
 */
export async function recordedReports(dbUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const r = await client.query<{ n: string }>(
      `select coalesce(sum(report_count), 0)::text as n from user_study
        where site_id = 10 and user_id = (select id from "user" where site_id = 10 and mobile = $1)`,
      [BENCH_LEARNER],
    );
    return Number(r.rows[0]!.n);
  } finally {
    await client.end();
  }
}
