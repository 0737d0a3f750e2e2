import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { appApi, DEMO_PASSWORD, LECTURER } from './exams-support.ts';
import { E2E_SMS_INTERVAL_S, registerViaApi, smsCode, smsMark } from './server-log.ts';
import { adminApi } from './support.ts';
import { reviewShot } from './review-shot.ts';

/** What the phone journeys of h5-learning.spec.ts share: signing in, a paper, the SMS code and the width check. */
export const SHOTS = 'test-results/h5-learning';
mkdirSync(SHOTS, { recursive: true });
export const PASSWORD = 'Phone2026x';
export const run = Date.now() % 100000;

/**
 * The page scrolls sideways at none of the phone's own width, 375 px and 320 px (the narrowest phone the site
 * serves); the screenshot is taken at 375 px.
 */
export async function noSidewaysScroll(page: Page, shot: string) {
  const size = page.viewportSize()!;
  for (const width of [size.width, 375, 320]) {
    await page.setViewportSize({ width, height: size.height });
    const [scroll, inner] = await page.evaluate(() => [document.scrollingElement!.scrollWidth, window.innerWidth]);
    if (width === 375) await reviewShot(page, `${SHOTS}/${shot}.png`);
    expect(scroll, `${page.url()} scrolls sideways at ${width} px`).toBeLessThanOrEqual(inner);
  }
  await page.setViewportSize(size);
}

/** Signing in through the H5 login page with a password, which leads to the H5 home. */
export async function passwordSignIn(page: Page, mobile: string, password: string): Promise<void> {
  await page.goto('/h5/login');
  await page.getByRole('tab', { name: '密码登录' }).click();
  await page.getByLabel('手机号').fill(mobile);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/\/h5\/$/);
}

/** A new learner signed in through the H5 login page with a password. */
export async function signIn(page: Page, request: APIRequestContext): Promise<string> {
  const mobile = await registerViaApi(request, PASSWORD, `手机学员${run}`);
  await passwordSignIn(page, mobile, PASSWORD);
  return mobile;
}

/**
 * 获取验证码 on the page (or in one form of it), waiting out the interval the server names if a code went to this
 * mobile lately.
 */
export async function codeSentTo(scope: Page | Locator, mobile: string): Promise<string> {
  const page = 'page' in scope ? scope.page() : scope;
  for (;;) {
    const mark = smsMark(mobile);
    await scope.getByRole('button', { name: '获取验证码' }).click();
    const wait = scope.getByRole('alert').filter({ hasText: /请 \d+ 秒后再试/ });
    const sent = scope.getByRole('button', { name: /秒后重发/ });
    await expect(sent.or(wait)).toBeVisible();
    if (await sent.isVisible()) return smsCode(mobile, mark);
    // the toast may be gone by the time it is read on a busy machine: then the whole interval is waited out
    const text = await wait.textContent({ timeout: 1_000 }).catch(() => null);
    const seconds = Number(/请 (\d+) 秒/.exec(text ?? '')?.[1] ?? E2E_SMS_INTERVAL_S);
    await page.waitForTimeout((seconds + 1) * 1000);
  }
}

/**
 * A two-problem paper, approved: a single choice with its analysis (answered right) and a true/false (answered
 * wrong, for the book).
 */
export async function twoProblemPaper(request: APIRequestContext, name: string): Promise<string> {
  const lecturer = await appApi(request, LECTURER, DEMO_PASSWORD);
  const single = await lecturer('/exam/auth/exam/problem/save', {
    problemType: 1,
    problemContent: `${name}：1 + 2 = ?`,
    options: [{ content: '2' }, { content: '3' }],
    answer: ['B'],
    score: 5,
    analysis: `${name}：一加二等于三`,
  });
  const judge = await lecturer('/exam/auth/exam/problem/save', {
    problemType: 3,
    problemContent: `${name}：3 是偶数`,
    answer: ['B'],
    score: 5,
  });
  const paper = await lecturer('/exam/auth/exam/audit/save', { examName: name, answerTime: 30, passScore: 5 });
  await lecturer('/exam/auth/exam/audit/save/exam/ref', {
    examId: paper.id,
    sections: [
      {
        titleName: '基础',
        problems: [
          { problemId: single.id, score: 5 },
          { problemId: judge.id, score: 5 },
        ],
      },
    ],
  });
  await lecturer('/exam/auth/exam/audit/is/submit/audit', { id: paper.id });
  await (
    await adminApi(request)
  )('/exam/admin/exam/audit/audit', { id: paper.id, auditStatus: 1, auditOpinion: '' });
  return paper.id;
}

/**
 * What axe finds against WCAG 2.2 AA and its best practices on the page once its requests settle, one line a rule
 * broken, prefixed with `label`.
 */
export async function axeFindings(page: Page, label: string): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  // a toast (「已保存」) fades in and out over its two seconds: read mid-fade, its text is a pale grey no one reads it in
  await page.waitForFunction(
    () => ![...document.querySelectorAll('.adm-toast-mask')].some((toast) => toast.checkVisibility()),
    undefined,
    { timeout: 10_000 },
  );
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return violations.map(
    (v) => `${label} ${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join(' | ')}`,
  );
}

/** The page, once its requests settle, breaks no rule of WCAG 2.2 AA or axe's best practices. */
export async function noAxeViolations(page: Page) {
  expect(await axeFindings(page, page.url())).toEqual([]);
}

/** The two-problem paper's attempt answered (5 of its 10 points: the single choice right, the true/false wrong) and handed in. */
export async function handInTwoProblemPaper(page: Page) {
  const problems = page.getByTestId('exam-problem');
  await problems.nth(0).getByText('3', { exact: true }).click();
  await problems.nth(1).getByText('正确', { exact: true }).click();
  await expect(page.getByTestId('save-state')).toHaveText(['已保存', '已保存']);
  await page.getByRole('button', { name: '交卷', exact: true }).click();
  await page.getByRole('button', { name: '确认交卷' }).click();
}
