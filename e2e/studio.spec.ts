import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './journey.ts';
import type { Browser, Locator, Page } from '@playwright/test';
import { registerViaApi } from './server-log.ts';
import { becomeLecturer } from './support.ts';
import { shotsIn } from './review-shot.ts';

const PASSWORD = 'Secret123';
const LOGIN = /登\s?录$/;
const SHOTS = path.resolve(import.meta.dirname, '../test-results/studio');
// one journey across four people, a transcode and a dozen pages on two shared cores
test.describe.configure({ timeout: 420_000 });
test.use({ actionTimeout: 30_000 });

/** Typing into server-rendered fields before the page's scripts take over would be lost: wait for them. */
const settled = (page: Page) => page.waitForLoadState('networkidle');
const shot = shotsIn(SHOTS);

async function signedIn(browser: Browser, mobile: string, target: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(target);
  await expect(page).toHaveURL(/\/login\?t=login/);
  await page.getByLabel('手机号').fill(mobile);
  await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: LOGIN }).click();
  await expect(page).toHaveURL(new RegExp(`${target.replace(/[?]/g, '\\?')}$`));
  await settled(page);
  return page;
}

/** A browser signed in through the API (the login page is tested elsewhere). */
async function apiSignedIn(browser: Browser, mobile: string): Promise<Page> {
  const context = await browser.newContext();
  const login = await context.request.post('/apis/user/api/user/login/password', {
    data: { mobile, password: PASSWORD, clientType: 1 },
  });
  expect((await login.json()).code).toBe(200);
  return context.newPage();
}

/** A 4-second test picture with a tone, made the way a lecturer's camera would not, but a real MP4 all the same. */
function makeVideo(): string {
  mkdirSync(SHOTS, { recursive: true });
  const file = path.join(SHOTS, '第一课.mp4');
  execFileSync('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc=duration=4:size=320x240:rate=25',
    '-f',
    'lavfi',
    '-i',
    'sine',
    '-shortest',
    file,
  ]);
  return file;
}

const periodRow = (page: Page, name: string): Locator => page.getByRole('listitem', { name: `课时：${name}` });
const periodOrder = (page: Page, chapter: string) =>
  page
    .getByRole('region', { name: `章节：${chapter}` })
    .locator('.qk-studio-lesson__title')
    .allInnerTexts();

async function addItem(page: Page, button: Locator, name: string, free = false) {
  await button.click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: /名称/ }).fill(name);
  if (free) await dialog.getByRole('switch').click();
  await dialog.getByRole('button', { name: /保\s?存/ }).click();
  await expect(dialog).toBeHidden();
}

