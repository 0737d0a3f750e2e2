import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { SearchService } from './search.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Hit = { type: number; id: string; title: string; titleHtml: string; price: number };
type Result = { list: Hit[]; totalCount: number; totalPage: number; counts: { type: number; count: number }[] };
const search = async (keyword: string, type = 1, extra: object = {}, siteId?: string) => {
  const res = await t.call(
    '/search/api/search/list',
    { keyword, type, ...extra },
    siteId ? { headers: { 'site-id': siteId } } : {},
  );
  expect(res.code, res.msg).toBe(200);
  return res.data as Result;
};

describe('search over the demo data', () => {
  it('finds the data-analysis course first, its words marked, with counts per type', async () => {
    const r = await search('数据分析');
    expect(r.list[0]!.title).toBe('Python 数据分析实战');
    expect(r.list[0]!.titleHtml).toContain('<mark>数据分析</mark>');
    expect(r.counts.find((c) => c.type === 1)!.count).toBeGreaterThan(0);
  });

  it('suggests the Python courses as one types a part of the word', async () => {
    const res = await t.call('/search/api/search/suggest', { keyword: 'pyth' });
    const titles = (res.data as { title: string }[]).map((s) => s.title);
    expect(titles.length).toBeGreaterThan(0);
    expect(titles[0]).toMatch(/python/i);
  });

  it('refuses an empty keyword with the spec message and answers nothing else', async () => {
    const res = await t.call('/search/api/search/list', { keyword: '  ' });
    expect(res).toMatchObject({ code: 999, msg: '请输入搜索关键词' });
  });

  it('finds what holds any of the terms typed apart when nothing holds them all', async () => {
    const r = await search('数据分析 魔方速拧世界纪录保持者的训练营');
    expect(r.list.map((h) => h.title)).toContain('Python 数据分析实战');
  });

  it('finds through a typo', async () => {
    const r = await search('pyhton');
    expect(r.list.some((h) => /python/i.test(h.title))).toBe(true);
  });

  it('turns pages without a repeat or a gap, and a price filter narrows the total to what it lists', async () => {
    const pages = async (extra: object) => {
      const first = await search('python', 1, { pageSize: 2, ...extra });
      const ids: string[] = [];
      for (let p = 1; p <= first.totalPage; p++) {
        ids.push(...(await search('python', 1, { pageSize: 2, pageCurrent: p, ...extra })).list.map((h) => h.id));
      }
      return { total: first.totalCount, ids };
    };
    const all = await pages({});
    expect(all.total).toBeGreaterThanOrEqual(3);
    expect(new Set(all.ids).size).toBe(all.total);
    const free = await pages({ price: 'free' });
    const paid = await pages({ price: 'paid' });
    expect(new Set(free.ids).size).toBe(free.total);
    expect(new Set(paid.ids).size).toBe(paid.total);
    expect(free.total + paid.total).toBe(all.total);
    expect(new Set([...free.ids, ...paid.ids])).toEqual(new Set(all.ids));
  });

  it('pages past the first ranking it keeps, and past the deepest, as the whole ranking does', async () => {
    // the same database read by services keeping 2 then 4 ranked, and all of them
    const shallow = new SearchService(t.platform, { first: 2, most: 4 });
    const whole = new SearchService(t.platform, { first: 1000, most: 1000 });
    const page = async (s: SearchService, pageCurrent: number, price: '' | 'paid' = '') =>
      s.list(t.siteId, { keyword: 'python 英语 设计 考研 java', type: 1, price, pageCurrent, pageSize: 1 });
    for (const price of ['', 'paid'] as const) {
      const first = await page(whole, 1, price);
      expect(first.totalCount).toBeGreaterThan(price ? 1 : 5);
      for (let p = 1; p <= first.totalCount; p++) {
        const [a, b] = [await page(shallow, p, price), await page(whole, p, price)];
        expect(
          a.list.map((h) => h.id),
          `page ${p}`,
        ).toEqual(b.list.map((h) => h.id));
        expect(a.totalCount).toBe(b.totalCount);
      }
    }
  });

  it('a keyword first asked for with a filter lists and counts only what passes it', async () => {
    const paid = await search('PYTHON', 1, { price: 'paid', pageSize: 50 });
    expect(paid.list.length).toBeGreaterThan(0);
    expect(paid.list.every((h) => h.price > 0)).toBe(true);
    expect(paid.totalCount).toBe(paid.list.length);
  });
});
