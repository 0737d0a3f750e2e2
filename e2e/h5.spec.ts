import { devices, expect, test, type APIRequestContext, type Page } from './journey.ts';
import { mkdirSync } from 'node:fs';
import { axeFindings } from './h5-learning-support.ts';
import { newMobile, registerViaApi, smsCode, smsMark } from './server-log.ts';
import { reviewShot } from './review-shot.ts';

/** Phone profiles on the only browser here: Chromium plays both (the iPhone's WebKit is not installed). */
const PHONES = {
  'iPhone 13': devices['iPhone 13'],
  'Pixel 7': devices['Pixel 7'],
};
const SHOTS = 'test-results/h5';
mkdirSync(SHOTS, { recursive: true });

async function paidCourse(request: APIRequestContext): Promise<{ id: string; courseName: string }> {
  const res = await request.post('/apis/course/api/course/list', { data: { courseType: 1, isFree: 0, pageSize: 1 } });
  return (await res.json()).data.list[0];
}

async function noSidewaysScroll(page: Page, shot: string) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  await reviewShot(page, `${SHOTS}/${shot}.png`);
  expect(width, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(320);
}

/** A finger pulling the page down from its top by `distance` pixels, as touch events on the pull area. */
async function pullDown(page: Page, distance: number) {
  await page.locator('.h5-pull').evaluate((el, d) => {
    const at = (y: number) => [new Touch({ identifier: 1, target: el, clientX: 160, clientY: y })];
    const send = (type: string, y: number) =>
      el.dispatchEvent(
        new TouchEvent(type, { touches: at(y), changedTouches: at(y), bubbles: true, cancelable: true }),
      );
    send('touchstart', 100);
    for (let y = 110; y <= 100 + d; y += 10) send('touchmove', y);
  }, distance);
}
const release = (page: Page) =>
  page
    .locator('.h5-pull')
    .evaluate((el) => el.dispatchEvent(new TouchEvent('touchend', { touches: [], bubbles: true, cancelable: true })));

