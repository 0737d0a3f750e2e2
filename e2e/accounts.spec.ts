import path from 'node:path';
import { expect, test } from './journey.ts';
import type { Page } from '@playwright/test';
import { newMobile, registerViaApi, smsCode, smsMark } from './server-log.ts';
import { adminApi } from './support.ts';

const PASSWORD = 'Secret123';
// no ^: antd can leave its faded loading icon (aria-label "loading") in the button after a refused attempt
const LOGIN = /登\s?录$/;
const fixture = (name: string) => path.resolve(import.meta.dirname, 'fixtures', name);

async function passwordLogin(page: Page, mobile: string, password = PASSWORD) {
  await page.getByLabel('手机号').fill(mobile);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: LOGIN }).click();
}

test('a new learner registers with an SMS code, edits the profile, signs out and logs back in with the password', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const mobile = newMobile();

  await page.goto('/register');
  await page.getByRole('button', { name: /^注\s?册$/ }).click();
  await expect(page.getByText('请填写手机号')).toBeVisible();
  await expect(page.getByText('请阅读并同意用户协议')).toBeVisible();
  await expect(page.getByRole('link', { name: '《用户协议》' })).toHaveAttribute('href', /\/info\/detail\/\d+/);

  await page.getByLabel('手机号').fill(mobile);
  const mark = smsMark(mobile);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByRole('button', { name: /秒后重发/ })).toBeDisabled();
  await page.getByLabel('短信验证码').fill(await smsCode(mobile, mark));
  await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await page.getByLabel('确认密码').fill('Secret124');
  await page.getByLabel('昵称（选填）').fill('新同学');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: /^注\s?册$/ }).click();
  await expect(page.getByText('两次输入的密码不一致')).toBeVisible();
  await page.getByLabel('确认密码').fill(PASSWORD);
  await page.getByRole('button', { name: /^注\s?册$/ }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('header [aria-label^="消息"]')).toBeVisible();

  await page.goto('/account/info');
  await expect(page.locator('.qk-account-menu__name')).toHaveText('新同学');
  await expect(page.getByRole('link', { name: '立即开通会员' })).toBeVisible();
  await page.getByLabel('昵称').fill('');
  await page.getByRole('button', { name: '保存昵称' }).click();
  await expect(page.getByText('请填写昵称')).toBeVisible();
  await page.getByLabel('昵称').fill('青课小明');
  await page.getByRole('button', { name: '保存昵称' }).click();
  await expect(page.locator('.qk-account-menu__name')).toHaveText('青课小明');

  await page.getByLabel('更换头像').setInputFiles(fixture('not-an-image.txt'));
  await expect(page.getByText('仅支持 JPG、PNG、WebP、GIF 图片')).toBeVisible();
  await page.getByLabel('更换头像').setInputFiles(fixture('head.png'));
  await expect(page.getByText('头像已更新')).toBeVisible();
  await expect(page.locator('.qk-account-menu img[src^="/media/"]')).toBeVisible();

  await page.locator('.qk-user__avatar').hover();
  await page.getByRole('button', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('header').getByRole('link', { name: '注册' })).toBeVisible();

  await page.goto('/account/info');
  await expect(page).toHaveURL(/\/login\?t=login&redirect=%2Faccount%2Finfo/);
  await passwordLogin(page, mobile, 'Wrong1234');
  await expect(page.getByText('手机号或密码不正确')).toBeVisible();
  await passwordLogin(page, mobile);
  await expect(page).toHaveURL(/\/account\/info$/);
  await expect(page.locator('.qk-account-menu__name')).toHaveText('青课小明');
  expect(errors).toEqual([]);
});

test('a login in another browser signs the first one out and says so', async ({ browser, request }) => {
  const mobile = await registerViaApi(request, PASSWORD, '两地同学');
  const first = await (await browser.newContext()).newPage();
  await first.goto('/login?t=login');
  await passwordLogin(first, mobile);
  await expect(first.locator('header [aria-label^="消息"]')).toBeVisible();

  const second = await (await browser.newContext()).newPage();
  await second.goto('/login?t=login');
  await passwordLogin(second, mobile);
  await expect(second.locator('header [aria-label^="消息"]')).toBeVisible();

  // the first browser's next page load tells the person and shows them as a guest
  await first.reload();
  await expect(first.getByText('您的账号已在其他地方登录！')).toBeVisible();
  await expect(first.locator('header').getByRole('link', { name: '注册' })).toBeVisible();
  await first.goto('/account/info');
  await expect(first).toHaveURL(/\/login\?t=login/);

  // the second browser's session is the one that lives
  await second.goto('/account/info');
  await expect(second.locator('.qk-account-menu__name')).toHaveText('两地同学');
});

test('an account page left open learns of the other login when the person moves on', async ({ browser, request }) => {
  const mobile = await registerViaApi(request, PASSWORD);
  const first = await (await browser.newContext()).newPage();
  await first.goto('/account/message');
  await passwordLogin(first, mobile);
  await expect(first).toHaveURL(/\/account\/message$/);

  const second = await (await browser.newContext()).newPage();
  await second.goto('/login?t=login');
  await passwordLogin(second, mobile);
  await expect(second).toHaveURL(/\/$/);

  await first.getByRole('link', { name: '个人信息' }).click();
  await expect(first).toHaveURL(/\/login\?t=login&redirect=%2Faccount%2Finfo&notice=elsewhere$/);
  await expect(first.getByText('您的账号已在其他地方登录！')).toBeVisible();
});

