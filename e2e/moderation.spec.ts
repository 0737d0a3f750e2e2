import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { adminSignIn } from './orders-support.ts';

/**
 * The administrator's half of keeping the community clean: the sensitive-word list, edited many words at once,
 * and the report queue with its overview count. No reportable content is registered in this build yet, so the
 * queue's hide / restore / dismiss are covered by the int tests (community/moderation.int.test.ts).
 */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/moderation/${name}.png`, fullPage: true });

test('the administrator adds sensitive words many at once, finds one and deletes it', async ({ page }) => {
  test.setTimeout(90_000);
  await adminSignIn(page);
  await page.goto('/admin');
  await page.getByRole('link', { name: '敏感词' }).click();
  await expect(page).toHaveURL(/\/admin\/sensitive-words$/);
  // the demo list
  await expect(page.getByRole('cell', { name: '代开发票', exact: true })).toBeVisible();

  const box = page.getByRole('textbox', { name: '敏感词，每行一个' });
  await box.fill('刷钻\n代开发票\n  办 证  \n\n刷钻');
  await page.getByRole('button', { name: '添加 4 个' }).click();
  await expect(page.getByText('新增 2 个，跳过 2 个（重复或已存在）')).toBeVisible();
  await expect(box).toHaveValue('');
  await expect(page.getByRole('cell', { name: '刷钻', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: '办 证', exact: true })).toBeVisible();
  await shot(page, 'm1-words');

  // a word too long is refused with the reason, and nothing is added
  await box.fill('长'.repeat(31));
  await page.getByRole('button', { name: '添加 1 个' }).click();
  await expect(page.getByText(/超过 30 个字，请缩短/).first()).toBeVisible();

  await page.getByRole('textbox', { name: '敏感词' }).last().fill('刷钻');
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(page).toHaveURL(/word=%E5%88%B7%E9%92%BB/);
  const row = page.getByRole('row', { name: /刷钻/ });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: /删\s*除/ }).click();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /删\s*除/ })
    .click();
  await expect(page.getByRole('cell', { name: '刷钻', exact: true })).toHaveCount(0);
  await shot(page, 'm2-deleted');
});

test('the report queue is in the menu, filters by state, and is for administrators only', async ({ page }) => {
  await page.goto('/admin/reports');
  await expect(page).toHaveURL(/\/admin\/login\?redirect=%2Fadmin%2Freports/);
  await adminSignIn(page);
  await page.goto('/admin');
  // nothing is reported yet: no alert on the overview
  await expect(page.getByText(/条社区举报待处理/)).toHaveCount(0);
  await page.getByRole('link', { name: '举报处理' }).click();
  await expect(page).toHaveURL(/\/admin\/reports$/);
  await expect(page.getByRole('columnheader', { name: '被举报内容' })).toBeVisible();
  await expect(page.getByText('还没有举报')).toBeVisible();
  await shot(page, 'm3-reports');
});
