import { devices, expect, test } from './journey.ts';
import { noSidewaysScroll } from './h5-learning-support.ts';

/**
 * The pages a phone reaches from the H5 home's shortcuts and the PC addresses of the information centre, the
 * teaching staff, the sale, customer service and the blog search: each is its H5 twin, not the PC page shrunk.
 */
const { defaultBrowserType: _only, ...iphone } = devices['iPhone 13'];
test.use(iphone);

test('a phone reads the information centre, finds a lecturer, browses the sale, calls customer service and searches the blog', async ({
  page,
}) => {
  // the information centre: a category, then one of its articles
  await page.goto('/h5/');
  await page.getByRole('navigation', { name: '更多' }).getByRole('link', { name: '资讯' }).click();
  await expect(page).toHaveURL(/\/h5\/info$/);
  const categories = page.getByRole('navigation', { name: '资讯分类' });
  await categories.getByRole('link', { name: /平台资讯/ }).click();
  await expect(page).toHaveURL(/\/h5\/info\?navId=\d+$/);
  const articles = page.getByRole('list', { name: /资讯，共 \d+ 篇/ }).getByRole('link');
  const title = (await articles.first().locator('strong').textContent())!;
  await noSidewaysScroll(page, 'h5-info');
  await articles.first().click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await noSidewaysScroll(page, 'h5-info-article');

  // the teaching staff, searched by name, leads to the lecturer's page
  await page.goto('/teachingStaff');
  await expect(page).toHaveURL(/\/h5\/teachingStaff$/);
  await page.getByRole('searchbox', { name: '按讲师名称搜索' }).fill('李');
  await page.getByRole('button', { name: '搜索' }).click();
  await expect(page).toHaveURL(/name=/);
  const found = page.getByRole('list', { name: /讲师，共 1 位/ });
  await expect(found.getByText('李老师')).toBeVisible();
  await noSidewaysScroll(page, 'h5-teaching-staff');
  await found.getByRole('link').click();
  await expect(page).toHaveURL(/\/h5\/lecturer\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: '李老师' })).toBeVisible();

  // the sale, by kind: every course shown is sold below its strike-through price
  await page.goto('/sale');
  await expect(page).toHaveURL(/\/h5\/sale$/);
  const onSale = page.getByRole('list', { name: /优惠中的录播课程，共 \d+ 门/ }).getByRole('link');
  await expect(onSale).not.toHaveCount(0);
  for (const row of await onSale.all()) await expect(row.locator('del')).toBeVisible();
  await page.getByRole('navigation', { name: '课程类型' }).getByRole('link', { name: '资源' }).click();
  await expect(page).toHaveURL(/\/h5\/sale\/3$/);
  await noSidewaysScroll(page, 'h5-sale');

  // customer service: the hotline is a number to call
  await page.goto('/view/service');
  await expect(page).toHaveURL(/\/h5\/view\/service$/);
  await expect(page.getByRole('link', { name: /拨打 24 小时服务热线/ })).toHaveAttribute('href', /^tel:/);
  await noSidewaysScroll(page, 'h5-service');

  // the blog search: asks for a keyword, then lists what holds it
  await page.goto('/blog/search');
  await expect(page).toHaveURL(/\/h5\/blog\/search$/);
  await expect(page.getByText('输入关键词，搜索博客的标题、摘要和标签')).toBeVisible();
  await page.getByRole('searchbox', { name: '搜索博客标题、摘要或标签' }).fill('Python');
  await page.getByRole('button', { name: '搜索' }).click();
  await expect(page.getByText(/“Python”的博客，共 [1-9]\d* 篇/)).toBeVisible();
  await expect(
    page
      .getByRole('list', { name: /搜索结果/ })
      .getByRole('link')
      .first(),
  ).toBeVisible();
  await noSidewaysScroll(page, 'h5-blog-search');
});
