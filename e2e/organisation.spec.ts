import { mkdirSync } from 'node:fs';
import { devices, expect, test, type Browser, type Page } from './journey.ts';
import { registerViaApi } from './server-log.ts';
import { reviewShot } from './review-shot.ts';

/** The demo organisation, and the demo lecturer it invites (李老师 teaches for it already, from the seed). */
const ORGANISATION = '13800000003';
const LECTURER = '13800000002';
const SHOTS = '/tmp/organisation';

async function signedIn(browser: Browser, mobile: string): Promise<Page> {
  const context = await browser.newContext();
  const login = await context.request.post('/apis/user/api/user/login/password', {
    data: { mobile, password: 'Demo1234', clientType: 1 },
  });
  expect((await login.json()).code).toBe(200);
  return context.newPage();
}

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

test('an organisation invites a lecturer, sees his course in its centre, and its school page lists it', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const org = await signedIn(browser, ORGANISATION);
  const lecturer = await signedIn(browser, LECTURER);
  const wangCourse = (
    await (
      await lecturer.request.post('/apis/course/api/course/list', { data: { courseType: 1, pageSize: 100 } })
    ).json()
  ).data.list.find((c: { lecturerName: string }) => c.lecturerName === '王老师').courseName as string;

  // the user menu leads to the organisation centre
  await org.goto('/');
  // the menu opens on hover once the page has hydrated: hovered again until it shows
  const centre = org.getByRole('link', { name: '机构中心' });
  await expect(async () => {
    await org.mouse.move(0, 0);
    await org.locator('.qk-user__avatar').hover();
    await expect(centre).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await centre.click();
  await expect(org).toHaveURL(/\/account\/organisation$/);
  await expect(org.getByRole('heading', { name: '机构中心' })).toBeVisible();

  await org.getByText('机构讲师', { exact: true }).click();
  await expect(org.getByRole('cell', { name: /李老师/ })).toBeVisible();
  // a learner registered now: the demo student may have become a lecturer in an earlier journey on this server
  const elsewhere = await browser.newContext();
  const learner = await registerViaApi(elsewhere.request, 'Secret123', '机构测试学员');
  await elsewhere.close();
  await org.getByLabel('讲师手机号').fill(learner);
  await org.getByRole('button', { name: '发送邀请' }).click();
  await expect(org.getByText('该用户还不是讲师，请让其先申请成为讲师，审核通过后再邀请').first()).toBeVisible();
  await org.getByLabel('讲师手机号').fill(LECTURER);
  await org.getByLabel('邀请说明').fill('欢迎来机构授课');
  await org.getByRole('button', { name: '发送邀请' }).click();
  await expect(org.getByRole('row', { name: /王老师.*待接受/ })).toBeVisible();
  await reviewShot(org, `${SHOTS}/01-invited.png`);

  // the lecturer accepts on his lecturer page
  await lecturer.goto('/account/teacher');
  const invite = lecturer.getByRole('region', { name: '机构' });
  await expect(invite.getByText('欢迎来机构授课')).toBeVisible();
  await invite.getByRole('button', { name: '接受邀请' }).click();
  await expect(invite.getByText('任教中')).toBeVisible();

  // the centre shows his course among its lecturers' courses
  await org.goto('/account/organisation?tab=courses');
  await expect(org.getByRole('row', { name: new RegExp(`${wangCourse}.*王老师`) })).toBeVisible();
  await reviewShot(org, `${SHOTS}/02-courses.png`);
  await org.goto('/account/organisation');
  await expect(org.locator('.ant-statistic').filter({ hasText: '讲师' }).first()).toContainText('2');

  // the public school page lists him and his course, for anyone
  const guest = await (await browser.newContext()).newPage();
  const orgId = new URL((await org.getByRole('link', { name: '查看机构主页' }).getAttribute('href')) ?? '', 'http://x')
    .pathname;
  await guest.goto(orgId);
  await expect(guest.getByRole('heading', { level: 1, name: '青课教育机构' })).toBeVisible();
  await expect(guest.locator('.qk-school__lecturers').getByRole('link', { name: /王老师/ })).toBeVisible();
  await expect(guest.getByRole('region', { name: '机构课程' }).getByText(wangCourse)).toBeVisible();
  await expect(guest.locator('meta[property="og:title"]')).toHaveAttribute('content', '青课教育机构');
  await reviewShot(guest, `${SHOTS}/03-school.png`);

  // an organisation is sent to its centre, not to a lecturer application
  await org.goto('/apply');
  await expect(org.getByText('机构账号无需申请成为讲师')).toBeVisible();
  await expect(org.getByRole('link', { name: '进入机构中心' })).toBeVisible();
});

test('the school page on a phone', async ({ browser }) => {
  const { defaultBrowserType: _only, ...phone } = devices['iPhone 13'];
  const context = await browser.newContext(phone);
  const page = await context.newPage();
  const login = await (
    await page.request.post('/apis/user/api/user/login/password', {
      data: { mobile: ORGANISATION, password: 'Demo1234', clientType: 4 },
    })
  ).json();
  await context.clearCookies();
  await page.goto(`/h5/schoolProfile/${login.data.userInfo.id}`);
  await expect(page.getByRole('heading', { level: 1, name: '青课教育机构' })).toBeVisible();
  await expect(page.getByText('李老师', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    await page.evaluate(() => window.innerWidth),
  );
  await reviewShot(page, `${SHOTS}/04-h5-school.png`);
});