for (const [name, { defaultBrowserType: _only, ...profile }] of Object.entries(PHONES)) {
  test.describe(name, () => {
    test.use(profile);

    test('a desktop course link opens the H5 course page with its query kept', async ({ page, request }) => {
      const course = await paidCourse(request);
      await page.goto(`/view/${course.id}?x=1&from=wechat`);
      await expect(page).toHaveURL(new RegExp(`/h5/view/${course.id}\\?x=1&from=wechat$`));
      await expect(page.getByRole('heading', { level: 1, name: course.courseName })).toBeVisible();
      await expect(page.getByRole('heading', { name: '课程目录' })).toBeVisible();
      // a guest is asked to sign in before buying
      await expect(page.getByRole('link', { name: '登录后购买' })).toBeVisible();
      const viewport = await page.evaluate(() =>
        document.querySelector('meta[name=viewport]')?.getAttribute('content'),
      );
      expect(viewport).toContain('width=device-width');
    });

    test('the home page and the catalogue: zones, a category filter and more courses on scrolling', async ({
      page,
    }) => {
      await page.goto('/h5/');
      await expect(page.getByRole('heading', { name: '精品推荐' })).toBeVisible();
      // the banners swipe sideways, snapping to each, and the dots follow
      const banners = page.getByRole('region', { name: '轮播图' });
      const slides = banners.getByRole('group');
      expect(await slides.count()).toBeGreaterThan(1);
      await expect(slides.first()).toHaveAccessibleName(/^第 1 张，共 \d+ 张$/);
      await banners.locator('.h5-banner__track').evaluate((el) => el.scrollTo({ left: el.clientWidth }));
      await expect(banners.locator('.h5-banner__dots .is-on')).toHaveCount(1);
      await expect(banners.locator('.h5-banner__dots span').nth(1)).toHaveClass('is-on');
      // pulled down at the top, the page says when a release will refresh it, and refreshes
      await pullDown(page, 150);
      await expect(page.getByText('释放立即刷新')).toBeVisible();
      const reloaded = page.waitForRequest((r) => new URL(r.url()).pathname.endsWith('.data'));
      await release(page);
      await reloaded;
      await expect(page.getByText('刷新成功')).toBeVisible();
      await expect(page.locator('.h5-pull__head')).toHaveCSS('height', '0px');
      // a short pull springs back without a refresh
      await pullDown(page, 60);
      await expect(page.getByText('下拉刷新')).toBeVisible();
      await release(page);
      await expect(page.locator('.h5-pull__head')).toHaveCSS('height', '0px');
      await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '选课' }).click();
      await expect(page).toHaveURL(/\/h5\/list$/);
      const list = page.getByRole('list', { name: /^课程，共 \d+ 门$/ });
      const total = Number((await list.getAttribute('aria-label'))!.match(/\d+/)![0]);
      const firstRows = await list.getByRole('listitem').count();
      expect(firstRows).toBe(10); // the first page of ten; the rest come on scrolling
      expect(total).toBeGreaterThan(firstRows);
      await page.getByText('加载中…').scrollIntoViewIfNeeded();
      await expect(page.getByText(`已显示全部 ${total} 门课程`)).toBeVisible();
      await expect(list.getByRole('listitem')).toHaveCount(total);
      const filter = page.getByRole('navigation', { name: '课程分类' });
      const chip = filter.getByRole('link').nth(1);
      const category = (await chip.textContent())!;
      await chip.click();
      await expect(page).toHaveURL(/\/h5\/list\?c=\d+$/);
      await expect(filter.getByRole('link', { name: category, exact: true })).toHaveAttribute('aria-current', 'true');
      const filtered = page.getByRole('list', { name: /^课程，共 \d+ 门$/ });
      const shown = Number((await filtered.getAttribute('aria-label'))!.match(/\d+/)![0]);
      expect(shown).toBeLessThanOrEqual(total);
    });
  });
}

