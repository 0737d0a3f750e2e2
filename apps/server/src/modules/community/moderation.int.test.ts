import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCache } from '../../platform/cache.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { adminHeaders, newUser, type TestUser } from '../../testing/people.ts';
import type { ContentKind, ReportableContent, ReportedTarget } from './content-guard.ts';
import { ModerationService } from './moderation.service.ts';
import { moderationRepo } from './moderation.repo.ts';

let t: TestApp;
let admin: { headers: { token: string } };
let author: TestUser;
let reader: TestUser;
let other: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminHeaders(t);
  author = await newUser(t, '13900003001', { nickname: '写作者' });
  reader = await newUser(t, '13900003002', { nickname: '读者甲' });
  other = await newUser(t, '13900003003', { nickname: '读者乙' });
});
afterAll(async () => t?.close());

const guard = () => t.services.community.moderation;
const words = (body: object = {}) => t.call('/community/admin/sensitive-word/list', body, admin);
const addWords = (text: string) => t.call('/community/admin/sensitive-word/save', { words: text }, admin);
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => '',
    (e: Error) => e.message,
  );

describe('the sensitive-word list', () => {
  it('starts with the demo words, newest first, searchable', async () => {
    const page = (await words({ pageSize: 100 })).data;
    expect(page.list.map((w: { word: string }) => w.word)).toEqual(expect.arrayContaining(['代开发票', '加微信刷单']));
    expect((await words({ word: '刷单' })).data.list.every((w: { word: string }) => w.word.includes('刷单'))).toBe(
      true,
    );
  });

  it('adds many at once, one a line: trimmed, deduplicated, existing ones skipped, named after the admin', async () => {
    const res = await addWords(' 办证 \n\n刷钻\n办证\r\n代开发票\n办 证\n');
    expect(res).toMatchObject({ code: 200, data: { added: 2, skipped: 3 } });
    const [newest] = (await words({ word: '刷钻' })).data.list;
    expect(newest).toMatchObject({ word: '刷钻', addedBy: expect.any(String) });
    expect(newest.gmtCreate).toMatch(/^\d{4}-\d{2}-\d{2} /);
  });

  it('refuses an empty list and a word too long, adding nothing', async () => {
    const before = (await words()).data.totalCount;
    expect((await addWords(' \n \n')).msg).toBe('请填写敏感词，每行一个');
    expect((await addWords(`好词\n${'长'.repeat(31)}`)).msg).toMatch(/超过 30 个字/);
    expect((await words()).data.totalCount).toBe(before);
  });

  it('is checked on save as soon as it changes, naming the field and the word', async () => {
    const fields = (text: string) => [
      { label: '标题', text: '一篇笔记' },
      { label: '正文', text },
    ];
    await expect(guard().checkWords(t.siteId, fields('<p>学习心得</p>'))).resolves.toBeUndefined();
    expect(await refusal(guard().checkWords(t.siteId, fields('<p>有需要请<b>加微 信</b>刷单</p>')))).toBe(
      '「正文」包含敏感词「加微信刷单」，请修改后再提交',
    );
    await addWords('学习心得');
    expect(await refusal(guard().checkWords(t.siteId, fields('<p>学习心得</p>')))).toBe(
      '「正文」包含敏感词「学习心得」，请修改后再提交',
    );
    const [w] = (await words({ word: '学习心得' })).data.list;
    expect((await t.call('/community/admin/sensitive-word/delete', { id: w.id }, admin)).code).toBe(200);
    await expect(guard().checkWords(t.siteId, fields('<p>学习心得</p>'))).resolves.toBeUndefined();
    expect((await t.call('/community/admin/sensitive-word/delete', { id: w.id }, admin)).msg).toBe(
      '敏感词不存在或已删除',
    );
  });
});

describe('posting limits', () => {
  it('allows a kind its hourly number per user, then says how long to wait', async () => {
    const me = BigInt(author.id);
    for (let i = 0; i < 10; i++) await guard().takePostingSlot(t.siteId, me, 'question');
    expect(await refusal(guard().takePostingSlot(t.siteId, me, 'question'))).toMatch(
      /^发布太频繁，请 (60|59) 分钟后再试$/,
    );
    // another kind, and another user, have their own counts
    await expect(guard().takePostingSlot(t.siteId, me, 'answer')).resolves.toBeUndefined();
    await expect(guard().takePostingSlot(t.siteId, BigInt(reader.id), 'question')).resolves.toBeUndefined();
  });
});

