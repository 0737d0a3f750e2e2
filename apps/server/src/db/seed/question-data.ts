/**
 * The demo questions and answers: who asks (`by`, an index into QA_PEOPLE), with which labels, and the answers,
 * the first one of `accepted` chosen by the asker. Bodies are the HTML the editor stores.
 */
export const QA_LABELS = ['Java', '前端', 'Python', '数据库', '考试', '职场', '算法', '运维'] as const;

/** Demo people of the community: the demo student and lecturers, and a few learners of their own. */
export const QA_PEOPLE = [
  { mobile: '13800000001' },
  { mobile: '13800000002' },
  { mobile: '13800000004' },
  { mobile: '13800000011', nickname: '陈同学' },
  { mobile: '13800000012', nickname: '林晓' },
  { mobile: '13800000013', nickname: '赵工程师' },
  { mobile: '13800000014', nickname: '周周' },
] as const;

export interface SeedAnswer {
  by: number;
  body: string;
  likes?: number[];
  comments?: { by: number; text: string }[];
}
export interface SeedQuestion {
  by: number;
  title: string;
  body: string;
  labels: (typeof QA_LABELS)[number][];
  hoursAgo: number;
  views: number;
  answers: SeedAnswer[];
  /** The index of the answer the asker accepted. */
  accepted?: number;
}