test.describe('iPhone 13 journeys', () => {
  const { defaultBrowserType: _only, ...iphone } = devices['iPhone 13'];
  test.use(iphone);

  test('a guest on a course page registers with an SMS code and comes back to buy it', async ({ page, request }) => {
    const course = await paidCourse(request);
    await page.goto(`/view/${course.id}`);
    await page.getByRole('link', { name: '登录后购买' }).click();
    await expect(page).toHaveURL(/\/h5\/login\?redirect=/);
    await page.getByRole('link', { name: '立即注册' }).click();
    await expect(page).toHaveURL(/\/h5\/register\?redirect=/);

    const mobile = newMobile();
    await page.getByRole('button', { name: '注册' }).click();
    await expect(page.getByText('请阅读并同意用户协议')).toBeVisible(); // nothing sent without the agreement
    await page.getByLabel('手机号').fill(mobile);
    const mark = smsMark(mobile);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await expect(page.getByRole('button', { name: /秒后重发/ })).toBeDisabled();
    await page.getByLabel('短信验证码').fill(await smsCode(mobile, mark));
    await page.getByLabel('密码', { exact: true }).fill('Phone2026x');
    await page.getByLabel('确认密码').fill('Phone2026y');
    await page.getByLabel(/我已阅读并同意/).check();
    await page.getByRole('button', { name: '注册' }).click();
    await expect(page.getByText('两次输入的密码不一致')).toBeVisible();
    await page.getByLabel('确认密码').fill('Phone2026x');
    await page.getByRole('button', { name: '注册' }).click();

    await expect(page).toHaveURL(new RegExp(`/h5/view/${course.id}$`));
    await expect(page.getByRole('button', { name: '立即购买' })).toBeVisible();
    // the same session serves the PC site: its account API knows this person
    const me = await (await page.request.post('/apis/user/auth/user/ext/view', { data: {} })).json();
    expect(me.code).toBe(200);
  });

  test('a learner signs in with a password, sees 我的, and signs out', async ({ page, request }) => {
    const mobile = await registerViaApi(request, 'Phone2026x', 'H5 学员');
    await page.goto('/h5/login');
    await page.getByRole('tab', { name: '密码登录' }).click();
    await page.getByLabel('手机号').fill(mobile);
    await page.getByLabel('密码').fill('wrong-pass1');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page.getByText('手机号或密码不正确')).toBeVisible();
    await page.getByLabel('密码').fill('Phone2026x');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page).toHaveURL(/\/h5\/$/);
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '我的' }).click();
    await expect(page.getByRole('heading', { name: 'H5 学员' })).toBeVisible();
    await page.getByRole('button', { name: '退出登录' }).click();
    await expect(page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '我的' })).toHaveAttribute(
      'href',
      '/h5/login',
    );
  });

  test('电脑版 is remembered, and 手机版 brings the phone back', async ({ page, request }) => {
    const course = await paidCourse(request);
    await page.goto(`/h5/view/${course.id}`);
    await page.getByRole('link', { name: '电脑版' }).click();
    await expect(page).toHaveURL(new RegExp(`/view/${course.id}$`));
    await expect(page.locator('header').first()).toBeVisible();
    await page.goto('/list'); // a PC page H5 also has: the phone stays on the PC site
    await expect(page).toHaveURL(/\/list$/);
    await page.locator('footer').getByRole('link', { name: '手机版' }).click();
    await expect(page).toHaveURL(/\/h5\/list$/);
    await page.goto(`/view/${course.id}`);
    await expect(page).toHaveURL(new RegExp(`/h5/view/${course.id}$`));
  });

  test('the H5 pages break no accessibility rule', async ({ page, request }) => {
    test.setTimeout(120_000);
    const course = await paidCourse(request);
    const found: string[] = [];
    const mobile = await registerViaApi(request, 'Phone2026x', '无障碍学员');
    const lecturers = await (await request.post('/apis/user/api/lecturer/list', { data: {} })).json();
    for (const path of [
      '/h5/',
      '/h5/list',
      `/h5/view/${course.id}`,
      '/h5/exam',
      '/h5/login',
      '/h5/register',
      '/h5/info',
      '/h5/teachingStaff',
      `/h5/lecturer/${lecturers.data.list[0].id}`,
      '/h5/sale',
      '/h5/view/service',
      '/h5/blog/search',
      'sign in',
      '/h5/account/collection',
      '/h5/account/feedback',
      '/h5/account/attention',
      '/h5/account/ques',
    ]) {
      if (path === 'sign in') {
        // the account pages, as a learner signed in on the web (clientType 1) sees them
        await page.request.post('/apis/user/api/user/login/password', {
          data: { mobile, password: 'Phone2026x', clientType: 1 },
        });
        continue;
      }
      await page.goto(path);
      expect(new URL(page.url()).pathname).toBe(path); // not sent to the login page
      found.push(...(await axeFindings(page, path)));
    }
    expect(found).toEqual([]);
  });

  test("no visitor's H5 page scrolls sideways at 320 px", async ({ page, request }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    const course = await paidCourse(request);
    for (const [path, shot] of [
      ['/h5/', 'home'],
      ['/h5/list', 'list'],
      [`/h5/view/${course.id}`, 'course'],
      ['/h5/exam', 'exam-centre'],
      ['/h5/login', 'login'],
      ['/h5/register', 'register'],
      ['/h5/no-such-page', 'not-found'],
    ]) {
      await page.goto(path!);
      await page.waitForLoadState('networkidle');
      await noSidewaysScroll(page, `320-${shot}`);
    }
    await page.goto('/h5/list');
    await page.getByRole('navigation', { name: '课程分类' }).getByRole('link').nth(1).click();
    await expect(page).toHaveURL(/\?c=\d+$/);
    await noSidewaysScroll(page, '320-list-category');
    await page.goto('/h5/login');
    await page.getByRole('button', { name: '登录', exact: true }).click(); // every field's message shown
    await noSidewaysScroll(page, '320-login-errors');
  });

  test("no signed-in learner's H5 page scrolls sideways at 320 px", async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    const nickname = '一个名字很长很长很长很长的学员';
    const mobile = await registerViaApi(page.request, 'Phone2026x', nickname);
    // a web login (clientType 1) leaves its session cookie in this browser
    await page.request.post('/apis/user/api/user/login/password', {
      data: { mobile, password: 'Phone2026x', clientType: 1 },
    });
    await page.goto('/h5/my');
    await expect(page.getByRole('heading', { name: nickname })).toBeVisible();
    await noSidewaysScroll(page, '320-my');
    for (const [path, shot] of [
      ['/h5/account/collection', 'collection'],
      ['/h5/account/feedback', 'feedback'],
    ]) {
      await page.goto(path!);
      await page.waitForLoadState('networkidle');
      await noSidewaysScroll(page, `320-${shot}`);
    }
    await page.getByRole('button', { name: '提交反馈' }).click(); // the form's message shown
    await expect(page.getByText('请填写反馈内容')).toBeVisible();
    await noSidewaysScroll(page, '320-feedback-errors');
  });
});

