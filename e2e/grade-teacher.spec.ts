import ExcelJS from 'exceljs';
import { devices, expect, test } from './journey.ts';
import { registerViaApi } from './server-log.ts';
import { adminSignIn } from './orders-support.ts';
import { sessionOf } from './exams-support.ts';
import { reviewShot } from './review-shot.ts';

/**
 * A lecturer runs a class from /account/grades/teacher: creates one that needs approval, fills it from a spreadsheet
 * (the report says why two rows were left out), shares it, approves a student who applied, attaches a course and
 * reads the ranking; the administrator finds the class in the console.
 */
const PASSWORD = 'Grade2026x';

async function memberList(mobiles: (string | number)[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('学员名单');
  ws.addRow(['手机号']);
  for (const m of mobiles) ws.addRow([m]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

test('a lecturer creates a class, imports members, shares it, approves an applicant and reads the ranking', async ({
  browser,
  page,
}) => {
  test.setTimeout(300_000);
  const stamp = Date.now() % 1e6;
  const name = `数据分析实战班 ${stamp}`;

  // 28 registered learners for the list, and one more who will apply
  const mobiles: string[] = [];
  for (let i = 0; i < 28; i++) mobiles.push(await registerViaApi(page.request, PASSWORD, `学员${stamp}-${i + 1}`));
  const applicantMobile = await registerViaApi(page.request, PASSWORD, `申请人${stamp}`);

  const teacher = await sessionOf(browser, '13800000002', 'Demo1234');
  await teacher.goto('/account/info');
  await teacher.getByRole('link', { name: '我教的班级' }).click();
  await expect(teacher).toHaveURL(/\/account\/grades\/teacher$/);
  await teacher.getByRole('button', { name: '创建班级' }).click();
  const form = teacher.getByRole('dialog', { name: '创建班级' });
  await form.getByLabel('班级名称').fill(name);
  await form.getByLabel('上传封面').setInputFiles('e2e/fixtures/head.png');
  await expect(form.getByRole('img', { name: '预览' })).toBeVisible();
  await form.getByLabel('班级介绍').fill('八周的数据分析：Excel、SQL 与可视化，每周一次作业。');
  await form.getByLabel('人数上限').fill('100');
  await expect(form.getByRole('radio', { name: '申请加入，班主任审核' })).toBeChecked();
  await reviewShot(teacher, 'test-results/grade-teacher/1-create.png', false);
  await form.getByRole('button', { name: '创建班级' }).click();

  // a new class opens on its sharing tab: the link, its QR code and the code
  await expect(teacher).toHaveURL(/\/account\/grades\/teacher\?id=\d+&tab=share$/);
  await expect(teacher.getByRole('heading', { level: 1, name })).toBeVisible();
  const qr = teacher.getByRole('img', { name: '班级加入二维码' });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
  const code = (await teacher.locator('.qk-grade-share__code').first().textContent())?.trim() ?? '';
  expect(code).toMatch(/^[A-Z2-9]{6}$/);
  await expect(teacher.getByRole('link', { name: new RegExp(`/grade/view/\\d+\\?code=${code}$`) })).toBeVisible();
  const gradeId = /id=(\d+)/.exec(teacher.url())![1]!;
  await reviewShot(teacher, 'test-results/grade-teacher/2-share.png');

  // 30 rows: 28 good, one malformed, one a repeat of the first
  await teacher.getByRole('tab', { name: '批量导入' }).click();
  await teacher.getByLabel('上传学员名单').setInputFiles({
    name: '学员名单.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await memberList([...mobiles.slice(0, 14), '1380013', ...mobiles.slice(14), mobiles[0]!]),
  });
  const report = teacher.getByRole('region', { name: '导入结果' });
  await expect(report).toContainText('已添加 28 人，2 行未添加');
  await expect(report.getByRole('row', { name: /16\s+1380013\s+手机号格式不正确/ })).toBeVisible();
  await expect(report.getByRole('row', { name: new RegExp(`31\\s+${mobiles[0]}\\s+与第 2 行重复`) })).toBeVisible();
  await expect(teacher.getByRole('tab', { name: '成员（28）' })).toBeVisible();
  await reviewShot(teacher, 'test-results/grade-teacher/3-import.png');

  // another student applies from the class page
  const applicant = await sessionOf(browser, applicantMobile, PASSWORD);
  await applicant.goto(`/grade/view/${gradeId}`);
  await applicant.getByLabel('申请说明').fill('想系统学习数据分析');
  await applicant.getByRole('button', { name: /申\s*请\s*加\s*入/ }).click();
  await expect(applicant.getByText('您的入班申请正在审核中，请耐心等待')).toBeVisible();

  // the teacher approves it
  await teacher.goto(`/account/grades/teacher?id=${gradeId}`);
  await teacher.getByRole('tab', { name: '入班申请（1）' }).click();
  const row = teacher.getByRole('row', { name: /想系统学习数据分析/ });
  await expect(row).toContainText(`申请人${stamp}`);
  await reviewShot(teacher, 'test-results/grade-teacher/4-applies.png');
  await row.getByRole('button', { name: /通\s*过/ }).click();
  await expect(teacher.getByText('已通过 1 条申请')).toBeVisible();
  await expect(teacher.getByText('没有待审核的申请')).toBeVisible();
  await expect(teacher.getByRole('tab', { name: '成员（29）' })).toBeVisible();
  await applicant.reload();
  await expect(applicant.getByText('班级课程')).toBeVisible();

  // members: find the applicant and make them a class admin
  await teacher.getByRole('tab', { name: '成员（29）' }).click();
  await teacher.getByLabel('搜索成员').fill(`申请人${stamp}`);
  await teacher.getByLabel('搜索成员').press('Enter');
  await expect(teacher.getByText('共 1 人')).toBeVisible();
  const member = teacher.getByRole('row', { name: new RegExp(`申请人${stamp}`) });
  await member.getByRole('button', { name: '设为管理员' }).click();
  await expect(member).toContainText('班级管理员');
  await reviewShot(teacher, 'test-results/grade-teacher/5-members.png');
  // a mobile nobody registered is refused with the reason, beside the box
  await teacher.getByLabel('添加学员的手机号').fill('13912345678');
  await teacher.getByRole('button', { name: '添加学员' }).click();
  await expect(teacher.getByRole('alert').filter({ hasText: '该手机号尚未注册，请对方先注册' })).toBeVisible();

  // another lecturer, and a student, are told plainly what they may not do here
  const other = await sessionOf(browser, '13800000004', 'Demo1234');
  await other.goto(`/account/grades/teacher?id=${gradeId}&tab=summary`);
  await expect(other.getByText('只有班主任可以管理这个班级')).toBeVisible();
  await applicant.goto('/account/grades/teacher');
  await expect(applicant.getByText(/只有讲师或机构可以开设班级/)).toBeVisible();
  await reviewShot(applicant, 'test-results/grade-teacher/5b-refused.png', false);

  // a course of the teacher's, then the ranking
  await teacher.getByRole('tab', { name: '班级课程' }).click();
  await teacher.getByRole('combobox', { name: '选择要加入班级的课程' }).click();
  await teacher.locator('.ant-select-item-option').first().click();
  await teacher.keyboard.press('Escape');
  await teacher.getByRole('button', { name: '加入班级' }).click();
  await expect(teacher.getByText('课程已加入班级')).toBeVisible();
  await expect(teacher.getByText('已有 1 / 50 门')).toBeVisible();
  await reviewShot(teacher, 'test-results/grade-teacher/6-courses.png');

  await teacher.getByRole('tab', { name: '学习统计' }).click();
  await expect(teacher.getByText('共 29 名成员，按班级课程的平均学习进度排名')).toBeVisible();
  await expect(teacher.getByRole('img', { name: '班级学习进度图表' }).locator('canvas')).toBeVisible();
  const ranks = teacher.locator('.qk-grade-rank');
  await expect(ranks.first()).toHaveText('1');
  await expect(ranks).toHaveCount(20);
  // a class opened today has its first point of the chart over time at once
  await expect(teacher.getByTestId('grade-trend')).toContainText('明天起可看到走势');
  await expect(teacher.getByRole('img', { name: '班级学习进度走势图' }).locator('canvas')).toBeVisible();
  await reviewShot(teacher, 'test-results/grade-teacher/7-summary.png');
  const download = teacher.waitForEvent('download');
  await teacher.getByRole('button', { name: /导出 Excel/ }).click();
  expect((await download).suggestedFilename()).toBe(`${name}-学习统计.xlsx`);

  // the list shows the class with its members
  await teacher.goto('/account/grades/teacher');
  await expect(teacher.getByRole('row', { name: new RegExp(name) })).toContainText('29 / 100 人');
  await reviewShot(teacher, 'test-results/grade-teacher/8-list.png');

  // the administrator sees it among all classes
  await adminSignIn(page);
  await page.goto('/admin');
  await page.getByRole('link', { name: '班级管理' }).click();
  await expect(page).toHaveURL(/\/admin\/grades$/);
  await page.getByPlaceholder('名称包含').fill(String(stamp));
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const adminRow = page.getByRole('row', { name: new RegExp(name) });
  await expect(adminRow).toContainText('王老师');
  await expect(adminRow).toContainText('29 / 100 人');
  await reviewShot(page, 'test-results/grade-teacher/9-admin.png');
});

test('the demo class’s summary charts its progress over the last fortnight, for its teacher alone', async ({
  browser,
}) => {
  const teacher = await sessionOf(browser, '13800000002', 'Demo1234');
  const list = await (await teacher.request.post('/apis/exam/api/grade/info/list', { data: { pageSize: 50 } })).json();
  const demo = list.data.list.find((g: { gradeName: string }) => g.gradeName === '前端进阶训练营（春季班）');
  await teacher.goto(`/account/grades/teacher?id=${demo.id}&tab=summary`);
  const trend = teacher.getByTestId('grade-trend');
  await expect(trend).toContainText('最近 15 天，每天一点（今天为实时数据）');
  await expect(trend.getByRole('img', { name: '班级学习进度走势图' }).locator('canvas')).toBeVisible();
  await trend.scrollIntoViewIfNeeded();
  await reviewShot(teacher, 'test-results/grade-teacher/10-trend.png');
  await reviewShot(trend, 'test-results/grade-teacher/10b-trend-chart.png', false);

  // a member of the class is refused the figures in words
  const member = await sessionOf(browser, '13800000203', 'Demo1234');
  const refused = await (
    await member.request.post('/apis/exam/auth/grade/summary/history', { data: { gradeId: demo.id } })
  ).json();
  expect(refused).toMatchObject({ code: 999, msg: '只有班主任和班级管理员可以进行此操作' });
});

test.describe('on a phone', () => {
  const { defaultBrowserType: _only, ...phone } = devices['iPhone 13'];
  test.use(phone);

  test('the class page opens on H5 with a way to join, and nothing scrolls sideways at 320 px', async ({ page }) => {
    const list = await (await page.request.post('/apis/exam/api/grade/info/list', { data: { pageSize: 50 } })).json();
    const demo = list.data.list.find((g: { gradeName: string }) => g.gradeName === '前端进阶训练营（春季班）');
    await page.goto(`/grade/view/${demo.id}?code=AB23CD`);
    await expect(page).toHaveURL(new RegExp(`/h5/grade/view/${demo.id}\\?code=AB23CD$`));
    await expect(page.getByRole('heading', { level: 1, name: '前端进阶训练营（春季班）' })).toBeVisible();
    await expect(page.getByText('申请加入，班主任审核')).toBeVisible();
    const join = page.getByRole('link', { name: '登录后加入班级' });
    expect((await join.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await page.setViewportSize({ width: 320, height: 640 });
    const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(wide).toBeLessThanOrEqual(0);
    await reviewShot(page, 'test-results/grade-teacher/h5-1-view.png');

    // a member of the demo class sees its courses
    const res = await page.request.post('/apis/user/api/user/login/password', {
      data: { mobile: '13800000201', password: 'Demo1234', clientType: 1 },
    });
    expect((await res.json()).code).toBe(200);
    await page.goto(`/h5/grade/view/${demo.id}`);
    await expect(page.getByRole('heading', { name: '班级课程' })).toBeVisible();
    await expect(page.getByText('我的身份')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await reviewShot(page, 'test-results/grade-teacher/h5-2-member.png');
    await page.goto('/h5/account/grades');
    await expect(page.getByRole('link', { name: /前端进阶训练营（春季班）/ })).toBeVisible();
    await reviewShot(page, 'test-results/grade-teacher/h5-3-mine.png');
  });
});