/** A piece of content the queue can act on, standing in for a comment of the blog domain. */
function fakeComments(kind: ContentKind) {
  const pieces = new Map<bigint, ReportedTarget>();
  const calls: string[] = [];
  const reportable: ReportableContent = {
    kind,
    async describe(_siteId, id) {
      const p = pieces.get(id);
      return p ? { ...p } : null;
    },
    async hide(_siteId, id) {
      calls.push(`hide ${id}`);
      pieces.get(id)!.hidden = true;
    },
    async restore(_siteId, id) {
      calls.push(`restore ${id}`);
      pieces.get(id)!.hidden = false;
    },
  };
  return { pieces, calls, reportable };
}

describe('reports', () => {
  const fake = fakeComments('blogComment');
  const report = (u: TestUser, targetId: bigint, reason = 'spam', text = '') =>
    t.call('/community/auth/report/save', { kind: 'blogComment', targetId: String(targetId), reason, text }, u.headers);
  const queue = async (body: object = {}) => (await t.call('/community/admin/report/page', body, admin)).data;
  const spam = 9_000_001n;
  const fine = 9_000_002n;

  beforeAll(() => {
    fake.pieces.set(spam, {
      title: '评论：快来加群',
      url: '/blog/article/1#comment-9000001',
      authorId: BigInt(author.id),
      hidden: false,
    });
    fake.pieces.set(fine, {
      title: '评论：写得好',
      url: '/blog/article/1#comment-9000002',
      authorId: BigInt(author.id),
      hidden: false,
    });
    const own = guard().reportable.bind(guard());
    vi.spyOn(guard(), 'reportable').mockImplementation((kind) =>
      kind === 'blogComment' ? fake.reportable : own(kind),
    );
  });
  afterAll(() => vi.restoreAllMocks());

  it('takes one pending report per reporter per target, and refuses what cannot be reported', async () => {
    expect(await report(reader, spam, 'spam', '广告')).toMatchObject({ code: 200 });
    expect((await report(reader, spam, 'abuse')).msg).toBe('您已举报过该内容，管理员处理前无需重复举报');
    expect(await report(other, spam, 'spam')).toMatchObject({ code: 200 });
    expect((await report(author, spam)).msg).toBe('不能举报自己发布的内容');
    expect((await report(reader, 9_000_999n)).msg).toBe('举报的内容不存在或已删除');
    expect((await report(reader, spam, 'nonsense')).msg).toBe('请选择举报原因');
    expect(
      (await t.call('/community/auth/report/save', { kind: 'blogComment', targetId: '1', reason: 'spam' })).code,
    ).toBe(302);
    expect((await report(reader, fine, 'other', '看不懂')).code).toBe(200);
  });

  it('shows the queue pending first, with the target, its author and its count of reports', async () => {
    const page = await queue({ statusId: 1 });
    expect(page.totalCount).toBe(3);
    const onSpam = page.list.filter((r: { targetId: string }) => r.targetId === String(spam));
    expect(onSpam[0]).toMatchObject({
      kind: 'blogComment',
      kindName: '博客评论',
      targetTitle: '评论：快来加群',
      targetUrl: '/blog/article/1#comment-9000001',
      targetAuthor: '写作者',
      pendingCount: 2,
      status: 'pending',
      statusName: '待处理',
    });
    expect(page.list.map((r: { reporter: string }) => r.reporter)).toEqual(['读者甲', '读者乙', '读者甲']);
    expect((await t.call('/community/admin/report/count', {}, admin)).data.pendingCount).toBe(3);
    expect((await t.call('/system/admin/dashboard/view', {}, admin)).data.waiting.reports).toBe(3);
  });

  it('hides the target through its owner and settles every pending report of it', async () => {
    const [first] = (await queue({ statusId: 1 })).list;
    const res = await t.call('/community/admin/report/hide', { id: first.id }, admin);
    expect(res.data).toMatchObject({
      status: 'hidden',
      targetHidden: true,
      pendingCount: 0,
      handledBy: expect.any(String),
    });
    expect(res.data.handledAt).not.toBe('');
    expect(fake.calls).toEqual([`hide ${spam}`]);
    expect((await queue({ statusId: 2 })).totalCount).toBe(2);
    expect((await t.call('/community/admin/report/hide', { id: first.id }, admin)).msg).toBe('该内容已经隐藏');
    // a hidden piece takes no more reports; a settled one may be reported again once shown
    expect((await report(reader, spam)).msg).toBe('该内容已被管理员隐藏，无需再举报');
    // handled reports come after the waiting one
    expect((await queue()).list.map((r: { status: string }) => r.status)).toEqual(['pending', 'hidden', 'hidden']);
  });

  it('restores a hidden target, dismissing its reports; dismisses a harmless one', async () => {
    const hidden = (await queue({ statusId: 2 })).list[0];
    const restored = await t.call('/community/admin/report/restore', { id: hidden.id }, admin);
    expect(restored.data).toMatchObject({ status: 'dismissed', targetHidden: false });
    expect(fake.calls).toEqual([`hide ${spam}`, `restore ${spam}`]);
    expect((await t.call('/community/admin/report/restore', { id: hidden.id }, admin)).msg).toBe(
      '该内容没有被隐藏，无需恢复',
    );
    const [waiting] = (await queue({ statusId: 1 })).list;
    expect((await t.call('/community/admin/report/dismiss', { id: waiting.id }, admin)).data).toMatchObject({
      status: 'dismissed',
      targetHidden: false,
    });
    expect((await t.call('/community/admin/report/dismiss', { id: waiting.id }, admin)).msg).toBe('该举报已经处理过了');
    expect(fake.pieces.get(fine)!.hidden).toBe(false);
    expect((await t.call('/community/admin/report/count', {}, admin)).data.pendingCount).toBe(0);
  });

  it('answers a report of a deleted piece without failing', async () => {
    expect((await report(other, fine, 'abuse')).code).toBe(200);
    fake.pieces.delete(fine);
    const [row] = (await queue({ statusId: 1 })).list;
    expect(row).toMatchObject({ targetGone: true, targetTitle: '' });
    expect((await t.call('/community/admin/report/hide', { id: row.id }, admin)).msg).toBe(
      '被举报的内容已被删除，请驳回该举报',
    );
    expect((await t.call('/community/admin/report/dismiss', { id: row.id }, admin)).code).toBe(200);
  });
});

