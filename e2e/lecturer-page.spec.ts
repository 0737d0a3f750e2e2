import { mkdirSync } from 'node:fs';
import { devices, expect, test } from './journey.ts';
import { reviewShot } from './review-shot.ts';

const SHOTS = '/tmp/lecturer-page';

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

test('a visitor finds a lecturer on the teaching staff, reads the lecturer page and opens a course; a paper leads there too', async ({
  page,
}) => {
  await page.goto('/teachingStaff');
  await page.getByRole('link', { name: /王老师/ }).click();
  await expect(page).toHaveURL(/\/lecturer\/\d+$/);
  const lecturerUrl = page.url();
  await expect(page.getByRole('heading', { level: 1, name: '王老师' })).toBeVisible();
  const courses = page.getByRole('region', { name: '讲师的课程' });
  const cards = courses.locator('.qk-course-card');
  // every kind the lecturer sells, each counted in its own word
  await expect(cards.filter({ hasText: 'Git 使用手册' })).toContainText('篇文档');
  await expect(cards.filter({ hasText: 'Git 使用手册' })).toContainText('人在读');
  await expect(cards.filter({ hasText: 'Python 编程学习资料包' })).toContainText('份资料');
  await expect(page.getByText(`课程 ${await cards.count()} 门`)).toBeVisible();
  await reviewShot(page, `${SHOTS}/01-lecturer.png`);
  await cards.filter({ hasText: 'React 从入门到项目实战' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'React 从入门到项目实战' })).toBeVisible();

  // a paper names its lecturer by user: the link opens the same page
  await page.goto('/exam');
  await page.getByRole('link', { name: '查看试卷' }).first().click();
  await page.getByRole('link', { name: '王老师' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '王老师' })).toBeVisible();
  expect(await page.locator('link[rel=canonical]').getAttribute('href')).toBe(lecturerUrl);
});

test('on a phone the lecturer page is the H5 one: the courses, following after signing in, and 我的关注', async ({
  browser,
}) => {
  const { defaultBrowserType: _only, ...phone } = devices['iPhone 13'];
  const context = await browser.newContext(phone);
  const page = await context.newPage();
  const lecturers = await (await page.request.post('/apis/user/api/lecturer/list', { data: {} })).json();
  const wang = lecturers.data.list.find((l: { lecturerName: string }) => l.lecturerName === '王老师');
  await page.goto(`/lecturer/${wang.id}`);
  await expect(page).toHaveURL(new RegExp(`/h5/lecturer/${wang.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: '王老师' })).toBeVisible();
  await expect(page.getByRole('list', { name: /王老师的课程，共 \d+ 门/ }).getByRole('link')).not.toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    await page.evaluate(() => window.innerWidth),
  );
  await reviewShot(page, `${SHOTS}/02-h5-lecturer.png`);

  // a guest who follows signs in first and comes back
  await page.getByRole('button', { name: '关注' }).click();
  await expect(page).toHaveURL(/\/h5\/login\?redirect=/);
  const login = await page.request.post('/apis/user/api/user/login/password', {
    data: { mobile: '13800000001', password: 'Demo1234', clientType: 1 },
  });
  expect((await login.json()).code).toBe(200);
  await page.goto(`/h5/lecturer/${wang.id}`);
  const count = Number(/(\d+) 人关注/.exec((await page.locator('.h5-lecturer').textContent()) ?? '')![1]);
  await page.getByRole('button', { name: '关注', exact: true }).click();
  await expect(page.getByRole('button', { name: '已关注' })).toBeVisible();
  await expect(page.locator('.h5-lecturer')).toContainText(`${count + 1} 人关注`);
  // 我的关注 lists the lecturer, and unfollowing there leaves the demo as it was
  await page.goto('/h5/my');
  await page.getByRole('link', { name: '我的关注' }).click();
  const followed = page.getByRole('list', { name: /关注的讲师，共 \d+ 位/ });
  const row = followed.getByRole('listitem').filter({ hasText: '王老师' });
  await expect(row).toContainText('关注于');
  await reviewShot(page, `${SHOTS}/03-h5-attention.png`);
  await row.getByRole('button', { name: '取消关注' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '取消关注' }).click();
  await expect(page.getByText('已取消关注')).toBeVisible();
  await expect(followed.getByText('王老师')).toHaveCount(0);
  await page.goto(`/h5/lecturer/${wang.id}`);
  await expect(page.locator('.h5-lecturer')).toContainText(`${count} 人关注`);
});
