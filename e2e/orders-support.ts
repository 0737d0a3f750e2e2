import { expect } from '@playwright/test';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { shotsIn } from './review-shot.ts';
import { newMobile, smsCode, smsMark } from './server-log.ts';

/** What the order journeys share: the demo accounts, money as the pages show it, signing in and paying at the cashier. */
export const PASSWORD = 'Secret123';
export const LECTURER = '13800000002';
export const DEMO_PASSWORD = 'Demo1234';

export const shot = shotsIn('test-results/orders');
export const yuan = (fen: number) => `¥${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
export const masked = (m: string) => `${m.slice(0, 3)}****${m.slice(-4)}`;

/** A signed-in caller of the API with the token header, for reading what the pages must show. */
export async function userApi(request: APIRequestContext, mobile: string, password = PASSWORD) {
  const login = await (
    await request.post('/apis/user/api/user/login/password', { data: { mobile, password, clientType: 2 } })
  ).json();
  if (login.code !== 200) throw new Error(`login ${mobile}: ${login.msg}`);
  return async (path: string, body: unknown = {}) => {
    const json = await (
      await request.post(`/apis${path}`, { data: body, headers: { token: login.data.token } })
    ).json();
    if (json.code !== 200) throw new Error(`${path}: ${json.code} ${json.msg}`);
    return json.data;
  };
}

/** Signs the page's browser in (the login call sets the session cookie). */
export async function signIn(page: Page, mobile: string, password = PASSWORD) {
  const res = await (
    await page.request.post('/apis/user/api/user/login/password', { data: { mobile, password, clientType: 1 } })
  ).json();
  expect(res.code).toBe(200);
}

export async function balances(page: Page): Promise<Record<string, string>> {
  const read = (k: string) => page.getByTestId(`balance-${k}`).textContent();
  return {
    available: (await read('available'))!,
    frozen: (await read('frozen'))!,
    withdrawn: (await read('withdrawn'))!,
    income: (await read('income'))!,
  };
}

/** The sandbox cashier: the amount, then 确认支付; the buyer comes back to the result page, which waits for the notice. */
export async function payAtCashier(page: Page, amount: number) {
  await expect(page).toHaveURL(/\/pay\/sandbox\/\d+/);
  await expect(page.locator('.qk-cashier__amount strong')).toHaveText(yuan(amount));
  await page.getByRole('button', { name: '确认支付', exact: true }).click();
  await expect(page).toHaveURL(/\/order\/result\?orderNo=\d+/, { timeout: 15_000 });
}

/** Waits until the lesson's demo video is transcoded, reloads and starts it: it plays past two seconds. */
export async function playsHere(page: Page) {
  const periodId = /\/period\/(\d+)/.exec(page.url())![1]!;
  await expect
    .poll(
      async () =>
        (await (await page.request.post('/apis/vod/auth/videoInfo/play', { data: { periodId } })).json()).code,
      { timeout: 120_000, intervals: [2_000] },
    )
    .toBe(200);
  await page.reload();
  await page.getByRole('button', { name: /播放/ }).click();
  const video: Locator = page.locator('video');
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(2);
}

/** Signs the page's browser in as the platform administrator (the admin session cookie sits beside a user's). */
export async function adminSignIn(page: Page) {
  const res = await (
    await page.request.post('/apis/system/api/admin/login', { data: { loginName: 'admin', password: DEMO_PASSWORD } })
  ).json();
  expect(res.code).toBe(200);
}

/** The id of a published course of the demo catalogue, by name. */
export async function courseIdOf(request: APIRequestContext, name: string): Promise<string> {
  const list = await (
    await request.post('/apis/course/api/course/list', { data: { courseType: 1, isFree: 0, pageSize: 100 } })
  ).json();
  return list.data.list.find((c: { courseName: string }) => c.courseName === name).id;
}

/** What a buyer pays for through the calls: a VIP plan, or a course. */
export type Product = { vipSetId: string } | { courseId: string };

/**
 * A new learner registers through the calls (with a referral code when given), buys the product and pays at the
 * sandbox through its calls, as the buying journeys do on the pages; returns once the sandbox's notice has settled
 * the order, and with it the lecturer's share and the referrer's reward. Returns the buyer's mobile.
 */
export async function newBuyerPays(
  request: APIRequestContext,
  product: Product,
  who: { nickname?: string; referralCode?: string } = {},
): Promise<string> {
  const call = async (path: string, data: unknown, token?: string) => {
    const json = await (await request.post(`/apis${path}`, { data, headers: token ? { token } : {} })).json();
    expect(json.code, `${path}: ${json.msg}`).toBe(200);
    return json.data;
  };
  const mobile = newMobile();
  const mark = smsMark(mobile);
  await call('/user/api/user/send/code', { mobile });
  const { token } = await call('/user/api/user/register', {
    mobile,
    code: await smsCode(mobile, mark),
    password: PASSWORD,
    ...who,
  });
  const pay = await call(
    'vipSetId' in product ? '/user/auth/user/order/pay' : '/user/auth/order/info/pay',
    product,
    token,
  );
  await call('/pay/api/sandbox/confirm', { serialNumber: pay.serialNumber });
  await expect
    .poll(async () => (await call('/user/auth/order/info/view', { orderNo: pay.orderNo }, token)).orderStatus, {
      timeout: 30_000,
    })
    .toBe(2);
  return mobile;
}
