import path from 'node:path';
import { devices, expect, test } from './journey.ts';
import { noAxeViolations, noSidewaysScroll } from './h5-learning-support.ts';
import { registerViaApi } from './server-log.ts';
import { adminApi } from './support.ts';

/**
 * Becoming a lecturer from a phone: the recruitment page leads to the H5 application, the form says what is
 * missing, the application is sent with a picture, refused by the administrator with a reason, mended and sent again.
 */
const { defaultBrowserType: _only, ...iphone } = devices['iPhone 13'];
test.use(iphone);

const fixture = (name: string) => path.resolve(import.meta.dirname, 'fixtures', name);

test('a learner applies to teach from a phone, is refused with a reason, mends the application and sends it again', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  // a guest is asked to sign in first
  await page.goto('/apply');
  await expect(page).toHaveURL(/\/h5\/apply$/);
  await expect(page.getByRole('link', { name: '登录后申请' })).toHaveAttribute(
    'href',
    '/h5/login?redirect=%2Fh5%2Fapply',
  );

  const mobile = await registerViaApi(request, 'Teach2026x', '想当讲师的学员');
  await page.request.post('/apis/user/api/user/login/password', {
    data: { mobile, password: 'Teach2026x', clientType: 1 },
  });
  await page.goto('/h5/recruit');
  await page.getByRole('link', { name: '立即申请入驻' }).click();
  await expect(page).toHaveURL(/\/h5\/apply$/);
  await expect(page.getByLabel('讲师名称')).toHaveValue('想当讲师的学员');
  await noSidewaysScroll(page, 'apply-form');
  await noAxeViolations(page);

  // nothing is sent until the form is whole
  await page.getByRole('button', { name: '提交申请' }).click();
  await expect(page.getByText('请填写讲师职位')).toBeVisible();
  await expect(page.getByText('请填写讲师简介')).toBeVisible();
  await page.getByLabel('讲师职位').fill('数据分析师');
  await page.getByLabel('联系邮箱（选填）').fill('not-an-email');
  await page.getByLabel('讲师简介').fill('会讲统计');
  await page.getByRole('button', { name: '提交申请' }).click();
  await expect(page.getByText('邮箱格式不正确')).toBeVisible();
  await expect(page.getByText('讲师简介至少写 10 个字')).toBeVisible();
  await noSidewaysScroll(page, 'apply-errors');
  await page.getByLabel('联系邮箱（选填）').fill('');
  await page.getByLabel('讲师简介').fill('八年数据分析经验，擅长用 Python 讲清楚统计。');
  await page.getByLabel('上传头像').setInputFiles(fixture('head.png'));
  await expect(page.getByRole('img', { name: '讲师头像' })).toBeVisible();
  await page.getByRole('button', { name: '提交申请' }).click();
  await expect(page.getByRole('status').filter({ hasText: '申请审核中' })).toBeVisible();
  await expect(page.getByText('数据分析师')).toBeVisible();
  await noSidewaysScroll(page, 'apply-pending');

  // the administrator refuses it with a reason; the form comes back filled in, with the reason
  const admin = await adminApi(request);
  const pending = await admin('/user/admin/lecturer/audit/page', { mobile, pageSize: 10 });
  const applied = (pending.list as { id: string; lecturerName: string }[]).find(
    (a) => a.lecturerName === '想当讲师的学员',
  )!;
  await admin('/user/admin/lecturer/audit/audit', { id: applied.id, auditStatus: 2, auditOpinion: '请补充代表作品' });
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: '审核未通过' })).toContainText('请补充代表作品');
  await expect(page.getByLabel('讲师职位')).toHaveValue('数据分析师');
  await expect(page.getByRole('img', { name: '讲师头像' })).toBeVisible();
  await page.getByLabel('讲师简介').fill('八年数据分析经验，代表作品《Python 数据分析实战》课程。');
  await page.getByRole('button', { name: '重新提交申请' }).click();
  await expect(page.getByRole('status').filter({ hasText: '申请审核中' })).toBeVisible();
  await expect(page.getByText('代表作品《Python 数据分析实战》')).toBeVisible();
});
