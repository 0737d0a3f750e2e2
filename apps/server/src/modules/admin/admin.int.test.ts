import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.call('/system/api/admin/login', { loginName: 'admin', password: 'Demo1234' });
  expect(res.code).toBe(200);
  token = res.data.token;
});
afterAll(async () => t?.close());

const as = (tok: string) => ({ headers: { token: tok } });

describe('admin login and guard', () => {
  it('sets an HttpOnly admin cookie on login', async () => {
    const res = await t.raw({
      method: 'POST',
      url: '/apis/system/api/admin/login',
      headers: { 'content-type': 'application/json' },
      payload: { loginName: 'admin', password: 'Demo1234' },
    });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toContain('RC_ADMIN_TOKEN=');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
  });

  it('answers 302 without a token and 302 with a bad one', async () => {
    expect((await t.call('/system/admin/info/view')).code).toBe(302);
    expect((await t.call('/system/admin/info/view', {}, as('nope'))).code).toBe(302);
  });

  it('knows the administrator by header token and by cookie', async () => {
    expect((await t.call('/system/admin/info/view', {}, as(token))).data.loginName).toBe('admin');
    const byCookie = await t.call('/system/admin/info/view', {}, { headers: { cookie: `RC_ADMIN_TOKEN=${token}` } });
    expect(byCookie.data.loginName).toBe('admin');
  });

  it('refuses a cookie-authenticated write from another origin', async () => {
    const res = await t.call(
      '/system/admin/info/view',
      {},
      { headers: { cookie: `RC_ADMIN_TOKEN=${token}`, origin: 'https://evil.example' } },
    );
    expect(res).toMatchObject({ code: 999, msg: '请求来源不被允许' });
  });

  it('gives 306 to a user token on an admin call', async () => {
    const userToken = await t.services.sessions.create({
      siteId: t.siteId,
      subjectKind: 'user',
      subjectId: 1n,
      clientType: 1,
      ttlMs: 60_000,
    });
    expect((await t.call('/system/admin/info/view', {}, as(userToken))).code).toBe(306);
  });

  it('says 301 for an expired session and 304 for one superseded elsewhere', async () => {
    const expired = await t.services.sessions.create({
      siteId: t.siteId,
      subjectKind: 'admin',
      subjectId: 1n,
      clientType: 1,
      ttlMs: -1000,
    });
    expect((await t.call('/system/admin/info/view', {}, as(expired))).code).toBe(301);
    const first = await t.services.sessions.create({
      siteId: t.siteId,
      subjectKind: 'user',
      subjectId: 7n,
      clientType: 1,
      ttlMs: 60_000,
    });
    const second = await t.services.sessions.create({
      siteId: t.siteId,
      subjectKind: 'user',
      subjectId: 7n,
      clientType: 1,
      ttlMs: 60_000,
    });
    await t.services.sessions.lookup(first); // warm the cache: superseding must still reach it
    await t.services.sessions.supersede(t.siteId, 'user', 7n, 1, second);
    expect((await t.services.sessions.lookup(first))?.revokedReason).toBe('elsewhere');
    expect((await t.services.sessions.lookup(second))?.revokedReason).toBeNull();
  });

  it('refuses a wrong password, then locks the name after 5 failures', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await t.call('/system/api/admin/login', { loginName: 'locked-test', password: 'wrong' });
      expect(res).toMatchObject({ code: 999, msg: '账号或密码不正确' });
    }
    const res = await t.call('/system/api/admin/login', { loginName: 'locked-test', password: 'wrong' });
    expect(res.msg).toBe('密码错误次数过多，请 15 分钟后再试');
  });

  it('ends the session on logout', async () => {
    const login = await t.call('/system/api/admin/login', { loginName: 'admin', password: 'Demo1234' });
    const tok = login.data.token;
    expect((await t.call('/system/admin/logout', {}, as(tok))).code).toBe(200);
    expect((await t.call('/system/admin/info/view', {}, as(tok))).code).toBe(302);
  });
});

