import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { adminHeaders, drainJobs, newUser, type TestUser } from '../../testing/people.ts';
import { blog } from '../../db/schema/community-blog.ts';
import { blogFeed } from '../../db/schema/community-blog-feed.ts';
import { FEED_BACK_FILL, FEED_BATCH } from './blog-feed.ts';

let t: TestApp;
let admin: { headers: { token: string } };
let author: TestUser;
let fan: TestUser;
let other: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminHeaders(t);
  author = await newUser(t, '13900054001', { nickname: '写作的人' });
  fan = await newUser(t, '13900054002', { nickname: '关注的人' });
  other = await newUser(t, '13900054003', { nickname: '另一位作者' });
});
afterAll(async () => t?.close());

const publish = async (who: TestUser, title: string) =>
  (
    await t.call(
      '/community/auth/blog/save',
      { title, summary: '', artPic: '', content: `<p>${title}的正文</p>`, tags: [], isPublish: 1 },
      who.headers,
    )
  ).data.id as string;
const feedOf = async (who: TestUser, q: object = {}) =>
  (await t.call('/community/auth/blog/attention/list', q, who.headers)).data;
const idsOf = async (who: TestUser) => (await feedOf(who)).list.map((b: { id: string }) => b.id);
const inboxRows = async (blogId: string) =>
  (
    await t.platform.db
      .select({ n: count() })
      .from(blogFeed)
      .where(and(eq(blogFeed.siteId, t.siteId), eq(blogFeed.blogId, BigInt(blogId))))
  )[0]!.n;

