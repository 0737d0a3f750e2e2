import { and, asc, eq, sql } from 'drizzle-orm';
import { newId } from '../../platform/ids.ts';
import { user } from '../schema/user.ts';
import { blogFeedRepo } from '../../modules/community/blog-feed.repo.ts';
import { FEED_BACK_FILL } from '../../modules/community/blog-feed.ts';
import { blog, blogComment, blogUserRecord, blogger, bloggerFollow } from '../schema/community-blog.ts';
import { putSvg } from './images.ts';
import { wrapTitle } from './cover-text.ts';
import type { Seeder } from './seed.ts';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const FONT = `'Microsoft YaHei','PingFang SC','WenQuanYi Micro Hei',sans-serif`;
const COLORS: [string, string][] = [
  ['#2c7be5', '#6dd5fa'],
  ['#16a085', '#a8e063'],
  ['#6f42c1', '#e83e8c'],
  ['#f7971e', '#ffd200'],
  ['#232526', '#414345'],
  ['#c0392b', '#f39c12'],
];

function coverSvg(tag: string, title: string, [from, to]: [string, string]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400" viewBox="0 0 640 400">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="640" height="400" fill="url(#g)"/><circle cx="560" cy="70" r="120" fill="#fff" opacity="0.1"/>
<text x="40" y="80" font-family="${FONT}" font-size="22" fill="#fff" opacity="0.9">#${esc(tag)}</text>
${wrapTitle(title, 560, 40, 2)
  .map(
    (line, i) =>
      `<text x="40" y="${200 + i * 56}" font-family="${FONT}" font-size="40" font-weight="bold" fill="#fff">${esc(line)}</text>`,
  )
  .join('')}
</svg>`;
}

interface SeedPost {
  title: string;
  tags: string[];
  intro: string;
  code?: { lang: string; text: string };
  more: string;
}

const POSTS: SeedPost[] = [
  {
    title: '用 Python 三行代码读懂一份销售报表',
    tags: ['Python', '数据分析'],
    intro: 'pandas 的 groupby 是数据分析里最常用的一把刀，这篇笔记记录我第一次用它汇总月度销售的过程。',
    code: {
      lang: 'python',
      text: "import pandas as pd\ndf = pd.read_csv('sales.csv')\nprint(df.groupby('month')['amount'].sum())",
    },
    more: '读懂数据之前先看清数据：缺失值、重复行和异常值都要先处理，否则汇总出来的数字再漂亮也不可信。',
  },
  {
    title: 'JavaScript 事件循环，一张图讲明白',
    tags: ['JavaScript', '前端'],
    intro: '宏任务、微任务、渲染时机，很多面试题都绕不开事件循环。我把课上的笔记整理成了这篇文章。',
    code: {
      lang: 'javascript',
      text: "setTimeout(() => console.log('timeout'), 0);\nPromise.resolve().then(() => console.log('micro'));\nconsole.log('sync');\n// sync → micro → timeout",
    },
    more: '记住一句话：同步代码先跑完，再清空微任务队列，然后才轮到下一个宏任务。',
  },
  {
    title: '考研英语阅读：我是怎么从 20 分提到 34 分的',
    tags: ['考研', '英语'],
    intro: '阅读理解占了英语一半的分数。分享我半年里坚持的精读方法和错题整理习惯。',
    more: '每天一篇真题精读，逐句翻译、标出长难句结构，再把错题的出题思路写在错题本上，比刷十篇泛读更有用。',
  },
  {
    title: 'React 19 的 use() 到底解决了什么',
    tags: ['React', '前端'],
    intro: 'use() 让组件可以直接读取 Promise 和 Context，配合 Suspense 写异步界面轻松了很多。',
    code: {
      lang: 'tsx',
      text: 'function Comments({ promise }: { promise: Promise<string[]> }) {\n  const list = use(promise);\n  return <ul>{list.map((c) => <li key={c}>{c}</li>)}</ul>;\n}',
    },
    more: '需要注意的是 Promise 要在组件外创建或缓存起来，否则每次渲染都会得到一个新的 Promise。',
  },
  {
    title: 'SQL 索引为什么没生效？五个常见原因',
    tags: ['数据库', 'SQL'],
    intro: '明明建了索引，查询还是全表扫描？多半是踩了下面几个坑。',
    code: {
      lang: 'sql',
      text: "-- 在索引列上做了运算，索引失效\nSELECT * FROM orders WHERE date(created_at) = '2026-01-01';\n-- 改成范围查询\nSELECT * FROM orders WHERE created_at >= '2026-01-01' AND created_at < '2026-01-02';",
    },
    more: '另外几个原因：隐式类型转换、前导通配符的 LIKE、联合索引没有用到最左列、以及统计信息过期。',
  },
  {
    title: '零基础学会做一份漂亮的 PPT',
    tags: ['办公技能'],
    intro: '不会设计也能做出干净的幻灯片：少即是多，一页只讲一件事。',
    more: '字体不超过两种，颜色不超过三种，对齐所有元素，留白比装饰更重要。',
  },
  {
    title: 'Git 分支管理：小团队够用的一套流程',
    tags: ['Git', '工程实践'],
    intro: '三五个人的项目，不需要复杂的 Git Flow，一条主干加短命的功能分支就够了。',
    code: {
      lang: 'bash',
      text: 'git switch -c feature/login\ngit commit -am "登录页"\ngit rebase main\ngit switch main && git merge --ff-only feature/login',
    },
    more: '关键是分支要短命：一两天内合回主干，冲突就少，代码评审也轻松。',
  },
  {
    title: '备考教师资格证的时间表',
    tags: ['教师资格证', '考试'],
    intro: '上班族如何在三个月内通过笔试？我把每周的计划都列了出来。',
    more: '前四周过一遍教材，中间四周刷真题，最后四周专攻作文和错题，每周留一天休息。',
  },
  {
    title: 'CSS Grid 布局速查',
    tags: ['CSS', '前端'],
    intro: 'Flex 处理一维，Grid 处理二维。整理了最常用的几个 Grid 写法。',
    code: {
      lang: 'css',
      text: '.cards {\n  display: grid;\n  grid-template-columns: repeat(auto-fill, minmax(240px, 1fr));\n  gap: 16px;\n}',
    },
    more: 'auto-fill 加 minmax 可以在不写媒体查询的情况下做出自适应的卡片网格。',
  },
  {
    title: '我的 Excel 函数笔记：VLOOKUP 与 XLOOKUP',
    tags: ['办公技能', 'Excel'],
    intro: '查找匹配是 Excel 里最常用的操作，XLOOKUP 比 VLOOKUP 更灵活也更不容易出错。',
    more: 'XLOOKUP 不要求查找列在最左边，找不到时还可以直接给出默认值。',
  },
  {
    title: 'TypeScript 类型收窄的几种写法',
    tags: ['TypeScript', '前端'],
    intro: 'typeof、in、判别联合和自定义类型守卫，让编译器知道变量此刻到底是什么类型。',
    code: {
      lang: 'ts',
      text: "type Shape = { kind: 'circle'; r: number } | { kind: 'rect'; w: number; h: number };\nfunction area(s: Shape) {\n  return s.kind === 'circle' ? Math.PI * s.r ** 2 : s.w * s.h;\n}",
    },
    more: '判别联合是最推荐的写法：加一个字面量字段，switch 一下就能穷尽所有情况。',
  },
  {
    title: '学习一门新技术的四个步骤',
    tags: ['学习方法'],
    intro: '看文档、跑示例、做小项目、教别人。这是我学每一门新技术时都会走的路。',
    more: '最后一步最重要：能讲给别人听，才说明真的懂了。写博客就是最好的“教别人”。',
  },
  {
    title: '用 Docker 一条命令启动开发数据库',
    tags: ['Docker', '工程实践'],
    intro: '不用在本机装 PostgreSQL，一条 docker run 就有一个干净的数据库。',
    code: { lang: 'bash', text: 'docker run -d --name pg -p 5432:5432 \\\n  -e POSTGRES_PASSWORD=dev postgres:15' },
    more: '记得挂载数据卷，否则容器删了数据也就没了。',
  },
  {
    title: '高数极限题的解题套路',
    tags: ['数学', '考研'],
    intro: '等价无穷小、洛必达、泰勒展开，三板斧解决九成的极限题。',
    more: '先判断类型（0/0、∞/∞ 还是 1^∞），再选方法；泰勒展开在复杂题里最稳。',
  },
  {
    title: 'Node.js 里处理大文件：流比 readFile 好在哪',
    tags: ['Node.js', '后端'],
    intro: '一次把 2GB 文件读进内存，进程直接崩溃。换成流，内存稳定在几十 MB。',
    code: {
      lang: 'javascript',
      text: "import { createReadStream } from 'node:fs';\nimport { createInterface } from 'node:readline';\nfor await (const line of createInterface({ input: createReadStream('big.log') })) {\n  if (line.includes('ERROR')) console.log(line);\n}",
    },
    more: 'pipeline 能自动处理背压和错误，比手动 pipe 更安全。',
  },
  {
    title: '一个月练出好字：硬笔书法打卡记录',
    tags: ['书法', '兴趣'],
    intro: '每天二十分钟，从横竖撇捺开始，一个月后字真的工整了很多。',
    more: '练字贵在坚持和对照：写完一页就和字帖逐字比较，找出最不像的三个字重写。',
  },
  {
    title: '面试复盘：一道二叉树题的三种解法',
    tags: ['算法', '面试'],
    intro: '求二叉树的最大深度，递归、层序遍历和迭代栈都能做，各有适用场景。',
    code: {
      lang: 'python',
      text: 'def max_depth(root):\n    if not root:\n        return 0\n    return 1 + max(max_depth(root.left), max_depth(root.right))',
    },
    more: '面试时先写出最直观的递归解，再主动讨论栈溢出的风险和迭代写法，会很加分。',
  },
  {
    title: '如何给自己做一份学习计划表',
    tags: ['学习方法'],
    intro: '计划不是越满越好，留出弹性时间，才能长期坚持。',
    more: '每周日晚上花十五分钟回顾和调整，比一次性做一个完美的月计划更实际。',
  },
  {
    title: 'Vue 与 React 的响应式有什么不同',
    tags: ['前端', 'React'],
    intro: 'Vue 追踪依赖自动更新，React 靠重新渲染和比较。理解差异能帮你写出更好的代码。',
    more: '两者没有高下之分，选择团队熟悉、生态合适的那一个即可。',
  },
  {
    title: '摄影入门：手机也能拍出好照片',
    tags: ['摄影', '兴趣'],
    intro: '三分法构图、顺光拍人、逆光拍剪影，几个简单技巧让朋友圈照片好看一截。',
    more: '多拍、多删、多看别人的作品，是进步最快的办法。',
  },
  {
    title: 'HTTP 缓存：强缓存与协商缓存',
    tags: ['前端', '网络'],
    intro: 'Cache-Control、ETag、Last-Modified，一次讲清浏览器什么时候用缓存。',
    code: { lang: 'http', text: 'Cache-Control: public, max-age=31536000, immutable\nETag: "5d8c72a5"' },
    more: '带哈希的静态资源用长期强缓存，HTML 用协商缓存，是最常见的组合。',
  },
  {
    title: '会计初级职称备考心得',
    tags: ['会计', '考试'],
    intro: '《初级会计实务》和《经济法基础》，两门一起考也能一次通过。',
    more: '实务重在分录练习，经济法重在记忆条文，每天两小时坚持三个月足够。',
  },
  {
    title: 'Linux 常用命令二十条',
    tags: ['Linux', '工程实践'],
    intro: '整理了日常开发中最常用的命令，贴在桌面随时查。',
    code: {
      lang: 'bash',
      text: "grep -rn 'TODO' src/\nfind . -name '*.log' -mtime +7 -delete\ndu -sh * | sort -h\nss -lntp",
    },
    more: '学会 man 和 --help，比背命令更重要。',
  },
  {
    title: '在线学习如何保持专注',
    tags: ['学习方法'],
    intro: '关掉通知、番茄钟、学完立刻做笔记，这三件事让我的网课完成率翻了一倍。',
    more: '看视频时开 1.25 倍速，遇到难点再暂停回放，既省时间又不容易走神。',
  },
];

const COMMENTS = [
  '写得很清楚，收藏了！',
  '正好遇到这个问题，感谢分享',
  '请问有配套的练习吗？',
  '第二段的例子很有启发',
  '已经按你的方法试了，确实有效',
  '期待下一篇～',
  '这个总结太实用了',
];
const REPLIES = ['谢谢支持！', '有的，课程附件里可以下载', '欢迎交流', '下周更新，敬请期待'];

/** The community's demo: bloggers among the demo people, posts with covers and code, comments, likes and follows. */
export const blogSeeder: Seeder = {
  name: 'community.blog',
  async run(p, { siteId }) {
    const db = p.db;
    const people = await db
      .select({ id: user.id, nickname: user.nickname, headImgUrl: user.headImgUrl })
      .from(user)
      .where(and(eq(user.siteId, siteId), eq(user.statusId, 1)))
      .orderBy(asc(user.id))
      .limit(10);
    if (people.length < 2) return;
    const intros = [
      '热爱分享的学习者',
      '前端工程师，喜欢写笔记',
      '考研上岸，分享备考经验',
      '终身学习中',
      '讲师，专注编程教学',
    ];
    for (const [i, u] of people.entries()) {
      await db
        .insert(blogger)
        .values({
          id: newId(),
          siteId,
          userId: u.id,
          nickname: u.nickname || `博主${i + 1}`,
          headImgUrl: u.headImgUrl,
          introduce: intros[i % intros.length]!,
          isRecommend: i < 6 ? 1 : 0,
          sort: i + 1,
        })
        .onConflictDoNothing();
    }

    const now = Date.now();
    const posts: { id: bigint; userId: bigint }[] = [];
    for (const [i, s] of POSTS.entries()) {
      const author = people[i % people.length]!;
      const artPic =
        i % 3 === 2
          ? ''
          : await putSvg(
              p,
              `demo/${siteId}/blog-${i + 1}.svg`,
              coverSvg(s.tags[0]!, s.title, COLORS[i % COLORS.length]!),
            );
      const code = s.code ? `<pre><code class="language-${s.code.lang}">${esc(s.code.text)}</code></pre>` : '';
      const pic = artPic ? `<p><img src="${artPic}" alt="${esc(s.title)}"></p>` : '';
      const content = `<p>${esc(s.intro)}</p>${pic}<h2>要点</h2>${code}<p>${esc(s.more)}</p><h2>小结</h2><ul><li>动手实践比只看更有效</li><li>遇到问题欢迎在评论区交流</li></ul>`;
      const at = new Date(now - (i * 19 + 3) * 3_600_000);
      const id = newId();
      await db.insert(blog).values({
        id,
        siteId,
        userId: author.id,
        title: s.title,
        summary: s.intro,
        artPic,
        content,
        tags: s.tags.join(','),
        isPublish: 1,
        isRecommend: i % 5 === 0 ? 1 : 0,
        viewCount: 40 + ((i * 37) % 400),
        publishTime: at,
        gmtCreate: at,
        gmtModified: at,
      });
      posts.push({ id, userId: author.id });
    }

    for (const [i, post] of posts.entries()) {
      const others = people.filter((u) => u.id !== post.userId);
      for (let k = 0; k < (i % 4) + 1; k++) {
        const who = others[(i + k) % others.length]!;
        const topId = newId();
        await db.insert(blogComment).values({
          id: topId,
          siteId,
          blogId: post.id,
          userId: who.id,
          content: COMMENTS[(i + k) % COMMENTS.length]!,
        });
        if (k === 0) {
          await db.insert(blogComment).values({
            id: newId(),
            siteId,
            blogId: post.id,
            userId: post.userId,
            parentId: topId,
            replyUserId: who.id,
            content: REPLIES[i % REPLIES.length]!,
          });
        }
      }
      for (const [k, who] of others.entries()) {
        if ((i + k) % 2 === 0)
          await db
            .insert(blogUserRecord)
            .values({ id: newId(), siteId, blogId: post.id, userId: who.id, recordType: 1 });
        if ((i + k) % 5 === 0)
          await db
            .insert(blogUserRecord)
            .values({ id: newId(), siteId, blogId: post.id, userId: who.id, recordType: 2 });
      }
    }
    for (const [i, fan] of people.entries()) {
      for (const [k, b] of people.entries()) {
        if (fan.id !== b.id && (i + k) % 3 === 0) {
          await db
            .insert(bloggerFollow)
            .values({ id: newId(), siteId, userId: fan.id, bloggerUserId: b.id })
            .onConflictDoNothing();
        }
      }
    }

    // the counts kept on the rows, from what was just written
    await db.execute(sql`update ${blog} b set
      like_count = (select count(*) from ${blogUserRecord} r where r.site_id = b.site_id and r.blog_id = b.id and r.record_type = 1),
      collection_count = (select count(*) from ${blogUserRecord} r where r.site_id = b.site_id and r.blog_id = b.id and r.record_type = 2),
      comment_count = (select count(*) from ${blogComment} c where c.site_id = b.site_id and c.blog_id = b.id and c.is_hidden = 0)
      where b.site_id = ${siteId}`);
    await db.execute(sql`update ${blogger} g set
      article_count = (select count(*) from ${blog} b where b.site_id = g.site_id and b.user_id = g.user_id and b.is_publish = 1 and b.is_hidden = 0),
      like_count = (select coalesce(sum(b.like_count), 0) from ${blog} b where b.site_id = g.site_id and b.user_id = g.user_id and b.is_publish = 1 and b.is_hidden = 0),
      fans_count = (select count(*) from ${bloggerFollow} f where f.site_id = g.site_id and f.blogger_user_id = g.user_id)
      where g.site_id = ${siteId}`);
    await blogFeedRepo(db).fillAll(siteId, FEED_BACK_FILL);
  },
};
