/**
 * The demo catalogue as data: categories per kind, and courses with chapters and lessons. Prices in fen.
 * Video lessons start without a video; the video seeder attaches transcoded ones afterwards.
 */
export interface SeedPeriod {
  name: string;
  free?: boolean;
  /** a document lesson: the file name and its text (library courses) */
  doc?: { name: string; text: string };
}
export interface SeedChapter {
  name: string;
  free?: boolean;
  periods: SeedPeriod[];
}
export interface SeedCourse {
  name: string;
  type: 1 | 3 | 4;
  /** the category path under the kind's tree */
  category: string;
  lecturer: '13800000002' | '13800000004';
  price: number;
  ruling: number;
  vipFree?: boolean;
  noSpeed?: boolean;
  recommend?: boolean;
  zone?: '精品推荐' | '免费好课' | '职业技能';
  introduce: string;
  chapters: SeedChapter[];
  accessories?: { name: string; text: string }[];
}

/** categoryType → level-1 name → level-2 name → level-3 names */
export const CATEGORIES: Record<number, Record<string, Record<string, string[]>>> = {
  1: {
    编程开发: { Python: ['Python 基础', '网络爬虫'], 前端开发: ['JavaScript', 'React'] },
    数据分析: { 数据分析入门: ['Excel', 'SQL'], 数据可视化: [] },
    考研考证: { 考研英语: ['词汇', '阅读理解'], 考研数学: [] },
    职场技能: { 办公软件: [], 沟通表达: [] },
  },
  2: { 学习资料: { 编程资料: [], 考研资料: [] } },
  3: { 技术文档: { 编程手册: [] }, 考试文库: { 英语文库: [] } },
};

const periodsNamed = (names: string[], freeFirst = false): SeedPeriod[] =>
  names.map((name, i) => ({ name, free: freeFirst && i === 0 }));

