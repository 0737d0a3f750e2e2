/** The demo question bank: [type, subject, stem, options, answer, analysis, difficulty]; material problems list sub-problems. */
export interface DemoProblem {
  type: number;
  subject: string;
  stem: string;
  options?: string[];
  answer?: string[];
  analysis?: string;
  difficulty?: number;
  children?: DemoProblem[];
}

const s = (
  subject: string,
  stem: string,
  options: string[],
  answer: string,
  analysis: string,
  difficulty = 1,
): DemoProblem => ({ type: 1, subject, stem, options, answer: [answer], analysis, difficulty });
const m = (
  subject: string,
  stem: string,
  options: string[],
  answer: string[],
  analysis: string,
  difficulty = 2,
): DemoProblem => ({ type: 2, subject, stem, options, answer, analysis, difficulty });
const j = (subject: string, stem: string, right: boolean, analysis: string): DemoProblem => ({
  type: 3,
  subject,
  stem,
  answer: [right ? 'A' : 'B'],
  analysis,
});
const f = (subject: string, stem: string, answer: string[], analysis: string, difficulty = 2): DemoProblem => ({
  type: 4,
  subject,
  stem,
  answer,
  analysis,
  difficulty,
});
const q = (subject: string, stem: string, answer: string, analysis: string): DemoProblem => ({
  type: 5,
  subject,
  stem,
  answer: [answer],
  analysis,
  difficulty: 3,
});

