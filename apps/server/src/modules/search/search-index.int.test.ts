import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchType } from '#contract/search.ts';
import { blog } from '../../db/schema/community-blog.ts';
import { site } from '../../db/schema/system.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { adminHeaders, demoUser, type TestUser } from '../../testing/people.ts';

/** The index follows every change in the same request: publish, edit, hide, delete; and no other site's rows. */
let t: TestApp;
let admin: { headers: { token: string } };
let wang: TestUser;
let student: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminHeaders(t);
  wang = await demoUser(t, '13800000002');
  student = await demoUser(t, '13800000001');
});
afterAll(async () => t?.close());

const titles = async (keyword: string, type: number, siteId = '10') => {
  const res = await t.call('/search/api/search/list', { keyword, type }, { headers: { 'site-id': siteId } });
  expect(res.code, res.msg).toBe(200);
  return (res.data.list as { title: string }[]).map((h) => h.title);
};

describe('the index follows the owners', () => {
  it('finds a course approved a moment ago, and no longer once it is off the shelf', async () => {
    const categoryId = (await t.call('/course/api/course/category/list', { categoryType: 1 })).data[0].id;
    const c = (
      await t.call(
        '/course/auth/course/audit/save',
        {
          courseName: '量子计算启蒙课',
          categoryId,
          isFree: 1,
          coursePrice: 0,
          rulingPrice: 0,
          introduce: '<p>量子比特</p>',
        },
        wang.headers,
      )
    ).data;
    const ch = (
      await t.call('/course/auth/course/chapter/audit/save', { courseId: c.id, chapterName: '第一章' }, wang.headers)
    ).data;
    await t.call(
      '/course/auth/course/chapter/period/audit/save',
      { chapterId: ch.id, periodName: '叠加态' },
      wang.headers,
    );
    expect(await titles('量子计算', SearchType.COURSE)).not.toContain('量子计算启蒙课');
    expect((await t.call('/course/auth/course/audit/submit', { id: c.id }, wang.headers)).code).toBe(200);
    expect((await t.call('/course/admin/course/audit/audit', { id: c.id, auditStatus: 1 }, admin)).code).toBe(200);
    expect((await titles('量子计算', SearchType.COURSE))[0]).toBe('量子计算启蒙课');
    // the catalogue's own search call answers from the same index
    const own = (await t.call('/course/api/course/search/list', { keyword: '量子' })).data;
    expect(own.list[0].courseName).toBe('量子计算启蒙课');

    expect((await t.call('/course/auth/course/audit/stand', { id: c.id, isPutaway: 0 }, wang.headers)).code).toBe(200);
    expect(await titles('量子计算', SearchType.COURSE)).not.toContain('量子计算启蒙课');
  });

  it('finds a published post, re-indexes its edit, and never shows it hidden or deleted', async () => {
    const post = {
      title: '用番茄工作法备考',
      summary: '二十五分钟一轮',
      content: '<p>番茄钟让复习有节奏。</p>',
      tags: ['效率'],
      artPic: '',
      isPublish: 1,
    };
    const saved = await t.call('/community/auth/blog/save', post, student.headers);
    expect(saved.code, saved.msg).toBe(200);
    const id = saved.data.id;
    expect(await titles('番茄工作法', SearchType.BLOG)).toContain('用番茄工作法备考');
    expect((await t.call('/community/api/blog/search/list', { keyword: '番茄' })).data.list[0].id).toBe(id);

    const edited = await t.call(
      '/community/auth/blog/update',
      { ...post, id, title: '用四象限法备考' },
      student.headers,
    );
    expect(edited.code, edited.msg).toBe(200);
    expect(await titles('番茄工作法', SearchType.BLOG)).not.toContain('用番茄工作法备考');
    expect(await titles('四象限', SearchType.BLOG)).toContain('用四象限法备考');

    expect((await t.call('/community/admin/blog/hide', { id, isHidden: 1 }, admin)).code).toBe(200);
    expect(await titles('四象限', SearchType.BLOG)).not.toContain('用四象限法备考');
    expect((await t.call('/community/api/blog/search/list', { keyword: '四象限' })).data.totalCount).toBe(0);
    expect((await t.call('/community/admin/blog/hide', { id, isHidden: 0 }, admin)).code).toBe(200);
    expect(await titles('四象限', SearchType.BLOG)).toContain('用四象限法备考');
    expect((await t.call('/community/auth/blog/delete', { id }, student.headers)).code).toBe(200);
    expect(await titles('四象限', SearchType.BLOG)).not.toContain('用四象限法备考');
  });

  it('agrees with the post after many hide and show edits of it at once', async () => {
    const post = (await t.call('/community/api/blog/search/list', { keyword: '事件循环' })).data.list[0];
    const flips = Array.from({ length: 12 }, (_, i) =>
      t.call('/community/admin/blog/hide', { id: post.id, isHidden: i % 3 === 0 ? 0 : 1 }, admin),
    );
    expect((await Promise.all(flips)).every((r) => r.code === 200)).toBe(true);
    const hidden = (await t.call('/community/admin/blog/page', { keyword: post.title }, admin)).data.list[0].isHidden;
    const found = (await titles('事件循环', SearchType.BLOG)).includes(post.title);
    expect(found).toBe(hidden === 0);
    await t.call('/community/admin/blog/hide', { id: post.id, isHidden: 0 }, admin);
    expect(await titles('事件循环', SearchType.BLOG)).toContain(post.title);
  });

  it('never answers another site’s rows', async () => {
    await t.platform.db.insert(site).values({ id: 11n, siteName: '另一所学校' }).onConflictDoNothing();
    await t.platform.db
      .insert(blog)
      .values({ id: 9_000_001n, siteId: 11n, userId: 1n, title: '另一所学校的独家秘笈', isPublish: 1 });
    await t.services.search.changed(11n, SearchType.BLOG, 9_000_001n);
    expect(await titles('独家秘笈', SearchType.BLOG, '11')).toEqual(['另一所学校的独家秘笈']);
    expect(await titles('独家秘笈', SearchType.BLOG, '10')).toEqual([]);
    expect((await t.call('/community/api/blog/search/list', { keyword: '独家秘笈' })).data.totalCount).toBe(0);
  });

  it('hides a question from search when the administrator hides it', async () => {
    const found = (await t.call('/community/api/questions/search/list', { title: 'HashMap' })).data.list;
    expect(found.length).toBeGreaterThan(0);
    const id = found[0].id;
    await t.services.community.questions.setHidden(t.siteId, id, 1);
    expect(
      (await t.call('/community/api/questions/search/list', { title: 'HashMap' })).data.list.map(
        (q: { id: string }) => q.id,
      ),
    ).not.toContain(id);
    await t.services.community.questions.setHidden(t.siteId, id, 0);
  });
});