test('a new lecturer builds a course with a video, it is approved and plays; later edits wait for the next approval', async ({
  browser,
  request,
}) => {
  const errors: string[] = [];
  const name = `Python 自动化办公 ${Date.now() % 100000}`;
  const video = makeVideo();
  const lecturerMobile = await registerViaApi(request, PASSWORD, '新讲师');
  await becomeLecturer(request, lecturerMobile, PASSWORD, '林老师');

  // the lecturer creates the course; a strike-through price below the price is shown under its field
  const lecturer = await signedIn(browser, lecturerMobile, '/account/vod');
  lecturer.on('pageerror', (e) => errors.push(e.message));
  await expect(lecturer.getByText('还没有录播课程')).toBeVisible();
  await shot(lecturer, '01-vod-empty');
  await lecturer.getByRole('link', { name: '新建录播课程' }).first().click();
  await expect(lecturer.getByRole('heading', { name: '新建录播课程' })).toBeVisible();
  const nameField = lecturer.getByRole('textbox', { name: /^\*?\s*录播课程名称$/ });
  await nameField.fill(name);
  await lecturer.getByLabel('分类').click();
  await lecturer.locator('.ant-cascader-menu-item').first().click();
  await lecturer.keyboard.press('Escape');
  await lecturer
    .getByRole('textbox', { name: '介绍' })
    .fill('用 Python 处理表格、文档和邮件。\n适合每天和 Excel 打交道的人。');
  await lecturer.getByLabel('售价').fill('99');
  await lecturer.getByLabel('划线价').fill('50');
  await lecturer.getByRole('button', { name: '创建录播课程' }).click();
  const ruling = lecturer.locator('.ant-form-item').filter({ hasText: '划线价' });
  await expect(ruling.locator('.ant-form-item-explain-error')).toHaveText('划线价应不低于课程价格，不需要可填 0');
  await shot(lecturer, '02-add-field-error');
  await lecturer.getByLabel('划线价').fill('199');
  await lecturer.getByRole('button', { name: '创建录播课程' }).click();
  await expect(lecturer).toHaveURL(/\/account\/vod\/period\?courseId=\d+$/);
  const courseId = new URL(lecturer.url()).searchParams.get('courseId')!;

  // two chapters with lessons; the first lesson is free to try
  await addItem(lecturer, lecturer.getByRole('button', { name: '添加章节' }), '第一章 入门');
  await addItem(lecturer, lecturer.getByRole('button', { name: '添加章节' }).last(), '第二章 实战');
  const first = lecturer.getByRole('region', { name: '章节：第一章 入门' });
  const second = lecturer.getByRole('region', { name: '章节：第二章 实战' });
  await addItem(lecturer, first.getByRole('button', { name: '添加课时' }), '安装 Python', true);
  await addItem(lecturer, first.getByRole('button', { name: '添加课时' }), '读写 Excel');
  await addItem(lecturer, second.getByRole('button', { name: '添加课时' }), '批量发邮件');
  await expect(periodRow(lecturer, '安装 Python')).toContainText('免费');

  // a video for the free lesson: uploaded in chunks, transcoded by the server, then ready
  await lecturer.getByLabel('为「安装 Python」选择视频').setInputFiles(video);
  await expect(periodRow(lecturer, '安装 Python').getByText('可播放')).toBeVisible({ timeout: 180_000 });
  await expect(periodRow(lecturer, '安装 Python')).toContainText('00:04');

  // a handout, and the lessons of chapter one dragged into a new order that survives a reload
  await lecturer
    .getByLabel('选择附件')
    .setInputFiles({ name: '讲义.txt', mimeType: 'text/plain', buffer: Buffer.from('第一章讲义\n') });
  await expect(lecturer.getByRole('region', { name: '课程附件' })).toContainText('讲义.txt');
  await periodRow(lecturer, '读写 Excel').locator('.qk-studio-grip').dragTo(periodRow(lecturer, '安装 Python'));
  await expect.poll(() => periodOrder(lecturer, '第一章 入门')).toEqual(['读写 Excel', '安装 Python']);
  await lecturer.reload();
  await settled(lecturer);
  await expect.poll(() => periodOrder(lecturer, '第一章 入门')).toEqual(['读写 Excel', '安装 Python']);
  await shot(lecturer, '03-period');

  // the draft as learners would see it, then what goes to audit
  await lecturer.goto(`/preview/course/${courseId}`);
  await expect(lecturer.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(lecturer.getByRole('note')).toContainText('尚未审核通过的草稿');
  await shot(lecturer, '04-preview');
  await lecturer.goto(`/account/vod/check?courseId=${courseId}`);
  await settled(lecturer);
  await expect(lecturer.getByText('首次提交')).toBeVisible();
  await expect(lecturer.getByRole('list', { name: '章节与课时的变更' }).getByRole('listitem')).toHaveCount(6);
  await lecturer.getByRole('button', { name: '提交审核' }).click();
  await lecturer
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /^提\s?交$/ })
    .click();
  await expect(lecturer.locator('.qk-studio-head')).toContainText('待审核');
  await shot(lecturer, '05-check-submitted');
  await lecturer.goto('/account/vod');
  await expect(lecturer.getByRole('row', { name: new RegExp(name) })).toContainText('待审核');
  await shot(lecturer, '06-vod-list');

  // the administrator sees everything as new and approves
  const admin = await (await browser.newContext()).newPage();
  admin.on('pageerror', (e) => errors.push(e.message));
  await admin.goto('/admin/course-audits');
  await settled(admin);
  await admin.getByLabel('账号').fill('admin');
  await admin.getByLabel('密码').fill('Demo1234');
  await admin.getByRole('button', { name: /登\s?录/ }).click();
  await expect(admin).toHaveURL(/\/admin\/course-audits$/);
  const row = admin.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: name });
  await expect(row).toContainText('新讲师');
  await expect(row).toContainText('3 个课时');
  await row.getByRole('button', { name: /审\s?核/ }).click();
  const modal = admin.getByRole('dialog', { name: `审核课程：${name}` });
  await expect(modal).toContainText('首次提交');
  await expect(modal).toContainText('林老师');
  await expect(modal.getByRole('list', { name: '章节与课时的变更' })).toContainText('批量发邮件');
  await shot(admin, '07-admin-audit');
  await modal.getByRole('button', { name: '提交审核结果' }).click();
  await expect(modal).toBeHidden();
  await expect(admin.locator('.ant-table-tbody')).not.toContainText(name);

  // a student finds it in the catalogue and plays the free lesson
  const studentMobile = await registerViaApi(request, PASSWORD, '小学员');
  const student = await apiSignedIn(browser, studentMobile);
  student.on('pageerror', (e) => errors.push(e.message));
  await student.goto(`/list?q=${encodeURIComponent(name)}`);
  await settled(student);
  await student.locator('.qk-course-card').filter({ hasText: name }).click();
  await expect(student).toHaveURL(new RegExp(`/view/${courseId}$`));
  await student.getByRole('link', { name: /安装 Python/ }).click();
  await expect(student).toHaveURL(/\/view\/\d+\/period\/\d+/);
  await student.getByRole('button', { name: /播放/ }).click();
  await expect
    .poll(() => student.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 })
    .toBeGreaterThan(1);

  // the lecturer sees the learner
  await lecturer.goto('/account/vod/progress');
  await settled(lecturer);
  await expect(async () => {
    await lecturer.reload();
    await expect(lecturer.getByRole('row', { name: new RegExp(name) })).toContainText('1 人', { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await shot(lecturer, '08-progress');
  await lecturer
    .getByRole('row', { name: new RegExp(name) })
    .getByRole('button', { name: '学员明细' })
    .click();
  await expect(lecturer.getByRole('row', { name: /小学员/ })).toContainText(
    `${studentMobile.slice(0, 3)}****${studentMobile.slice(7)}`,
  );
  await shot(lecturer, '09-progress-details');

  // a new title waits for the next approval: the course page keeps the published one
  await lecturer.goto(`/account/vod/add?id=${courseId}`);
  await settled(lecturer);
  await nameField.fill(`${name}（第二版）`);
  await lecturer.getByRole('button', { name: /^保\s?存$/ }).click();
  await expect(lecturer.locator('.qk-studio-head')).toContainText('编辑中');
  await shot(lecturer, '10-edit');
  await student.goto(`/view/${courseId}`);
  await expect(student.getByRole('heading', { level: 1 })).toHaveText(name);
  await lecturer.goto(`/account/vod/check?courseId=${courseId}`);
  const change = lecturer.getByRole('row', { name: /课程名称/ });
  await expect(change).toContainText(name);
  await expect(change).toContainText(`${name}（第二版）`);
  await shot(lecturer, '11-check-changes');

  // another lecturer cannot open the draft; a student is told how to become a lecturer
  const otherMobile = await registerViaApi(request, PASSWORD, '另一位讲师');
  await becomeLecturer(request, otherMobile, PASSWORD, '赵老师');
  const other = await apiSignedIn(browser, otherMobile);
  await other.goto(`/account/vod/period?courseId=${courseId}`);
  await expect(other.getByText('课程不存在或已删除')).toBeVisible();
  await expect(other.getByText(name)).toHaveCount(0);
  await shot(other, '12-other-lecturer');
  await student.goto('/account/vod');
  await expect(student.getByText('成为讲师后才能使用此功能')).toBeVisible();
  await expect(student.getByRole('link', { name: '申请成为讲师' })).toHaveAttribute('href', '/account/teacher');
  await shot(student, '13-not-lecturer');

  expect(errors).toEqual([]);
});