export const DEMO_BANK: DemoProblem[] = [
  s(
    'Python',
    '<p>在 Python 中，以下哪个是<strong>不可变</strong>类型？</p>',
    ['list', 'dict', 'tuple', 'set'],
    'C',
    '元组 tuple 创建后不能修改，列表、字典和集合都是可变的。',
  ),
  s(
    'Python',
    '<p>表达式 <code>len("青课学习")</code> 的值是？</p>',
    ['2', '4', '8', '12'],
    'B',
    'len 统计的是字符个数，4 个汉字就是 4。',
  ),
  s(
    'Python',
    '<p>用哪个关键字定义函数？</p>',
    ['func', 'function', 'def', 'lambda'],
    'C',
    'def 定义具名函数；lambda 定义匿名函数。',
  ),
  s(
    'Python',
    '<p><code>print(10 // 3)</code> 输出什么？</p>',
    ['3.33', '3', '4', '1'],
    'B',
    '// 是整除，结果向下取整为 3。',
    2,
  ),
  s(
    'Python',
    '<p>下列哪个语句可以捕获异常？</p>',
    ['try / except', 'if / else', 'for / in', 'with / as'],
    'A',
    'try 块中的异常由 except 子句捕获。',
  ),
  s(
    '数据库',
    '<p>SQL 中用于去除重复行的关键字是？</p>',
    ['UNIQUE', 'DISTINCT', 'DIFFERENT', 'ONLY'],
    'B',
    'SELECT DISTINCT 去掉结果中的重复行。',
  ),
  s(
    '数据库',
    '<p>主键约束的特点是？</p>',
    ['可以为空', '可以重复', '唯一且非空', '只能是整数'],
    'C',
    '主键唯一标识一行，既不能重复也不能为空。',
  ),
  s(
    '数据库',
    '<p>以下哪个是聚合函数？</p>',
    ['COUNT', 'WHERE', 'JOIN', 'LIKE'],
    'A',
    'COUNT、SUM、AVG、MAX、MIN 都是聚合函数。',
  ),
  s(
    '英语',
    '<p>She ___ to school every day.</p>',
    ['go', 'goes', 'going', 'gone'],
    'B',
    '主语是第三人称单数，一般现在时动词加 -es。',
  ),
  s(
    '英语',
    '<p>The opposite of "ancient" is ___.</p>',
    ['old', 'modern', 'huge', 'quiet'],
    'B',
    'ancient 古老的，反义词 modern 现代的。',
  ),
  s(
    '英语',
    '<p>I have lived here ___ 2015.</p>',
    ['for', 'since', 'from', 'at'],
    'B',
    '与现在完成时连用表示起点用 since。',
    2,
  ),
  m(
    'Python',
    '<p>以下哪些是 Python 的内置数据类型？</p>',
    ['int', 'str', 'array', 'dict'],
    ['A', 'B', 'D'],
    'array 需要从 array 模块导入，不是内置类型。',
  ),
  m(
    'Python',
    '<p>以下哪些可以用来遍历一个列表？</p>',
    ['for 循环', 'while 循环加下标', 'enumerate()', 'switch 语句'],
    ['A', 'B', 'C'],
    'Python 没有 switch 语句（3.10 起有 match）。',
  ),
  m(
    '数据库',
    '<p>以下哪些属于 SQL 的 DML 语句？</p>',
    ['INSERT', 'UPDATE', 'CREATE', 'DELETE'],
    ['A', 'B', 'D'],
    'CREATE 属于 DDL（数据定义语言）。',
  ),
  m(
    '数据库',
    '<p>关于索引，说法正确的有？</p>',
    ['能加快查询', '会占用存储空间', '越多越好', '会降低写入速度'],
    ['A', 'B', 'D'],
    '索引加快读取但占空间、拖慢写入，并非越多越好。',
    3,
  ),
  m(
    '英语',
    '<p>Which of the following are fruits?</p>',
    ['apple', 'carrot', 'banana', 'potato'],
    ['A', 'C'],
    'carrot 胡萝卜、potato 土豆是蔬菜。',
  ),
  j(
    'Python',
    '<p>Python 的缩进只是为了好看，不影响程序运行。</p>',
    false,
    'Python 用缩进表示代码块，缩进错误会导致语法错误。',
  ),
  j('Python', '<p>在 Python 3 中，<code>3 / 2</code> 的结果是 1.5。</p>', true, 'Python 3 中 / 是真除法。'),
  j('数据库', '<p>外键可以引用另一张表的主键。</p>', true, '外键用于建立表与表之间的参照关系。'),
  j('数据库', '<p>DELETE 语句不加 WHERE 条件时只删除第一行。</p>', false, '不加 WHERE 会删除表中所有行，务必小心。'),
  j('英语', '<p>"Their" and "there" have the same meaning.</p>', false, '两者同音不同义：their 他们的，there 那里。'),
  f(
    'Python',
    '<p>输出内容到屏幕的内置函数是 ____；获取列表长度的函数是 ____。</p>',
    ['print', 'len|len()'],
    '分别是 print() 与 len()。',
  ),
  f('Python', '<p>导入模块使用关键字 ____。</p>', ['import'], 'import 模块名，或 from 模块 import 名称。', 1),
  f('数据库', '<p>查询语句中用于排序的子句是 ORDER ____。</p>', ['BY'], 'ORDER BY 列名 [ASC|DESC]。', 1),
  f('英语', '<p>The past tense of "go" is ____.</p>', ['went'], 'go 的过去式是不规则变化 went。'),
  q(
    'Python',
    '<p>简述列表（list）与元组（tuple）的区别。</p>',
    '列表可变，元组不可变；列表用方括号，元组用圆括号；元组可作字典的键。',
    '从可变性、写法和使用场景三方面回答即可。',
  ),
  q(
    '数据库',
    '<p>什么是事务？请说明事务的四个特性。</p>',
    '事务是一组要么全部成功要么全部失败的操作；ACID：原子性、一致性、隔离性、持久性。',
    '答出 ACID 四个特性并各作简单解释可得满分。',
  ),
  q(
    '英语',
    '<p>Write two sentences about your favourite hobby.</p>',
    'My favourite hobby is reading. I read for an hour every evening.',
    '语法正确、表达清楚的两句话即可。',
  ),
  {
    type: 6,
    subject: 'Python',
    stem: '<p>阅读下面的代码，回答问题：</p><pre>nums = [3, 1, 2]\nnums.sort()\nprint(nums[0])</pre>',
    difficulty: 2,
    children: [
      s('Python', '<p>程序的输出是？</p>', ['3', '1', '2', '报错'], 'B', 'sort() 原地升序排序，第一个元素是 1。'),
      j(
        'Python',
        '<p><code>nums.sort()</code> 会返回排序后的新列表。</p>',
        false,
        'sort() 原地排序并返回 None；sorted() 才返回新列表。',
      ),
      f('Python', '<p>若要降序排序，应写 nums.sort(reverse=____)。</p>', ['True'], 'reverse=True 表示降序。'),
    ],
  },
  {
    type: 6,
    subject: '数据库',
    stem: '<p>有学生表 student(id, name, age)，请回答：</p>',
    difficulty: 2,
    children: [
      s(
        '数据库',
        '<p>查询所有年龄大于 18 的学生，WHERE 子句应写？</p>',
        ['WHERE age > 18', 'IF age > 18', 'HAVING > 18', 'WHEN age > 18'],
        'A',
        'WHERE 用于行过滤。',
      ),
      f('数据库', '<p>统计学生总数：SELECT ____(*) FROM student;</p>', ['COUNT'], 'COUNT(*) 统计行数。'),
    ],
  },
  {
    type: 6,
    subject: '英语',
    stem: '<p>Read the passage: <em>Tom gets up at six every morning. He runs in the park and then has breakfast with his family.</em></p>',
    difficulty: 1,
    children: [
      s(
        '英语',
        '<p>When does Tom get up?</p>',
        ['At five', 'At six', 'At seven', 'At eight'],
        'B',
        '原文 gets up at six。',
      ),
      j('英语', '<p>Tom has breakfast alone.</p>', false, '原文 with his family。'),
    ],
  },
];
