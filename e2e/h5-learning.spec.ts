import path from 'node:path';
import { devices, expect, test, type Locator } from './journey.ts';
import {
  axeFindings,
  codeSentTo,
  noSidewaysScroll,
  PASSWORD,
  run,
  signIn,
  twoProblemPaper,
} from './h5-learning-support.ts';
import { E2E_PORT, registerViaApi } from './server-log.ts';

const fixture = (name: string) => path.resolve(import.meta.dirname, 'fixtures', name);

/**
 * Learning on a phone, as a new learner would: a lesson played and resumed, a paper sat through a reload and
 * submitted, the wrong-answer book, and the account pages, none of them scrolling sideways. Chromium plays both
 * profiles (the iPhone's WebKit is not installed here).
 */
const PHONES = { 'iPhone 13': devices['iPhone 13'], 'Pixel 7': devices['Pixel 7'] };

const timeOf = (video: Locator) => video.evaluate((v: HTMLVideoElement) => v.currentTime);

/** Learners who forgot their password, one per phone, registered first so the SMS interval has passed by then. */
const forgetful: Record<string, string> = {};
test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: `http://127.0.0.1:${E2E_PORT}` });
  for (const name of Object.keys(PHONES)) forgetful[name] = await registerViaApi(request, PASSWORD);
  await request.dispose();
});

