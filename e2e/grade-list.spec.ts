import { devices, expect, test } from '@playwright/test';

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
  await page.screenshot({ path: 'test-results/grade/1-list.png', fullPage: true });
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
    await page.screenshot({ path: 'test-results/grade/h5-1-list.png', fullPage: true });
  });
});
