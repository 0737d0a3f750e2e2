import { devices, expect, test } from './journey.ts';
import { noAxeViolations, noSidewaysScroll } from './h5-learning-support.ts';
import { registerViaApi } from './server-log.ts';

/** 随堂练习 on a phone: a set drawn from the form, each answer judged at once, kept across a reload, cleared again. */
const { defaultBrowserType: _only, ...iphone } = devices['iPhone 13'];
test.use(iphone);

test('a phone learner draws a practice set, answers with feedback at once, reloads, and starts again', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const mobile = await registerViaApi(page.request, 'Phone2026x', '练习学员');
  await page.request.post('/apis/user/api/user/login/password', {
    data: { mobile, password: 'Phone2026x', clientType: 1 },
  });
  // the PC address of the practice opens its H5 page; the H5 exam centre leads there too
  await page.goto('/h5/exam');
  await page.getByRole('navigation', { name: '练习与记录' }).getByRole('link', { name: '随堂练习' }).click();
  await expect(page).toHaveURL(/\/h5\/exam\/exercise$/);
  await page.goto('/exam/exercise');
  await expect(page).toHaveURL(/\/h5\/exam\/exercise$/);
  await expect(page.getByRole('heading', { level: 1, name: '随堂练习' })).toBeVisible();
  await expect(page.getByText('还没有练习记录')).toBeVisible();
  await noSidewaysScroll(page, 'exercise-form');
  await noAxeViolations(page);

  await page.getByLabel('题型').selectOption({ label: '单选题' });
  await page.getByLabel(/题目数量/).fill('3');
  await page.getByRole('button', { name: '开始练习' }).click();
  await expect(page).toHaveURL(/\/h5\/exam\/exercise\/\d+$/);
  const problems = page.getByTestId('practice-problem');
  await expect(problems.first()).toBeVisible();
  const count = await problems.count();
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThanOrEqual(3);
  await expect(page.getByText(new RegExp(`共 ${count} 题 · 已答 0`))).toBeVisible();

  const first = problems.first();
  const answerFirst = async () => {
    await first.locator('input[type="radio"]').first().check();
    await first.getByRole('button', { name: '提交答案' }).click();
    await expect(first.getByRole('status')).toContainText(/回答(正确|错误)/);
  };
  await answerFirst();
  await expect(first.getByRole('status')).toContainText('正确答案：');
  await expect(first.getByRole('button', { name: '提交答案' })).toHaveCount(0);
  // the tally follows each answer at once
  await expect(page.getByText(new RegExp(`共 ${count} 题 · 已答 1 · 答对 [01]$`))).toBeVisible();
  await noSidewaysScroll(page, 'exercise-feedback');
  await noAxeViolations(page);

  // cleared right away, every problem is open again
  await page.getByRole('button', { name: '清空重练' }).click();
  await expect(page.getByText(new RegExp(`共 ${count} 题 · 已答 0 · 答对 0$`))).toBeVisible();
  await expect(first.getByRole('button', { name: '提交答案' })).toBeVisible();
  await expect(first.getByRole('status')).toHaveCount(0);

  // an answer is stored: a reload shows the verdict again and counts it
  await answerFirst();
  await page.reload();
  await expect(problems.first().getByRole('status')).toContainText(/回答(正确|错误)/);
  await expect(page.getByText(new RegExp(`共 ${count} 题 · 已答 1`))).toBeVisible();

  await page.getByRole('link', { name: '换一组题' }).click();
  await expect(page).toHaveURL(/\/h5\/exam\/exercise$/);
  await expect(page.getByRole('region', { name: '我的练习' }).getByRole('link')).toHaveCount(1);
});