for (const [name, { defaultBrowserType: _only, ...profile }] of Object.entries(PHONES)) {
  const tag = name.replace(/\s/g, '');
  test.describe(name, () => {
    test.use(profile);

    test('a phone learner plays a free lesson, its progress is stored, and it resumes after a reload', async ({
      page,
      request,
    }) => {
      test.setTimeout(180_000);
      await signIn(page, request);
      const list = await (
        await request.post('/apis/course/api/course/list', { data: { courseType: 1, isFree: 1, pageSize: 1 } })
      ).json();
      const courseId: string = list.data.list[0].id;
      // the PC lesson link of a phone lands on the H5 lesson page
      await page.goto(`/h5/view/${courseId}`);
      await page.getByRole('link', { name: /开始学习|继续学习/ }).click();
      await expect(page).toHaveURL(new RegExp(`/h5/view/${courseId}/period/\\d+$`));
      const periodId = /\/period\/(\d+)/.exec(page.url())![1]!;
      // demo videos are transcoded after the server starts: wait until the lesson's play call answers
      await expect
        .poll(
          async () =>
            (await (await page.request.post('/apis/vod/auth/videoInfo/play', { data: { periodId } })).json()).code,
          { timeout: 120_000, intervals: [2_000] },
        )
        .toBe(200);
      await page.reload();
      await noSidewaysScroll(page, `${tag}-lesson`);
      await page.getByRole('button', { name: /播放/ }).click();
      const video = page.locator('video');
      await expect.poll(() => timeOf(video), { timeout: 20_000 }).toBeGreaterThan(4.5);
      // paused at once: the demo clip runs 10 s, and one stopped within 3 s of its end starts over rather than resumes
      const saved = page.waitForResponse(
        (r) => r.url().includes('/period/log/save') && r.request().postData()?.includes('"pause"') === true,
      );
      await video.evaluate((v: HTMLVideoElement) => v.pause());
      await saved;
      const stoppedAt = await timeOf(video);
      expect(stoppedAt).toBeLessThan(7);
      await expect(page.locator('.qk-watermark')).toContainText('****');
      // speed as on desktop
      await page.getByRole('group', { name: '倍速' }).getByRole('button', { name: '1.5×' }).click();
      expect(await video.evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(1.5);
      const progress = await (
        await page.request.post('/apis/data/auth/course/user/period/progress/list', { data: { courseId } })
      ).json();
      const stored = progress.data.periodList.find((p: { periodId: string }) => p.periodId === periodId);
      expect(stored.currentPosition).toBeGreaterThanOrEqual(4);

      await page.reload();
      await page.getByRole('button', { name: '继续播放' }).click();
      await expect.poll(() => timeOf(page.locator('video')), { timeout: 15_000 }).toBeGreaterThanOrEqual(stoppedAt - 1);
      // the lesson list and the notes are tabs under the video
      await page.getByRole('tab', { name: '目录' }).click();
      await expect(page.locator('.qk-lessons__item[aria-current="page"]')).toBeVisible();
      await page.getByRole('tab', { name: '笔记' }).click();
      await noSidewaysScroll(page, `${tag}-lesson-notes`);
    });

    test('a phone learner sits a paper: answers survive two minutes offline and a reload, the result, the wrong-answer book', async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000);
      const paperName = `手机试卷 ${tag} ${run}`;
      const examId = await twoProblemPaper(request, paperName);
      // the page's clock, so two minutes without a network pass at once
      await page.clock.install();
      await signIn(page, request);
      // a desktop paper link opens the H5 paper page
      await page.goto(`/exam/view/${examId}`);
      await expect(page).toHaveURL(new RegExp(`/h5/exam/view/${examId}$`));
      await expect(page.getByRole('heading', { level: 1, name: paperName })).toBeVisible();
      await noSidewaysScroll(page, `${tag}-paper`);
      await page.getByRole('link', { name: '开始考试' }).click();
      await expect(page.getByRole('heading', { level: 1, name: paperName })).toBeVisible();
      await noSidewaysScroll(page, `${tag}-paper-start`);
      await page.getByRole('button', { name: '开始考试' }).click();
      await expect(page).toHaveURL(/\/h5\/exam\/exam\?recordId=\d+$/);

      const problems = page.getByTestId('exam-problem');
      await expect(problems).toHaveCount(2);
      await problems.nth(0).getByText('3', { exact: true }).click();
      await expect(problems.nth(0).getByTestId('save-state')).toHaveText('已保存');
      // the network goes for two minutes: the answer given meanwhile waits on the phone, and goes when it is back
      await page.context().setOffline(true);
      await problems.nth(1).getByText('正确', { exact: true }).click();
      await expect(page.getByText(/网络已断开，答案已暂存在手机上/)).toBeVisible();
      await expect(problems.nth(1).getByTestId('save-state')).toHaveText('已暂存在本机');
      await page.clock.fastForward('02:00');
      await page.context().setOffline(false);
      await expect(page.getByText('网络已恢复，答案已同步')).toBeVisible({ timeout: 20_000 });
      await expect(page.getByTestId('save-state')).toHaveText(['已保存', '已保存']);
      await noSidewaysScroll(page, `${tag}-attempt`);

      await page.reload();
      await expect(problems.nth(0).locator('input[value="B"]')).toBeChecked();
      await expect(problems.nth(1).locator('input[value="A"]')).toBeChecked();
      await page.getByRole('button', { name: /答题卡 2\/2/ }).click();
      await expect(page.locator('.h5-attempt__grid a.is-answered')).toHaveCount(2);
      await page.getByRole('button', { name: '继续答题' }).click();

      await page.getByRole('button', { name: '交卷', exact: true }).click();
      await expect(page.getByText('全部 2 题都已作答')).toBeVisible();
      await page.getByRole('button', { name: '确认交卷' }).click();
      await expect(page).toHaveURL(/\/h5\/exam\/result\?recordId=\d+$/);
      await expect(page.getByTestId('result-score')).toHaveText('5');
      await noSidewaysScroll(page, `${tag}-result`);
      // the explanations, only the wrong one, on their own page
      await page.getByRole('link', { name: /只看错题（1）/ }).click();
      await expect(page).toHaveURL(/\/h5\/exam\/explain\?recordId=\d+&only=wrong$/);
      await expect(page.getByTestId('review-problem')).toHaveCount(1);
      await page.goBack();

      await page.getByRole('link', { name: '错题本' }).click();
      await expect(page).toHaveURL(/\/h5\/account\/error\/problem$/);
      const book = page.getByRole('list', { name: /^错题，共 \d+ 道$/ });
      await book.getByRole('button', { name: new RegExp(`${paperName}：3 是偶数`) }).click();
      await expect(page.getByRole('heading', { name: '错题详情' })).toBeVisible();
      await expect(page.locator('.qk-exam-answer')).toContainText('错误');
      await noSidewaysScroll(page, `${tag}-error-book`);
      await page.locator('.adm-popup-close-icon').click();
      await page.getByRole('link', { name: '练习错题' }).click();
      await expect(page).toHaveURL(/\/h5\/account\/error\/start$/);
      await expect(page.getByText(/第 1 \/ \d+ 题/)).toBeVisible();
      await noSidewaysScroll(page, `${tag}-practice`);
    });

    test('a phone learner buys a course through the sandbox cashier, pays the unpaid order and visits each account page', async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000);
      await signIn(page, request);
      const list = await (
        await request.post('/apis/course/api/course/list', { data: { courseType: 1, isFree: 0, pageSize: 1 } })
      ).json();
      const course: { id: string; courseName: string } = list.data.list[0];
      await page.goto(`/h5/view/${course.id}`);
      await page.getByRole('button', { name: '立即购买' }).click();
      const sheet = page.getByRole('dialog', { name: '确认支付' });
      await expect(sheet.getByRole('radio').first()).toBeChecked();
      await noSidewaysScroll(page, `${tag}-checkout`);
      await sheet.getByRole('button', { name: '确认支付' }).click();
      await expect(page).toHaveURL(/\/pay\/sandbox\/\d+/);

      // the buyer leaves the cashier unpaid; the order waits in 我的订单, paid from there
      await page.goto('/account/order?status=1');
      await expect(page).toHaveURL(/\/h5\/account\/order\?status=1$/);
      const orders = page.getByRole('list', { name: /^订单，共 \d+ 个$/ });
      await expect(orders.getByRole('listitem')).toHaveCount(1);
      await expect(orders).toContainText(course.courseName);
      await noSidewaysScroll(page, `${tag}-orders`);
      await orders.getByRole('button', { name: '去支付' }).click();
      await page.getByRole('dialog', { name: '确认支付' }).getByRole('button', { name: '确认支付' }).click();
      await expect(page).toHaveURL(/\/pay\/sandbox\/\d+/);
      await page.getByRole('button', { name: '确认支付', exact: true }).click();
      await expect(page).toHaveURL(/\/order\/result\?orderNo=\d+/, { timeout: 15_000 });

      await page.goto('/h5/account/order?status=2');
      await expect(page.getByRole('list', { name: /^订单，共 1 个$/ })).toContainText('支付成功');
      await page.goto('/h5/account/course');
      const mine = page.getByRole('list', { name: /^我的课程，共 \d+ 门$/ });
      await expect(mine).toContainText(course.courseName);
      await noSidewaysScroll(page, `${tag}-my-courses`);

      // the account pages from 我的, each one phone-wide
      const pages: Array<[string, RegExp, string]> = [
        ['学习记录', /\/h5\/account\/study$/, 'study'],
        ['我的笔记', /\/h5\/account\/notes$/, 'notes'],
        ['我的消息', /\/h5\/account\/message$/, 'messages'],
        ['错题本', /\/h5\/account\/error\/problem$/, 'error-book-empty'],
        ['我的班级', /\/h5\/account\/grades$/, 'grades'],
        ['个人资料', /\/h5\/account\/info$/, 'profile'],
      ];
      for (const [label, url, shot] of pages) {
        await page.goto('/h5/my');
        await page.getByRole('navigation', { name: '我的学习' }).getByRole('link', { name: label }).click();
        await expect(page).toHaveURL(url);
        await expect(page.locator('.h5-header__title')).toHaveText(label);
        await noSidewaysScroll(page, `${tag}-${shot}`);
      }
      // the profile: a blank nickname is refused, a good one is shown at once
      await page.getByLabel('昵称').fill('   ');
      await page.getByRole('button', { name: '保存昵称' }).click();
      await expect(page.getByText('请填写昵称')).toBeVisible();
      await page.getByLabel('昵称').fill(`手机改名${run}`);
      await page.getByRole('button', { name: '保存昵称' }).click();
      await expect(page.getByRole('heading', { level: 1, name: `手机改名${run}` })).toBeVisible();
      // the head picture: a file that is not a picture is refused, a picture is saved and shown in 我的 too
      await expect(page.getByRole('button', { name: '上传头像' })).toBeVisible();
      await page.getByLabel('上传头像').setInputFiles(fixture('not-an-image.txt'));
      await expect(page.getByText('仅支持 JPG、PNG、WebP、GIF 图片')).toBeVisible();
      await page.getByLabel('上传头像').setInputFiles(fixture('head.png'));
      await expect(page.getByText('头像已更新')).toBeVisible();
      await expect(page.getByRole('img', { name: '我的头像' })).toHaveAttribute('src', /^\/media\//);
      await expect(page.getByRole('button', { name: '更换头像' })).toBeVisible();
      await page.getByRole('navigation', { name: '账号设置' }).getByRole('link', { name: '修改密码' }).click();
      await expect(page).toHaveURL(/\/h5\/account\/reset$/);
      await expect(page.getByLabel('手机号')).toHaveValue(/^\d{3}\*{4}\d{4}$/);
      await noSidewaysScroll(page, `${tag}-password`);

      await page.goto('/h5/my');
      await expect(page.locator('.h5-me img[src^="/media/"]')).toBeVisible();
      await page.getByRole('navigation', { name: '我的学习' }).getByRole('link', { name: '开通会员' }).click();
      await expect(page).toHaveURL(/\/h5\/vip$/);
      await expect(
        page.getByRole('list', { name: '会员套餐' }).getByRole('button', { name: '立即开通' }).first(),
      ).toBeVisible();
      await noSidewaysScroll(page, `${tag}-vip`);
      // the payment left a message: read, it is no longer unread
      await page.goto('/h5/account/message?isRead=0');
      const unread = page.getByRole('list', { name: /^消息，共 \d+ 条$/ });
      const first = unread.getByRole('button').first();
      const title = (await first.locator('.h5-rows__title').textContent())!;
      await first.click();
      await expect(page.getByRole('dialog', { name: title })).toBeVisible();
      await noSidewaysScroll(page, `${tag}-message-open`);
    });

    test('a learner who forgot the password resets it on the phone and signs in with the new one', async ({ page }) => {
      // run alone, right after the learners were registered, it waits out the SMS interval once or twice
      test.setTimeout(240_000);
      const mobile = forgetful[name]!;
      await page.goto('/h5/login');
      await page.getByRole('tab', { name: '密码登录' }).click();
      await page.getByRole('link', { name: '忘记密码？' }).click();
      await expect(page).toHaveURL(/\/h5\/reset$/);
      // nothing filled: the form says what is missing and sends nothing
      await page.getByRole('button', { name: '重置密码' }).click();
      await expect(page.getByRole('alert').first()).toBeVisible();
      await expect(page).toHaveURL(/\/h5\/reset$/);
      await page.getByLabel('手机号').fill(mobile);
      await page.getByLabel('短信验证码').fill(await codeSentTo(page, mobile));
      await page.getByLabel('新密码', { exact: true }).fill('NewPhone2026');
      await page.getByLabel('确认新密码').fill('NewPhone2027');
      await page.getByRole('button', { name: '重置密码' }).click();
      await expect(page.getByText('两次输入的密码不一致')).toBeVisible();
      await noSidewaysScroll(page, `${tag}-reset`);
      await page.getByLabel('确认新密码').fill('NewPhone2026');
      await page.getByRole('button', { name: '重置密码' }).click();
      await expect(page.getByRole('heading', { name: '密码已重置' })).toBeVisible();
      await page.getByRole('link', { name: '去登录' }).click();
      await page.getByRole('tab', { name: '密码登录' }).click();
      await page.getByLabel('手机号').fill(mobile);
      await page.getByLabel('密码').fill('NewPhone2026');
      await page.getByRole('button', { name: '登录', exact: true }).click();
      await expect(page).toHaveURL(/\/h5\/$/);
    });

    test('resources and libraries: a desktop link opens the H5 catalogue, an item opens its H5 page', async ({
      page,
    }) => {
      for (const [pc, title, detail, shot] of [
        ['/resource', '资源中心', /\/h5\/resource\/detail\/\d+$/, 'resources'],
        ['/library', '文库', /\/h5\/library\/view\/\d+$/, 'libraries'],
      ] as const) {
        await page.goto(pc);
        await expect(page).toHaveURL(new RegExp(`/h5${pc}$`));
        await expect(page.getByRole('navigation', { name: '目录' }).getByRole('link', { name: title })).toHaveAttribute(
          'aria-current',
          'page',
        );
        const items = page.getByRole('list', { name: /，共 \d+ 门$/ }).getByRole('link');
        await noSidewaysScroll(page, `${tag}-${shot}`);
        const name = (await items.first().locator('.h5-row__name').textContent())!;
        await items.first().click();
        await expect(page).toHaveURL(detail);
        await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
        await noSidewaysScroll(page, `${tag}-${shot}-detail`);
      }
    });
  });
}

