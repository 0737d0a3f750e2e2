import { expect, test, type Page } from './journey.ts';
import { reviewShot } from './review-shot.ts';

/**
 * Spec §8 and §9 on the browser side: one response handler for every call (one toast for the same refusal within
 * 2 s; codes 300–400 to the login page and back) and spinners that do not flicker for fast answers.
 */
const STUDENT = { mobile: '13800000001', password: 'Demo1234' };
const LOGIN = /登\s?录$/;
const READ_ALL = '**/apis/user/auth/msg/user/read/all';

async function signIn(page: Page) {
  // the login form works once the page has hydrated
  await page.waitForLoadState('networkidle');
  await page.getByLabel('手机号').fill(STUDENT.mobile);
  await page.getByLabel('密码', { exact: true }).fill(STUDENT.password);
  await page.getByRole('button', { name: LOGIN }).click();
}

async function openMessages(page: Page) {
  await page.goto('/login?t=login&redirect=%2Faccount%2Fmessage');
  await signIn(page);
  await expect(page).toHaveURL(/\/account\/message$/);
  await expect(page.getByRole('button', { name: '全部标为已读' })).toBeEnabled();
  // the page has hydrated once its buttons answer clicks
  await page.waitForLoadState('networkidle');
}

test('the same refusal twice within 2 s shows one toast; after 2 s it shows again', async ({ page }) => {
  // the page's clock is held still while the refusals arrive: the rule is about the page's time, and a loaded
  // machine may take longer than 2 s of wall time between two clicks
  await page.clock.install();
  await openMessages(page);
  const text = '消息服务繁忙，请稍后再试';
  await page.evaluate((wanted) => {
    const w = window as unknown as { toasts: number };
    const seen = new WeakSet<Element>();
    w.toasts = 0;
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('.ant-message-notice'))
        if (!seen.has(el) && el.textContent?.includes(wanted)) {
          seen.add(el);
          w.toasts++;
        }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  }, text);
  const toasts = () => page.evaluate(() => (window as unknown as { toasts: number }).toasts);
  let answered = 0;
  await page.route(READ_ALL, (route) => {
    answered++;
    return route.fulfill({ json: { code: 999, msg: text, data: null } });
  });
  const button = page.getByRole('button', { name: '全部标为已读' });
  const t0 = Date.now();
  await page.clock.setFixedTime(t0);
  await button.click();
  await expect.poll(() => answered).toBe(1);
  await expect.poll(toasts).toBe(1);
  await expect(button).toBeEnabled();
  await button.click();
  await expect.poll(() => answered).toBe(2);
  await page.waitForTimeout(500);
  expect(await toasts()).toBe(1);
  await reviewShot(page, 'test-results/e2e/client-rules-one-toast.png', false);

  await page.clock.setFixedTime(t0 + 2_100);
  await button.click();
  await expect.poll(() => answered).toBe(3);
  await expect.poll(toasts).toBe(2);
});

test('a call refused with 302 goes to the login page, which brings the person back after signing in', async ({
  page,
  context,
}) => {
  await openMessages(page);
  // the session dies on the server (e.g. expired): the next call says so
  await context.clearCookies();
  await page.route(READ_ALL, (route) =>
    route.fulfill({ json: { code: 302, msg: 'token 无效，请重新登录', data: null } }),
  );
  await page.getByRole('button', { name: '全部标为已读' }).click();
  await expect(page).toHaveURL(/\/login\?t=login&redirect=%2Faccount%2Fmessage$/);
  await expect(page.locator('.ant-message-notice').filter({ hasText: 'token 无效' })).toHaveCount(0);
  await page.unroute(READ_ALL);
  await signIn(page);
  await expect(page).toHaveURL(/\/account\/message$/);
  await expect(page.getByRole('button', { name: '全部标为已读' })).toBeVisible();
});

test('a fast call shows no spinner; a slow one shows it', async ({ page }) => {
  // the page's clock stands still while the fast call is answered: "fast" is page time, which a loaded
  // machine's slow round trip through the browser must not turn into a slow call
  await page.clock.install();
  await openMessages(page);
  // count every moment the button turns into a spinner, from before the click
  await page.evaluate(() => {
    const w = window as unknown as { spins: number };
    w.spins = 0;
    new MutationObserver((records) => {
      for (const r of records) {
        const el = r.target as Element;
        if (el.classList?.contains('ant-btn-loading') && el.textContent?.includes('全部标为已读')) w.spins++;
      }
    }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['class'] });
  });
  const spins = () => page.evaluate(() => (window as unknown as { spins: number }).spins);
  let answered = 0;
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route(READ_ALL, async (route) => {
    answered++;
    if (answered === 1) await held;
    if (answered === 2) await new Promise((r) => setTimeout(r, 800));
    return route.fulfill({ json: { code: 200, msg: '', data: { count: 0 } } });
  });
  const button = page.getByRole('button', { name: '全部标为已读' });
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  await button.click();
  await expect.poll(() => answered).toBe(1);
  // 150 ms of the page's time pass with the call unanswered: no spinner yet
  await page.clock.runFor(150);
  expect(await spins()).toBe(0);
  const answer = page.waitForResponse(READ_ALL);
  release();
  await answer;
  // real time for the page to take the answer in; its clock has not moved
  await page.waitForTimeout(1_000);
  await page.clock.runFor(600);
  expect(await spins()).toBe(0);

  await page.clock.resume();
  await button.click();
  await expect(button).toHaveClass(/ant-btn-loading/);
  await reviewShot(page, 'test-results/e2e/client-rules-slow-spinner.png', false);
  await expect(button).not.toHaveClass(/ant-btn-loading/);
  expect(await spins()).toBeGreaterThan(0);
});

test('a link is followed inside the page, a link to the page one is on adds no history entry, Ctrl opens a tab', async ({
  page,
}) => {
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  const nav = page.getByRole('navigation', { name: '主导航' });
  await nav.getByRole('link', { name: '录播课程' }).click();
  await expect(page).toHaveURL(/\/list$/);
  await expect(page.locator('.qk-nav__item.is-active')).toHaveText('录播课程');
  await nav.getByRole('link', { name: '录播课程' }).click();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  const [tab] = await Promise.all([
    page.context().waitForEvent('page'),
    nav.getByRole('link', { name: '博客' }).click({ modifiers: ['Control'] }),
  ]);
  await expect(tab).toHaveURL(/\/blog$/);
  await expect(page).toHaveURL(/\/$/);
});
