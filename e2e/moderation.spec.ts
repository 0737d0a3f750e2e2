import { expect, test } from './journey.ts';
import type { Page } from '@playwright/test';
import { adminSignIn } from './orders-support.ts';
import { registerViaApi } from './server-log.ts';
import { shotsIn } from './review-shot.ts';

/**
 * The administrator's half of keeping the community clean: the sensitive-word list, edited many words at once,
 * the report queue with its overview count, and a reported comment hidden from everyone (restore and dismiss are
 * covered by the int tests, community/moderation.int.test.ts).
 */
const shot = shotsIn('test-results/moderation');

test('the administrator adds sensitive words many at once, finds one and deletes it', async ({ page }) => {
  test.setTimeout(90_000);
  await adminSignIn(page);
  await page.goto('/admin');
  // the menu's links navigate in the page once it has hydrated; a click before that may be lost under load
  await page.waitForLoadState('networkidle');
  await page.getByRole('link', { name: '敏感词' }).click();
  await expect(page).toHaveURL(/\/admin\/sensitive-words$/, { timeout: 15_000 });
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
  // journeys before this one may have reported and had it dismissed: nothing waits
  await expect(page.getByRole('cell', { name: '待处理', exact: true })).toHaveCount(0);
  await shot(page, 'm3-reports');
});

test('a reader reports a comment, the administrator hides it, and it is gone for everyone', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now() % 1e6;
  const commentText = `加我私聊，低价代写作业 ${stamp}`;
  // a writer comments on the newest post
  const writer = await browser.newContext();
  const writerPage = await writer.newPage();
  const writerMobile = await registerViaApi(writerPage.request, 'Report2026x', `评论者${stamp}`);
  const login = (p: Page, mobile: string) =>
    p.request.post('/apis/user/api/user/login/password', {
      data: { mobile, password: 'Report2026x', clientType: 1 },
    });
  expect((await (await login(writerPage, writerMobile)).json()).code).toBe(200);
  const list = await (await writerPage.request.post('/apis/community/api/blog/list', { data: { tab: 1 } })).json();
  const post = list.data.list.find((b: { articleType: number }) => b.articleType === 1);
  await writerPage.goto(`/blog/article/${post.id}`);
  await writerPage.getByRole('textbox', { name: '写下你的评论' }).fill(commentText);
  await writerPage.getByRole('button', { name: /^发 ?表$/ }).click();
  await expect(writerPage.getByText(commentText)).toBeVisible();

  // a reader reports it
  const reader = await browser.newContext();
  const readerPage = await reader.newPage();
  const readerMobile = await registerViaApi(readerPage.request, 'Report2026x', `举报者${stamp}`);
  expect((await (await login(readerPage, readerMobile)).json()).code).toBe(200);
  await readerPage.goto(`/blog/article/${post.id}`);
  const comment = readerPage.locator('li.qk-blog-comment', { hasText: commentText });
  await comment.getByRole('button', { name: /举报/ }).click();
  const dialog = readerPage.getByRole('dialog', { name: '举报' });
  await dialog.getByRole('radio', { name: '广告或垃圾信息' }).check();
  await dialog.getByRole('button', { name: '提交举报' }).click();
  await expect(dialog).toBeHidden();

  // the administrator sees it on the overview and hides it from the queue
  await adminSignIn(page);
  await page.goto('/admin');
  await expect(page.getByText(/条社区举报待处理/)).toBeVisible();
  await page.goto('/admin/reports');
  const row = page.getByRole('row', { name: new RegExp(String(stamp)) });
  await row.getByRole('button', { name: /隐\s*藏/ }).click();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /隐\s*藏/ })
    .click();
  await expect(row).toContainText('已隐藏');
  await shot(page, 'm4-hidden');

  // gone for the reader, for a guest, and for the writer too
  await readerPage.reload();
  await expect(readerPage.getByText(commentText)).toHaveCount(0);
  const guest = await browser.newPage();
  await guest.goto(`/blog/article/${post.id}`);
  await expect(guest.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(guest.getByText(commentText)).toHaveCount(0);
  await writerPage.reload();
  await expect(writerPage.getByText(commentText)).toHaveCount(0);
});