export const COURSES: SeedCourse[] = [
  {
    name: 'Python 入门：零基础到能写小工具',
    type: 1,
    category: 'Python 基础',
    lecturer: '13800000002',
    price: 0,
    ruling: 0,
    zone: '免费好课',
    recommend: true,
    introduce:
      '面向零基础学员：安装环境、变量与类型、流程控制、函数和文件读写，每节课都有可以跟着敲的小练习，学完能写出自己的批量改名、记账小工具。',
    chapters: [
      {
        name: '第一章 准备环境',
        periods: periodsNamed(['课程介绍与学习方法', '安装 Python 与编辑器', '第一个程序：你好，世界']),
      },
      {
        name: '第二章 基本语法',
        periods: periodsNamed(['变量与数据类型', '条件判断', '循环语句', '函数的定义与调用']),
      },
      { name: '第三章 小项目', periods: periodsNamed(['文件读写', '实战：批量重命名工具']) },
    ],
  },
  {
    name: 'Python 数据分析实战',
    type: 1,
    category: 'Python 基础',
    lecturer: '13800000004',
    price: 19900,
    ruling: 39900,
    zone: '精品推荐',
    recommend: true,
    vipFree: true,
    introduce:
      '用 pandas、NumPy 和 Matplotlib 完成从数据清洗到可视化报告的完整流程，案例来自电商销售、用户留存和门店经营，适合想转型数据岗位的职场人。',
    chapters: [
      { name: '第一章 数据分析概览', free: true, periods: periodsNamed(['数据分析能做什么', '搭建 Jupyter 环境']) },
      { name: '第二章 pandas 基础', periods: periodsNamed(['Series 与 DataFrame', '数据读取与清洗', '分组与聚合']) },
      { name: '第三章 可视化与报告', periods: periodsNamed(['Matplotlib 绘图', '实战：销售数据周报']) },
    ],
  },
  {
    name: 'Python 网络爬虫入门',
    type: 1,
    category: '网络爬虫',
    lecturer: '13800000002',
    price: 9900,
    ruling: 19900,
    zone: '职业技能',
    introduce:
      '从 HTTP 基础讲起，学会用 requests 获取网页、用解析库提取数据、遵守网站规则合理抓取，并把结果保存为表格。',
    chapters: [
      { name: '第一章 网页是怎么来的', free: true, periods: periodsNamed(['HTTP 请求与响应', '浏览器开发者工具']) },
      {
        name: '第二章 抓取与解析',
        periods: periodsNamed(['requests 发送请求', '解析 HTML 提取数据', '保存为 CSV 表格']),
      },
    ],
  },
  {
    name: '前端开发入门：HTML、CSS 与 JavaScript',
    type: 1,
    category: 'JavaScript',
    lecturer: '13800000002',
    price: 0,
    ruling: 0,
    zone: '免费好课',
    introduce: '一门课搭起前端知识框架：页面结构、样式布局、交互脚本，最后完成一个可以放进作品集的个人主页。',
    chapters: [
      { name: '第一章 HTML 页面结构', periods: periodsNamed(['标签与语义', '表单与表格']) },
      { name: '第二章 CSS 布局', periods: periodsNamed(['盒模型', 'Flex 布局', '响应式页面']) },
      { name: '第三章 JavaScript 交互', periods: periodsNamed(['DOM 操作', '事件处理', '实战：个人主页']) },
    ],
  },
  {
    name: 'JavaScript 进阶：异步与模块化',
    type: 1,
    category: 'JavaScript',
    lecturer: '13800000002',
    price: 12900,
    ruling: 25900,
    zone: '精品推荐',
    introduce: '深入理解事件循环、Promise 与 async/await、ES 模块和打包工具，写出结构清晰、易于维护的前端代码。',
    chapters: [
      { name: '第一章 事件循环', free: true, periods: periodsNamed(['调用栈与任务队列', '宏任务与微任务']) },
      { name: '第二章 异步编程', periods: periodsNamed(['Promise 详解', 'async 与 await', '错误处理']) },
      { name: '第三章 模块化', periods: periodsNamed(['ES 模块', '打包工具入门']) },
    ],
  },
  {
    name: 'React 从入门到项目实战',
    type: 1,
    category: 'React',
    lecturer: '13800000002',
    price: 29900,
    ruling: 49900,
    zone: '精品推荐',
    recommend: true,
    noSpeed: true,
    introduce:
      '组件、状态、Hooks、路由与数据请求，最后从零完成一个在线记事本项目。本课程为保证学习效果，不支持倍速和拖动到未观看的位置。',
    chapters: [
      { name: '第一章 认识 React', free: true, periods: periodsNamed(['为什么选择 React', '创建第一个应用']) },
      { name: '第二章 组件与状态', periods: periodsNamed(['组件与属性', 'useState 与事件', 'useEffect 与数据请求']) },
      { name: '第三章 项目实战', periods: periodsNamed(['路由与页面', '实战：在线记事本']) },
    ],
  },
  {
    name: 'Excel 数据处理与分析',
    type: 1,
    category: 'Excel',
    lecturer: '13800000004',
    price: 6900,
    ruling: 12900,
    zone: '职业技能',
    vipFree: true,
    introduce: '函数、数据透视表、图表和常用分析模板，解决日常工作中的数据整理和汇报问题。',
    chapters: [
      { name: '第一章 常用函数', free: true, periods: periodsNamed(['SUM 与 IF', 'VLOOKUP 与 XLOOKUP']) },
      { name: '第二章 透视与图表', periods: periodsNamed(['数据透视表', '图表美化', '实战：月度销售报表']) },
    ],
  },
  {
    name: 'SQL 数据查询入门',
    type: 1,
    category: 'SQL',
    lecturer: '13800000004',
    price: 0,
    ruling: 0,
    zone: '免费好课',
    introduce: '从 SELECT 开始，学会筛选、排序、分组、连接查询，能独立从业务数据库中取出分析所需的数据。',
    chapters: [
      { name: '第一章 查询基础', periods: periodsNamed(['SELECT 与 WHERE', '排序与分页']) },
      { name: '第二章 分组与连接', periods: periodsNamed(['GROUP BY 分组统计', '多表连接查询']) },
    ],
  },
  {
    name: '数据可视化：让图表会说话',
    type: 1,
    category: '数据可视化',
    lecturer: '13800000004',
    price: 9900,
    ruling: 0,
    introduce: '选对图表、讲清结论：从图表类型选择、配色到仪表盘设计，让你的分析报告一目了然。',
    chapters: [
      { name: '第一章 图表选择', periods: periodsNamed(['比较、构成与趋势', '常见误区'], true) },
      { name: '第二章 仪表盘设计', periods: periodsNamed(['布局与配色', '实战：运营仪表盘']) },
    ],
  },
  {
    name: '考研英语词汇精讲',
    type: 1,
    category: '词汇',
    lecturer: '13800000004',
    price: 4900,
    ruling: 9900,
    zone: '精品推荐',
    introduce: '按词根词缀和真题语境记忆考研核心词汇，每讲配套例句和真题出处，帮助你高效突破词汇关。',
    chapters: [
      { name: '第一章 词根词缀', free: true, periods: periodsNamed(['常见前缀', '常见后缀']) },
      { name: '第二章 核心词汇', periods: periodsNamed(['高频动词', '高频名词', '熟词僻义']) },
    ],
  },
  {
    name: '考研英语阅读理解技巧',
    type: 1,
    category: '阅读理解',
    lecturer: '13800000004',
    price: 7900,
    ruling: 15900,
    introduce: '长难句拆解、题型分类和解题步骤，结合近十年真题逐篇精讲，稳定提升阅读得分。',
    chapters: [
      { name: '第一章 长难句', free: true, periods: periodsNamed(['句子主干', '从句与插入语']) },
      { name: '第二章 题型突破', periods: periodsNamed(['细节题', '推理题', '主旨题']) },
    ],
  },
  {
    name: '职场高效办公：PPT 与汇报表达',
    type: 1,
    category: '办公软件',
    lecturer: '13800000002',
    price: 3900,
    ruling: 0,
    zone: '职业技能',
    introduce: '结构化思考、版式设计与现场表达，让每一次汇报都条理清楚、重点突出。',
    chapters: [
      { name: '第一章 汇报结构', periods: periodsNamed(['金字塔原理', '一页纸汇报'], true) },
      { name: '第二章 PPT 设计', periods: periodsNamed(['版式与配色', '图表化表达']) },
    ],
  },
  {
    name: 'Python 编程学习资料包',
    type: 3,
    category: '编程资料',
    lecturer: '13800000002',
    price: 0,
    ruling: 0,
    introduce: 'Python 入门常用速查表、练习题与参考答案，配合视频课程使用，下载后随时查阅。',
    chapters: [
      {
        name: '资料说明',
        periods: [
          {
            name: '资料包使用说明',
            doc: {
              name: '使用说明.md',
              text: '# 资料包使用说明\n\n1. 先阅读《语法速查表》，了解常用写法。\n2. 每学完一章，完成对应的练习题。\n3. 做完再对照参考答案，记录自己的错误。\n',
            },
          },
        ],
      },
    ],
    accessories: [
      {
        name: 'Python 语法速查表.md',
        text: '# Python 语法速查表\n\n## 变量\n`name = "青课"`\n\n## 条件\n```python\nif score >= 60:\n    print("及格")\n```\n\n## 循环\n```python\nfor i in range(3):\n    print(i)\n```\n',
      },
      {
        name: 'Python 练习题.txt',
        text: 'Python 练习题\n\n1. 输入一个整数，判断它是奇数还是偶数。\n2. 打印 1 到 100 之间所有 3 的倍数。\n3. 统计一段文字中每个字出现的次数。\n',
      },
    ],
  },
  {
    name: '考研英语真题精选与解析',
    type: 3,
    category: '考研资料',
    lecturer: '13800000004',
    price: 2900,
    ruling: 5900,
    introduce: '精选近年考研英语阅读真题，附逐题解析与高频词汇表，购买后可下载全部资料。',
    chapters: [
      {
        name: '资料说明',
        free: true,
        periods: [
          {
            name: '资料目录',
            doc: { name: '资料目录.md', text: '# 资料目录\n\n- 阅读真题精选（10 篇）\n- 逐题解析\n- 高频词汇表\n' },
          },
        ],
      },
    ],
    accessories: [
      { name: '阅读真题精选.txt', text: '考研英语阅读真题精选\n\n第 1 篇：科技与社会\n……\n第 2 篇：教育与就业\n……\n' },
      {
        name: '高频词汇表.md',
        text: '# 高频词汇表\n\n| 单词 | 释义 |\n| --- | --- |\n| abandon | 放弃 |\n| assume | 假定；承担 |\n| conduct | 进行；行为 |\n',
      },
    ],
  },
  {
    name: 'Git 使用手册',
    type: 4,
    category: '编程手册',
    lecturer: '13800000002',
    price: 0,
    ruling: 0,
    introduce: '团队协作必备的 Git 手册：从提交、分支到合并冲突，一篇一个主题，随查随用。',
    chapters: [
      {
        name: '基础操作',
        periods: [
          {
            name: '安装与配置',
            doc: {
              name: '安装与配置.md',
              text: '# 安装与配置\n\n安装完成后先设置身份：\n\n```\ngit config --global user.name "你的名字"\ngit config --global user.email "you@example.com"\n```\n',
            },
          },
          {
            name: '提交与查看历史',
            doc: {
              name: '提交与查看历史.md',
              text: '# 提交与查看历史\n\n- `git add` 把改动放入暂存区\n- `git commit -m "说明"` 生成一次提交\n- `git log --oneline` 查看历史\n',
            },
          },
        ],
      },
      {
        name: '分支协作',
        periods: [
          {
            name: '分支与合并',
            doc: {
              name: '分支与合并.html',
              text: '<h1>分支与合并</h1><p>用 <code>git switch -c 功能名</code> 新建分支，完成后合并回主分支。</p><p>遇到冲突时，打开冲突文件，保留正确内容后重新提交。</p>',
            },
          },
        ],
      },
    ],
  },
  {
    name: '考研英语作文模板与范文',
    type: 4,
    category: '英语文库',
    lecturer: '13800000004',
    price: 1900,
    ruling: 3900,
    introduce: '大作文、小作文常用结构与高分范文，在线阅读，随时复习。',
    chapters: [
      {
        name: '小作文',
        free: true,
        periods: [
          {
            name: '书信的基本格式',
            doc: {
              name: '书信的基本格式.txt',
              text: '书信的基本格式\n\n称呼：Dear Sir or Madam,\n正文：说明写信目的、具体内容、表达期望。\n结尾：Yours sincerely,\n署名：Li Ming\n',
            },
          },
        ],
      },
      {
        name: '大作文',
        periods: [
          {
            name: '图画作文三段式',
            doc: {
              name: '图画作文三段式.md',
              text: '# 图画作文三段式\n\n1. 描述图画\n2. 解释寓意\n3. 提出建议\n\n范文略，见课程配套讲解。\n',
            },
          },
        ],
      },
    ],
  },
];
