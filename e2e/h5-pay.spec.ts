import crypto from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { devices, expect, test, type Page } from './journey.ts';
import pg from 'pg';
import { FAKE_WECHAT, FakeGateways } from '../apps/server/src/testing/fake-gateways.ts';
import { startChildServer, type ChildServer } from '../apps/server/src/testing/child-server.ts';
import { noSidewaysScroll, signIn } from './h5-learning-support.ts';
import { reviewShot } from './review-shot.ts';

/**
 * Paying on a phone. On the demo server (the sandbox is its only channel) a phone buys a paid course at the sandbox
 * cashier, which fits the phone, comes back to the H5 result page and plays a lesson. Inside WeChat's browser, on a
 * server whose WeChat Pay is a local stand-in (keys generated there) and whose official-account login is the
 * payment's app, the checkout asks for the JSAPI trade type and hands WeChat's bridge parameters signed by the
 * merchant key; the bridge is the page's own stand-in, as no real WeChat runs here.
 */
const SHOTS = 'test-results/h5-pay';
mkdirSync(SHOTS, { recursive: true });
const PHONES = { 'iPhone 13': devices['iPhone 13'], 'Pixel 7': devices['Pixel 7'] };
const WECHAT_UA = `${devices['iPhone 13'].userAgent} MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN`;

/** The cashier at the phone's width, 375 px and 320 px: no sideways scroll, thumb-sized buttons, readable text. */
async function cashierFitsPhone(page: Page, shot: string) {
  const size = page.viewportSize()!;
  for (const width of [size.width, 375, 320]) {
    await page.setViewportSize({ width, height: size.height });
    const m = await page.evaluate(() => {
      const facts = document.querySelector('.qk-cashier__facts dd')!;
      return {
        scroll: document.scrollingElement!.scrollWidth,
        inner: window.innerWidth,
        font: parseFloat(getComputedStyle(facts).fontSize),
      };
    });
    expect(m.scroll, `the cashier scrolls sideways at ${width} px`).toBeLessThanOrEqual(m.inner);
    expect(m.font, `the cashier's text at ${width} px`).toBeGreaterThanOrEqual(14);
    const button = page.getByRole('button', { name: '确认支付', exact: true });
    // measured once the page has hydrated and the button answers: before that it is drawn disabled
    await expect(button).toBeEnabled({ timeout: 15_000 });
    const pay = await button.boundingBox();
    expect(pay!.height, `确认支付 at ${width} px`).toBeGreaterThanOrEqual(44);
    expect(pay!.x).toBeGreaterThanOrEqual(0);
    expect(pay!.x + pay!.width).toBeLessThanOrEqual(width);
    await reviewShot(page, `${SHOTS}/${shot}-${width}.png`);
  }
  await page.setViewportSize(size);
}