test.describe('Pixel 7 journeys', () => {
  const { defaultBrowserType: _only, ...pixel } = devices['Pixel 7'];
  test.use(pixel);

  test('a learner signs in with an SMS code and lands back on the page that asked', async ({ page, request }) => {
    test.setTimeout(120_000); // the server makes a mobile wait between codes, and registering sent one
    const mobile = await registerViaApi(request, 'Phone2026x', '短信学员');
    await page.goto('/h5/list');
    await page.getByRole('link', { name: '登录' }).click();
    await expect(page).toHaveURL(/\/h5\/login\?redirect=%2Fh5%2Flist$/);
    await expect(page.getByRole('tab', { name: '验证码登录' })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('button', { name: '获取验证码' }).click();
    await expect(page.getByText('请填写手机号')).toBeVisible(); // checked before anything is sent
    await page.getByLabel('手机号').fill(mobile);
    // registering sent this mobile a code a moment ago: the server's wait is shown under the field, then kept
    await page.getByRole('button', { name: '获取验证码' }).click();
    const refusal = page.getByText(/验证码发送太频繁，请 \d+ 秒后再试/);
    await expect(refusal).toBeVisible();
    const wait = Number((await refusal.textContent())!.match(/\d+/)![0]);
    await page.waitForTimeout(wait * 1000 + 500);
    const mark = smsMark(mobile);
    await page.getByRole('button', { name: '获取验证码' }).click();
    const code = await smsCode(mobile, mark);
    await page.getByLabel('短信验证码').fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page.getByText('短信验证码不正确')).toBeVisible();
    await page.getByLabel('短信验证码').fill(code);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page).toHaveURL(/\/h5\/list$/);
    await expect(page.getByRole('link', { name: '登录' })).toHaveCount(0);
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '我的' }).click();
    await expect(page.getByRole('heading', { name: '短信学员' })).toBeVisible();
  });
});

test('a computer on an H5 address goes to the PC page; a crawler reads the PC page as it is', async ({
  page,
  request,
}) => {
  const course = await paidCourse(request);
  await page.goto(`/h5/view/${course.id}?x=1`);
  await expect(page).toHaveURL(new RegExp(`/view/${course.id}\\?x=1$`));
  await expect(page.locator('header').first()).toBeVisible();

  const googlebot =
    'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
  const res = await request.get(`/view/${course.id}`, { headers: { 'user-agent': googlebot }, maxRedirects: 0 });
  expect(res.status()).toBe(200);
  expect(await res.text()).toContain(course.courseName);
});
