import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext } from './journey.ts';

/**
 * The rules Lighthouse's accessibility score is made of (axe-core, WCAG 2 A and AA and its best practices) on
 * the pages a visitor meets first: any violation, a contrast of 4.4:1 included, fails here rather than in a
 * score. The banner's slides move, so the home page is checked with its first slide still.
 */
const PAGES = ['/', '/list', '/exam', '/login', '/register', '/info'];

async function firstCourse(request: APIRequestContext): Promise<string> {
  const res = await request.post('/apis/course/api/course/list', { data: { pageCurrent: 1, pageSize: 1 } });
  return `/view/${(await res.json()).data.list[0].id}`;
}

test('the first pages a visitor meets break no accessibility rule', async ({ page, request }) => {
  test.setTimeout(120_000);
  const found: string[] = [];
  for (const path of [...PAGES, await firstCourse(request)]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    // headings kept for screen readers take no room on the page
    for (const box of await page
      .locator('.qk-visually-hidden')
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height)))
      if (box > 1) found.push(`${path}: a visually hidden heading is ${box}px tall`);
    const { violations } = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
      .analyze();
    for (const v of violations)
      found.push(
        `${path} ${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join(' | ')}`,
      );
  }
  expect(found).toEqual([]);
});
