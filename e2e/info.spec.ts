import { expect, test } from './journey.ts';
import { adminApi } from './support.ts';
import { shotsIn } from './review-shot.ts';

const shot = shotsIn('test-results/info');
const NEWEST = '青课网校 2.0 正式上线：学习体验全面升级';

test('a visitor reads the news: categories, a category, an article and back', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/info');
  await expect(page).toHaveTitle(/^资讯 - /);
  const side = page.getByRole('complementary', { name: '资讯分类' });
  await expect(side.getByRole('heading', { name: '资讯' })).toBeVisible();
  await expect(side.getByRole('link', { name: /^平台资讯\s*6$/ })).toBeVisible();
  const list = page.locator('.qk-info__list');
  // the latest edited comes first, with its cover, summary and date
  const first = list.locator('.qk-info-item').first();
  await expect(first.getByRole('link', { name: NEWEST })).toBeVisible();
  await expect(first.locator('img')).toBeVisible();
  await expect(first.getByText('经过三个月的打磨')).toBeVisible();
  await expect(first.locator('time')).toHaveText(/^\d{4}-\d\d-\d\d$/);
  await shot(page, '1-all');

  await side.getByRole('link', { name: /^平台资讯/ }).click();
  await expect(page).toHaveURL(/\/info\?navId=\d+$/);
  await expect(page.getByRole('main').getByRole('heading', { level: 2, name: '平台资讯' })).toBeVisible();
  await expect(list.locator('.qk-info-item')).toHaveCount(6);
  await expect(list.getByRole('link', { name: '平台简介' })).toHaveCount(0);
  await shot(page, '2-category');

  await list.getByRole('link', { name: '期末备考季：用好题库与错题本的三个建议' }).click();
  await expect(page).toHaveURL(/\/info\/detail\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: '期末备考季：用好题库与错题本的三个建议' })).toBeVisible();
  await expect(page.getByText('用一套完整的模拟卷摸清自己的薄弱环节')).toBeVisible();
  await shot(page, '3-article');
  await page.getByRole('navigation', { name: '位置' }).getByRole('link', { name: '平台资讯' }).click();
  await expect(page).toHaveURL(/\/info\?navId=\d+$/);
  await expect(list.locator('.qk-info-item')).toHaveCount(6);
  expect(errors).toEqual([]);
});

test('the footer shows the first news and a way to the rest', async ({ page }) => {
  await page.goto('/');
  const group = page.locator('footer .qk-footer__group', { has: page.getByRole('heading', { name: '平台资讯' }) });
  await expect(group.getByRole('link')).toHaveCount(5); // four articles and 更多
  await group.getByRole('link', { name: '更多' }).click();
  await expect(page).toHaveURL(/\/info\?navId=\d+$/);
  await expect(page.getByRole('main').getByRole('heading', { level: 2, name: '平台资讯' })).toBeVisible();
  // the terms are kept to the footer: no category of the centre, and their page does not lead into it
  await expect(
    page.getByRole('complementary', { name: '资讯分类' }).getByRole('link', { name: /服务条款/ }),
  ).toHaveCount(0);
  const terms = page.locator('footer .qk-footer__group', { has: page.getByRole('heading', { name: '服务条款' }) });
  await terms.getByRole('link', { name: '用户协议' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '用户协议' })).toBeVisible();
  const crumbs = page.getByRole('navigation', { name: '位置' });
  await expect(crumbs).toHaveText(/首页\s*\/\s*服务条款/);
  await expect(crumbs.getByRole('link')).toHaveCount(1);
  await shot(page, '4-footer-only');
});

test('a long category pages by links, an empty one says so, and a removed one is not found', async ({
  page,
  request,
}) => {
  const admin = await adminApi(request);
  const nav = await admin('/system/admin/website/nav/save', { navName: '测试分页', sort: 99 });
  const made: string[] = [];
  try {
    await page.goto(`/info?navId=${nav.id}`);
    await expect(page.getByText('这个分类下还没有文章')).toBeVisible();
    await shot(page, '4-empty');
    await expect(
      page.getByRole('complementary', { name: '资讯分类' }).getByRole('link', { name: /测试分页/ }),
    ).toHaveCount(0);

    for (let i = 1; i <= 11; i++) {
      made.push(
        (
          await admin('/system/admin/website/nav/article/save', {
            navId: nav.id,
            artTitle: `分页文章 ${i}`,
            artDesc: `<p>第 ${i} 篇</p>`,
          })
        ).id,
      );
    }
    await page.goto(`/info?navId=${nav.id}`);
    await expect(page.locator('.qk-info-item')).toHaveCount(10);
    await expect(page.getByText('共 11 篇')).toBeVisible();
    await page.locator('.qk-pager').getByRole('link', { name: '第 2 页' }).click();
    await expect(page).toHaveURL(new RegExp(`/info\\?navId=${nav.id}&page=2$`));
    await expect(page.locator('.qk-info-item')).toHaveCount(1);
    await expect(page.locator('.qk-pager .ant-pagination-item-active')).toHaveText('2');

    await admin('/system/admin/website/nav/update', { id: nav.id, navName: '测试分页', sort: 99, statusId: 0 });
    const gone = await page.goto(`/info?navId=${nav.id}`);
    expect(gone?.status()).toBe(404);
  } finally {
    for (const id of made) await admin('/system/admin/website/nav/article/delete', { id });
    await admin('/system/admin/website/nav/delete', { id: nav.id });
  }
});
