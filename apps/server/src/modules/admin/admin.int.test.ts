import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../../testing/multipart.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { runAdminCommand } from './admin-command.ts';

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

/** An admin login from a given address. */
async function loginFrom(remoteAddress: string, body: object) {
  const res = await t.raw({
    method: 'POST',
    url: '/apis/system/api/admin/login',
    remoteAddress,
    headers: { 'content-type': 'application/json' },
    payload: body,
  });
  return res.json();
}

/** A fresh captcha with its answer, as the person at the login page would type it. */
async function solved() {
  const { verToken } = (await t.call('/user/api/user/captchaImage', undefined, { method: 'GET' })).data;
  return { verToken, verCode: (await t.services.captcha.peek(verToken))! };
}

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

  it('refuses a wrong password, and asks a captcha after 3', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await loginFrom('198.51.100.1', { loginName: 'locked-test', password: 'wrong' });
      expect(res).toMatchObject({ code: 999, msg: '账号或密码不正确' });
    }
    const res = await loginFrom('198.51.100.1', { loginName: 'locked-test', password: 'wrong' });
    expect(res).toEqual({ code: 999, msg: '请输入图形验证码', data: { needCaptcha: true } });
  });

  it('never lets 50 wrong passwords from one address stop the right one from another', async () => {
    for (let i = 0; i < 50; i++) {
      const res = await loginFrom('203.0.113.9', { loginName: 'admin', password: 'wrong', ...(await solved()) });
      expect(res.code).toBe(999);
    }
    // the guessing address waits; the account does not
    const guesser = await loginFrom('203.0.113.9', { loginName: 'admin', password: 'Demo1234', ...(await solved()) });
    expect(guesser.msg).toMatch(/^此网络的密码错误次数过多，请 \d+ 分钟后再试$/);
    const asked = await loginFrom('192.0.2.7', { loginName: 'admin', password: 'Demo1234' });
    expect(asked).toMatchObject({ code: 999, data: { needCaptcha: true } });
    const wrongCaptcha = await loginFrom('192.0.2.7', {
      loginName: 'admin',
      password: 'Demo1234',
      verToken: (await solved()).verToken,
      verCode: '????',
    });
    expect(wrongCaptcha.msg).toBe('图形验证码不正确，请重新输入');
    const res = await loginFrom('192.0.2.7', { loginName: 'admin', password: 'Demo1234', ...(await solved()) });
    expect(res.code).toBe(200);
    expect(res.data.admin.loginName).toBe('admin');
  });

  it('lets the shell reset a password and unlock an account', async () => {
    const { admins } = t.services;
    expect((await runAdminCommand(admins, ['reset-password'], t.siteId)).ok).toBe(false);
    expect(await runAdminCommand(admins, ['reset-password', 'nobody'], t.siteId)).toEqual({
      ok: false,
      out: '没有名为 nobody 的管理员',
    });
    await admins.ensure(t.siteId, 'deputy', 'Old-pass-1', '副管理员');
    for (let i = 0; i < 3; i++) await loginFrom('198.51.100.2', { loginName: 'deputy', password: 'wrong' });
    const reset = await runAdminCommand(admins, ['reset-password', 'deputy'], t.siteId);
    expect(reset.ok).toBe(true);
    const password = /新密码：(\S+)/.exec(reset.out)![1]!;
    expect(password).toHaveLength(16);
    // the old password is gone, the failures with it: no captcha asked from a fresh address
    expect((await loginFrom('198.51.100.3', { loginName: 'deputy', password: 'Old-pass-1' })).msg).toBe(
      '账号或密码不正确',
    );
    expect((await loginFrom('198.51.100.4', { loginName: 'deputy', password })).code).toBe(200);
    for (let i = 0; i < 3; i++) await loginFrom('198.51.100.5', { loginName: 'deputy', password: 'wrong' });
    expect((await loginFrom('198.51.100.6', { loginName: 'deputy', password })).data).toEqual({ needCaptcha: true });
    expect((await runAdminCommand(admins, ['unlock', 'deputy'], t.siteId)).ok).toBe(true);
    expect((await loginFrom('198.51.100.6', { loginName: 'deputy', password })).code).toBe(200);
  });

  it('ends the session on logout', async () => {
    // the guessing above leaves the account asking a captcha
    const login = await t.call('/system/api/admin/login', {
      loginName: 'admin',
      password: 'Demo1234',
      ...(await solved()),
    });
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
    const { payload, contentType } = multipartBody({}, { name, bytes, type });
    return { payload, headers: { 'content-type': contentType, token } };
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
