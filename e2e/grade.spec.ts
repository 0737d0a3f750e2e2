import { devices, expect, test } from './journey.ts';
import { reviewShot } from './review-shot.ts';

/** 班级 in the top navigation lists the classes open to join, on a computer and on a phone. */
const DEMO_CLASS = '前端进阶训练营（春季班）';

test('班级 in the navigation lists the classes open to join, and a class opens its page', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: '班级', exact: true }).click();
  await expect(page).toHaveURL(/\/grade$/);
  await expect(page.getByRole('heading', { level: 1, name: '班级' })).toBeVisible();
  const card = page.getByRole('link', { name: new RegExp(DEMO_CLASS) });
  await expect(card).toContainText('班主任 王老师');
  await expect(card).toContainText('申请加入，班主任审核');
  await reviewShot(page, 'test-results/grade/1-list.png');
  await card.click();
  await expect(page).toHaveURL(/\/grade\/view\/\d+$/);
  await expect(page.getByRole('heading', { name: DEMO_CLASS })).toBeVisible();
});

test.describe('on a phone', () => {
  const { defaultBrowserType: _only, ...phone } = devices['iPhone 13'];
  test.use(phone);

  test('the class list opens on the H5 site without sideways scrolling', async ({ page }) => {
    await page.goto('/grade');
    await expect(page).toHaveURL(/\/h5\/grade$/);
    await expect(page.getByRole('link', { name: new RegExp(DEMO_CLASS) })).toBeVisible();
    await page.setViewportSize({ width: 320, height: 640 });
    const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(wide).toBeLessThanOrEqual(0);
    await reviewShot(page, 'test-results/grade/h5-1-list.png');
  });
});

test('a class admin finds 班级管理 in the side menu and approves a pending application', async ({ page }) => {
  const res = await page.request.post('/apis/user/api/user/login/password', {
    data: { mobile: '13800000201', password: 'Demo1234', clientType: 1 },
  });
  expect((await res.json()).code).toBe(200);
  await page.goto('/account/info');
  await page.getByRole('link', { name: '班级管理' }).click();
  await expect(page).toHaveURL(/\/account\/grades\/admin$/);
  await expect(page.getByRole('combobox', { name: '选择班级' })).toBeVisible();
  const applies = page.getByRole('tab', { name: /^入班申请（\d+）$/ });
  await expect(applies).toHaveText('入班申请（1）');
  const members = await page.getByRole('tab', { name: /^成员（\d+）$/ }).textContent();
  const before = Number(/（(\d+)）/.exec(members ?? '')?.[1]);
  await reviewShot(page, 'test-results/grade/2-admin.png');
  await page.getByRole('row').nth(1).getByRole('checkbox').check();
  await page.getByRole('button', { name: '批量通过' }).click();
  await expect(applies).toHaveText('入班申请（0）');
  await expect(page.getByText('没有待审核的申请')).toBeVisible();
  await expect(page.getByRole('tab', { name: `成员（${before + 1}）` })).toBeVisible();
});
