import { expect, test, type Page } from './journey.ts';

/** What Chromium reports when the page's Content-Security-Policy refuses something the page itself asked for. */
function watchCsp(page: Page): string[] {
  const refused: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) refused.push(`${page.url()}: ${msg.text()}`);
  });
  return refused;
}

test('the pages that show rich text load everything they need under the policy (no http images, no foreign styles)', async ({
  page,
  request,
}) => {
  const refused = watchCsp(page);
  const course = (await (await request.post('/apis/course/api/course/list', { data: {} })).json()).data.list[0];
  const paper = (await (await request.post('/apis/exam/api/exam/info/list', { data: {} })).json()).data.list[0];
  const csp = (await request.get('/')).headers()['content-security-policy'] ?? '';
  expect(csp).toContain("img-src 'self' data: blob: https:;");
  expect(csp).toContain("style-src 'self' 'unsafe-inline';");

  await page.goto('/');
  await expect(page.locator('footer')).toBeVisible();
  await page.goto(`/view/${course.id}`);
  await expect(page.getByRole('heading', { name: course.courseName }).first()).toBeVisible();
  await page.goto(`/exam/view/${paper.id}`);
  await expect(page.getByText(paper.examName).first()).toBeVisible();
  await page.goto('/');
  await page.locator('footer').getByRole('link', { name: '平台简介' }).click();
  await expect(page.getByText('青课网校是一所开放的在线学校')).toBeVisible();
  await page.goto('/admin/login');
  await expect(page.getByRole('heading', { name: '青课管理后台' })).toBeVisible();
  expect(refused).toEqual([]);
});

test('no page tries what the policy refuses, not even a probe that catches its own refusal', async ({ page }) => {
  // a caught `new Function` shows nowhere in the console; the document still fires securitypolicyviolation
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspSeen: string[] }).cspSeen = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  for (const url of ['/', '/list', '/exam', '/login']) {
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { cspSeen: string[] }).cspSeen), url).toEqual([]);
  }
});