test.describe('iPhone 13 accessibility', () => {
  const { defaultBrowserType: _only, ...iphone } = devices['iPhone 13'];
  test.use(iphone);

  test('the learning and account pages break no accessibility rule', async ({ page, request }) => {
    test.setTimeout(180_000);
    const examId = await twoProblemPaper(request, `无障碍试卷 ${run}`);
    await signIn(page, request);
    const free = await (
      await request.post('/apis/course/api/course/list', { data: { courseType: 1, isFree: 1, pageSize: 1 } })
    ).json();
    const courseId: string = free.data.list[0].id;
    await page.goto(`/h5/view/${courseId}`);
    await page.getByRole('link', { name: /开始学习|继续学习/ }).click();
    await expect(page).toHaveURL(/\/period\/\d+$/);
    const lesson = new URL(page.url()).pathname;
    const found: string[] = [];
    for (const path of [
      lesson,
      `/h5/exam/view/${examId}`,
      `/h5/exam/startExam?id=${examId}`,
      '/h5/account/error/problem',
      '/h5/account/course',
      '/h5/account/order',
      '/h5/account/study',
      '/h5/account/notes',
      '/h5/account/message',
      '/h5/account/info',
      '/h5/account/reset',
      '/h5/vip',
      '/h5/resource',
      '/h5/library',
    ]) {
      await page.goto(path);
      found.push(...(await axeFindings(page, path)));
    }
    expect(found).toEqual([]);
  });
});
