import { mkdirSync } from 'node:fs';
import { devices, expect, test } from './journey.ts';
import { adminSignIn } from './orders-support.ts';
import { reviewShot } from './review-shot.ts';

const SHOTS = '/tmp/pages';
test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

test('the recruitment page leads a visitor to the application, with its SEO tags', async ({ page }) => {
  await page.goto('/recruit');
  await expect(page.getByRole('heading', { level: 1, name: '讲师招募' })).toBeVisible();
  await expect(page.getByText('入驻流程')).toBeVisible();
  await expect(page).toHaveTitle(/讲师招募/);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', '讲师招募');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/recruit$/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /自主定价/);
  await reviewShot(page, `${SHOTS}/01-recruit.png`);
  await page.getByRole('link', { name: '登录后申请入驻' }).click();
  await expect(page).toHaveURL(/\/login\?t=login&redirect=%2Fapply/);
});

test('an enquiry sent on the form reaches the administrator, who follows it up', async ({ page, browser }) => {
  const name = `访客${Date.now() % 100000}`;
  await page.goto('/onlineRegistration');
  await page.getByRole('button', { name: '提交咨询' }).click();
  await expect(page.getByText('请填写姓名')).toBeVisible();
  await page.getByLabel('姓名').fill(name);
  await page.getByLabel('手机号').fill('13912345678');
  await page.getByLabel('意向课程（选填）').fill('Python 数据分析');
  await page.getByLabel('咨询内容（选填）').fill('想了解周末班的时间');
  await page.getByRole('button', { name: '提交咨询' }).click();
  await expect(page.getByText('提交成功')).toBeVisible();
  await reviewShot(page, `${SHOTS}/02-enquiry.png`);

  const admin = await (await browser.newContext()).newPage();
  await adminSignIn(admin);
  await admin.goto('/admin/counsel');
  // the table's row, not the follow-up dialog's description of the same person
  const row = admin.locator('tr.ant-table-row').filter({ hasText: name });
  await expect(row).toContainText('13912345678');
  await expect(row).toContainText('待跟进');
  await row.getByRole('button', { name: /跟\s*进/ }).click();
  await admin.getByLabel('跟进备注').fill('已电话联系，周六试听');
  await admin.getByRole('button', { name: '保存跟进' }).click();
  await expect(admin.getByRole('dialog')).toBeHidden();
  await expect(row).toContainText('已联系');
  await expect(row).toContainText('已电话联系，周六试听');
  const download = admin.waitForEvent('download');
  await admin.getByRole('button', { name: '导出 Excel' }).click();
  expect((await download).suggestedFilename()).toMatch(/^咨询登记-.*\.xlsx$/);
  await reviewShot(admin, `${SHOTS}/03-admin-counsel.png`);
});

test('a platform introduction page the administrator edits is shown to visitors', async ({ page, browser }) => {
  const admin = await (await browser.newContext()).newPage();
  await adminSignIn(admin);
  const token = (
    await (
      await admin.request.post('/apis/system/api/admin/login', { data: { loginName: 'admin', password: 'Demo1234' } })
    ).json()
  ).data.token as string;
  const made = await (
    await admin.request.post('/apis/system/admin/terrace/save', {
      headers: { token },
      data: { title: '联系我们', summary: '工作日 9:00–18:00', content: '<h2>客服</h2><p>电话 400-000-0000</p>' },
    })
  ).json();
  expect(made.code).toBe(200);
  await admin.goto('/admin/terrace');
  await expect(admin.getByRole('row', { name: /联系我们/ })).toBeVisible();

  await page.goto(`/terrace/${made.data.id}`);
  await expect(page.getByRole('heading', { level: 1, name: '联系我们' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '客服' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: '平台介绍' }).getByRole('link', { name: '关于青课' }),
  ).toBeVisible();
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', '工作日 9:00–18:00');
  await reviewShot(page, `${SHOTS}/04-terrace.png`);
});

test('a course page carries schema.org Course data, and /null says the link has no page yet', async ({ page }) => {
  const list = await (await page.request.post('/apis/course/api/course/list', { data: { courseType: 1 } })).json();
  const course = list.data.list[0];
  await page.goto(`/view/${course.id}`);
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
  expect(ld).toMatchObject({ '@type': 'Course', name: course.courseName, offers: { priceCurrency: 'CNY' } });
  await expect(page.locator('meta[property="og:image"]')).toHaveCount(1);

  await page.goto('/null');
  await expect(page.getByText('这个链接还没有设置页面')).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
});

test('the enquiry form and the recruitment page on a phone', async ({ browser }) => {
  const { defaultBrowserType: _only, ...phone } = devices['Pixel 7'];
  const context = await browser.newContext(phone);
  const page = await context.newPage();
  await page.goto('/h5/onlineRegistration');
  await page.getByLabel('姓名').fill('手机访客');
  await page.getByLabel('手机号').fill('13912340000');
  const submit = page.getByRole('button', { name: '提交咨询' });
  expect((await submit.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await submit.click();
  await expect(page.getByText('提交成功')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    await page.evaluate(() => window.innerWidth),
  );
  await reviewShot(page, `${SHOTS}/05-h5-enquiry.png`);
  await page.goto('/h5/recruit');
  await expect(page.getByRole('heading', { level: 1, name: '讲师招募' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    await page.evaluate(() => window.innerWidth),
  );
  await page.goto('/h5/terrace');
  await expect(page.getByRole('heading', { level: 1, name: '关于青课' })).toBeVisible();
  await reviewShot(page, `${SHOTS}/06-h5-terrace.png`);
});

test('a lecturer attaches a problem of his bank to a lesson as an exercise, and removes it', async ({ browser }) => {
  const context = await browser.newContext();
  const login = await context.request.post('/apis/user/api/user/login/password', {
    data: { mobile: '13800000002', password: 'Demo1234', clientType: 1 },
  });
  expect((await login.json()).code).toBe(200);
  const page = await context.newPage();
  await page.goto('/account/vod/praxis');
  await expect(page.getByRole('heading', { name: '课时练习' })).toBeVisible();
  const table = page.getByRole('region', { name: '本课时的练习题' });
  const before = await table.locator('tbody tr.ant-table-row').count();
  await page.getByLabel('选择题库中的题目').click();
  await page.locator('.ant-select-item-option').first().click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /添\s*加/ }).click();
  await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(before + 1);
  await reviewShot(page, `${SHOTS}/07-praxis.png`);
  await table
    .getByRole('button', { name: /移\s*除/ })
    .last()
    .click();
  await page.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(before);
});