export const QA_QUESTIONS: SeedQuestion[] = [
  {
    by: 3,
    title: 'Java 中 HashMap 和 ConcurrentHashMap 该怎么选？',
    body: '<p>做一个缓存的小功能，多个线程会同时读写。听说 HashMap 线程不安全，但 ConcurrentHashMap 会不会很慢？</p>',
    labels: ['Java'],
    hoursAgo: 2,
    views: 132,
    answers: [
      {
        by: 1,
        body: '<p>多线程读写就用 <code>ConcurrentHashMap</code>。JDK 8 以后它按桶加锁（CAS + synchronized），读基本无锁，性能和 HashMap 相差很小。</p><p>千万别用 HashMap 加外部 synchronized，那样整张表一把锁，反而慢。</p>',
        likes: [0, 4, 5],
        comments: [{ by: 3, text: '明白了，谢谢王老师！' }],
      },
      { by: 5, body: '<p>补充一点：如果只是缓存，也可以直接用 Caffeine，自带过期和容量上限。</p>', likes: [3] },
    ],
    accepted: 0,
  },
  {
    by: 4,
    title: 'React 19 的 use() 和 useEffect 取数据有什么区别？',
    body: '<p>看到新文档里推荐用 <code>use()</code> 读 Promise，和以前在 useEffect 里 fetch 有什么本质区别？</p>',
    labels: ['前端'],
    hoursAgo: 5,
    views: 98,
    answers: [
      {
        by: 2,
        body: '<p><code>use()</code> 让组件在 Promise 未完成时挂起，交给最近的 Suspense 显示加载状态；useEffect 是先渲染一次空状态，再在浏览器里发请求。</p><p>前者配合服务端渲染可以在服务器上就把数据准备好，首屏不闪。</p>',
        likes: [0, 3],
      },
    ],
    accepted: 0,
  },
  {
    by: 0,
    title: 'Python 列表推导式和 for 循环哪个更快？',
    body: '<p>刚学 Python，想知道写法上的区别会不会影响速度。</p>',
    labels: ['Python'],
    hoursAgo: 8,
    views: 76,
    answers: [
      {
        by: 5,
        body: '<p>列表推导式通常快一些，因为循环在解释器内部完成，省去了每次调用 <code>append</code> 的开销。</p><pre><code>squares = [x * x for x in range(10)]</code></pre>',
        likes: [0],
      },
      { by: 6, body: '<p>差别一般在 10%～30%，可读性更重要。数据量特别大时考虑 numpy。</p>' },
    ],
  },
  {
    by: 6,
    title: 'MySQL 的联合索引为什么要遵守最左前缀原则？',
    body: '<p>建了 (a, b, c) 的联合索引，查询只用 b 和 c 时 explain 显示没走索引，这是为什么？</p>',
    labels: ['数据库'],
    hoursAgo: 12,
    views: 154,
    answers: [
      {
        by: 2,
        body: '<p>联合索引的 B+ 树先按 a 排序，a 相同再按 b，再按 c。没有 a 的条件，b 在整棵树里是无序的，没法二分查找，只能全扫。</p>',
        likes: [3, 4, 6],
        comments: [
          { by: 6, text: '这个比喻很清楚，像查字典先按拼音首字母。' },
          { by: 2, text: '对，就是这个意思。' },
        ],
      },
    ],
    accepted: 0,
  },
  {
    by: 3,
    title: '软考中级备考需要多长时间？',
    body: '<p>在职程序员，每天能学两小时，想考软件设计师，大概要准备多久？</p>',
    labels: ['考试', '职场'],
    hoursAgo: 20,
    views: 61,
    answers: [
      { by: 4, body: '<p>我去年考的，每天两小时准备了两个半月，刷了近五年的真题，上午题基本靠刷题。</p>', likes: [3] },
      { by: 1, body: '<p>建议先做一套真题摸底，薄弱的部分（一般是数据结构和下午的设计题）重点补。</p>' },
    ],
  },
  {
    by: 4,
    title: '前端面试常问的事件循环怎么讲清楚？',
    body: '<p>每次被问到宏任务、微任务都说不清楚，有没有好的讲法？</p>',
    labels: ['前端', '职场'],
    hoursAgo: 26,
    views: 203,
    answers: [
      {
        by: 2,
        body: '<p>抓住一句话：<strong>每执行完一个宏任务，就清空全部微任务，再渲染，再取下一个宏任务</strong>。</p><ul><li>宏任务：script、setTimeout、I/O</li><li>微任务：Promise.then、queueMicrotask</li></ul>',
        likes: [4, 0, 3, 5],
      },
    ],
    accepted: 0,
  },
  {
    by: 5,
    title: 'Linux 服务器磁盘满了，怎么快速找到大文件？',
    body: '<p>线上机器报磁盘 100%，需要尽快定位。</p>',
    labels: ['运维'],
    hoursAgo: 30,
    views: 88,
    answers: [
      {
        by: 6,
        body: '<pre><code>du -xh / --max-depth=2 | sort -rh | head -20</code></pre><p>另外注意被删除但仍被进程占用的文件：<code>lsof | grep deleted</code>。</p>',
        likes: [5],
      },
    ],
    accepted: 0,
  },
  {
    by: 0,
    title: '动态规划总是找不到状态转移方程怎么办？',
    body: '<p>刷题卡在 DP 上，看题解能懂，自己写就想不出来。</p>',
    labels: ['算法'],
    hoursAgo: 36,
    views: 119,
    answers: [
      {
        by: 5,
        body: '<p>先写出暴力递归，再看哪些参数在变——变化的参数就是状态，递归调用关系就是转移方程，最后加备忘录或改成递推。</p>',
        likes: [0, 4],
      },
      { by: 3, body: '<p>按类型刷：背包、区间、树形、状态压缩，每类做五六道就有感觉了。</p>' },
    ],
  },
  {
    by: 3,
    title: 'Spring Boot 项目启动很慢，从哪里排查？',
    body: '<p>项目启动要 40 多秒，开发时改一次等半天。</p>',
    labels: ['Java'],
    hoursAgo: 48,
    views: 57,
    answers: [
      {
        by: 1,
        body: '<p>打开 <code>spring.main.lazy-initialization=true</code> 看看能快多少；再用 Actuator 的 startup 端点看哪个 Bean 初始化最久。</p>',
      },
    ],
  },
  {
    by: 6,
    title: 'PostgreSQL 和 MySQL 该选哪个做新项目？',
    body: '<p>团队都熟 MySQL，但听说 PostgreSQL 功能更强。</p>',
    labels: ['数据库'],
    hoursAgo: 60,
    views: 140,
    answers: [
      {
        by: 5,
        body: '<p>需要 JSON、全文检索、地理数据或复杂查询时 PostgreSQL 更合适；团队熟悉度也很重要，运维经验比功能清单更值钱。</p>',
        likes: [6, 3],
      },
      { by: 2, body: '<p>两者都够用，新项目我倾向 PostgreSQL，事务和约束更严格。</p>', likes: [6] },
    ],
    accepted: 1,
  },
  {
    by: 4,
    title: 'CSS 怎么让一个元素水平垂直居中？',
    body: '<p>各种方法看晕了，现在最推荐哪种？</p>',
    labels: ['前端'],
    hoursAgo: 72,
    views: 65,
    answers: [
      {
        by: 0,
        body: '<p>现在直接用 flex 或 grid：</p><pre><code>.parent { display: grid; place-items: center; }</code></pre>',
        likes: [4],
      },
    ],
    accepted: 0,
  },
  {
    by: 0,
    title: '转行做程序员，30 岁还来得及吗？',
    body: '<p>现在做行政工作，自学了半年前端，有点焦虑。</p>',
    labels: ['职场'],
    hoursAgo: 80,
    views: 230,
    answers: [
      {
        by: 2,
        body: '<p>来得及。做两三个完整的项目放到作品集里，面试时讲清楚你解决了什么问题，比年龄重要得多。</p>',
        likes: [0, 3, 4, 6],
        comments: [{ by: 0, text: '谢谢老师鼓励，我继续做项目。' }],
      },
      { by: 5, body: '<p>我 29 岁转的后端，第一年很辛苦，但行业对能干活的人一直欢迎。</p>', likes: [0] },
    ],
  },
  {
    by: 5,
    title: 'Python 爬虫被网站封 IP 了怎么办？',
    body: '<p>抓取公开数据做分析，几分钟就被封了。</p>',
    labels: ['Python'],
    hoursAgo: 96,
    views: 47,
    answers: [{ by: 3, body: '<p>先把请求频率降下来，加随机间隔，遵守 robots.txt；能用官方接口就别爬页面。</p>' }],
  },
  {
    by: 3,
    title: '考研数据结构应该用哪本教材？',
    body: '<p>目标 408，想选一本主教材。</p>',
    labels: ['考试', '算法'],
    hoursAgo: 110,
    views: 83,
    answers: [],
  },
  {
    by: 6,
    title: 'Docker 容器里的时区不对怎么处理？',
    body: '<p>日志时间比北京时间慢 8 小时。</p>',
    labels: ['运维'],
    hoursAgo: 130,
    views: 52,
    answers: [
      {
        by: 5,
        body: '<p>启动时加环境变量 <code>TZ=Asia/Shanghai</code>，基础镜像需要装 tzdata。</p>',
        likes: [6],
      },
    ],
    accepted: 0,
  },
  {
    by: 4,
    title: 'Vue 和 React 初学者先学哪个？',
    body: '<p>想找前端工作，时间有限只能先学一个。</p>',
    labels: ['前端'],
    hoursAgo: 150,
    views: 176,
    answers: [
      { by: 2, body: '<p>看你所在城市的招聘需求，数一数两者的岗位数量再决定。学会一个，另一个一周就能上手。</p>' },
      { by: 0, body: '<p>我先学的 Vue，上手快，后来工作用 React 也不难。</p>' },
    ],
  },
  {
    by: 0,
    title: 'Java 的 Stream 会比 for 循环慢吗？',
    body: '<p>同事说 Stream 性能差，不让在项目里用。</p>',
    labels: ['Java'],
    hoursAgo: 170,
    views: 69,
    answers: [],
  },
  {
    by: 5,
    title: 'SQL 里 where 和 having 有什么区别？',
    body: '<p>两个都能过滤，什么时候用哪个？</p>',
    labels: ['数据库'],
    hoursAgo: 190,
    views: 91,
    answers: [
      {
        by: 1,
        body: '<p>where 在分组前过滤行，having 在分组后过滤组，能用 where 的条件尽量放 where，数据少了分组更快。</p>',
        likes: [5, 3],
      },
    ],
    accepted: 0,
  },
  {
    by: 3,
    title: '面试时被问到期望薪资怎么回答？',
    body: '<p>第一次跳槽，不知道报多少合适。</p>',
    labels: ['职场'],
    hoursAgo: 210,
    views: 144,
    answers: [{ by: 4, body: '<p>提前查同城同岗位的区间，报一个范围，下限是你能接受的数。</p>', likes: [3] }],
  },
  {
    by: 6,
    title: '二分查找的边界条件总写错，有什么模板？',
    body: '<p>left &lt;= right 还是 left &lt; right 总是搞混。</p>',
    labels: ['算法'],
    hoursAgo: 240,
    views: 58,
    answers: [
      {
        by: 5,
        body: '<p>固定用左闭右开：</p><pre><code>while (lo &lt; hi) { mid = (lo + hi) &gt;&gt;&gt; 1; if (ok(mid)) hi = mid; else lo = mid + 1; }</code></pre><p>结束时 lo 就是第一个满足条件的位置。</p>',
        likes: [6],
      },
    ],
    accepted: 0,
  },
];
