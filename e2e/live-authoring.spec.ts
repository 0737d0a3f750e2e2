import { expect, test, type Browser, type Page } from './journey.ts';
import { DEMO_PASSWORD, LECTURER } from './orders-support.ts';
import { shotsIn } from './review-shot.ts';

/** The demo lecturer whose live teaching was never granted. */
const NOT_LIVE = '13800000004';
const shot = shotsIn('test-results/live-authoring');
const settled = (page: Page) => page.waitForLoadState('networkidle');
test.describe.configure({ timeout: 240_000 });
test.use({ actionTimeout: 30_000 });

async function signedIn(browser: Browser, mobile: string): Promise<Page> {
  const context = await browser.newContext();
  const res = await context.request.post('/apis/user/api/user/login/password', {
    data: { mobile, password: DEMO_PASSWORD, clientType: 1 },
  });
  expect((await res.json()).code).toBe(200);
  return context.newPage();
}

/** A day and time of the coming week, as the date picker takes it. */
const inDays = (days: number, hour: number) => {
  const d = new Date(Date.now() + days * 86_400_000 + 8 * 3600_000);
  return `${d.toISOString().slice(0, 10)} ${String(hour).padStart(2, '0')}:00`;
};

async function addSession(page: Page, title: string, at: string, minutes: number, free = false) {
  await page.getByRole('button', { name: '添加直播课时' }).click();
  const dialog = page.getByRole('dialog', { name: '添加直播课时' });
  await dialog.getByLabel('课时标题').fill(title);
  const picker = dialog.getByLabel('开播时间');
  await picker.click();
  await picker.fill(at);
  await picker.press('Enter');
  await dialog.getByLabel('时长（分钟）').fill(String(minutes));
  if (free) await dialog.getByRole('switch').click();
  await dialog.getByRole('button', { name: /保\s?存/ }).click();
  await expect(dialog).toBeHidden();
}

test('a lecturer without the live grant is told how to apply', async ({ browser }) => {
  const page = await signedIn(browser, NOT_LIVE);
  await page.goto('/account/live/add');
  await expect(page.getByRole('alert')).toContainText('您还没有开通直播授课');
  await expect(page.getByText('直播权限')).toBeVisible();
  await expect(page.getByRole('button', { name: '申请开通直播' })).toBeVisible();
  await expect(page.getByRole('button', { name: '创建直播课程' })).toHaveCount(0);
  await shot(page, '01-not-granted');
});

