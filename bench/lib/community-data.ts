import pg from 'pg';
import { BENCH_LEARNER } from './course-data.ts';

/** The size the community issue names for its bench. */
export const COMMUNITY_DATA = {
  bloggers: 10_000,
  posts: 100_000,
  comments: 1_000_000,
  questions: 20_000,
  answersPerQuestion: 3,
  /** bloggers the demo student follows, for the 关注 tab */
  followed: 50,
};

/** Posts of each followed blogger in a new fan's 关注 inbox (the server's FEED_BACK_FILL). */
const FEED_BACK_FILL = 20;

/** Ids of generated rows start here, far from the snowflakes the server makes and from the other benches' rows. */
const ID_BASE = {
  user: 5n * 10n ** 15n,
  blogger: 6n * 10n ** 15n,
  blog: 7n * 10n ** 15n,
  comment: 8n * 10n ** 15n,
  question: 9n * 10n ** 15n,
  answer: 10n * 10n ** 15n,
  follow: 11n * 10n ** 15n,
};

export interface CommunityData {
  blogIds: string[];
  questionLabelIds: string[];
}

const TOPICS = [
  'React',
  'TypeScript',
  'PostgreSQL',
  'Python',
  '考研英语',
  '机器学习',
  'Go',
  '产品设计',
  '前端性能',
  'Node.js',
];
const KINDS = ['入门笔记', '踩坑记录', '源码阅读', '实战总结', '面试复盘'];

/** A post body of about a kilobyte: headings, paragraphs, a list and a code block, as the editor writes them. */
const BODY =
  '<h2>背景</h2><p>这篇文章记录了我在项目中遇到的问题，以及一步步排查和解决的过程，希望对你有帮助。</p>' +
  '<ul><li>问题是怎么出现的</li><li>我试过哪些办法</li><li>最后的做法和原因</li></ul>' +
  '<h2>过程</h2><p>先用最小的例子复现问题，再逐个排除可能的原因。下面是关键的一段代码：</p>' +
  '<pre><code>const result = await fetch(url, { method: "POST", body: JSON.stringify(data) });\nif (!result.ok) throw new Error(result.statusText);</code></pre>' +
  '<blockquote><p>经验：先测量，再优化；不要凭感觉改代码。</p></blockquote>' +
  '<h2>结论</h2><p>问题的根源在于缓存失效的时机。调整之后，接口的响应时间从几百毫秒降到了十几毫秒。</p>';

/**
 * Writes the community straight into the bench database with set-based SQL: 10,000 bloggers with accounts,
 * 100,000 published posts over the last year with their counts, 1,000,000 comments (a fifth of them replies),
 * 20,000 questions on the demo labels with three answers each, and the demo student following 50 bloggers.
 */