for (const [name, { defaultBrowserType: _only, ...profile }] of Object.entries(PHONES)) {
  const tag = name.replace(/\s/g, '');
  test.describe(name, () => {
    test.use(profile);

    test('a phone buys a paid course at the sandbox cashier, comes back to its result page and plays a lesson', async ({
      page,
      request,
    }) => {
      test.setTimeout(180_000);
      await signIn(page, request);
      const list = await (
        await request.post('/apis/course/api/course/list', { data: { courseType: 1, isFree: 0, pageSize: 1 } })
      ).json();
      const course: { id: string; courseName: string } = list.data.list[0];
      await page.goto(`/h5/view/${course.id}`);
      await page.getByRole('button', { name: '立即购买' }).click();
      const sheet = page.getByRole('dialog', { name: '确认支付' });
      await expect(sheet.getByRole('radio', { name: '模拟支付' })).toBeChecked();
      // a phone's browser: the pay call names it, so a real channel would take its phone trade type
      const call = page.waitForRequest('**/apis/user/auth/order/info/pay');
      await sheet.getByRole('button', { name: '确认支付' }).click();
      expect((await call).postDataJSON()).toMatchObject({ courseId: course.id, payClient: 'h5' });
      await expect(page).toHaveURL(/\/pay\/sandbox\/\d+$/);
      await expect(page.getByRole('heading', { name: '青课沙箱收银台' })).toBeVisible();
      await cashierFitsPhone(page, `${tag}-cashier`);

      await page.getByRole('button', { name: '确认支付', exact: true }).click();
      await expect(page).toHaveURL(/\/h5\/order\/result\?orderNo=\d+$/, { timeout: 15_000 });
      const result = page.getByTestId('order-result');
      await expect(result.getByRole('heading', { name: '支付成功' })).toBeVisible({ timeout: 15_000 });
      await expect(result).toContainText(course.courseName);
      await noSidewaysScroll(page, `../h5-pay/${tag}-result`);

      await result.getByRole('link', { name: '开始学习' }).click();
      await expect(page).toHaveURL(new RegExp(`/h5/view/${course.id}$`));
      await page.getByRole('link', { name: /开始学习|继续学习/ }).click();
      await expect(page).toHaveURL(new RegExp(`/h5/view/${course.id}/period/\\d+$`));
      const periodId = /\/period\/(\d+)/.exec(page.url())![1]!;
      // demo videos are transcoded after the server starts: wait until the lesson's play call answers
      await expect
        .poll(
          async () =>
            (await (await page.request.post('/apis/vod/auth/videoInfo/play', { data: { periodId } })).json()).code,
          { timeout: 120_000, intervals: [2_000] },
        )
        .toBe(200);
      await page.reload();
      await page.getByRole('button', { name: /播放/ }).click();
      const video = page.locator('video');
      await expect
        .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
        .toBeGreaterThan(1);
    });
  });
}