test('a live-granted lecturer creates a live course with two sessions, the administrator approves it, and it shows on /live', async ({
  browser,
}) => {
  const errors: string[] = [];
  const name = `Excel 数据分析直播班 ${Date.now() % 100000}`;
  const lecturer = await signedIn(browser, LECTURER);
  lecturer.on('pageerror', (e) => errors.push(e.message));
  await lecturer.goto('/account/live');
  await lecturer.getByRole('link', { name: '新建直播课程' }).click();
  await expect(lecturer.getByRole('heading', { name: '新建直播课程' })).toBeVisible();
  await settled(lecturer);
  await lecturer.getByRole('textbox', { name: /直播课程名称$/ }).fill(name);
  await lecturer.getByLabel('分类').click();
  await lecturer.locator('.ant-cascader-menu-item').first().click();
  await lecturer.keyboard.press('Escape');
  await lecturer.getByRole('textbox', { name: '介绍' }).fill('两周四次直播，带你用透视表和图表讲清数据。');
  await lecturer.getByLabel('售价').fill('49');
  await lecturer.getByRole('button', { name: '创建直播课程' }).click();
  await expect(lecturer).toHaveURL(/\/account\/live\/add\?id=\d+#sessions$/);
  const courseId = new URL(lecturer.url()).searchParams.get('id')!;
  await settled(lecturer);

  // two sessions, the second given first: the list keeps them in time order
  await addSession(lecturer, '第二讲 图表与看板', inDays(3, 20), 90);
  await addSession(lecturer, '第一讲 透视表入门', inDays(2, 20), 60, true);
  const rows = lecturer.locator('#sessions .ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('第一讲 透视表入门');
  await expect(rows.nth(0)).toContainText(inDays(2, 20));
  await expect(rows.nth(0)).toContainText('免费试看');
  await expect(rows.nth(1)).toContainText('90 分钟');
  await shot(lecturer, '02-sessions');

  // a time in the past is refused inside the dialog, and nothing is added
  await lecturer.getByRole('button', { name: '添加直播课时' }).click();
  const dialog = lecturer.getByRole('dialog', { name: '添加直播课时' });
  await dialog.getByLabel('课时标题').fill('补课');
  const picker = dialog.getByLabel('开播时间');
  await picker.click();
  await picker.fill(inDays(0, 0));
  await picker.press('Enter');
  await dialog.getByRole('button', { name: /保\s?存/ }).click();
  await expect(dialog.getByRole('alert')).toContainText('开播时间不能早于现在');
  await dialog.getByRole('button', { name: /取\s?消/ }).click();
  await expect(rows).toHaveCount(2);

  // submitted on the studio's check page
  await lecturer.getByRole('link', { name: '核对并提交审核' }).click();
  await expect(lecturer).toHaveURL(new RegExp(`/account/vod/check\\?courseId=${courseId}$`));
  await settled(lecturer);
  await lecturer.getByRole('button', { name: '提交审核' }).click();
  await lecturer
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /^提\s?交$/ })
    .click();
  await expect(lecturer.locator('.qk-studio-head')).toContainText('待审核');

  // approved in the audit console
  const admin = await (await browser.newContext()).newPage();
  admin.on('pageerror', (e) => errors.push(e.message));
  await admin.goto('/admin/course-audits');
  await settled(admin);
  await admin.getByLabel('账号').fill('admin');
  await admin.getByLabel('密码').fill(DEMO_PASSWORD);
  await admin.getByRole('button', { name: /登\s?录/ }).click();
  await expect(admin).toHaveURL(/\/admin\/course-audits$/);
  const row = admin.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: name });
  await expect(row).toContainText('直播课程');
  await row.getByRole('button', { name: /审\s?核/ }).click();
  const modal = admin.getByRole('dialog', { name: `审核课程：${name}` });
  await expect(modal).toContainText('第一讲 透视表入门');
  await shot(admin, '03-admin-audit');
  await modal.getByRole('button', { name: '提交审核结果' }).click();
  await expect(modal).toBeHidden();

  // on /live with its schedule, for anyone
  const guest = await (await browser.newContext()).newPage();
  await guest.goto('/live');
  const plan = guest.locator('.qk-live-sessions li').filter({ hasText: name });
  await expect(plan).toHaveCount(2);
  await expect(plan.first()).toContainText('第一讲 透视表入门');
  await expect(plan.first()).toContainText(inDays(2, 20));
  await shot(guest, '04-live-list');
  await guest.goto(`/live/detail/${courseId}`);
  await expect(guest.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(guest.getByText('第二讲 图表与看板')).toBeVisible();
  await shot(guest, '05-live-detail');

  // the lecturer's live management lists the course as approved
  await lecturer.goto('/account/live');
  const mine = lecturer.getByRole('region', { name: '我的直播课程' });
  await expect(mine.getByRole('row', { name: new RegExp(name) })).toContainText('审核通过');
  await expect(lecturer.getByRole('region', { name: '我的直播课时' })).toContainText('第一讲 透视表入门');
  await shot(lecturer, '06-account-live');

  // an exercise from the lecturer's bank attached to the new course's first session
  await lecturer.goto(`/account/live/praxis?courseId=${courseId}`);
  await expect(lecturer.getByRole('heading', { name: '直播练习' })).toBeVisible();
  await expect(lecturer.getByRole('combobox', { name: '直播课时' })).toBeVisible();
  const table = lecturer.getByRole('region', { name: '本直播课时的练习题' });
  await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(0);
  await settled(lecturer);
  await lecturer.getByLabel('选择题库中的题目').click();
  await lecturer.locator('.ant-select-item-option').first().click();
  await lecturer.keyboard.press('Escape');
  await lecturer.getByRole('button', { name: /添\s*加/ }).click();
  await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(1);
  await shot(lecturer, '07-live-praxis');
  expect(errors).toEqual([]);
});