export async function loadCommunityData(dbUrl: string): Promise<CommunityData> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  const d = COMMUNITY_DATA;
  try {
    const student = await client.query<{ id: string; password_hash: string }>(
      `select id::text, password_hash from "user" where site_id = 10 and mobile = $1`,
      [BENCH_LEARNER],
    );
    const labels = await client.query<{ id: string }>(
      `select id::text from community_label where site_id = 10 order by id`,
    );
    if (!student.rows[0] || !labels.rows.length) throw new Error('the demo seed has no student or community labels');
    const labelIds = labels.rows.map((r) => r.id);
    await client.query('begin');
    await client.query(
      `insert into "user" (id, site_id, mobile, password_hash, nickname, referral_code)
       select $1::bigint + g, 10, '177' || lpad(g::text, 8, '0'), $2, '博主' || g, 'CB' || g
       from generate_series(1, ${d.bloggers}) g`,
      [ID_BASE.user.toString(), student.rows[0].password_hash],
    );
    // the bloggers' post and like counts start at 0: the database adds the posts below as they go in (decision 61)
    await client.query(
      `insert into blogger (id, site_id, user_id, nickname, introduce, article_count, fans_count, like_count)
       select $1::bigint + g, 10, $2::bigint + g, '博主' || g, '写代码，也写文章。', 0, g % 300, 0
       from generate_series(1, ${d.bloggers}) g`,
      [ID_BASE.blogger.toString(), ID_BASE.user.toString()],
    );
    await client.query(
      `insert into blog (id, site_id, user_id, title, summary, content, tags, is_publish, publish_time,
         view_count, like_count, collection_count, comment_count, gmt_create, gmt_modified)
       select $1::bigint + g, 10, $2::bigint + 1 + g % ${d.bloggers},
         ($3::text[])[1 + g % cardinality($3::text[])] || ' ' || ($4::text[])[1 + (g / 10) % cardinality($4::text[])] || '（' || g || '）',
         '这篇文章记录了我在项目中遇到的问题，以及一步步排查和解决的过程。', $5,
         ($3::text[])[1 + g % cardinality($3::text[])] || ',笔记', 1, now() - make_interval(secs => g * 300),
         (g * 7919) % 5000, (g * 31) % 200, (g * 17) % 80, ${d.comments / d.posts},
         now() - make_interval(secs => g * 300), now()
       from generate_series(1, ${d.posts}) g`,
      [ID_BASE.blog.toString(), ID_BASE.user.toString(), TOPICS, KINDS, BODY],
    );
    // comments: post g % posts, in rounds of one per post; rounds 4 and 9 are replies to the round before them
    await client.query(
      `insert into blog_comment (id, site_id, blog_id, user_id, parent_id, content)
       select $1::bigint + g, 10, $2::bigint + 1 + g % ${d.posts}, $3::bigint + 1 + g % ${d.bloggers},
         case when (g / ${d.posts}) % 5 = 4 then $1::bigint + g - ${d.posts} end, '写得很清楚，收藏了。第 ' || g || ' 条评论'
       from generate_series(1, ${d.comments}) g`,
      [ID_BASE.comment.toString(), ID_BASE.blog.toString(), ID_BASE.user.toString()],
    );
    await client.query(
      `insert into question (id, site_id, user_id, title, content, label_ids, answer_count, view_count, last_answer_time, gmt_create, gmt_modified)
       select $1::bigint + g, 10, $2::bigint + 1 + g % ${d.bloggers},
         ($3::text[])[1 + g % cardinality($3::text[])] || ' 里这个问题该怎么解决？（' || g || '）',
         '<p>按文档配置之后仍然报错，试过重装依赖也没有用，请问应该从哪里开始排查？</p>',
         array[($4::bigint[])[1 + g % cardinality($4::bigint[])]], ${d.answersPerQuestion}, (g * 13) % 3000,
         now() - make_interval(secs => g * 600), now() - make_interval(secs => g * 1200), now()
       from generate_series(1, ${d.questions}) g`,
      [ID_BASE.question.toString(), ID_BASE.user.toString(), TOPICS, labelIds],
    );
    await client.query(
      `insert into question_answer (id, site_id, question_id, user_id, content)
       select $1::bigint + g * ${d.answersPerQuestion} + a, 10, $2::bigint + g, $3::bigint + 1 + (g + a) % ${d.bloggers},
         '<p>先看报错的第一行，通常是版本不匹配。</p>'
       from generate_series(1, ${d.questions}) g, generate_series(0, ${d.answersPerQuestion - 1}) a`,
      [ID_BASE.answer.toString(), ID_BASE.question.toString(), ID_BASE.user.toString()],
    );
    await client.query(
      `insert into blogger_follow (id, site_id, user_id, blogger_user_id)
       select $1::bigint + g, 10, $2::bigint, $3::bigint + 1 + g * ${Math.floor(d.bloggers / d.followed)}
       from generate_series(0, ${d.followed - 1}) g`,
      [ID_BASE.follow.toString(), student.rows[0].id, ID_BASE.user.toString()],
    );
    // the 关注 inboxes, as following these bloggers would have filled them (FEED_BACK_FILL latest posts each)
    await client.query(
      `insert into blog_feed (site_id, user_id, publish_time, blog_id, author_id)
       select f.site_id, f.user_id, b.publish_time, b.id, b.user_id from blogger_follow f
       cross join lateral (
         select id, user_id, publish_time from blog
         where site_id = f.site_id and user_id = f.blogger_user_id and is_publish = 1 and is_hidden = 0
         order by publish_time desc limit $1
       ) b
       where f.site_id = 10 and f.id >= $2::bigint
       on conflict do nothing`,
      [FEED_BACK_FILL, ID_BASE.follow.toString()],
    );
    await client.query('commit');
    // vacuumed as autovacuum would soon: the visibility map lets counts read the index alone
    for (const table of [
      '"user"',
      'blogger',
      'blog',
      'blog_comment',
      'question',
      'question_answer',
      'blogger_follow',
      'blog_feed',
    ])
      await client.query(`vacuum analyze ${table}`);
    const blogIds = Array.from({ length: d.posts }, (_, i) => (ID_BASE.blog + BigInt(i + 1)).toString());
    return { blogIds, questionLabelIds: labelIds };
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    await client.end();
  }
}

/** The stored view count of one post: its counter's, else (never viewed since) its row's. */
export async function storedViews(dbUrl: string, blogId: string): Promise<number> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const r = await client.query<{ n: number }>(
      `select coalesce(c.views, b.view_count) as n from blog b
       left join blog_view_count c on c.site_id = b.site_id and c.blog_id = b.id
       where b.site_id = 10 and b.id = $1`,
      [blogId],
    );
    return r.rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}