test('a page left open learns of the other login when the person moves on to a public page', async ({
  browser,
  request,
}) => {
  const mobile = await registerViaApi(request, PASSWORD, '换页同学');
  const first = await (await browser.newContext()).newPage();
  await first.goto('/login?t=login');
  await passwordLogin(first, mobile);
  await expect(first.locator('header [aria-label^="消息"]')).toBeVisible();
  // the page's own calls (the unread count) are done: only the navigation below can meet the other login
  await first.waitForLoadState('networkidle');

  const second = await (await browser.newContext()).newPage();
  await second.goto('/login?t=login');
  await passwordLogin(second, mobile);
  await expect(second).toHaveURL(/\/$/);

  // the course list asks nothing of the session, and the site's data is not fetched again on a navigation
  await first.locator('header').getByRole('link', { name: '录播课程' }).click();
  await expect(first).toHaveURL(/\/list$/);
  await expect(first.getByText('您的账号已在其他地方登录！')).toBeVisible();
  await expect(first.locator('header').getByRole('link', { name: '注册' })).toBeVisible();
});

test('a learner applies to become a lecturer and sees the application pending', async ({ page, request }) => {
  const mobile = await registerViaApi(request, PASSWORD, '想当老师');
  await page.goto('/apply');
  await page.getByRole('button', { name: '登录后申请' }).click();
  await passwordLogin(page, mobile);
  await expect(page).toHaveURL(/\/apply$/);

  await page.getByLabel('讲师名称').fill('');
  await page.getByRole('button', { name: '提交申请' }).click();
  await expect(page.getByText('请填写讲师名称')).toBeVisible();
  await expect(page.getByText('请填写讲师简介')).toBeVisible();
  await page.getByLabel('讲师名称').fill('明老师');
  await page.getByLabel('讲师职位').fill('前端工程师');
  await page.getByLabel('上传头像').setInputFiles(fixture('head.png'));
  await expect(page.locator('.qk-image-upload__preview img')).toHaveAttribute('src', /^\/media\//);
  await page.getByLabel('讲师简介').fill('太短');
  await page.getByRole('button', { name: '提交申请' }).click();
  await expect(page.getByText('讲师简介至少写 10 个字')).toBeVisible();
  await page.getByLabel('讲师简介').fill('十年前端开发经验，擅长 React 与 TypeScript 教学。');
  await page.getByRole('button', { name: '提交申请' }).click();
  await expect(page.getByText('申请审核中')).toBeVisible();

  await page.goto('/account/teacher');
  await expect(page.getByText('申请审核中')).toBeVisible();
  await expect(page.getByText('申请的讲师名称：明老师')).toBeVisible();

  // the platform refuses it with a reason, which the applicant reads, and may apply again
  const admin = await adminApi(request);
  const [audit] = (await admin('/user/admin/lecturer/audit/page', { mobile, auditStatus: 0 })).list;
  await admin('/user/admin/lecturer/audit/audit', { id: audit.id, auditStatus: 2, auditOpinion: '请补充教学经历' });
  await page.reload();
  await expect(page.getByText('审核未通过')).toBeVisible();
  await expect(page.getByText(/审核意见：请补充教学经历/)).toBeVisible();
  await page.getByRole('link', { name: '修改后重新申请' }).click();
  await expect(page).toHaveURL(/\/apply$/);
  await expect(page.getByLabel('讲师名称')).toHaveValue('明老师');
  await expect(page.getByRole('button', { name: '重新提交申请' })).toBeVisible();
});

test('a new WeChat user scans the code, confirms on the phone and binds a mobile', async ({ page, browser }) => {
  await page.goto('/login?t=login');
  await page.getByRole('tab', { name: '扫码登录' }).click();
  await expect(page.getByAltText('微信扫码登录二维码')).toBeVisible();
  const scanUrl = await page.getByRole('link', { name: /模拟手机扫码/ }).getAttribute('href');

  const phone = await (await browser.newContext()).newPage();
  await phone.goto(scanUrl!);
  await expect(page.getByText('扫码成功，请在手机上确认登录')).toBeVisible();
  await phone.getByRole('button', { name: '确认登录' }).click();
  await expect(phone.getByText('请在电脑上填写手机号完成绑定')).toBeVisible();

  await expect(page.getByText('微信已确认，请绑定手机号完成登录')).toBeVisible();
  const mobile = newMobile();
  await page.getByLabel('手机号').fill(mobile);
  const mark = smsMark(mobile);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await page.getByLabel('短信验证码').fill(await smsCode(mobile, mark));
  await page.getByLabel('昵称（选填）').fill('微信同学');
  await page.getByRole('button', { name: '绑定并登录' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/account/info');
  await expect(page.locator('.qk-account-menu__name')).toHaveText('微信同学');
});

test('three wrong passwords bring up an image captcha that changes on click', async ({ page, request }) => {
  const mobile = await registerViaApi(request, PASSWORD);
  await page.goto('/login?t=login');
  for (let i = 0; i < 3; i++) {
    await passwordLogin(page, mobile, 'Wrong1234');
    await expect(page.getByText('手机号或密码不正确')).toBeVisible();
    await expect(page.locator('button[type="submit"]')).not.toHaveClass(/ant-btn-loading/);
  }
  const captcha = page.getByAltText('图形验证码，点击换一张');
  await expect(captcha).toBeVisible();
  const before = await captcha.getAttribute('src');
  await captcha.click();
  await expect(captcha).not.toHaveAttribute('src', before!);
  await passwordLogin(page, mobile);
  await expect(page.getByText('请输入图形验证码')).toBeVisible();
});
