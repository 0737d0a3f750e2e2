import { mkdirSync } from 'node:fs';
import { expect, test } from './journey.ts';
import type { Browser, Page } from '@playwright/test';
import { registerViaApi } from './server-log.ts';
import { shotsIn } from './review-shot.ts';

/** The demo organisation of the seed (apps/server/src/db/seed/accounts.seed.ts); the student is registered here,
 * since another journey makes the demo student a lecturer. */
const ORGANISATION = '13800000003';
const DEMO_PASSWORD = 'Demo1234';
let STUDENT = '';
const SHOTS = '/tmp/refusals';
const LECTURER_ONLY = '成为讲师后才能使用此功能';

const shot = shotsIn(SHOTS);

/** A browser signed in as a demo account through the API (the login page is tested elsewhere). */
async function signedIn(browser: Browser, mobile: string): Promise<Page> {
  const context = await browser.newContext();
  const login = await context.request.post('/apis/user/api/user/login/password', {
    data: { mobile, password: DEMO_PASSWORD, clientType: 1 },
  });
  expect((await login.json()).code).toBe(200);
  return context.newPage();
}

/** Opens a page with a full load and returns the status the server answered it with. */
async function load(page: Page, url: string): Promise<number | undefined> {
  return (await page.goto(url))?.status();
}

test.beforeAll(async ({ request }) => {
  mkdirSync(SHOTS, { recursive: true });
  STUDENT = await registerViaApi(request, DEMO_PASSWORD, '新同学');
});

test('a student meets refusals as pages that say why, and addresses with no id lead somewhere useful', async ({
  browser,
}) => {
  const page = await signedIn(browser, STUDENT);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));

  // a missing exercise: the server's message with a 404, not a crash
  expect(await load(page, '/exam/exercise/1')).toBe(404);
  await expect(page.getByRole('alert')).toContainText('练习不存在或已删除');
  await expect(page.getByText('页面出错了')).toHaveCount(0);
  await shot(page, '01-exercise-missing');

  // lecturers' pages: what they are for and how to become a lecturer, inside the account column
  for (const url of ['/account/subject', '/account/exams/examAdmin', '/account/exams/add', '/account/vod']) {
    expect(await load(page, url), url).toBe(403);
    await expect(page.getByRole('heading', { name: LECTURER_ONLY }), url).toBeVisible();
    await expect(page.getByRole('alert'), url).toContainText('只有讲师可以使用此功能，请先申请成为讲师');
    await expect(page.getByRole('link', { name: '申请成为讲师' }), url).toHaveAttribute('href', '/account/teacher');
    await expect(page.getByText('页面出错了'), url).toHaveCount(0);
    // and no form that would fail
    await expect(page.locator('.qk-account__body form'), url).toHaveCount(0);
  }
  const column = (await page.locator('.qk-account__body').boundingBox())!;
  const box = (await page.locator('.qk-error__box').boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(column.x);
  expect(box.x + box.width).toBeLessThanOrEqual(column.x + column.width + 0.5);
  await shot(page, '02-lecturer-only');

  // a client navigation meets the same page: the refusal arrives whole through the .data request
  await page.goto('/account/exams');
  await page.waitForLoadState('networkidle');
  await page.evaluate(() =>
    (
      window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }
    ).__reactRouterDataRouter.navigate('/account/exams/examAdmin'),
  );
  await expect(page).toHaveURL(/\/account\/exams\/examAdmin$/);
  await expect(page.getByRole('heading', { name: LECTURER_ONLY })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('只有讲师可以使用此功能，请先申请成为讲师');

  // addresses that name nothing go to the list they belong to
  await page.goto('/exam/startExam');
  await expect(page).toHaveURL(/\/exam$/);
  await page.goto('/exam/result');
  await expect(page).toHaveURL(/\/account\/exams\/myExamination$/);
  await page.goto('/account/vod/check');
  await expect(page).toHaveURL(/\/account\/vod$/);
  await expect(page.getByRole('heading', { name: LECTURER_ONLY })).toBeVisible();

  // the development face check page the README promises
  expect(await load(page, '/face/verify')).toBe(200);
  await expect(page.getByRole('heading', { name: '人脸核验' })).toBeVisible();
  await expect(page.getByText('缺少核验编号')).toBeVisible();

  expect(errors).toEqual([]);
});

test('an organisation is told that lecturers manage exams, without an application it cannot make', async ({
  browser,
}) => {
  const page = await signedIn(browser, ORGANISATION);
  expect(await load(page, '/account/exams/examAdmin')).toBe(403);
  await expect(page.getByRole('heading', { name: LECTURER_ONLY })).toBeVisible();
  await expect(page.getByText('机构账号无需申请讲师：在机构中心邀请讲师加入')).toBeVisible();
  await expect(page.getByRole('link', { name: '申请成为讲师' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: '进入机构中心' })).toHaveAttribute('href', '/account/organisation');
  await shot(page, '03-organisation');
});

test('a face check started on the computer is passed on the development verify page', async ({ browser }) => {
  const page = await signedIn(browser, STUDENT);
  const call = async (path: string, data: unknown) =>
    (await (await page.context().request.post(`/apis${path}`, { data })).json()) as {
      code: number;
      data: { faceToken: string; verifyUrl: string; state: string };
    };
  const started = await call('/user/auth/user/ext/face/contrast/code', { scene: 'study' });
  expect(started.code).toBe(200);
  const verifyPath = new URL(started.data.verifyUrl).pathname + new URL(started.data.verifyUrl).search;
  expect(verifyPath).toMatch(/^\/face\/verify\?token=/);

  const phone = await (await browser.newContext()).newPage();
  await phone.goto(verifyPath);
  await phone.waitForLoadState('networkidle');
  await phone.getByRole('button', { name: '比对通过' }).click();
  await expect(phone.getByText('人脸核验已通过')).toBeVisible();
  await shot(phone, '04-face-verify');

  const result = await call('/user/auth/user/ext/face/contrast/result', { faceToken: started.data.faceToken });
  expect(result.data.state).toBe('passed');
});

test('a student signed in elsewhere is told so on the next plain page load of a refused page', async ({ browser }) => {
  const page = await signedIn(browser, STUDENT);
  expect(await load(page, '/account/exams/examAdmin')).toBe(403);
  // the open page is left first: its own calls (the unread count's poll) would otherwise meet the other
  // login before the plain page load does, and send the tab to the login page from there
  await page.goto('about:blank');
  await signedIn(browser, STUDENT);
  await page.goto('/exam/exercise/1');
  await expect(page).toHaveURL(/\/login\?t=login&redirect=%2Fexam%2Fexercise%2F1&notice=elsewhere$/);
  await expect(page.getByText('您的账号已在其他地方登录！')).toBeVisible();
  await expect(page.getByText('页面出错了')).toHaveCount(0);
});