describe('authorization', () => {
  it('keeps users and visitors out of every administrator call', async () => {
    const calls = [
      'sensitive-word/list',
      'sensitive-word/save',
      'sensitive-word/delete',
      'report/page',
      'report/hide',
      'report/restore',
      'report/dismiss',
      'report/count',
    ];
    for (const c of calls) {
      const body = { id: '1', words: '不该加上' };
      expect((await t.call(`/community/admin/${c}`, body, reader.headers)).code, c).toBe(306);
      expect((await t.call(`/community/admin/${c}`, body)).code, c).toBe(302);
    }
    expect((await words({ word: '不该加上' })).data.totalCount).toBe(0);
  });
});

describe.runIf(process.env.REDIS_URL)('two processes sharing Redis', () => {
  it('count posting against one limit and drop the word list in both when it changes', async () => {
    const cache = await createCache(process.env.REDIS_URL, t.platform.config.redisPrefix);
    try {
      const second = new ModerationService({ ...t.platform, cache }, moderationRepo(t.platform.db));
      const me = BigInt(other.id);
      for (let i = 0; i < 5; i++) await guard().takePostingSlot(t.siteId, me, 'blog');
      for (let i = 0; i < 5; i++) await second.takePostingSlot(t.siteId, me, 'blog');
      expect(await refusal(guard().takePostingSlot(t.siteId, me, 'blog'))).toMatch(/^发布太频繁/);
      expect(await refusal(second.takePostingSlot(t.siteId, me, 'blog'))).toMatch(/^发布太频繁/);

      const body = [{ label: '正文', text: '跨进程的新词' }];
      await expect(second.checkWords(t.siteId, body)).resolves.toBeUndefined();
      await addWords('跨进程的新词');
      await vi.waitFor(async () => expect(await refusal(second.checkWords(t.siteId, body))).toMatch(/跨进程的新词/));
    } finally {
      await cache.close();
    }
  });
});
