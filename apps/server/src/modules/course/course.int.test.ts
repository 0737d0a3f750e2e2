import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { eq } from 'drizzle-orm';
import { newUser } from '../../testing/people.ts';
import { user } from '../../db/schema/user.ts';
import { courseAccessory } from '../../db/schema/course.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const list = async (body: object = {}) => {
  const res = await t.call('/course/api/course/list', body);
  expect(res.code, res.msg).toBe(200);
  return res.data;
};
const names = (page: { list: { courseName: string }[] }) => page.list.map((c) => c.courseName);
const courseId = async (name: string, courseType = 1) => {
  const page = await list({ keyword: name, courseType });
  const found = page.list.find((c: any) => c.courseName === name);
  if (!found) throw new Error(`no course ${name}`);
  return found.id as string;
};

describe('categories', () => {
  it('gives the three-level tree of each kind and one level at a time', async () => {
    const tree = (await t.call('/course/api/course/category/listForSite', { categoryType: 1 })).data;
    expect(tree.map((c: any) => c.categoryName)).toEqual(['编程开发', '数据分析', '考研考证', '职场技能']);
    const python = tree[0].childrenList.find((c: any) => c.categoryName === 'Python');
    expect(python.childrenList.map((c: any) => c.categoryName)).toEqual(['Python 基础', '网络爬虫']);
    expect(python.childrenList[0]).toMatchObject({ floor: 3, parentId: python.id });

    const resources = (await t.call('/course/api/course/category/listForSite', { categoryType: 2 })).data;
    expect(resources.map((c: any) => c.categoryName)).toEqual(['学习资料']);
    const level2 = (await t.call('/course/api/course/category/list', { categoryType: 1, parentId: tree[0].id })).data;
    expect(level2.map((c: any) => c.categoryName)).toEqual(['Python', '前端开发']);
    expect((await t.call('/course/api/course/category/list', { categoryType: 9 })).code).toBe(999);
  });
});