test.describe('inside WeChat’s browser', () => {
  const { defaultBrowserType: _only, ...iphone } = devices['iPhone 13'];
  test.use({ ...iphone, userAgent: WECHAT_UA });
  const db = `qk_e2e_mobilepay_${process.pid}`;
  const admin = 'postgres://postgres@127.0.0.1:5432/postgres';
  let fake: FakeGateways;
  let server: ChildServer;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    const c = new pg.Client(admin);
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${db}`);
    await c.query(`CREATE DATABASE ${db}`);
    await c.end();
    fake = await new FakeGateways().start();
    server = await startChildServer({
      ...fake.env(),
      ROLE: 'all',
      DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${db}`,
      // the login's official account is the app WeChat Pay collects for: its openids pay by JSAPI
      WECHAT_LOGIN: 'mp',
      WECHAT_MP_APP_ID: FAKE_WECHAT.appId,
      WECHAT_MP_APP_SECRET: 'secret',
      WECHAT_MP_TOKEN: 'token123',
    });
  });
  test.afterAll(async () => {
    await server?.stop();
    await fake?.stop();
    const c = new pg.Client(admin);
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
    await c.end();
  });

  test('WeChat Pay goes by JSAPI: a buyer without a WeChat binding is told what to do; a bound one gets signed parameters for WeixinJSBridge', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const base = server.baseUrl;
    // PUBLIC_URL is https://school.example.com (WeChat Pay wants https): its pages are this server's
    await page.route('https://school.example.com/**', (route) =>
      route.fulfill({
        status: 302,
        headers: {
          location: route
            .request()
            .url()
            .replace(/^https:\/\/[^/]+/, base),
        },
      }),
    );
    // WeChat's bridge, as its browser provides it: records the call, answers as the buyer does
    await page.addInitScript(() => {
      const w = window as unknown as { wxCalls: unknown[]; wxAnswer: string; WeixinJSBridge: unknown };
      w.wxCalls = [];
      w.wxAnswer = sessionStorage.getItem('wxAnswer') ?? 'cancel';
      w.WeixinJSBridge = {
        invoke(name: string, params: unknown, done: (r: { err_msg: string }) => void) {
          w.wxCalls.push({ name, params });
          setTimeout(() => done({ err_msg: `get_brand_wcpay_request:${w.wxAnswer}` }), 50);
        },
      };
    });

    await page.goto(`${base}/h5/login`);
    await page.getByRole('tab', { name: '密码登录' }).click();
    await page.getByLabel('手机号').fill('13800000001');
    await page.getByLabel('密码').fill('Demo1234');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page).toHaveURL(/\/h5\/$/);
    const list = await (
      await page.request.post(`${base}/apis/course/api/course/list`, {
        data: { courseType: 1, isFree: 0, pageSize: 20 },
      })
    ).json();
    const bought = await (
      await page.request.post(`${base}/apis/user/auth/order/info/list`, { data: { orderStatus: 2, pageSize: 100 } })
    ).json();
    const owned = new Set((bought.data?.list ?? []).map((o: { productId: string }) => o.productId));
    const course: { id: string; courseName: string } = list.data.list.find((c: { id: string }) => !owned.has(c.id));

    const buy = async () => {
      await page.goto(`${base}/h5/view/${course.id}`);
      await page.getByRole('button', { name: '立即购买' }).click();
      const sheet = page.getByRole('dialog', { name: '确认支付' });
      // WeChat's own pay is chosen first inside WeChat
      await expect(sheet.getByRole('radio', { name: '微信支付' })).toBeChecked();
      const call = page.waitForRequest('**/apis/user/auth/order/info/pay');
      await sheet.getByRole('button', { name: '确认支付' }).click();
      expect((await call).postDataJSON()).toMatchObject({ payType: 'wechat', payClient: 'wechat' });
      return sheet;
    };

    // no WeChat binding yet: no openid to pay by
    const unbound = await buy();
    await expect(unbound.getByRole('alert')).toContainText('您的账号还没有绑定微信');
    await reviewShot(page, `${SHOTS}/wechat-unbound.png`, false);

    // the student logs in once by the official account's code: the binding decision 10 keeps
    const c = new pg.Client(`postgres://postgres@127.0.0.1:5432/${db}`);
    await c.connect();
    const { rows } = await c.query(`SELECT id, site_id FROM "user" WHERE mobile = '13800000001' AND site_id = 10`);
    await c.query(
      `INSERT INTO user_wechat (id, site_id, user_id, provider, open_id) VALUES ($1, $2, $3, 'mp', 'oE2eOpenId0001')`,
      [String(BigInt(Date.now()) * 1000n), rows[0].site_id, rows[0].id],
    );
    await c.end();

    // the buyer closes WeChat's cashier: the sheet says so and the order waits
    const cancelled = await buy();
    await expect(cancelled.getByRole('alert')).toContainText('已取消支付');
    const calls = await page.evaluate(
      () => (window as unknown as { wxCalls: Array<{ name: string; params: Record<string, string> }> }).wxCalls,
    );
    expect(calls).toHaveLength(1);
    expect(calls[0]!.name).toBe('getBrandWCPayRequest');
    const p = calls[0]!.params;
    expect(p).toMatchObject({
      appId: FAKE_WECHAT.appId,
      signType: 'RSA',
      package: expect.stringMatching(/^prepay_id=wx\d+$/),
    });
    const signed = `${p.appId}\n${p.timeStamp}\n${p.nonceStr}\n${p.package}\n`;
    expect(
      crypto.verify('sha256', Buffer.from(signed), fake.merchantPublicKey(), Buffer.from(p.paySign!, 'base64')),
    ).toBe(true);
    const serial = p.package!.slice('prepay_id=wx'.length);
    expect(fake.prepaid.get(serial)).toMatchObject({ kind: 'jsapi', payer: { openid: 'oE2eOpenId0001' } });

    // paid this time: the page goes to the order's result page, which turns paid when WeChat Pay's notice arrives
    await page.evaluate(() => sessionStorage.setItem('wxAnswer', 'ok'));
    await page.reload();
    await buy();
    await expect(page).toHaveURL(/\/h5\/order\/result\?orderNo=\d+$/, { timeout: 15_000 });
    const latest = [...fake.prepaid.keys()].at(-1)!;
    fake.pay('wechat', latest, fake.prepaid.get(latest)!.amount.total);
    const n = fake.wechatNotice(latest);
    const answer = await page.request.post(`${base}/apis/user/callback/order/notify/wechat/10`, {
      headers: { ...n.headers, 'content-type': 'application/json' },
      data: n.body,
    });
    expect(await answer.json()).toEqual({ code: 'SUCCESS' });
    await expect(page.getByTestId('order-result').getByRole('heading', { name: '支付成功' })).toBeVisible({
      timeout: 15_000,
    });
    await reviewShot(page, `${SHOTS}/wechat-paid.png`, false);
  });
});
