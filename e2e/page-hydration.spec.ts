import { expect, test, type Page } from './journey.ts';

/**
 * Pages are rendered as one string from loader data read whole (decision 63): the browser must take them over
 * without a mismatch — React reports one as a recoverable error, and then renders the page again itself — and its
 * router must hold the loader data, so that links navigate in the page.
 */
const STUDENT = { mobile: '13800000001', password: 'Demo1234' };

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /React|hydrat|#4(18|19|23|25)/i.test(msg.text()))
      errors.push(`${page.url()}: ${msg.text()}`);
  });
  return errors;
}

/** Opens a page, waits until it has hydrated, then follows a header link in the page, without a new document. */
async function visitAndNavigate(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await page.locator('header').first().getByRole('link', { name: '考试中心', exact: true }).click();
  await expect(page).toHaveURL(/\/exam$/);
  await expect(page.getByRole('heading', { name: '考试中心' }).first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument), path).toBe(true);
}

test('pages hydrate without a mismatch and navigate in the page, for a guest and a signed-in learner', async ({
  page,
  request,
}) => {
  const course = (await (await request.post('/apis/course/api/course/list', { data: {} })).json()).data.list[0];
  const errors = watchErrors(page);
  for (const path of ['/', `/view/${course.id}`, '/blog', '/null']) await visitAndNavigate(page, path);
  // the footer is markup the server keeps for the site (lib/kept-markup.ts): its links, taken over, navigate in the page
  await page.goto(`/view/${course.id}`);
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  const article = page.locator('footer .qk-footer__group a').first();
  const title = (await article.getAttribute('title')) ?? '';
  await article.click();
  await expect(page).toHaveURL(/\/info\/detail\/\d+$/);
  await expect(page.getByRole('heading', { name: title }).first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

  await page.goto('/login');
  await page.waitForLoadState('networkidle');
  await page.getByLabel('手机号').fill(STUDENT.mobile);
  await page.getByLabel('密码', { exact: true }).fill(STUDENT.password);
  await page.getByRole('button', { name: /登\s?录$/ }).click();
  await expect(page.getByRole('link', { name: /消息/ }).first()).toBeVisible();
  for (const path of ['/', `/view/${course.id}`, '/account/info', '/account/study']) {
    await visitAndNavigate(page, path);
    // the signed-in header, rendered on the server, is the one the browser keeps
    await expect(page.locator('header').first().getByRole('link', { name: /消息/ })).toBeVisible();
  }
  expect(errors).toEqual([]);
});