describe('course list', () => {
  it('lists video courses on the shelf, paged, with lecturer names and prices in fen', async () => {
    const page = await list({ pageSize: 5 });
    expect(page).toMatchObject({ totalCount: 12, totalPage: 3, pageCurrent: 1, pageSize: 5 });
    expect(page.list).toHaveLength(5);
    expect((await list({ pageSize: 5, pageCurrent: 3 })).list).toHaveLength(2);
    const all = await list({ pageSize: 100 });
    const analysis = all.list.find((c: any) => c.courseName === 'Python 数据分析实战');
    expect(analysis).toMatchObject({
      coursePrice: 19900,
      rulingPrice: 39900,
      isFree: 0,
      lecturerName: '李老师',
      courseType: 1,
    });
    expect((await list({ pageSize: 1000 })).pageSize).toBe(100);
  });

  it('filters by a category including its descendants, by free or paid, and by keyword', async () => {
    const tree = (await t.call('/course/api/course/category/listForSite', { categoryType: 1 })).data;
    const programming = await list({ categoryId: tree[0].id, pageSize: 50 });
    expect(names(programming).sort()).toEqual(
      [
        'Python 入门：零基础到能写小工具',
        'Python 数据分析实战',
        'Python 网络爬虫入门',
        '前端开发入门：HTML、CSS 与 JavaScript',
        'JavaScript 进阶：异步与模块化',
        'React 从入门到项目实战',
      ].sort(),
    );
    const crawler = tree[0].childrenList[0].childrenList[1];
    expect(names(await list({ categoryId: crawler.id }))).toEqual(['Python 网络爬虫入门']);
    expect(names(await list({ isFree: 1 })).sort()).toEqual(
      ['Python 入门：零基础到能写小工具', 'SQL 数据查询入门', '前端开发入门：HTML、CSS 与 JavaScript'].sort(),
    );
    expect((await list({ isFree: 0 })).totalCount).toBe(9);
    expect(names(await list({ keyword: 'python' })).sort()).toEqual(
      ['Python 入门：零基础到能写小工具', 'Python 数据分析实战', 'Python 网络爬虫入门'].sort(),
    );
    expect((await list({ keyword: '100%_' })).totalCount).toBe(0);
    // a category of another kind, or one that does not exist, matches nothing
    const resourceRoot = (await t.call('/course/api/course/category/listForSite', { categoryType: 2 })).data[0];
    expect((await list({ categoryId: resourceRoot.id })).totalCount).toBe(0);
    expect((await list({ categoryId: '123456789' })).totalCount).toBe(0);
  });

  it('sorts by price both ways, newest and popular', async () => {
    const asc = (await list({ orderBy: 'priceAsc', pageSize: 100 })).list.map((c: any) => c.coursePrice);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const desc = await list({ orderBy: 'priceDesc' });
    expect(desc.list[0]).toMatchObject({ courseName: 'React 从入门到项目实战', coursePrice: 29900 });
    const newest = await list({ orderBy: 'newest', pageSize: 100 });
    expect(newest.list[0].courseName).toBe('职场高效办公：PPT 与汇报表达');
    expect((await list({ orderBy: 'popular' })).list).toHaveLength(12);
    expect((await t.call('/course/api/course/list', { orderBy: 'cheapest' })).msg).toBe('排序方式不正确');
  });

  it('lists resources and libraries by their type', async () => {
    expect(names(await list({ courseType: 3 })).sort()).toEqual(
      ['Python 编程学习资料包', '考研英语真题精选与解析'].sort(),
    );
    expect(names(await list({ courseType: 4 })).sort()).toEqual(['Git 使用手册', '考研英语作文模板与范文'].sort());
  });

  it('answers malformed input with 999, never a fault', async () => {
    for (const body of [
      { categoryId: 'abc' },
      { categoryId: '99999999999999999999' },
      { pageCurrent: 0 },
      { courseType: 'x' },
      { isFree: 3 },
      { pageSize: -1 },
    ]) {
      const res = await t.call('/course/api/course/list', body);
      expect(res.code, JSON.stringify(body)).toBe(999);
    }
  });

  it('searches course and lecturer names across kinds', async () => {
    const byLecturer = await t.call('/course/api/course/search/list', { keyword: '李老师' });
    expect(byLecturer.data.totalCount).toBe(8);
    const git = await t.call('/course/api/course/search/list', { keyword: 'Git' });
    expect(names(git.data)).toEqual(['Git 使用手册']);
    expect((await t.call('/course/api/course/search/list', { keyword: '  ' })).msg).toBe('请输入搜索关键词');
  });

  it('recommends related courses and lists a lecturer\u2019s courses', async () => {
    const id = await courseId('Python 入门：零基础到能写小工具');
    const related = (await t.call('/course/api/course/recommend', { courseId: id, limit: 4 })).data;
    expect(related).toHaveLength(4);
    expect(related.map((c: any) => c.id)).not.toContain(id);
    expect(related[0].courseName).toMatch(/Python/);
    const wang = (await list({ keyword: 'React' })).list[0].lecturerUserId;
    const mine = (await t.call('/course/api/course/ref/list', { lecturerUserId: wang, pageSize: 50 })).data;
    expect(mine.list.every((c: any) => c.lecturerName === '王老师')).toBe(true);
    // eight video, resource and library courses and the live course of the live demo
    expect(mine.totalCount).toBe(9);
  });

  it('answers every course of a category from one shared list, each without itself, filled up from other categories', async () => {
    const all = (await list({ pageSize: 100 })).list;
    const byCategory = Map.groupBy(all, (c: any) => c.categoryId as string);
    const [, big] = [...byCategory].find(([, cs]) => cs.length >= 2)!;
    const popular = (cs: any[]) =>
      [...cs].sort(
        (a, b) => b.countBuy - a.countBuy || b.countStudy - a.countStudy || (BigInt(b.id) > BigInt(a.id) ? 1 : -1),
      );
    for (const c of big) {
      const related = (await t.call('/course/api/course/recommend', { courseId: c.id, limit: big.length - 1 })).data;
      expect(related.map((r: any) => r.id)).toEqual(
        popular(big.filter((o: any) => o.id !== c.id)).map((o: any) => o.id),
      );
    }
    // a category smaller than the limit: its other courses first, then courses of other categories, never itself
    const [, small] = [...byCategory].find(([, cs]) => cs.length <= 2)!;
    for (const c of small) {
      const ids = (await t.call('/course/api/course/recommend', { courseId: c.id, limit: 4 })).data.map(
        (r: any) => r.id,
      );
      expect(ids).toHaveLength(4);
      expect(ids).not.toContain(c.id);
      expect(new Set(ids).size).toBe(4);
      expect(ids.slice(0, small.length - 1)).toEqual(
        popular(small.filter((o: any) => o.id !== c.id)).map((o: any) => o.id),
      );
    }
  });

  it('shows the home-page zones with their courses', async () => {
    const zones = (await t.call('/course/api/zone/course/list', { zoneLocation: 1 })).data;
    expect(zones.map((z: any) => z.zoneName)).toEqual(['精品推荐', '免费好课', '职业技能']);
    expect(zones[1].courseList.length).toBeGreaterThan(0);
    expect(zones[1].courseList.every((c: any) => c.isFree === 1)).toBe(true);
    expect(zones[0].courseList[0]).toMatchObject({
      courseName: expect.any(String),
      courseLogo: expect.stringMatching(/^\/media\//),
    });
    expect(
      (await t.call('/course/api/zone/course/list', { zoneLocation: 1, limit: 1 })).data[0].courseList,
    ).toHaveLength(1);
  });
});

describe('course page', () => {
  it('shows a paid course to a visitor with its free chapter, lecturer and no purchase', async () => {
    const id = await courseId('Python 数据分析实战');
    const v = (await t.call('/course/api/course/view', { courseId: id })).data;
    expect(v).toMatchObject({
      courseName: 'Python 数据分析实战',
      isFree: 0,
      isPay: 0,
      coursePrice: 19900,
      rulingPrice: 39900,
      isVipFree: 1,
    });
    expect(v.lecturer).toMatchObject({
      lecturerName: '李老师',
      position: '数据分析讲师',
      introduce: expect.stringContaining('统计学'),
    });
    expect(v.lecturer.headImgUrl).toMatch(/^\/media\//);
    expect(v.categoryPath.map((c: any) => c.categoryName)).toEqual(['编程开发', 'Python', 'Python 基础']);
    expect(v.chapterList.map((c: any) => c.isFree)).toEqual([1, 0, 0]);
    expect(v.chapterList[1].periodList[0]).toMatchObject({
      periodName: 'Series 与 DataFrame',
      isFree: 0,
      hasVideo: 0,
      hasDoc: 0,
      videoDuration: 0,
    });
    expect(v.periodTotal).toBe(7);
    const chapters = (await t.call('/course/api/course/chapter/list', { courseId: id })).data;
    expect(chapters).toEqual(v.chapterList);
  });

  it('lists a resource\u2019s files by name and size, never where they are kept', async () => {
    const id = await courseId('Python 编程学习资料包', 3);
    const res = await t.call('/course/api/course/view', { courseId: id });
    expect(res.data.accessoryList.map((a: any) => a.accessoryName)).toEqual([
      'Python 语法速查表.md',
      'Python 练习题.txt',
    ]);
    expect(res.data.accessoryList[0].fileSize).toBeGreaterThan(50);
    expect(JSON.stringify(res)).not.toContain('course-files');
    expect(res.data.chapterList[0].periodList[0]).toMatchObject({ hasDoc: 1, docName: '使用说明.md' });
  });

  it('refuses unknown and malformed course ids with 999', async () => {
    expect((await t.call('/course/api/course/view', { courseId: '123' })).msg).toBe('课程不存在或已删除');
    expect((await t.call('/course/api/course/view', { courseId: 'x1' })).msg).toBe('ID 格式不正确');
    expect((await t.call('/course/api/course/view', { courseId: '99999999999999999999' })).code).toBe(999);
    expect((await t.call('/course/api/course/view', {})).code).toBe(999);
    expect((await t.call('/course/api/course/chapter/list', { courseId: '-5' })).code).toBe(999);
  });

  it('shows the signed-in user isPay by free course, grant and expiry', async () => {
    const u = await newUser(t, '13900004001');
    const paid = await courseId('Python 网络爬虫入门');
    const free = await courseId('SQL 数据查询入门');
    const view = async (id: string) => (await t.call('/course/auth/course/view', { courseId: id }, u.headers)).data;
    expect(await view(paid)).toMatchObject({
      isPay: 0,
      isCollect: 0,
      expireTime: '',
      studyPercent: 0,
      lastPeriodId: '',
    });
    expect((await view(free)).isPay).toBe(1);

    await t.services.entitlement.grant(
      t.siteId,
      BigInt(u.id),
      BigInt(paid),
      2,
      new Date(Date.now() + 86_400_000),
      null,
    );
    const granted = await view(paid);
    expect(granted.isPay).toBe(1);
    expect(granted.expireTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    await t.services.entitlement.grant(t.siteId, BigInt(u.id), BigInt(paid), 2, new Date(Date.now() - 1000), null);
    expect(await view(paid)).toMatchObject({ isPay: 0, expireTime: '' });
    expect((await t.call('/course/auth/course/view', { courseId: paid })).code).toBe(302);
  });
});

describe('access to lessons (EntitlementService)', () => {
  const periodsOf = async (name: string, courseType = 1) =>
    (await t.call('/course/api/course/view', { courseId: await courseId(name, courseType) })).data.chapterList as {
      isFree: number;
      periodList: { id: string; isFree: number }[];
    }[];

  it('opens free courses, free chapters and free lessons to anyone, paid lessons only to the entitled', async () => {
    const e = t.services.entitlement;
    const u = await newUser(t, '13900004002');
    const freeCourse = (await periodsOf('SQL 数据查询入门'))[1]!.periodList[0]!.id;
    expect(await e.playablePeriod(t.siteId, null, BigInt(freeCourse))).toMatchObject({
      periodName: 'GROUP BY 分组统计',
      videoId: null,
      speedDouble: 1,
    });

    const js = await periodsOf('JavaScript 进阶：异步与模块化');
    const freeChapter = js[0]!.periodList[0]!.id;
    expect((await e.playablePeriod(t.siteId, BigInt(u.id), BigInt(freeChapter))).periodName).toBe('调用栈与任务队列');

    const viz = await periodsOf('数据可视化：让图表会说话');
    expect(viz[0]!.isFree).toBe(0);
    const freePeriod = viz[0]!.periodList[0]!;
    expect(freePeriod.isFree).toBe(1);
    await expect(e.playablePeriod(t.siteId, BigInt(u.id), BigInt(freePeriod.id))).resolves.toMatchObject({
      periodName: '比较、构成与趋势',
    });
    await expect(e.playablePeriod(t.siteId, BigInt(u.id), BigInt(viz[0]!.periodList[1]!.id))).rejects.toMatchObject({
      code: 999,
      message: '请先购买课程',
    });

    const react = await periodsOf('React 从入门到项目实战');
    const paid = BigInt(react[1]!.periodList[0]!.id);
    await expect(e.playablePeriod(t.siteId, null, paid)).rejects.toMatchObject({
      code: 999,
      message: '请先登录并购买课程',
    });
    await expect(e.playablePeriod(t.siteId, BigInt(u.id), paid)).rejects.toMatchObject({
      code: 999,
      message: '请先购买课程',
    });
    const reactId = await courseId('React 从入门到项目实战');
    await e.grant(t.siteId, BigInt(u.id), BigInt(reactId), 2, null, null);
    expect(await e.playablePeriod(t.siteId, BigInt(u.id), paid)).toMatchObject({
      courseId: BigInt(reactId),
      speedDouble: 0,
      speedDrag: 0,
    });
    expect(await e.canStudyCourse(t.siteId, BigInt(u.id), BigInt(reactId))).toBe(true);
    // a purchase (buyType 1) counts a buyer; an administrator's grant does not
    const buyer = await newUser(t, '13900004009');
    await e.grant(t.siteId, BigInt(buyer.id), BigInt(reactId), 1, null, null);
    expect((await t.call('/course/auth/course/view', { courseId: reactId }, buyer.headers)).data.isPay).toBe(1);
    // counters reach the cached course page within its lifetime; the stored count is immediate
    expect((await t.services.courses.rows.byId(t.siteId, BigInt(reactId)))!.countBuy).toBe(1);
    await expect(e.playablePeriod(t.siteId, BigInt(u.id), 123n)).rejects.toMatchObject({
      code: 999,
      message: '课时不存在或已删除',
    });
  });

  it('lets VIP members study courses free for VIP, and only those', async () => {
    const vip = await newUser(t, '13900004010');
    await t.platform.db
      .update(user)
      .set({ vipExpireAt: new Date(Date.now() + 30 * 86_400_000) })
      .where(eq(user.id, BigInt(vip.id)));
    const vipFree = await courseId('Python 数据分析实战');
    const notVipFree = await courseId('React 从入门到项目实战');
    expect((await t.call('/course/auth/course/view', { courseId: vipFree }, vip.headers)).data.isPay).toBe(1);
    expect((await t.call('/course/auth/course/view', { courseId: notVipFree }, vip.headers)).data.isPay).toBe(0);
    const period = (await t.call('/course/api/course/view', { courseId: vipFree })).data.chapterList[2].periodList[0]
      .id;
    expect((await t.services.entitlement.playablePeriod(t.siteId, BigInt(vip.id), BigInt(period))).periodName).toBe(
      'Matplotlib 绘图',
    );
    const lapsed = await newUser(t, '13900004011');
    await t.platform.db
      .update(user)
      .set({ vipExpireAt: new Date(Date.now() - 1000) })
      .where(eq(user.id, BigInt(lapsed.id)));
    await expect(
      t.services.entitlement.playablePeriod(t.siteId, BigInt(lapsed.id), BigInt(period)),
    ).rejects.toMatchObject({ message: '请先购买课程' });

    // in 我的课程, a lapsed grant of a course free for members is open again through the membership; of another course it is not
    const e = t.services.entitlement;
    await e.grant(t.siteId, BigInt(vip.id), BigInt(vipFree), 2, new Date(Date.now() - 60_000), null);
    await e.grant(t.siteId, BigInt(vip.id), BigInt(notVipFree), 2, new Date(Date.now() - 60_000), null);
    const mine = (await t.call('/course/auth/user/order/course/ref/list', {}, vip.headers)).data.list;
    const vipExpireTime = (await t.call('/user/auth/user/ext/view', {}, vip.headers)).data.vipExpireTime;
    expect(mine.map((c: any) => [c.id, c.buyType, c.isExpired, c.expireTime]).sort()).toEqual(
      [
        [vipFree, 4, 0, vipExpireTime],
        [notVipFree, 2, 1, expect.stringMatching(/^\d{4}-/)],
      ].sort(),
    );
  });

  it('starts a lesson only where the user may, joining free courses to "my courses"', async () => {
    const u = await newUser(t, '13900004003');
    const paid = await courseId('考研英语阅读理解技巧');
    const chapters = (await t.call('/course/api/course/view', { courseId: paid })).data.chapterList;
    const refused = await t.call(
      '/course/auth/course/sign',
      { courseId: paid, periodId: chapters[1].periodList[0].id },
      u.headers,
    );
    expect(refused).toMatchObject({ code: 999, msg: '请先购买课程' });
    const ok = await t.call(
      '/course/auth/course/sign',
      { courseId: paid, periodId: chapters[0].periodList[1].id },
      u.headers,
    );
    expect(ok.data).toMatchObject({
      periodName: '从句与插入语',
      currentPosition: 0,
      isFinish: 0,
      hasVideo: 0,
      nextPeriodId: chapters[1].periodList[0].id,
    });
    expect((await t.call('/course/auth/course/sign', { courseId: paid, periodId: '42' }, u.headers)).msg).toBe(
      '课时不存在或不属于该课程',
    );

    const free = await courseId('前端开发入门：HTML、CSS 与 JavaScript');
    const first = await t.call('/course/auth/course/sign', { courseId: free }, u.headers);
    expect(first.data.periodName).toBe('标签与语义');
    await t.call('/course/auth/course/sign', { courseId: free }, u.headers);
    const mine = (await t.call('/course/auth/user/order/course/ref/list', {}, u.headers)).data;
    expect(mine.list.map((c: any) => [c.courseName, c.buyType, c.countStudy])).toEqual([
      ['前端开发入门：HTML、CSS 与 JavaScript', 0, 1],
    ]);
  });

  it('reads a library lesson\u2019s document in the page and sanitizes HTML', async () => {
    const u = await newUser(t, '13900004004');
    const git = await courseId('Git 使用手册', 4);
    const chapters = (await t.call('/course/api/course/view', { courseId: git })).data.chapterList;
    const md = (
      await t.call('/course/auth/course/sign', { courseId: git, periodId: chapters[0].periodList[0].id }, u.headers)
    ).data;
    expect(md).toMatchObject({ docType: 'markdown', docName: '安装与配置.md', isFinish: 1 });
    expect(md.docText).toContain('git config --global user.name');
    const html = (
      await t.call('/course/auth/course/sign', { courseId: git, periodId: chapters[1].periodList[0].id }, u.headers)
    ).data;
    expect(html.docType).toBe('html');
    // the lesson page's title is its only h1: a document's own h1 reads as h2 (decision 39)
    expect(html.docText).toContain('<h2>分支与合并</h2>');

    const essays = await courseId('考研英语作文模板与范文', 4);
    const locked = (await t.call('/course/api/course/view', { courseId: essays })).data.chapterList[1].periodList[0].id;
    expect((await t.call('/course/auth/course/sign', { courseId: essays, periodId: locked }, u.headers)).msg).toBe(
      '请先购买课程',
    );
  });

  it('gives the lesson list with access marks for the player', async () => {
    const u = await newUser(t, '13900004005');
    const id = await courseId('Excel 数据处理与分析');
    const page = (await t.call('/course/auth/course/chapter/page', { courseId: id }, u.headers)).data;
    expect(page.totalCount).toBe(2);
    expect(page.list[0].periodList.map((p: any) => p.isPlayable)).toEqual([1, 1]);
    expect(page.list[1].periodList.map((p: any) => p.isPlayable)).toEqual([0, 0, 0]);
  });
});

describe('accessory downloads', () => {
  it('gives a short-lived link only to those who may study the course', async () => {
    const u = await newUser(t, '13900004006');
    const paid = (await t.call('/course/api/course/view', { courseId: await courseId('考研英语真题精选与解析', 3) }))
      .data;
    const refused = await t.call(
      '/course/auth/course/accessory/download',
      { accessoryId: paid.accessoryList[0].id },
      u.headers,
    );
    expect(refused).toMatchObject({ code: 999, msg: '请先购买课程后再下载附件' });

    const free = (await t.call('/course/api/course/view', { courseId: await courseId('Python 编程学习资料包', 3) }))
      .data;
    const link = (
      await t.call('/course/auth/course/accessory/download', { accessoryId: free.accessoryList[1].id }, u.headers)
    ).data;
    expect(link).toMatchObject({
      accessoryName: 'Python 练习题.txt',
      downloadUrl: expect.stringMatching(/^\/apis\/course\/api\/course\/accessory\/file\//),
    });
    const file = await t.raw({ method: 'GET', url: link.downloadUrl });
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain('打印 1 到 100 之间所有 3 的倍数');
    expect(file.headers['content-disposition']).toContain(encodeURIComponent('Python 练习题.txt'));
    // the stored file itself is never served by /media, even to someone who learns where it is kept
    const [kept] = await t.platform.db
      .select()
      .from(courseAccessory)
      .where(eq(courseAccessory.id, BigInt(free.accessoryList[1].id)));
    expect(await t.platform.storage.exists(kept!.storageKey)).toBe(true);
    for (const url of [
      `/media/${kept!.storageKey}`,
      `/media//${kept!.storageKey}`,
      `/media/%63ourse-files/${kept!.storageKey.slice('course-files/'.length)}`,
    ]) {
      expect((await t.raw({ method: 'GET', url })).body).not.toContain('打印 1 到 100 之间所有 3 的倍数');
    }

    expect(
      (await t.raw({ method: 'GET', url: '/apis/course/api/course/accessory/file/not-a-real-token-at-all-000000000' }))
        .statusCode,
    ).toBe(404);
    // a file gone from storage is a clear 404 too, not a fault
    const [row] = await t.platform.db
      .select()
      .from(courseAccessory)
      .where(eq(courseAccessory.id, BigInt(free.accessoryList[0].id)));
    const again = (
      await t.call('/course/auth/course/accessory/download', { accessoryId: free.accessoryList[0].id }, u.headers)
    ).data;
    await t.platform.storage.remove(row!.storageKey);
    expect((await t.raw({ method: 'GET', url: again.downloadUrl })).statusCode).toBe(404);
    expect((await t.call('/course/auth/course/accessory/download', { accessoryId: '77' }, u.headers)).msg).toBe(
      '附件不存在或已删除',
    );
  });
});
