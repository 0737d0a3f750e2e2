import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { site, website, websiteNav, websiteNavArticle } from '../../db/schema/system.ts';
import { newId } from '../../platform/ids.ts';
import { adminHeaders } from '../../testing/people.ts';
import { plainSummary } from './system.presenter.ts';

interface Category {
  id: string;
  navName: string;
  articleCount: number;
}
interface Brief {
  id: string;
  navId: string;
  navName: string;
  artTitle: string;
  artPic: string;
  summary: string;
  gmtModified: string;
}

let t: TestApp;
const categories = async (headers?: Record<string, string>): Promise<Category[]> =>
  (await t.call('/system/api/website/info/category/list', {}, { headers })).data;
const articles = (body: Record<string, unknown> = {}, headers?: Record<string, string>) =>
  t.call('/system/api/website/info/article/list', { pageCurrent: 1, pageSize: 20, ...body }, { headers });
const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000);

/** A nav group of site `siteId` with articles written directly, so their times and states are exactly as given. */
async function group(
  siteId: bigint,
  navName: string,
  arts: Array<{ title: string; at: Date; statusId?: number; desc?: string }>,
  navStatus = 1,
) {
  const navId = newId();
  await t.platform.db.insert(websiteNav).values({ id: navId, siteId, navName, sort: 90, statusId: navStatus });
  for (const a of arts) {
    await t.platform.db.insert(websiteNavArticle).values({
      id: newId(),
      siteId,
      navId,
      artTitle: a.title,
      artDesc: a.desc ?? `<p>${a.title}</p>`,
      statusId: a.statusId ?? 1,
      gmtCreate: a.at,
      gmtModified: a.at,
    });
  }
  return String(navId);
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('information centre on the demo site', () => {
  it('lists the enabled groups in their order with their article counts', async () => {
    expect((await categories()).map((c) => [c.navName, c.articleCount])).toEqual([
      ['关于我们', 2],
      ['帮助中心', 2],
      ['平台资讯', 6],
    ]);
  });

  it('pages all articles, the latest edited first, with plain-text summaries', async () => {
    const all = await articles();
    expect(all.code).toBe(200);
    expect(all.data).toMatchObject({ totalCount: 10, totalPage: 1, pageCurrent: 1, pageSize: 20 });
    const list: Brief[] = all.data.list;
    expect(list[0]).toMatchObject({ artTitle: '青课网校 2.0 正式上线：学习体验全面升级', navName: '平台资讯' });
    expect(list[0]!.artPic).toMatch(/info-1\.svg$/);
    expect(list[0]!.gmtModified).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const times = list.map((a) => a.gmtModified);
    expect([...times].sort().reverse()).toEqual(times);
    for (const a of list) {
      expect(a.summary).not.toMatch(/[<>]/);
      expect([...a.summary].length).toBeLessThanOrEqual(121);
    }
    expect(list[0]!.summary.startsWith('经过三个月的打磨，青课网校 2.0 今天正式与大家见面。')).toBe(true);

    const pages: Brief[][] = [];
    for (const pageCurrent of [1, 2, 3]) {
      const res = await articles({ pageCurrent, pageSize: 4 });
      expect(res.data).toMatchObject({ totalCount: 10, totalPage: 3, pageCurrent, pageSize: 4 });
      pages.push(res.data.list);
    }
    expect(pages.map((p) => p.length)).toEqual([4, 4, 2]);
    expect(pages.flat().map((a) => a.id)).toEqual(list.map((a) => a.id));
    expect((await articles({ pageCurrent: 4, pageSize: 4 })).data.list).toEqual([]);
  });

  it('filters by category', async () => {
    const news = (await categories()).find((c) => c.navName === '平台资讯')!;
    const res = await articles({ navId: news.id });
    expect(res.data.totalCount).toBe(6);
    expect(res.data.list.every((a: Brief) => a.navId === news.id && a.navName === '平台资讯')).toBe(true);
    const about = (await categories()).find((c) => c.navName === '关于我们')!;
    expect((await articles({ navId: about.id })).data.list.map((a: Brief) => a.artTitle).sort()).toEqual(
      ['平台简介', '联系我们'].sort(),
    );
  });

  it('keeps a group marked footer-only (the demo terms) out of the centre, until the administrator shows it there', async () => {
    const navs: Array<{ id: string; navName: string; infoShow: number; articleList: Array<{ id: string }> }> = (
      await t.call('/system/api/website/nav/list')
    ).data;
    const terms = navs.find((n) => n.navName === '服务条款')!;
    expect(terms.infoShow).toBe(0);
    expect(navs.filter((n) => n.infoShow === 1).map((n) => n.navName)).toEqual(['关于我们', '帮助中心', '平台资讯']);
    expect((await categories()).map((c) => c.id)).not.toContain(terms.id);
    expect((await articles({ pageSize: 100 })).data.list.map((a: Brief) => a.artTitle)).not.toContain('用户协议');
    expect(await articles({ navId: terms.id })).toMatchObject({ code: 999, msg: '资讯分类不存在' });
    // its articles are still pages of their own, reached from the footer
    expect((await t.call('/system/api/website/nav/article/get', { id: terms.articleList[0]!.id })).data).toMatchObject({
      artTitle: '用户协议',
      navName: '服务条款',
    });

    const admin = await adminHeaders(t);
    const shown = await t.call(
      '/system/admin/website/nav/update',
      { id: terms.id, navName: '服务条款', platShow: 1, infoShow: 1, sort: 3, statusId: 1 },
      admin,
    );
    expect(shown.data).toMatchObject({ infoShow: 1 });
    expect((await categories()).find((c) => c.id === terms.id)).toMatchObject({ navName: '服务条款', articleCount: 2 });
    expect(
      (await t.call('/system/api/website/nav/list')).data.find((n: { id: string }) => n.id === terms.id).infoShow,
    ).toBe(1);
    await t.call(
      '/system/admin/website/nav/update',
      { id: terms.id, navName: '服务条款', platShow: 1, infoShow: 0, sort: 3, statusId: 1 },
      admin,
    );
    expect((await categories()).map((c) => c.id)).not.toContain(terms.id);
  });

  it('refuses a category that does not exist or an id that is not one', async () => {
    expect(await articles({ navId: '123456789' })).toMatchObject({ code: 999, msg: '资讯分类不存在' });
    expect(await articles({ navId: 'abc' })).toMatchObject({ code: 999, msg: 'ID 格式不正确' });
    expect((await articles({ pageCurrent: 0 })).code).toBe(999);
  });
});

describe('what the information centre leaves out', () => {
  it('counts and lists only enabled articles of enabled groups, and omits empty groups', async () => {
    const shown = await group(t.siteId, '招生动态', [
      { title: '秋季招生开始', at: daysAgo(1) },
      { title: '草稿：未发布', at: daysAgo(0.5), statusId: 0 },
    ]);
    const hidden = await group(t.siteId, '停用分组', [{ title: '停用分组的文章', at: daysAgo(0.1) }], 0);
    const empty = await group(t.siteId, '空分组', []);
    const cats = await categories();
    expect(cats.find((c) => c.id === shown)).toMatchObject({ navName: '招生动态', articleCount: 1 });
    expect(cats.map((c) => c.id)).not.toContain(hidden);
    expect(cats.map((c) => c.id)).not.toContain(empty);

    const titles = (await articles({ pageSize: 100 })).data.list.map((a: Brief) => a.artTitle);
    expect(titles[0]).toBe('秋季招生开始');
    expect(titles).not.toContain('草稿：未发布');
    expect(titles).not.toContain('停用分组的文章');
    expect(await articles({ navId: hidden })).toMatchObject({ code: 999, msg: '资讯分类不存在' });
    expect((await articles({ navId: empty })).data).toMatchObject({ list: [], totalCount: 0, totalPage: 0 });
  });

  it('breaks a tie of edit times by the newer id', async () => {
    const at = daysAgo(100);
    const navId = await group(t.siteId, '同一时刻', [
      { title: '先写的', at },
      { title: '后写的', at },
    ]);
    expect((await articles({ navId })).data.list.map((a: Brief) => a.artTitle)).toEqual(['后写的', '先写的']);
  });

  it('never shows another site its rows', async () => {
    await t.platform.db.insert(site).values({ id: 11n, siteName: '另一所学校' });
    await t.platform.db.insert(website).values({ id: newId(), siteId: 11n, siteNamePc: '另一所学校' });
    const otherNav = await group(11n, '别校新闻', [{ title: '别校的公告', at: daysAgo(0) }]);
    const eleven = { 'site-id': '11' };

    expect((await categories()).map((c) => c.navName)).not.toContain('别校新闻');
    expect((await articles({ pageSize: 100 })).data.list.map((a: Brief) => a.artTitle)).not.toContain('别校的公告');
    expect((await articles({ navId: otherNav })).code).toBe(999);

    expect(await categories(eleven)).toEqual([{ id: otherNav, navName: '别校新闻', articleCount: 1 }]);
    const theirs = await articles({}, eleven);
    expect(theirs.data.list.map((a: Brief) => a.artTitle)).toEqual(['别校的公告']);
    const ours = (await categories())[0]!;
    expect((await articles({ navId: ours.id }, eleven)).code).toBe(999);
  });
});

describe('summary text', () => {
  it('strips tags, reads entities back, collapses whitespace and cuts at 120 characters', () => {
    expect(plainSummary('<p>A&amp;B&nbsp;&lt;C&gt;</p>\n<p>  第二段&#65281;</p>')).toBe('A&B <C> 第二段！');
    expect(plainSummary('<p>正文</p><img src="/media/a.png" alt')).toBe('正文');
    const long = plainSummary(`<p>${'字'.repeat(300)}</p>`);
    expect(long).toBe(`${'字'.repeat(120)}…`);
  });
});
