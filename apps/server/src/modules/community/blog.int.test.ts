import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchType } from '#contract/search.ts';
import { contentSearch } from './community-search.source.ts';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { adminHeaders, newUser, type TestUser } from '../../testing/people.ts';
import { fail } from '../../platform/http/errors.ts';
import { BlogService } from './blog.service.ts';
import type { ContentGuard } from './content-guard.ts';

let t: TestApp;
let admin: { headers: { token: string } };
let author: TestUser;
let reader: TestUser;
let third: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminHeaders(t);
  author = await newUser(t, '13900021001', { nickname: '码农小王' });
  reader = await newUser(t, '13900021002', { nickname: '读者小李' });
  third = await newUser(t, '13900021003', { nickname: '路人小张' });
});
afterAll(async () => t?.close());

const post = {
  title: 'React 19 的服务端渲染',
  summary: '',
  content: '<h2>起步</h2><p>先看 <code>renderToPipeableStream</code>。</p><script>alert(1)</script>',
  tags: ['React', 'SSR'],
};
const inbox = async (who: TestUser) =>
  (await t.call('/user/auth/msg/user/list', {}, who.headers)).data.list.map((m: any) => m.msgText);

describe('blogs', () => {
  it('keeps a draft to its author until it is published, then lists it under latest and following', async () => {
    const draft = await t.call('/community/auth/blog/save', { ...post, isPublish: 0 }, author.headers);
    expect(draft.code).toBe(200);
    // the body is cleaned on the server; the summary is made from it
    expect(draft.data.content).not.toContain('<script');
    expect(draft.data.summary).toBe('起步 先看 renderToPipeableStream。');
    expect(draft.data).toMatchObject({ isPublish: 0, tags: ['React', 'SSR'], nickname: '码农小王', canEdit: 1 });
    const id = draft.data.id;

    expect(await t.call('/community/api/blog/view', { id })).toMatchObject({ code: 999, msg: '博客不存在或已删除' });
    expect((await t.call('/community/api/blog/list', {})).data.list.map((b: any) => b.id)).not.toContain(id);
    expect((await t.call('/community/auth/blog/list', { isPublish: 0 }, author.headers)).data.list[0].id).toBe(id);
    // someone else cannot edit it
    expect(await t.call('/community/auth/blog/update', { id, ...post, isPublish: 1 }, reader.headers)).toMatchObject({
      code: 999,
      msg: '只能修改或删除自己的博客',
    });

    const published = await t.call('/community/auth/blog/update', { id, ...post, isPublish: 1 }, author.headers);
    expect(published.data).toMatchObject({ isPublish: 1 });
    expect(published.data.publishTime).not.toBe('');
    expect(await t.call('/community/auth/blog/update', { id, ...post, isPublish: 0 }, author.headers)).toMatchObject({
      code: 999,
      msg: '已发布的博客不能改回草稿',
    });

    const latest = (await t.call('/community/api/blog/list', { tab: 1 })).data;
    expect(latest.list[0]).toMatchObject({ id, title: post.title, url: `/blog/article/${id}` });
    expect(latest.list[0].content).toBeUndefined();
    expect((await t.call('/community/api/blog/list', { tagName: 'SSR' })).data.list.map((b: any) => b.id)).toEqual([
      id,
    ]);
    expect((await t.call('/community/api/blog/list', { tagName: 'Vue' })).data.list).toEqual([]);

    // following: empty until the reader follows the author
    expect((await t.call('/community/auth/blog/attention/list', {}, reader.headers)).data.list).toEqual([]);
    expect((await t.call('/community/api/blog/list', { tab: 2 })).code).toBe(999);
    const follow = await t.call('/community/auth/fans/save', { bloggerUserId: author.id }, reader.headers);
    expect(follow.data).toEqual({ isFollow: 1, fansCount: 1 });
    // following twice counts once
    expect((await t.call('/community/auth/fans/save', { bloggerUserId: author.id }, reader.headers)).data).toEqual({
      isFollow: 1,
      fansCount: 1,
    });
    expect(await t.call('/community/auth/fans/save', { bloggerUserId: author.id }, author.headers)).toMatchObject({
      code: 999,
      msg: '不能关注自己',
    });
    expect((await t.call('/community/auth/blog/attention/list', {}, reader.headers)).data.list[0].id).toBe(id);
    expect((await t.call('/community/auth/fans/list', {}, author.headers)).data.list[0]).toMatchObject({
      userId: reader.id,
      nickname: '读者小李',
    });
    expect(await inbox(author)).toContain('读者小李 关注了你的博客');
    const card = (await t.call('/community/auth/blogger/view', { userId: author.id }, reader.headers)).data;
    expect(card).toMatchObject({ articleCount: 1, fansCount: 1, isFollow: 1 });
    await t.call('/community/auth/fans/delete', { bloggerUserId: author.id }, reader.headers);
    expect((await t.call('/community/api/blogger/view', { userId: author.id })).data.fansCount).toBe(0);
  });

  it('counts likes and collections once each, and every acknowledged view', async () => {
    const id = (await t.call('/community/auth/blog/save', { ...post, isPublish: 1 }, author.headers)).data.id;
    const views = await Promise.all(Array.from({ length: 20 }, () => t.call('/community/api/blog/view', { id })));
    expect(views.every((v) => v.code === 200)).toBe(true);
    expect(Math.max(...views.map((v) => v.data.viewCount))).toBe(20);
    // the views are in their counter; the post's row (and its hot score) is rewritten by the minute's fold only
    const { blogs } = t.services.community;
    const before = await blogs.repo.byId(t.siteId, BigInt(id));
    expect(before!.viewCount).toBe(0);
    expect(await blogs.viewCounts.fold()).toBeGreaterThanOrEqual(1);
    const stored = await blogs.repo.byId(t.siteId, BigInt(id));
    expect(stored!.viewCount).toBe(20);
    expect(stored!.hotScore!).toBeGreaterThan(before!.hotScore!);
    expect(await blogs.viewCounts.fold()).toBe(0);
    expect(
      (await t.call('/community/api/blog/list', { tab: 1 })).data.list.find((b: any) => b.id === id).viewCount,
    ).toBe(20);
    // the next view counts on from the folded count
    expect((await t.call('/community/api/blog/view', { id })).data.viewCount).toBe(21);

    const like = { blogId: id, recordType: 1 };
    await t.call('/community/auth/blog/user/record/save', like, reader.headers);
    expect((await t.call('/community/auth/blog/user/record/save', like, reader.headers)).data).toMatchObject({
      isLike: 1,
      likeCount: 1,
    });
    expect((await t.call('/community/auth/blog/stand', { blogId: id }, third.headers)).data.likeCount).toBe(2);
    expect((await t.call('/community/auth/blog/stand', { blogId: id }, third.headers)).data).toMatchObject({
      isLike: 0,
      likeCount: 1,
    });
    await t.call('/community/auth/blog/user/record/save', { blogId: id, recordType: 2 }, reader.headers);
    const seen = (await t.call('/community/auth/blog/view', { id }, reader.headers)).data;
    expect(seen).toMatchObject({ isLike: 1, isCollect: 1, likeCount: 1, collectionCount: 1, canEdit: 0 });
    expect((await t.call('/community/auth/blog/user/record/collection/list', {}, reader.headers)).data.list[0].id).toBe(
      id,
    );
    await t.call('/community/auth/blog/user/record/collection/delete', { blogId: id }, reader.headers);
    expect((await t.call('/community/auth/blog/user/record/collection/list', {}, reader.headers)).data.list).toEqual(
      [],
    );
    expect((await t.call('/community/api/blogger/view', { userId: author.id })).data.likeCount).toBe(1);
  });

  it('copies the counts of many posts into their rows a batch at a time, and views counted meanwhile later', async () => {
    const { blogs } = t.services.community;
    await blogs.viewCounts.fold();
    // an author of their own: the posting limit is ten an hour
    const writer = await newUser(t, '13900021004', { nickname: '计数的作者' });
    const ids: string[] = [];
    for (const title of ['一', '二', '三']) {
      const id = (await t.call('/community/auth/blog/save', { ...post, title, isPublish: 1 }, writer.headers)).data.id;
      for (let i = 0; i < ids.length + 1; i++) await t.call('/community/api/blog/view', { id });
      ids.push(id);
    }
    expect(await blogs.viewCounts.fold(2)).toBe(3);
    const stored = await Promise.all(ids.map((id) => blogs.repo.byId(t.siteId, BigInt(id))));
    expect(stored.map((r) => r!.viewCount)).toEqual([1, 2, 3]);
    await t.call('/community/api/blog/view', { id: ids[0] });
    expect(await blogs.viewCounts.fold(2)).toBe(1);
    expect((await blogs.repo.byId(t.siteId, BigInt(ids[0]!)))!.viewCount).toBe(2);
  });

  it('ranks the hot tab by response with time decay, and counts views of cached article pages', async () => {
    const older = (
      await t.call('/community/auth/blog/save', { ...post, title: '旧而热', isPublish: 1 }, author.headers)
    ).data.id;
    const newer = (
      await t.call('/community/auth/blog/save', { ...post, title: '新而冷', isPublish: 1 }, author.headers)
    ).data.id;
    const hotIds = async () =>
      (await t.call('/community/api/blog/list', { tab: 3, pageSize: 50 })).data.list.map((b: any) => b.id);
    // equal response: the newer post ranks higher
    expect((await hotIds()).indexOf(newer)).toBeLessThan((await hotIds()).indexOf(older));
    // the older one a day back with a hundred likes' worth of response outranks the fresh one
    await t.platform.db.execute(
      sql`update blog set publish_time = now() - interval '1 day', like_count = 400 where id = ${BigInt(older)}`,
    );
    await t.call('/community/auth/blog/stand', { blogId: older }, third.headers); // a write drops the cached lists
    const ranked = await hotIds();
    expect(ranked.indexOf(older)).toBeLessThan(ranked.indexOf(newer));

    // the page cache serves an article page without rendering it: the view still counts, a draft's never
    const before = (await t.services.community.blogs.repo.byId(t.siteId, BigInt(newer)))!.viewCount;
    await t.services.community.countCachedPage(t.siteId, `/blog/article/${newer}`);
    await t.services.community.countCachedPage(t.siteId, `/blog/article/${newer}`);
    await t.services.community.countCachedPage(t.siteId, `/blog/article/${newer}x`);
    await t.services.community.blogs.viewCounts.fold();
    expect((await t.services.community.blogs.repo.byId(t.siteId, BigInt(newer)))!.viewCount).toBe(before + 2);
    const draft = (await t.call('/community/auth/blog/save', { ...post, isPublish: 0 }, author.headers)).data.id;
    await t.services.community.countCachedPage(t.siteId, `/blog/article/${draft}`);
    await t.services.community.blogs.viewCounts.fold();
    expect((await t.services.community.blogs.repo.byId(t.siteId, BigInt(draft)))!.viewCount).toBe(0);
  });

  it('keeps comments two levels deep, tells the authors, and lets only the right people delete', async () => {
    const blog = (await t.call('/community/auth/blog/save', { ...post, isPublish: 1 }, author.headers)).data;
    const c1 = (
      await t.call('/community/auth/blog/comment/save', { blogId: blog.id, content: '写得很清楚' }, reader.headers)
    ).data;
    const r1 = (
      await t.call(
        '/community/auth/blog/comment/save',
        { blogId: blog.id, parentId: c1.id, content: '谢谢支持' },
        author.headers,
      )
    ).data;
    // a reply to a reply stays under the first comment and names whom it answers
    const r2 = (
      await t.call(
        '/community/auth/blog/comment/save',
        { blogId: blog.id, parentId: r1.id, content: '期待下一篇' },
        third.headers,
      )
    ).data;
    expect(r2).toMatchObject({ parentId: c1.id, replyNickname: '码农小王' });
    expect(await inbox(author)).toContain(`读者小李 评论了你的博客《${post.title}》：写得很清楚`);
    expect(await inbox(reader)).toContain(`码农小王 回复了你在《${post.title}》下的评论：谢谢支持`);

    const asThird = (await t.call('/community/auth/blog/comment/list', { blogId: blog.id }, third.headers)).data;
    expect(asThird.totalCount).toBe(1);
    expect(asThird.list[0].replyList.map((r: any) => [r.content, r.canDelete])).toEqual([
      ['谢谢支持', 0],
      ['期待下一篇', 1],
    ]);
    expect(asThird.list[0].canDelete).toBe(0);
    expect((await t.call('/community/api/blog/view', { id: blog.id })).data.commentCount).toBe(3);

    expect(await t.call('/community/auth/blog/comment/delete', { id: c1.id }, third.headers)).toMatchObject({
      code: 999,
      msg: '只能删除自己的评论，或自己博客下的评论',
    });
    // the post's author deletes the first comment, and its replies go with it
    expect((await t.call('/community/auth/blog/comment/delete', { id: c1.id }, author.headers)).code).toBe(200);
    expect((await t.call('/community/api/blog/comment/list', { blogId: blog.id })).data.list).toEqual([]);
    expect((await t.call('/community/api/blog/view', { id: blog.id })).data.commentCount).toBe(0);
  });

  it('reads many readers’ posts together, each reader getting their own', async () => {
    // written straight into the table: the posting limit is ten an hour
    await t.platform.db.execute(sql`
      insert into blog (id, site_id, user_id, title, content, is_publish, publish_time)
      select 561000000 + g, ${t.siteId}::bigint, ${BigInt(author.id)}::bigint, '同时读的第 ' || g || ' 篇', '<p>正文</p>', 1, now()
      from generate_series(1, 3) g`);
    const ids = ['561000001', '561000002', '561000003'];
    const read = (id: string) => t.call('/community/api/blog/view', { id });
    const [a, b, missing, c] = await Promise.all([read(ids[0]!), read(ids[1]!), read('990000000000'), read(ids[2]!)]);
    expect([a, b, c].map((r) => r.data.title)).toEqual(['同时读的第 1 篇', '同时读的第 2 篇', '同时读的第 3 篇']);
    expect(missing).toMatchObject({ code: 999 });
    expect(missing.data).toBeNull();
  });

  it('pages first-level comments newest first, each with its own visible replies', async () => {
    const blog = (await t.call('/community/auth/blog/save', { ...post, isPublish: 1 }, author.headers)).data;
    // more comments than one page (written straight into the table: the posting limit is ten an hour)
    await t.platform.db.execute(sql`
      insert into blog_comment (id, site_id, blog_id, user_id, parent_id, content, is_hidden)
      select 560000000 + g, ${t.siteId}::bigint, ${BigInt(blog.id)}::bigint, ${BigInt(reader.id)}::bigint, null::bigint, '第 ' || g || ' 条', 0
        from generate_series(1, 12) g
      union all select 560000013, ${t.siteId}::bigint, ${BigInt(blog.id)}::bigint, ${BigInt(reader.id)}::bigint, null, '被隐藏的评论', 1
      union all select 560000100 + g, ${t.siteId}::bigint, ${BigInt(blog.id)}::bigint, ${BigInt(third.id)}::bigint, 560000001,
          '回复 ' || g, case when g = 3 then 1 else 0 end
        from generate_series(1, 3) g
      union all select 560000200, ${t.siteId}::bigint, ${BigInt(blog.id)}::bigint, ${BigInt(third.id)}::bigint, 560000012, '回复最新的', 0`);
    const list = async (pageCurrent: number) =>
      (await t.call('/community/api/blog/comment/list', { blogId: blog.id, pageCurrent, pageSize: 10 })).data;
    const first = await list(1);
    expect(first.totalCount).toBe(12);
    expect(first.list.map((c: any) => c.content).slice(0, 2)).toEqual(['第 12 条', '第 11 条']);
    expect(first.list[0].replyList.map((r: any) => r.content)).toEqual(['回复最新的']);
    const second = await list(2);
    expect(second.totalCount).toBe(12);
    expect(second.list.map((c: any) => [c.content, c.replyList.map((r: any) => r.content)])).toEqual([
      ['第 2 条', []],
      ['第 1 条', ['回复 1', '回复 2']],
    ]);
  });

  it('lets an administrator hide, restore, recommend and delete posts and comments', async () => {
    const blog = (await t.call('/community/auth/blog/save', { ...post, title: '待审核', isPublish: 1 }, author.headers))
      .data;
    const c = (await t.call('/community/auth/blog/comment/save', { blogId: blog.id, content: '广告' }, third.headers))
      .data;
    expect((await t.call('/community/auth/blog/save', post, reader.headers)).code).toBe(200);
    // users cannot reach the admin calls
    expect((await t.call('/community/admin/blog/hide', { id: blog.id, isHidden: 1 }, reader.headers)).code).toBe(306);

    // each read below follows a read of the post a moment before: every change shows on the next read
    const shown = async () => (await t.call('/community/api/blog/view', { id: blog.id })).data;
    expect((await shown()).commentCount).toBe(1);
    await t.call('/community/admin/blog/comment/hide', { id: c.id, isHidden: 1 }, admin);
    expect((await t.call('/community/api/blog/comment/list', { blogId: blog.id })).data.list).toEqual([]);
    expect((await shown()).commentCount).toBe(0);
    await t.call('/community/admin/blog/comment/hide', { id: c.id, isHidden: 0 }, admin);
    expect((await t.call('/community/api/blog/comment/list', { blogId: blog.id })).data.totalCount).toBe(1);
    expect((await shown()).commentCount).toBe(1);
    const edit = { ...post, id: blog.id, title: '待审核（修订）', isPublish: 1 };
    expect((await t.call('/community/auth/blog/update', edit, author.headers)).code).toBe(200);
    expect((await shown()).title).toBe('待审核（修订）');

    await t.call('/community/admin/blog/recommend', { id: blog.id, isRecommend: 1 }, admin);
    expect((await t.call('/community/api/article/recommend/list', {})).data.map((b: any) => b.id)).toContain(blog.id);

    await t.call('/community/admin/blog/hide', { id: blog.id, isHidden: 1 }, admin);
    expect((await t.call('/community/api/blog/view', { id: blog.id })).code).toBe(999);
    expect((await t.call('/community/api/blog/list', {})).data.list.map((b: any) => b.id)).not.toContain(blog.id);
    // the author still sees it, marked hidden
    expect((await t.call('/community/auth/blog/view', { id: blog.id }, author.headers)).data.isHidden).toBe(1);
    const reportable = t.services.community.moderation.reportable('blog')!;
    expect(await reportable.describe(t.siteId, BigInt(blog.id))).toMatchObject({
      title: '待审核（修订）',
      hidden: true,
    });
    await reportable.restore(t.siteId, BigInt(blog.id));
    expect((await t.call('/community/api/blog/view', { id: blog.id })).code).toBe(200);

    const page = (await t.call('/community/admin/blog/page', { keyword: '待审核' }, admin)).data;
    expect(page.list.map((b: any) => b.id)).toEqual([blog.id]);
    expect((await t.call('/community/admin/blog/delete', { id: blog.id }, admin)).code).toBe(200);
    expect((await t.call('/community/api/blog/view', { id: blog.id })).code).toBe(999);
    expect((await t.call('/community/admin/blog/comment/page', { keyword: '广告' }, admin)).data.list).toEqual([]);
  });

  it('keeps a blogger’s counts of posts and likes with every change of a post, many at once included', async () => {
    const writer = await newUser(t, '13900021005', { nickname: '被计数的博主' });
    const ids: string[] = [];
    for (const title of ['甲', '乙', '丙', '丁'])
      ids.push((await t.call('/community/auth/blog/save', { ...post, title, isPublish: 1 }, writer.headers)).data.id);
    await t.call('/community/auth/blog/save', { ...post, title: '草稿' }, writer.headers);
    const card = async () => (await t.call('/community/api/blogger/view', { userId: writer.id })).data;
    expect(await card()).toMatchObject({ articleCount: 4, likeCount: 0 });

    await t.call('/community/auth/blog/stand', { blogId: ids[0] }, reader.headers);
    await t.call('/community/auth/blog/stand', { blogId: ids[0] }, third.headers);
    await t.call('/community/auth/blog/stand', { blogId: ids[1] }, third.headers);
    expect(await card()).toMatchObject({ articleCount: 4, likeCount: 3 });
    await t.call('/community/admin/blog/hide', { id: ids[0], isHidden: 1 }, admin);
    expect(await card()).toMatchObject({ articleCount: 3, likeCount: 1 });
    // hidden from the report queue: the counts follow it too
    await t.services.community.moderation.reportable('blog')!.hide(t.siteId, BigInt(ids[1]!));
    expect(await card()).toMatchObject({ articleCount: 2, likeCount: 0 });

    // forty hides and shows of the four posts at once: the counts end as a count of the rows says
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        t.call('/community/admin/blog/hide', { id: ids[i % 4], isHidden: (i >> 2) % 2 }, admin),
      ),
    );
    const truth = await t.platform.db.execute<{ n: number; likes: number }>(sql`
      select count(*)::int as n, coalesce(sum(like_count), 0)::int as likes from blog
      where site_id = ${t.siteId} and user_id = ${BigInt(writer.id)} and is_publish = 1 and is_hidden = 0`);
    const { n, likes } = truth.rows[0]!;
    expect(await card()).toMatchObject({ articleCount: n, likeCount: likes });

    for (const id of ids) await t.call('/community/admin/blog/hide', { id, isHidden: 0 }, admin);
    expect(await card()).toMatchObject({ articleCount: 4, likeCount: 3 });
    await t.call('/community/admin/blog/delete', { id: ids[0] }, admin);
    expect(await card()).toMatchObject({ articleCount: 3, likeCount: 1 });
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const before = (await t.call('/community/auth/blog/list', {}, author.headers)).data.totalCount;
    const cases: [unknown, string][] = [
      [{ ...post, title: '' }, '请填写标题'],
      [{ ...post, tags: ['a', 'b', 'c', 'd', 'e', 'f'] }, '最多添加 5 个标签'],
      [{ ...post, tags: ['一,二'] }, '标签里不能有逗号'],
      [{ ...post, content: '<p> </p>', isPublish: 1 }, '请填写正文后再发布'],
      [{ ...post, artPic: 'javascript:alert(1)' }, '图片地址不正确，请重新上传'],
    ];
    for (const [body, msg] of cases) {
      expect(await t.call('/community/auth/blog/save', body, author.headers)).toMatchObject({ code: 999, msg });
    }
    expect((await t.call('/community/api/blog/view', { id: '12345' })).code).toBe(999);
    expect((await t.call('/community/api/blog/list', { tab: 9 })).code).toBe(999);
    expect((await t.call('/community/auth/blog/list', {}, author.headers)).data.totalCount).toBe(before);
  });

  it('asks the content guard, whose refusal stores nothing', async () => {
    const guard: ContentGuard = {
      async checkWords(_siteId, fields) {
        for (const f of fields)
          if (f.text.includes('违禁词')) throw fail(`${f.label}含有敏感词「违禁词」，请修改后再提交`);
      },
      async takePostingSlot() {},
    };
    const { bloggers } = t.services.community;
    const guarded = new BlogService(
      t.platform,
      bloggers,
      t.services.system,
      guard,
      contentSearch(t.services.search, SearchType.BLOG),
      t.services.community.feed,
    );
    const before = (await t.call('/community/auth/blog/list', {}, author.headers)).data.totalCount;
    await expect(
      guarded.save(t.siteId, BigInt(author.id), { ...post, artPic: '', content: '<p>这里有违禁词</p>', isPublish: 1 }),
    ).rejects.toThrow('正文含有敏感词「违禁词」，请修改后再提交');
    expect((await t.call('/community/auth/blog/list', {}, author.headers)).data.totalCount).toBe(before);
  });
});
