import { expect, test } from './journey.ts';
import type { Locator, Page } from '@playwright/test';
import { registerViaApi } from './server-log.ts';
import { adminApi } from './support.ts';

const PASSWORD = 'Secret123';
const LOGIN = /登\s?录$/;

const timeOf = (video: Locator) => video.evaluate((v: HTMLVideoElement) => v.currentTime);

/** Demo videos are transcoded after the server starts: wait until the lesson's play call answers. */
async function waitForVideo(page: Page, periodId: string) {
  await expect
    .poll(
      async () =>
        (await (await page.request.post('/apis/vod/auth/videoInfo/play', { data: { periodId } })).json()).code,
      {
        timeout: 120_000,
        intervals: [2_000],
      },
    )
    .toBe(200);
}

function periodIdOf(page: Page): string {
  const m = /\/period\/(\d+)/.exec(page.url());
  if (!m) throw new Error(`not a lesson page: ${page.url()}`);
  return m[1]!;
}

/** Opens the lesson page (again, once its video is ready) and starts the video with the big play button. */
async function playPeriod(page: Page): Promise<Locator> {
  await waitForVideo(page, periodIdOf(page));
  await page.reload();
  const video = page.locator('video');
  await page.getByRole('button', { name: /播放/ }).click();
  return video;
}

test('course pages carry the title, description and price in their server-rendered HTML', async ({ request }) => {
  const html = await (await request.get('/list')).text();
  const id = /href="\/view\/(\d+)"/.exec(html)?.[1];
  expect(id, 'the catalogue links to course pages').toBeTruthy();
  const page = await (await request.get(`/view/${id}`)).text();
  const course = (await (await request.post('/apis/course/api/course/view', { data: { courseId: id } })).json()).data;
  expect(page).toContain(`<title>${course.courseName} - `);
  expect(page).toMatch(/<meta name="description" content="[^"]*主讲/);
  expect(page).toContain(
    `<meta property="product:price:amount" content="${(course.isFree ? 0 : course.coursePrice / 100).toFixed(2)}"/>`,
  );
});

