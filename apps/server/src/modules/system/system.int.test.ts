import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { websiteNav } from '../../db/schema/system.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('site info', () => {
  it('answers website/info/view for site 10 by GET and POST', async () => {
    const get = await t.call('/system/api/website/info/view', undefined, {
      method: 'GET',
      headers: { 'site-id': '10' },
    });
    expect(get.code).toBe(200);
    expect(get.data.siteNamePc).toBe('青课网校');
    expect(get.data.telephone).toBe('400-800-1234');
    const post = await t.call('/system/api/website/info/view', {}, { headers: { 'site-id': '10' } });
    expect(post.data).toEqual(get.data);
  });

  it('refuses an unknown site with a clear message', async () => {
    const res = await t.call('/system/api/website/info/view', {}, { headers: { 'site-id': '99' } });
    expect(res.code).toBe(999);
    expect(res.msg).toContain('站点 99 不存在');
  });

  it('uses site 10 when no SITE-ID is sent', async () => {
    const res = await t.call('/system/api/nav/bar/list');
    expect(res.code).toBe(200);
    expect(res.data.length).toBe(12);
    expect(res.data[0]).toEqual({ id: expect.any(String), navTitle: '首页', navUrl: '/index', target: '_self' });
  });
});

describe('malformed requests', () => {
  it('answers 999 for broken JSON, never a 5xx', async () => {
    const res = await t.raw({
      method: 'POST',
      url: '/apis/system/api/zone/list',
      headers: { 'content-type': 'application/json' },
      payload: '{"zoneLocation":',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 999, msg: '请求内容不是合法的 JSON' });
  });

  it('names the field of a validation error in Chinese', async () => {
    const res = await t.call('/system/api/website/referral/code', { referralCode: '' });
    expect(res).toMatchObject({ code: 999, msg: '请填写推荐码' });
  });

  it('answers JSON for an unknown /apis path', async () => {
    const res = await t.raw({ method: 'POST', url: '/apis/nope/api/x' });
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toMatchObject({ code: 999 });
  });

  it('refuses a SITE-ID that is not a number', async () => {
    const res = await t.call('/system/api/zone/list', {}, { headers: { 'site-id': 'abc' } });
    expect(res).toMatchObject({ code: 999, msg: 'SITE-ID 格式不正确' });
  });
});

describe('public lists', () => {
  it('lists banners of group pc with their items', async () => {
    const res = await t.call('/system/api/sys/banner/list', { bannerGroup: 'pc' });
    expect(res.data.sysBannerDTOList).toHaveLength(1);
    expect(res.data.sysBannerDTOList[0].data).toHaveLength(3);
  });

  it('reads stored banner JSON that fails to parse as an empty list', async () => {
    const { sysBanner } = await import('../../db/schema/system.ts');
    await t.platform.db.update(sysBanner).set({ data: '{not json' });
    await t.platform.cache.memo.invalidate(`banners:${t.siteId}`);
    const res = await t.call('/system/api/sys/banner/list', { bannerGroup: 'pc' });
    expect(res.data.sysBannerDTOList[0].data).toEqual([]);
  });

  it('gives the about/nav list the pages load at startup: the groups shown on PC (platShow=1)', async () => {
    const [hidden] = await t.platform.db
      .update(websiteNav)
      .set({ platShow: 0 })
      .where(and(eq(websiteNav.siteId, t.siteId), eq(websiteNav.navName, '服务条款')))
      .returning();
    await t.platform.cache.memo.invalidate(`websitenav:${t.siteId}`);
    const about = await t.call('/system/api/about/nav/list', { platShow: 1 });
    expect(about.data.map((n: { navName: string }) => n.navName)).toEqual(['关于我们', '帮助中心', '平台资讯']);
    expect(about.data[0].articleList.length).toBeGreaterThan(0);
    await t.platform.db.update(websiteNav).set({ platShow: 1 }).where(eq(websiteNav.id, hidden!.id));
    await t.platform.cache.memo.invalidate(`websitenav:${t.siteId}`);
  });

  it('gives footer navs with article titles, and an article by id', async () => {
    const navs = await t.call('/system/api/website/nav/list');
    expect(navs.data.map((n: { navName: string }) => n.navName)).toEqual([
      '关于我们',
      '帮助中心',
      '服务条款',
      '平台资讯',
    ]);
    const first = navs.data[0].articleList[0];
    const art = await t.call('/system/api/website/nav/article/get', { id: first.id });
    expect(art.data).toMatchObject({ artTitle: '平台简介', navName: '关于我们' });
    expect(art.data.gmtModified).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it('lists links, ads, zones, problem kinds and checks referral codes', async () => {
    expect((await t.call('/system/api/website/link')).data.websiteLinkList).toHaveLength(3);
    expect((await t.call('/system/api/adv/list')).data).toHaveLength(1);
    expect(
      (await t.call('/system/api/zone/list', { zoneLocation: 1 })).data.map((z: { zoneName: string }) => z.zoneName),
    ).toEqual(['精品推荐', '免费好课', '职业技能']);
    const kinds = await t.call('/system/api/dict/list/problemKind', undefined, { method: 'GET' });
    expect(kinds.data[0]).toEqual({ dictKey: '1', dictValue: '单选题' });
    expect((await t.call('/system/api/website/referral/code', { referralCode: 'DEMO1' })).data).toEqual({
      valid: true,
      referrerNickname: '学员小青',
    });
    expect((await t.call('/system/api/website/referral/code', { referralCode: 'NOPE' })).data.valid).toBe(false);
  });
});

describe('platform', () => {
  it('serves the OpenAPI document with the spec paths', async () => {
    const res = await t.raw({ method: 'GET', url: '/apis/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain('/apis/system/api/website/info/view');
    expect(Object.keys(doc.paths)).toContain('/apis/user/api/user/login/password');
  });

  it('answers health and readiness, and tags replies with a request id', async () => {
    expect((await t.raw({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await t.raw({ method: 'GET', url: '/readyz' });
    expect(ready.json()).toEqual({ status: 'ready' });
    const res = await t.raw({
      method: 'POST',
      url: '/apis/system/api/nav/bar/list',
      headers: { 'x-request-id': 'trace-123' },
    });
    expect(res.headers['x-request-id']).toBe('trace-123');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses a body over the limit with a clear message', async () => {
    const big = JSON.stringify({ referralCode: 'x'.repeat(2 * 1024 * 1024) });
    const res = await t.raw({
      method: 'POST',
      url: '/apis/system/api/website/referral/code',
      headers: { 'content-type': 'application/json' },
      payload: big,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 999, msg: '请求内容过大' });
  });

  it('refuses a non-JSON body', async () => {
    const res = await t.raw({
      method: 'POST',
      url: '/apis/system/api/zone/list',
      headers: { 'content-type': 'text/xml' },
      payload: '<x/>',
    });
    expect(res.json()).toMatchObject({ code: 999, msg: '不支持的请求格式，请提交 JSON' });
  });
});