describe('the 关注 tab by fan-out on write', () => {
  it('brings an author’s latest posts with a follow, and every new post to the fan’s inbox', async () => {
    const old = await publish(author, '关注之前写的');
    expect(await idsOf(fan)).toEqual([]);
    await t.call('/community/auth/fans/save', { bloggerUserId: author.id }, fan.headers);
    expect(await idsOf(fan)).toEqual([old]);

    const fresh = await publish(author, '关注之后写的');
    // in the inbox when the publish answers (the author has few fans), newest first
    expect(await inboxRows(fresh)).toBe(1);
    expect(await idsOf(fan)).toEqual([fresh, old]);
    // a draft is nobody's news; publishing it is
    const draft = (
      await t.call(
        '/community/auth/blog/save',
        { title: '草稿', summary: '', artPic: '', content: '<p>还没写完</p>', tags: [], isPublish: 0 },
        author.headers,
      )
    ).data;
    expect(await idsOf(fan)).toEqual([fresh, old]);
    await t.call(
      '/community/auth/blog/update',
      { id: draft.id, title: '草稿', summary: '', artPic: '', content: '<p>写完了</p>', tags: [], isPublish: 1 },
      author.headers,
    );
    expect(await idsOf(fan)).toEqual([draft.id, fresh, old]);
    // someone the fan does not follow stays out
    await publish(other, '不相干的文章');
    expect(await idsOf(fan)).toEqual([draft.id, fresh, old]);
  });

  it('takes out a hidden or deleted post, and puts back a restored one', async () => {
    const id = await publish(author, '会被隐藏的文章');
    expect((await idsOf(fan))[0]).toBe(id);
    await t.call('/community/admin/blog/hide', { id, isHidden: 1 }, admin);
    expect(await idsOf(fan)).not.toContain(id);
    expect(await inboxRows(id)).toBe(0);
    await t.call('/community/admin/blog/hide', { id, isHidden: 0 }, admin);
    expect((await idsOf(fan))[0]).toBe(id);
    await t.call('/community/auth/blog/delete', { id }, author.headers);
    expect(await idsOf(fan)).not.toContain(id);
    expect(await inboxRows(id)).toBe(0);
  });

  it('never shows a post hidden behind the inbox’s back, and drops its entry', async () => {
    const id = await publish(author, '绕过收件箱隐藏的文章');
    // as if an administrator's hide committed while a fan-out job was still writing this post
    await t.platform.db
      .update(blog)
      .set({ isHidden: 1 })
      .where(and(eq(blog.siteId, t.siteId), eq(blog.id, BigInt(id))));
    expect(await inboxRows(id)).toBe(1);
    const page = await feedOf(fan);
    expect(page.list.map((b: { id: string }) => b.id)).not.toContain(id);
    expect(page.list.length).toBe(page.totalCount);
    expect(await inboxRows(id)).toBe(0);
  });

  it('shows a post kept for its many fans as it stands after a like, an edit or a hide', async () => {
    const id = await publish(author, '很多人在读的文章');
    const shownIn = async () => (await feedOf(fan)).list.find((b: { id: string }) => b.id === id);
    // read twice: the post's row is now kept for the next fans
    expect((await shownIn()).likeCount).toBe(0);
    expect((await shownIn()).likeCount).toBe(0);
    await t.call('/community/auth/blog/stand', { blogId: id }, other.headers);
    expect((await shownIn()).likeCount).toBe(1);
    await t.call(
      '/community/auth/blog/update',
      { id, title: '改过标题的文章', summary: '', artPic: '', content: '<p>改过</p>', tags: [], isPublish: 1 },
      author.headers,
    );
    expect((await shownIn()).title).toBe('改过标题的文章');
    // hidden behind this process's back while kept: the inbox's page still asks whether it may be read
    await t.platform.db
      .update(blog)
      .set({ isHidden: 1 })
      .where(and(eq(blog.siteId, t.siteId), eq(blog.id, BigInt(id))));
    expect(await shownIn()).toBeUndefined();
  });

  it('empties the author’s posts from the fan’s inbox on unfollow, and back-fills only the latest on a follow', async () => {
    await t.call('/community/auth/fans/delete', { bloggerUserId: author.id }, fan.headers);
    expect(await idsOf(fan)).toEqual([]);
    // more posts than a follow brings in (written straight into the table: the posting limit is ten an hour)
    const prolific = await newUser(t, '13900054005', { nickname: '高产作者' });
    await t.platform.db.execute(sql`
      insert into blog (id, site_id, user_id, title, is_publish, publish_time)
      select 543000000 + g, ${t.siteId}, ${BigInt(prolific.id)}, '第 ' || g || ' 篇', 1, now() - make_interval(hours => 100 - g)
      from generate_series(1, ${FEED_BACK_FILL + 2}) g`);
    await t.call('/community/auth/fans/save', { bloggerUserId: prolific.id }, fan.headers);
    const first = await feedOf(fan);
    expect(first.totalCount).toBe(FEED_BACK_FILL);
    expect(first.list[0].title).toBe(`第 ${FEED_BACK_FILL + 2} 篇`);
    const second = await feedOf(fan, { pageCurrent: 2, pageSize: 15 });
    expect(second.list.map((b: { title: string }) => b.title).at(-1)).toBe('第 3 篇');
    await t.call('/community/auth/fans/delete', { bloggerUserId: prolific.id }, fan.headers);
    expect(await idsOf(fan)).toEqual([]);
  });

  it('delivers to an author’s many fans in batches through the job queue', async () => {
    const fans = FEED_BATCH + 300;
    const popular = await newUser(t, '13900054004', { nickname: '大V' });
    await t.platform.db.execute(sql`
      insert into blogger_follow (id, site_id, user_id, blogger_user_id)
      select 540000000 + g, ${t.siteId}, 541000000 + g, ${BigInt(popular.id)} from generate_series(1, ${fans}) g`);
    const id = await publish(popular, '很多人关注的作者的新文章');
    // the publish answered after the first batch; the rest is queued
    expect(await inboxRows(id)).toBe(FEED_BATCH);
    await drainJobs(t);
    expect(await inboxRows(id)).toBe(fans);
  });

  it('answers pages asked for together from one read, each with its own fan’s entries', async () => {
    await t.call('/community/auth/fans/save', { bloggerUserId: author.id }, fan.headers);
    const { repo } = t.services.community.feed;
    const asks = [
      [t.siteId, BigInt(fan.id), { pageCurrent: 1, pageSize: 2 }],
      [t.siteId, BigInt(other.id), { pageCurrent: 1, pageSize: 20 }],
      [t.siteId, BigInt(fan.id), { pageCurrent: 2, pageSize: 2 }],
      [t.siteId + 1n, BigInt(fan.id), { pageCurrent: 1, pageSize: 20 }],
    ] as const;
    const apart = [];
    for (const [site, who, q] of asks) apart.push(await repo.page(site, who, q));
    const together = await Promise.all(asks.map(([site, who, q]) => repo.page(site, who, q)));
    expect(together).toEqual(apart);
    expect(apart[0]).toHaveLength(2);
    expect(apart[2]!.length).toBeGreaterThan(0);
    expect(apart[2]!.map((e) => e.entry)).not.toContain(apart[0]![0]!.entry);
    expect(apart[1]).toEqual([]);
  });

  it('never shows another site’s inbox', async () => {
    const otherSite = t.siteId + 1n;
    const foreign = 542000000n;
    await t.platform.db.insert(blog).values({
      id: foreign,
      siteId: otherSite,
      userId: BigInt(author.id),
      title: '别的网校的文章',
      isPublish: 1,
      publishTime: new Date(),
    });
    await t.platform.db.insert(blogFeed).values({
      siteId: otherSite,
      userId: BigInt(fan.id),
      publishTime: new Date(),
      blogId: foreign,
      authorId: BigInt(author.id),
    });
    const { feed } = t.services.community;
    // the row is a real entry of the other site's inbox…
    expect((await feed.page(otherSite, BigInt(fan.id), { pageCurrent: 1, pageSize: 20 })).ids).toEqual([foreign]);
    // …and never part of this site's
    await t.call('/community/auth/fans/save', { bloggerUserId: author.id }, fan.headers);
    const here = await idsOf(fan);
    expect(here.length).toBeGreaterThan(0);
    expect(here).not.toContain(String(foreign));
  });
});