test('a new learner browses, watches a free lesson, is asked to buy, is granted the course, resumes after a reload and jumps back to a note', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(240_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const mobile = await registerViaApi(request, PASSWORD, '新学员');

  // the catalogue: filter to free courses, open one
  await page.goto('/list');
  await expect(page.locator('.qk-course-card').first()).toBeVisible();
  await page.locator('.qk-filter').getByRole('link', { name: '免费', exact: true }).click();
  await expect(page).toHaveURL(/free=1/);
  await expect(page.locator('.qk-course-card .qk-price--free').first()).toBeVisible();
  await expect(page.locator('.qk-course-card .qk-price strong')).toHaveCount(0);
  await page.locator('.qk-course-card').first().click();
  await expect(page.locator('h1')).toBeVisible();
  await expect(page.locator('.qk-course-hero .qk-price--free')).toHaveText('免费');

  // a guest who starts is asked to log in, and comes back to the lesson
  await page.getByRole('link', { name: '开始学习' }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('手机号').fill(mobile);
  await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: LOGIN }).click();
  await expect(page).toHaveURL(/\/view\/\d+\/period\/\d+/);

  const free = await playPeriod(page);
  await expect.poll(() => timeOf(free), { timeout: 20_000 }).toBeGreaterThan(1.5);
  await expect(page.locator('.qk-watermark')).toContainText('****');

  // leaving while the video plays: the page-hide beacon carries the position (no heartbeat is due yet)
  const [, freeCourseId, freePeriodId] = /\/view\/(\d+)\/period\/(\d+)/.exec(page.url())!;
  await expect.poll(() => timeOf(free), { timeout: 20_000 }).toBeGreaterThan(3);
  await page.goto('/list?free=0');
  const positionOf = async () => {
    const res = await page.request.post('/apis/data/auth/course/user/period/progress/list', {
      data: { courseId: freeCourseId },
    });
    const periods: Array<{ periodId: string; currentPosition: number }> = (await res.json()).data.periodList;
    return periods.find((p) => p.periodId === freePeriodId)?.currentPosition ?? 0;
  };
  await expect.poll(positionOf, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);

  // a paid course: its locked lesson asks for purchase instead of playing
  await page.locator('.qk-course-card').first().click();
  await expect(page).toHaveURL(/\/view\/\d+$/);
  const courseId = /\/view\/(\d+)/.exec(page.url())![1]!;
  await expect(page.getByRole('button', { name: '立即购买' })).toBeEnabled();
  await page.locator('.qk-period.is-locked').first().click();
  await expect(page.getByRole('alert').filter({ hasText: '请先购买' })).toBeVisible();
  await expect(page.locator('video')).toHaveCount(0);

  // an administrator grants the course; the same lesson now plays
  const admin = await adminApi(request);
  await admin('/course/admin/user/course/grant', { mobile, courseId, expireTime: '' });
  const paid = await playPeriod(page);
  // the player offers to resume only past the first 3 s, and positions are saved in whole seconds: stop past 4
  await expect.poll(() => timeOf(paid), { timeout: 20_000 }).toBeGreaterThan(4.5);
  const saved = page.waitForResponse(
    (r) => r.url().includes('/period/log/save') && r.request().postData()?.includes('"pause"') === true,
  );
  await paid.evaluate((v: HTMLVideoElement) => v.pause());
  await saved;
  const stoppedAt = await timeOf(paid);

  // reload: the video resumes where it stopped
  await page.reload();
  await page.getByRole('button', { name: '继续播放' }).click();
  await expect.poll(() => timeOf(page.locator('video')), { timeout: 10_000 }).toBeGreaterThanOrEqual(stoppedAt - 1);

  // a note at the current second, then back to it from elsewhere in the video
  const video = page.locator('video');
  await video.evaluate((v: HTMLVideoElement) => v.pause());
  const noteAt = Math.floor(await timeOf(video));
  await page.getByRole('tab', { name: '笔记' }).click();
  await page.getByLabel('笔记内容').fill('主干先找谓语动词');
  await page.getByRole('button', { name: '记笔记' }).click();
  const note = page
    .getByRole('list', { name: '本课时笔记' })
    .getByRole('listitem')
    .filter({ hasText: '主干先找谓语动词' });
  await expect(note).toBeVisible();
  await video.evaluate((v: HTMLVideoElement) => {
    v.currentTime = 0;
  });
  await note.getByRole('button', { name: /^\d\d:\d\d$/ }).click();
  await expect.poll(() => timeOf(video)).toBeGreaterThanOrEqual(noteAt - 0.5);

  // the notes page leads back to the lesson at the note's second
  await page.goto('/account/notes');
  await page.getByRole('link', { name: /回到/ }).first().click();
  await expect(page).toHaveURL(new RegExp(`/view/${courseId}/period/\\d+\\?t=${noteAt}`));
  await page.getByRole('button', { name: /播放/ }).click();
  // the seek lands on the keyframe before the note and plays on from there: seconds on a busy machine
  await expect.poll(() => timeOf(page.locator('video')), { timeout: 15_000 }).toBeGreaterThanOrEqual(noteAt - 0.5);

  // another device sees the same progress
  const other = await browser.newContext();
  const login = await other.request.post('/apis/user/api/user/login/password', {
    data: { mobile, password: PASSWORD, clientType: 1 },
  });
  expect((await login.json()).code).toBe(200);
  const phone = await other.newPage();
  await phone.goto('/account/course');
  const mine = phone.locator('.qk-my-item').filter({ has: phone.locator(`a[href="/view/${courseId}"]`) });
  await expect(mine).toBeVisible();
  await expect(mine.getByText('管理员开通')).toBeVisible();
  await expect(mine.getByRole('progressbar')).toHaveText(/^[1-9]\d*%$/);
  await other.close();

  expect(errors).toEqual([]);
});
