import { spawnSync } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { LEVELS as COURSE_LEVELS, TOPICS as COURSE_TOPICS } from './course-data.ts';

/** The size the search issue names for its bench; BENCH_SEARCH_ROWS scales both down for a quick check. */
export const SEARCH_DATA = {
  courses: Number(process.env.BENCH_SEARCH_ROWS ?? 100_000),
  posts: Number(process.env.BENCH_SEARCH_ROWS ?? 100_000),
};

/** Ids of generated rows start here, away from the snowflakes the server makes and from the other benches' rows. */
const ID_BASE = { course: 12n * 10n ** 15n, post: 13n * 10n ** 15n };

// the catalogue bench's topics and levels, and a few more, so that searches meet many different titles
const TOPICS = [...COURSE_TOPICS, 'React 框架', 'SQL 数据库', 'Excel 办公', '深度学习', '微信小程序', 'Linux 运维'];
const LEVELS = [...COURSE_LEVELS, '项目课', '面试冲刺'];
const KINDS = ['学习笔记', '踩坑记录', '源码阅读', '实战总结', '面试复盘', '备考心得'];

/** What people type into the box: whole names, parts of words, mixed Chinese and English. */
export const BENCH_QUERIES = [
  'python',
  'Python 编程',
  '数据分析',
  '数据分析 实战',
  '前端',
  '考研英语',
  'java',
  '机器学习 入门',
  '产品经理',
  '设计',
  '会计',
  '日语',
  'react',
  'sql',
  'excel 办公',
  '深度学习',
  '小程序',
  'linux',
  '面试',
  '笔记',
];
export const BENCH_PREFIXES = [
  'p',
  'py',
  'pyt',
  'pyth',
  '数',
  '数据',
  'ja',
  'jav',
  '考研',
  '前',
  're',
  'rea',
  'sq',
  '机器',
  'li',
  '面',
];

export interface SearchData {
  postIds: string[];
}

/**
 * Writes 100,000 listed courses and 100,000 published posts straight into the bench database with set-based SQL,
 * on the demo site's categories, lecturers and students; the search index is then built by `npm run
 * search:rebuild`, as an operator would after an import.
 */
export async function loadSearchData(dbUrl: string): Promise<SearchData> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const cats = await client.query<{ id: string }>(
      `select id::text from course_category where site_id = 10 and category_type = 1 order by id`,
    );
    const lecturers = await client.query<{ id: string }>(
      `select distinct lecturer_user_id::text as id from course where site_id = 10 order by 1`,
    );
    const authors = await client.query<{ id: string }>(
      `select id::text from "user" where site_id = 10 order by id limit 20`,
    );
    if (!cats.rows.length || !lecturers.rows.length || !authors.rows.length)
      throw new Error('the demo seed has no categories, lecturers or users to build on');
    const { courses, posts } = SEARCH_DATA;
    await client.query('begin');
    await client.query(
      `insert into course (id, site_id, lecturer_user_id, category_id, course_type, course_name, introduce,
         is_free, ruling_price, course_price, count_buy, count_study, period_total, sort)
       select $1::bigint + g, 10, ($2::bigint[])[1 + g % cardinality($2::bigint[])], ($3::bigint[])[1 + g % cardinality($3::bigint[])], 1,
         ($4::text[])[1 + g % cardinality($4::text[])] || ($5::text[])[1 + (g / 16) % cardinality($5::text[])] || ' 第 ' || g || ' 期',
         '<p>' || ($4::text[])[1 + (g / 7) % cardinality($4::text[])] || '的系统课程，从概念到实战。</p>',
         case when g % 5 = 0 then 1 else 0 end, 0, case when g % 5 = 0 then 0 else 1900 + (g % 380) * 100 end,
         g % 997, g % 1999, 20, 100
       from generate_series(1, ${courses}) g`,
      [ID_BASE.course.toString(), lecturers.rows.map((r) => r.id), cats.rows.map((r) => r.id), TOPICS, LEVELS],
    );
    await client.query(
      `insert into blog (id, site_id, user_id, title, summary, content, tags, is_publish, publish_time, view_count, like_count)
       select $1::bigint + g, 10, ($2::bigint[])[1 + g % cardinality($2::bigint[])],
         ($3::text[])[1 + g % cardinality($3::text[])] || ($4::text[])[1 + (g / 16) % cardinality($4::text[])] || '（' || g || '）',
         '关于' || ($3::text[])[1 + (g / 5) % cardinality($3::text[])] || '的一些体会',
         '<p>这篇文章记录了学习' || ($3::text[])[1 + g % cardinality($3::text[])] || '时遇到的问题和解决办法。</p>',
         '', 1, now() - make_interval(mins => g), g % 5000, g % 300
       from generate_series(1, ${posts}) g`,
      [ID_BASE.post.toString(), authors.rows.map((r) => r.id), TOPICS, KINDS],
    );
    await client.query('commit');
    await client.query('analyze course; analyze blog');
    return { postIds: Array.from({ length: posts }, (_, i) => (ID_BASE.post + BigInt(i + 1)).toString()) };
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    await client.end();
  }
}

/** Posts whose visibility in the blog table and in the search index disagree: 0 when indexing kept up. */
export async function indexDisagreements(dbUrl: string): Promise<{ hiddenFound: number; visibleMissing: number }> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const r = await client.query<{ hidden_found: number; visible_missing: number }>(
      `select
         (select count(*)::int from blog b join search_doc d on d.site_id = b.site_id and d.doc_type = 6 and d.ref_id = b.id
           where b.site_id = 10 and b.is_hidden = 1) as hidden_found,
         (select count(*)::int from blog b left join search_doc d on d.site_id = b.site_id and d.doc_type = 6 and d.ref_id = b.id
           where b.site_id = 10 and b.is_hidden = 0 and b.is_publish = 1 and b.article_type = 1 and d.ref_id is null) as visible_missing`,
    );
    return { hiddenFound: r.rows[0]!.hidden_found, visibleMissing: r.rows[0]!.visible_missing };
  } finally {
    await client.end();
  }
}

/**
 * Builds the search index of the bench database with `npm run search:rebuild` as a worker process on the server's
 * environment; answers what the script printed (each site's own time, without its start-up).
 */
export function rebuildSearchIndex(serverEnv: Record<string, string>): string {
  const script = path.resolve(import.meta.dirname, '../../scripts/search-rebuild.ts');
  const rebuilt = spawnSync(process.execPath, [script], {
    env: { ...process.env, ...serverEnv, ROLE: 'worker' },
    encoding: 'utf8',
  });
  if (rebuilt.status !== 0) throw new Error(`search:rebuild failed: ${rebuilt.stderr || rebuilt.stdout}`);
  return rebuilt.stdout;
}
