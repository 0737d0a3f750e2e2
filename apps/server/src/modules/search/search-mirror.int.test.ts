import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchType } from '#contract/search.ts';
import { queryWords } from '../../platform/search-tokens.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { adminHeaders, demoUser, type TestUser } from '../../testing/people.ts';
import { IndexThread } from './index-thread.ts';
import { SearchMirror } from './search-mirror.ts';
import { searchRepo } from './search.repo.ts';
import { matchesOf } from './match-ways.ts';
import { SearchService } from './search.service.ts';
import { QUALITY_QUERIES } from './search-quality.queries.ts';

/** The copies of the index in memory (decision 59) answer as the database's index does, and follow other processes. */
let t: TestApp;
let student: TestUser;
let admin: { headers: { token: string } };
beforeAll(async () => {
  t = await createTestApp();
  student = await demoUser(t, '13800000001');
  admin = await adminHeaders(t);
});
afterAll(async () => t?.close());

const EXTRA = [
  'p',
  'py',
  '数',
  '数据',
  '老师',
  '王老师',
  'excel 函数',
  'html css',
  '考研 英语',
  'java',
  '入门 实战',
  'a',
];

describe('the copy in memory', () => {
  it('matches exactly the entries the database’s word index matches, for every way of every keyword', async () => {
    const repo = searchRepo(t.platform.db);
    const thread = new IndexThread();
    const mirror = new SearchMirror(repo, thread, t.siteId, () => {});
    const index = await mirror.read();
    let compared = 0;
    for (const q of [...QUALITY_QUERIES.map((x) => x.q), ...EXTRA]) {
      for (const match of matchesOf(t.siteId, q, queryWords(q))) {
        if (match.fuzzy) continue;
        const inDb = (await repo.counts(match)).map((c) => ({ type: c.doc_type, count: c.n }));
        const inMemory = await index.counts(match.query);
        expect(inMemory, `${q} → ${match.tsquery}`).toEqual(inDb.sort((a, b) => a.type - b.type));
        for (const { type } of inMemory) {
          const ids = (await repo.ids(match, [type], 1000, 0)).ids.map(String).sort();
          const mine = (await index.ranked(match.query, { types: [type] }, match, 1000)).ids.map(String).sort();
          expect(mine, `${q} (${type})`).toEqual(ids);
        }
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(90);
    await thread.close();
  });

  it('is loaded again when the search thread holding it stopped, what was kept from it dropped', async () => {
    const repo = searchRepo(t.platform.db);
    const thread = new IndexThread();
    let dropped = 0;
    const mirror = new SearchMirror(repo, thread, t.siteId, () => dropped++);
    const python = matchesOf(t.siteId, 'python', queryWords('python'))[0]!.query;
    const first = await mirror.read();
    const counts = await first.counts(python);
    expect(counts.length).toBeGreaterThan(0);
    // the thread dies (out of memory, say): its copies go with it
    await thread['worker']!.terminate();
    await new Promise((r) => setTimeout(r, 50));
    expect(first.held).toBe(false);
    const again = await mirror.read();
    expect(again).not.toBe(first);
    expect(dropped).toBe(1);
    expect(await again.counts(python)).toEqual(counts);
    await thread.close();
  });

  it('follows another process’s writes and removals within a second', async () => {
    // a second service on the same database stands for another process: it only reads
    const other = new SearchService(t.platform);
    const found = async (keyword: string) =>
      (await other.ids(t.siteId, SearchType.BLOG, keyword, { pageCurrent: 1, pageSize: 20 })).list;
    expect(await found('潮汐发电')).toEqual([]);

    const saved = await t.call(
      '/community/auth/blog/save',
      { title: '潮汐发电的原理', summary: '', content: '<p>月球引力</p>', tags: [], artPic: '', isPublish: 1 },
      student.headers,
    );
    expect(saved.code, saved.msg).toBe(200);
    const id = BigInt(saved.data.id);
    await new Promise((r) => setTimeout(r, 1100));
    expect(await found('潮汐发电')).toEqual([id]);

    expect((await t.call('/community/admin/blog/hide', { id: saved.data.id, isHidden: 1 }, admin)).code).toBe(200);
    await new Promise((r) => setTimeout(r, 1100));
    expect(await found('潮汐发电')).toEqual([]);

    expect((await t.call('/community/admin/blog/hide', { id: saved.data.id, isHidden: 0 }, admin)).code).toBe(200);
    await new Promise((r) => setTimeout(r, 1100));
    expect(await found('潮汐')).toEqual([id]);
  });

  it('gives no kept page or suggestion that another process has changed since, a second later', async () => {
    const other = new SearchService(t.platform);
    const page = async (keyword: string) =>
      (
        await other.list(t.siteId, { keyword, type: SearchType.BLOG, price: '', pageCurrent: 1, pageSize: 20 })
      ).list.map((r) => r.title);
    const suggested = async (keyword: string) => (await other.suggest(t.siteId, keyword)).map((s) => s.title);
    // kept by the other process before the change
    expect(await page('潜水钟')).toEqual([]);
    expect(await suggested('潜水钟')).toEqual([]);

    const saved = await t.call(
      '/community/auth/blog/save',
      { title: '潜水钟的历史', summary: '', content: '<p>水下作业</p>', tags: [], artPic: '', isPublish: 1 },
      student.headers,
    );
    expect(saved.code, saved.msg).toBe(200);
    await new Promise((r) => setTimeout(r, 1100));
    expect(await page('潜水钟')).toEqual(['潜水钟的历史']);
    expect(await suggested('潜水钟')).toEqual(['潜水钟的历史']);

    expect((await t.call('/community/admin/blog/hide', { id: saved.data.id, isHidden: 1 }, admin)).code).toBe(200);
    await new Promise((r) => setTimeout(r, 1100));
    expect(await page('潜水钟')).toEqual([]);
    expect(await suggested('潜水钟')).toEqual([]);
  });
});
