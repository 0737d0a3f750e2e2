import { expect, test } from './journey.ts';
import type { Page } from '@playwright/test';

const STUDENT = '13800000001';

async function adminLogin(page: Page, target: string) {
  await page.goto(target);
  await expect(page).toHaveURL(/\/admin\/login/);
  await page.getByLabel('账号').fill('admin');
  await page.getByLabel('密码').fill('Demo1234');
  await page.getByRole('button', { name: /登\s?录/ }).click();
  await expect(page).toHaveURL(new RegExp(`${target}$`));
}

test('an administrator approves the demo student’s lecturer application and the student becomes a lecturer', async ({
  page,
  request,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await adminLogin(page, '/admin/lecturer-audits');

  // pending applications come first
  const row = page.locator('.ant-table-tbody tr.ant-table-row').first();
  await expect(row).toContainText('小青老师');
  await expect(row).toContainText('待审核');
  await row.getByRole('button', { name: /审\s?核/ }).click();

  const modal = page.getByRole('dialog', { name: '审核讲师申请' });
  await expect(modal).toContainText('英语专业八级');
  await expect(modal).toContainText(STUDENT);

  // a rejection needs a reason the applicant can read
  await modal.getByLabel('不通过').check();
  await modal.getByRole('button', { name: '提交审核' }).click();
  await expect(modal.getByText('请填写不通过的原因，申请人会看到')).toBeVisible();

  await modal.getByLabel('通过', { exact: true }).check();
  await modal.getByLabel('审核意见').fill('资料完整，欢迎加入');
  await modal.getByRole('button', { name: '提交审核' }).click();
  await expect(page.getByText('审核完成，已通知申请人')).toBeVisible();
  await expect(modal).toBeHidden();
  await expect(page.locator('.ant-table-tbody tr.ant-table-row', { hasText: '小青老师' })).toContainText('已通过');

  // the public lecturer list now shows the new lecturer
  const list = await (await request.post('/apis/user/api/lecturer/list', { data: { lecturerName: '小青' } })).json();
  expect(list.data.list.map((l: { lecturerName: string }) => l.lecturerName)).toContain('小青老师');

  // and the users table shows the student as a lecturer
  await page.getByRole('menuitem', { name: '用户管理' }).click();
  await page.getByLabel('手机号').fill(STUDENT);
  await page.getByRole('button', { name: /查\s?询/ }).click();
  await expect(page).toHaveURL(new RegExp(`mobile=${STUDENT}`));
  const user = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: STUDENT });
  await expect(user).toHaveCount(1);
  await expect(user).toContainText('讲师');

  // the applicant was told in a site message
  const student = { mobile: STUDENT, password: 'Demo1234', clientType: 1 };
  const login = await (await request.post('/apis/user/api/user/login/password', { data: student })).json();
  const inbox = await (
    await request.post('/apis/user/auth/msg/user/list', { data: {}, headers: { token: login.data.token } })
  ).json();
  expect(inbox.data.list[0].msgTitle).toBe('讲师申请已通过');

  // and a visitor finds the new lecturer on the teaching staff page
  await page.goto('/teachingStaff');
  await expect(page.getByText('小青老师').first()).toBeVisible();
  expect(errors).toEqual([]);
});
