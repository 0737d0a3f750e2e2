import AxeBuilder from '@axe-core/playwright';
import { devices, expect, test, type Page } from './journey.ts';
import { mkdirSync } from 'node:fs';
import { reviewShot } from './review-shot.ts';

/** The one search, as a new visitor uses it: suggestions while typing, ranked and marked results, tabs with counts. */
const SHOTS = 'test-results/search';
mkdirSync(SHOTS, { recursive: true });

async function noSidewaysScroll(page: Page, shot: string, width: number) {
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
  await reviewShot(page, `${SHOTS}/${shot}.png`);
  expect(scroll, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(width);
}

test('typing in the header suggests courses, and a search lists matching courses first with the words marked', async ({
  page,
}) => {
  await page.goto('/');
  const header = page.getByRole('search', { name: '全站搜索' });
  const box = header.getByRole('combobox', { name: '搜索关键词' });
  await box.click();
  await box.pressSequentially('pyth', { delay: 40 });
  const suggestions = page.getByRole('listbox', { name: '搜索建议' });
  await expect(suggestions.getByRole('option').first()).toContainText(/Python/);
  await reviewShot(page, `${SHOTS}/suggest.png`, false);

  await box.fill('数据分析');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\/%E6%95%B0%E6%8D%AE%E5%88%86%E6%9E%90\?type=1$/);
  const results = page.getByRole('list', { name: '搜索结果' });
  const first = results.getByRole('listitem').first();
  await expect(first.getByRole('link')).toHaveText('Python 数据分析实战');
  await expect(first.locator('mark').first()).toHaveText('数据分析');

  const tabs = page.getByRole('navigation', { name: '搜索类型' });
  const blogTab = tabs.getByRole('link', { name: /^博客\s*\d+$/ });
  const questionTab = tabs.getByRole('link', { name: /^问答\s*\d+$/ });
  await expect(blogTab).toBeVisible();
  await expect(questionTab).toBeVisible();
  expect(Number((await blogTab.innerText()).replace(/\D/g, ''))).toBeGreaterThan(0);
  await reviewShot(page, `${SHOTS}/results.png`);

  await blogTab.click();
  await expect(page).toHaveURL(/type=6$/);
  await expect(results.getByRole('listitem').first().locator('mark').first()).toBeVisible();

  // the price filter of a course tab keeps the keyword and the tab
  await page.goto('/search/python?type=1');
  await page.getByRole('group', { name: '价格' }).getByRole('link', { name: '免费' }).click();
  await expect(page).toHaveURL(/type=1&price=free$/);
  for (const meta of await results.locator('.qk-hit__price').allInnerTexts()) expect(meta).toBe('免费');
});

test('the results page passes the accessibility rules, suggestions open', async ({ page }) => {
  await page.goto('/search/%E6%95%B0%E6%8D%AE%E5%88%86%E6%9E%90?type=1');
  const box = page.getByRole('search', { name: '搜索', exact: true }).getByRole('combobox');
  await box.fill('');
  await box.pressSequentially('数据', { delay: 40 });
  await expect(page.getByRole('listbox', { name: '搜索建议' }).getByRole('option').first()).toBeVisible();
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
});

test('an empty search asks for a keyword', async ({ page }) => {
  await page.goto('/search');
  await expect(page.getByText('请输入搜索内容')).toBeVisible();
  await page.getByRole('search', { name: '全站搜索' }).getByRole('button', { name: '搜索' }).click();
  await expect(page.getByText('请输入搜索关键词')).toBeVisible();
});

const { defaultBrowserType: _only, ...phone } = devices['iPhone 13'];
test.describe('on a phone', () => {
  test.use(phone);

  test('the PC search address opens the H5 search with its tabs and results', async ({ page }) => {
    await page.goto('/search/%E6%95%B0%E6%8D%AE%E5%88%86%E6%9E%90?type=1');
    await expect(page).toHaveURL(/\/h5\/search\/%E6%95%B0%E6%8D%AE%E5%88%86%E6%9E%90\?type=1$/);
    const first = page.getByRole('list', { name: '搜索结果' }).getByRole('listitem').first();
    await expect(first.getByRole('link')).toHaveText('Python 数据分析实战');
    await expect(first.getByRole('link')).toHaveAttribute('href', /^\/h5\/view\/\d+$/);
    await expect(
      page.getByRole('navigation', { name: '搜索类型' }).getByRole('link', { name: /^问答 \d+$/ }),
    ).toBeVisible();
    const box = page.getByRole('combobox', { name: '搜索关键词' });
    await box.fill('');
    await box.pressSequentially('pyth', { delay: 40 });
    await expect(page.getByRole('listbox', { name: '搜索建议' }).getByRole('option').first()).toContainText(/Python/);
    const chip = page.getByRole('link', { name: /^课程 \d+$/ });
    const size = await chip.boundingBox();
    expect(size!.height).toBeGreaterThanOrEqual(44);
    await noSidewaysScroll(page, 'h5-search', 390);
  });

  test('the H5 header opens the search from any page', async ({ page }) => {
    await page.goto('/h5');
    const open = page.getByRole('link', { name: '搜索', exact: true });
    const size = await open.boundingBox();
    expect(size!.width).toBeGreaterThanOrEqual(44);
    await open.click();
    await expect(page).toHaveURL(/\/h5\/search$/);
    await page.getByRole('combobox', { name: '搜索关键词' }).fill('数据分析');
    await page.getByRole('combobox', { name: '搜索关键词' }).press('Enter');
    await expect(page).toHaveURL(/\/h5\/search\/%E6%95%B0%E6%8D%AE%E5%88%86%E6%9E%90/);
    await expect(page.getByRole('link', { name: '搜索', exact: true })).toHaveCount(0);
  });
});