describe('admin edits show on the public site at once', () => {
  it('renames the site', async () => {
    const before = await t.call('/system/api/website/info/view');
    const current = (await t.call('/system/admin/website/view', {}, as(token))).data;
    const { siteId: _s, ...fields } = current;
    const res = await t.call('/system/admin/website/update', { ...fields, siteNamePc: '新名字网校' }, as(token));
    expect(res.data.siteNamePc).toBe('新名字网校');
    expect((await t.call('/system/api/website/info/view')).data).toEqual({ ...before.data, siteNamePc: '新名字网校' });
  });

  it('refuses a blank site name and changes nothing', async () => {
    const before = (await t.call('/system/api/website/info/view')).data;
    const { siteId: _s, ...fields } = before;
    const res = await t.call('/system/admin/website/update', { ...fields, siteNamePc: '  ' }, as(token));
    expect(res).toMatchObject({ code: 999, msg: '请填写网站名称' });
    expect((await t.call('/system/api/website/info/view')).data).toEqual(before);
  });

  it('adds, edits and deletes a header nav item', async () => {
    const saved = await t.call(
      '/system/admin/nav/bar/save',
      { navTitle: '招聘讲师', navUrl: '/recruit', sort: 0 },
      as(token),
    );
    expect(saved.code).toBe(200);
    expect((await t.call('/system/api/nav/bar/list')).data[0].navTitle).toBe('招聘讲师');
    await t.call(
      '/system/admin/nav/bar/update',
      { id: saved.data.id, navTitle: '讲师招募', navUrl: '/recruit', sort: 0 },
      as(token),
    );
    expect((await t.call('/system/api/nav/bar/list')).data[0].navTitle).toBe('讲师招募');
    await t.call('/system/admin/nav/bar/delete', { id: saved.data.id }, as(token));
    expect((await t.call('/system/api/nav/bar/list')).data[0].navTitle).toBe('首页');
    expect((await t.call('/system/admin/nav/bar/delete', { id: saved.data.id }, as(token))).msg).toBe(
      '导航不存在或已删除',
    );
  });

  it('hides a disabled link and an ad outside its time window', async () => {
    const link = await t.call(
      '/system/admin/website/link/save',
      { linkName: '停用的链接', linkUrl: 'https://x.example', statusId: 0 },
      as(token),
    );
    expect(link.code).toBe(200);
    const names = (await t.call('/system/api/website/link')).data.websiteLinkList.map(
      (l: { linkName: string }) => l.linkName,
    );
    expect(names).not.toContain('停用的链接');
    const ad = await t.call(
      '/system/admin/adv/save',
      {
        advTitle: '明年的广告',
        advImg: '/media/x.png',
        beginTime: '2099-01-01 00:00:00',
        endTime: '2099-02-01 00:00:00',
      },
      as(token),
    );
    expect(ad.code).toBe(200);
    expect((await t.call('/system/api/adv/list')).data.map((a: { advTitle: string }) => a.advTitle)).not.toContain(
      '明年的广告',
    );
    const bad = await t.call(
      '/system/admin/adv/save',
      { advTitle: 'x', advImg: '/media/x.png', beginTime: '2099-02-01 00:00:00', endTime: '2099-01-01 00:00:00' },
      as(token),
    );
    expect(bad).toMatchObject({ code: 999, msg: '结束时间必须晚于开始时间' });
  });

  it('cleans an article body of scripts before it is stored and shown', async () => {
    const nav = (await t.call('/system/api/website/nav/list')).data[0];
    const saved = await t.call(
      '/system/admin/website/nav/article/save',
      {
        navId: nav.id,
        artTitle: '招生简章',
        artDesc: '<p>欢迎报名<script>alert(1)</script><img src="/media/a.png" onerror="alert(2)"></p>',
      },
      as(token),
    );
    const shown = await t.call('/system/api/website/nav/article/get', { id: saved.data.id });
    expect(shown.data.artDesc).toBe('<p>欢迎报名<img src="/media/a.png" /></p>');
  });

  it('refuses an article for a nav that does not exist', async () => {
    const res = await t.call(
      '/system/admin/website/nav/article/save',
      { navId: '123', artTitle: '孤儿文章' },
      as(token),
    );
    expect(res).toMatchObject({ code: 999, msg: '所属底部导航不存在，请先创建导航' });
  });

  it('never lets one site edit another site rows', async () => {
    const { site, website } = await import('../../db/schema/system.ts');
    await t.platform.db.insert(site).values({ id: 11n, siteName: '另一所学校' });
    await t.platform.db.insert(website).values({ id: 999n, siteId: 11n, siteNamePc: '另一所学校' });
    const nav = (await t.call('/system/api/nav/bar/list')).data[0];
    const other = await t.call(
      '/system/api/admin/login',
      { loginName: 'admin', password: 'Demo1234' },
      { headers: { 'site-id': '11' } },
    );
    expect(other.code).toBe(999); // site 11 has no administrators
    const res = await t.call('/system/admin/nav/bar/delete', { id: nav.id }, { headers: { token, 'site-id': '11' } });
    expect(res.code).toBe(302); // a site 10 session is not valid on site 11
  });
});

describe('image upload', () => {
  const form = (name: string, bytes: Buffer, type: string) => {
    const boundary = '----qk';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, token } };
  };

  it('stores a real image and serves it under /media', async () => {
    const sharp = (await import('sharp')).default;
    const png = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    const res = await t.raw({
      method: 'POST',
      url: '/apis/system/admin/upload/pic',
      ...form('横幅.png', png, 'image/png'),
    });
    const body = res.json();
    expect(body.code).toBe(200);
    expect(body.data.fileName).toBe('横幅.png');
    const file = await t.raw({ method: 'GET', url: body.data.url });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(png)).toBe(true);
  });

  it('refuses a text file named .png with the check-the-file message', async () => {
    const res = await t.raw({
      method: 'POST',
      url: '/apis/system/admin/upload/pic',
      ...form('fake.png', Buffer.from('hello'), 'image/png'),
    });
    expect(res.json()).toMatchObject({ code: 999, msg: expect.stringContaining('请检查文件') });
  });

  it('refuses an upload that is not multipart', async () => {
    const res = await t.call('/system/admin/upload/pic', {}, as(token));
    expect(res.code).toBe(999);
  });
});
