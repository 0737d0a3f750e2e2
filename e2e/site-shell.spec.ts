import { expect, test } from './journey.ts';
import { adminApi } from './support.ts';

test('the home page shows the demo school: nav, banners, zones and footer', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  await expect(page).toHaveTitle(/青课网校/);
  const header = page.locator('header').first();
  for (const item of ['首页', '录播课程', '考试中心', '资讯'])
    await expect(header.getByRole('link', { name: item, exact: true })).toBeVisible();
  await expect(header.getByText('更多')).toBeVisible(); // 12 nav items: the last two wait behind 更多
  await expect(page.locator('img[src*="banner-1.svg"]').first()).toBeVisible();
  for (const zone of ['精品推荐', '免费好课', '职业技能'])
    await expect(page.getByRole('heading', { name: zone })).toBeVisible();
  const footer = page.locator('footer');
  await expect(footer.getByText('400-800-1234')).toBeVisible();
  await expect(footer.getByText('京ICP备00000000号-1')).toBeVisible();
  await expect(footer.getByRole('link', { name: '教育部' })).toBeVisible();
  await footer.getByRole('link', { name: '平台简介' }).click();
  await expect(page.getByText('青课网校是一所开放的在线学校')).toBeVisible();
  expect(errors).toEqual([]);
});

test('an unknown address shows the 404 page with a way home', async ({ page }) => {
  const res = await page.goto('/no/such/page');
  expect(res?.status()).toBe(404);
  await expect(page.getByText('页面找不到了，可能已被删除或地址有误')).toBeVisible();
  await page.getByRole('link', { name: '返回首页' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('an account page without login goes to the login page and remembers where', async ({ page }) => {
  await page.goto('/account/study?tab=2');
  await expect(page).toHaveURL(/\/login\?t=login&redirect=%2Faccount%2Fstudy%3Ftab%3D2/);
});

test('a phone is sent to the H5 site with the query in the hash route', async ({ browser, request }) => {
  const admin = await adminApi(request);
  const info = await admin('/system/admin/website/view');
  const { siteId: _siteId, ...fields } = info;
  // the H5 site is played by this same server under another host name, so the browser can really arrive there
  const h5 = new URL(test.info().project.use.baseURL!);
  h5.hostname = 'localhost';
  await admin('/system/admin/website/update', { ...fields, h5Domain: h5.origin });
  try {
    const phone = await browser.newContext({
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    });
    const page = await phone.newPage();
    // spec §4: to the H5 domain with the path and query in the hash route (a request carries no hash)
    const hop = page.waitForRequest(`${h5.origin}/`);
    await page.goto('/list?categoryId=3');
    // the H5 domain is served here too: its root hands the hash route to the H5 app, which opens that page
    await hop;
    await expect(page).toHaveURL(`${h5.origin}/h5/list?categoryId=3`);
    await expect(page.getByRole('heading', { name: '录播课程' })).toBeAttached();
    await phone.close();
  } finally {
    await admin('/system/admin/website/update', { ...fields, h5Domain: '' });
  }
});

test('an administrator renames the site and the home page shows it at once', async ({ page }) => {
  await page.goto('/'); // the page may now be cached for visitors: the edit must still show at once
  await page.goto('/admin/website');
  await expect(page).toHaveURL(/\/admin\/login/);
  await page.getByLabel('账号').fill('admin');
  await page.getByLabel('密码').fill('Demo1234');
  await page.getByRole('button', { name: /登\s?录/ }).click();
  await expect(page).toHaveURL(/\/admin\/website$/);
  const name = page.getByLabel('网站名称');
  await expect(name).toHaveValue('青课网校');
  await name.fill('青课示范学校');
  await page.getByRole('button', { name: /保\s?存/ }).click();
  await expect(page.getByText('已保存')).toBeVisible();

  const visitor = await page.context().browser()!.newContext();
  const home = await visitor.newPage();
  await home.goto('/');
  await expect(home).toHaveTitle(/青课示范学校/);
  await expect(home.locator('header img[alt="青课示范学校"]')).toBeVisible();
  await visitor.close();

  await name.fill('青课网校');
  await page.getByRole('button', { name: /保\s?存/ }).click();
  await expect(page.getByText('已保存')).toBeVisible();
});

test('pages, the route manifest and API replies arrive compressed', async ({ page, request }) => {
  const manifest = page.waitForResponse((r) => r.url().includes('/__manifest'));
  const doc = await page.goto('/');
  expect(doc?.headers()['content-encoding']).toMatch(/^(br|gzip)$/);
  expect((await manifest).headers()['content-encoding']).toMatch(/^(br|gzip)$/);
  const list = await request.post('/apis/course/api/course/list', {
    data: { pageCurrent: 1, pageSize: 20 },
    headers: { 'accept-encoding': 'gzip' },
  });
  expect(list.headers()['content-encoding']).toBe('gzip');
  expect((await list.json()).data.list.length).toBeGreaterThan(0);
  // a reply too short to gain from it is sent as it is
  const small = await request.get('/healthz', { headers: { 'accept-encoding': 'gzip' } });
  expect(small.headers()['content-encoding']).toBeUndefined();
});
