import { expect, test } from './journey.ts';
import type { Page } from '@playwright/test';
import { E2E_PORT, registerViaApi, smsCode, smsMark } from './server-log.ts';
import { adminApi, becomeLecturer } from './support.ts';
import { shotsIn } from './review-shot.ts';

const PASSWORD = 'Secret123';
const NEW_PASSWORD = 'Fresh2026';
const PASSWORD_RULE = '密码至少 8 位，且须同时包含字母和数字';
const LOGIN = /登\s?录$/;
// journeys of several pages on two shared cores; the ones needing a second SMS code also wait out
// the interval between codes
test.describe.configure({ timeout: 150_000 });

const shot = shotsIn('test-results/account-details');

async function passwordLogin(page: Page, mobile: string, password: string) {
  await page.getByLabel('手机号').fill(mobile);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: LOGIN }).click();
}

/** Opens an account page as a guest, signs in on the login page it leads to and lands back on it. */
async function signInTo(page: Page, target: string, mobile: string, password = PASSWORD) {
  await page.goto(target);
  await expect(page).toHaveURL(/\/login\?t=login/);
  await passwordLogin(page, mobile, password);
  await expect(page).toHaveURL(new RegExp(`${target}$`));
  // the page after sign-in takes clicks once hydrated: a click on its server-rendered buttons before that is lost
  await page.waitForLoadState('networkidle');
}

/**
 * Asks for a code and types it in. A mobile given a code lately (at registration) is told how many
 * seconds to wait; the person waits that long and asks again.
 */
async function sendCodeTo(page: Page, mobile: string) {
  const mark = smsMark(mobile);
  const send = page.getByRole('button', { name: '获取验证码' });
  await send.click();
  const countdown = page.getByRole('button', { name: /秒后重发/ });
  const tooSoon = page.getByText(/验证码发送太频繁，请 \d+ 秒后再试/);
  await expect(countdown.or(tooSoon)).toBeVisible();
  if (await tooSoon.isVisible()) {
    const seconds = Number((await tooSoon.textContent())!.match(/(\d+) 秒/)![1]);
    await page.waitForTimeout((seconds + 1) * 1000);
    await send.click();
  }
  await expect(countdown).toBeDisabled();
  await expect(tooSoon).toBeHidden();
  await page.getByLabel('短信验证码').fill(await smsCode(mobile, mark));
}

/**
 * Learners whose journeys need a second SMS code are registered when the file starts, so the wait between
 * two codes to one mobile has mostly passed by the time they ask again.
 */
const learners: Record<'reset' | 'change' | 'bank', string> = { reset: '', change: '', bank: '' };
test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: `http://127.0.0.1:${E2E_PORT}` });
  learners.reset = await registerViaApi(request, PASSWORD, '忘记密码');
  learners.change = await registerViaApi(request, PASSWORD, '改密码');
  learners.bank = await registerViaApi(request, PASSWORD, '绑卡同学');
  await request.dispose();
});

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

test('two messages from the platform: the badge counts them, read one, read all, delete both', async ({
  page,
  request,
}) => {
  const errors = collectErrors(page);
  const mobile = await registerViaApi(request, PASSWORD, '收消息');
  await signInTo(page, '/account/message', mobile);
  await expect(page.getByText('暂无消息')).toBeVisible();
  const bell = page.locator('header .qk-user__msg');
  await expect(bell).toHaveAttribute('aria-label', '消息，0 条未读');

  const admin = await adminApi(request);
  await admin('/user/admin/msg/save', {
    msgTitle: '课程上新提醒',
    msgText: '您关注的方向有新课程上线了。',
    targetKind: 'user',
    mobile,
  });
  await admin('/user/admin/msg/save', {
    msgTitle: '会员活动通知',
    msgText: '本周会员开通享八折优惠，详情见活动页。',
    targetKind: 'user',
    mobile,
  });

  await page.reload();
  await expect(bell).toHaveAttribute('aria-label', '消息，2 条未读');
  await expect(bell.locator('.qk-user__badge')).toHaveText('2');
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('会员活动通知');
  await expect(rows.nth(1)).toContainText('课程上新提醒');
  await expect(rows.filter({ hasText: '未读' })).toHaveCount(2);
  await shot(page, '4-messages-unread');

  await rows
    .nth(1)
    .getByRole('button', { name: /课程上新提醒/ })
    .click();
  const modal = page.getByRole('dialog', { name: '课程上新提醒' });
  await expect(modal).toContainText('您关注的方向有新课程上线了。');
  await shot(page, '4-message-open');
  await modal.getByRole('button', { name: '关闭' }).click();
  await expect(modal).toBeHidden();
  await expect(rows.nth(1)).toContainText('已读');
  await expect(bell).toHaveAttribute('aria-label', '消息，1 条未读');

  const filter = page.locator('.qk-toolbar .ant-radio-group');
  await filter.getByText('未读', { exact: true }).click();
  await expect(page).toHaveURL(/isRead=0/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('会员活动通知');
  await filter.getByText('全部', { exact: true }).click();
  await expect(page).not.toHaveURL(/isRead=/);
  await expect(rows).toHaveCount(2);

  await page.getByRole('button', { name: '全部标为已读' }).click();
  await expect(rows.filter({ hasText: '未读' })).toHaveCount(0);
  await expect(bell).toHaveAttribute('aria-label', '消息，0 条未读');

  await rows.nth(0).getByRole('checkbox').check();
  await rows.nth(1).getByRole('checkbox').check();
  await page.getByRole('button', { name: '删除所选' }).click();
  await expect(page.getByText('确定删除选中的 2 条消息吗？')).toBeVisible();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /^删\s?除$/ })
    .click();
  await expect(page.getByText('已删除 2 条消息')).toBeVisible();
  await expect(rows).toHaveCount(0);
  await expect(page.getByText('暂无消息')).toBeVisible();
  await expect(bell.locator('.qk-user__badge')).toHaveCount(0);
  await shot(page, '4-messages-empty');
  await page.reload();
  await expect(page.getByText('暂无消息')).toBeVisible();
  expect(errors).toEqual([]);
});

test('an approved lecturer applies for live classes and the administrator opens them', async ({
  page,
  browser,
  request,
}) => {
  const errors = collectErrors(page);
  const mobile = await registerViaApi(request, PASSWORD, '直播老师');
  await becomeLecturer(request, mobile, PASSWORD, '周直播老师');

  await signInTo(page, '/account/teacher', mobile);
  const live = page.locator('section.qk-card', { has: page.getByRole('heading', { name: /直播权限/ }) });
  await expect(live).toContainText('未开通');
  await live.getByRole('button', { name: '申请开通直播' }).click();
  await live.getByRole('button', { name: /提交申请/ }).click();
  await expect(live.getByText('请填写申请说明')).toBeVisible();
  await live.getByLabel('申请说明').fill('每周三晚八点直播讲解 TypeScript 实战，每次约一小时。');
  await live.getByRole('button', { name: /提交申请/ }).click();
  await expect(page.getByText('直播申请已提交')).toBeVisible();
  await expect(live).toContainText('审核中');
  // the state reads at a glance: blue while pending, green once open
  await expect(live.locator('.ant-tag')).toHaveCSS('color', 'rgb(9, 88, 217)');
  await expect(live.getByRole('button', { name: '申请开通直播' })).toHaveCount(0);
  await expect(live.getByLabel('申请说明')).toHaveCount(0);
  await shot(page, '5-live-pending');
  await page.reload();
  await expect(live).toContainText('审核中');

  // the administrator finds the pending application among the lecturers and opens live classes
  const adminPage = await (await browser.newContext()).newPage();
  const adminErrors = collectErrors(adminPage);
  await adminPage.goto('/admin/lecturers');
  await expect(adminPage).toHaveURL(/\/admin\/login/);
  await adminPage.getByLabel('账号').fill('admin');
  await adminPage.getByLabel('密码').fill('Demo1234');
  await adminPage.getByRole('button', { name: /登\s?录/ }).click();
  await expect(adminPage).toHaveURL(/\/admin\/lecturers$/);
  await adminPage.getByLabel('讲师名称').fill('周直播老师');
  await adminPage.getByRole('button', { name: /查\s?询/ }).click();
  const row = adminPage.locator('.ant-table-tbody tr.ant-table-row', { hasText: '周直播老师' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('待审核');
  await row.getByRole('button', { name: '审核直播' }).click();
  const modal = adminPage.getByRole('dialog', { name: '直播申请：周直播老师' });
  await expect(modal).toContainText('每周三晚八点直播讲解 TypeScript 实战');
  await expect(modal).toContainText(mobile);
  await modal.getByLabel('不通过').check();
  await modal.getByRole('button', { name: '提交审核' }).click();
  await expect(modal.getByText('请填写不通过的原因，讲师会看到')).toBeVisible();
  await modal.getByLabel('开通直播').check();
  await shot(adminPage, '5-admin-live-audit');
  await modal.getByRole('button', { name: '提交审核' }).click();
  await expect(adminPage.getByText('已处理，已通知讲师')).toBeVisible();
  await expect(modal).toBeHidden();
  await expect(row).toContainText('已开通');
  await expect(row.getByRole('button', { name: '审核直播' })).toHaveCount(0);

  await page.reload();
  await expect(live).toContainText('已开通');
  await expect(live).toContainText('您可以创建直播课程并设置直播间。');
  await expect(live.locator('.ant-tag')).toHaveCSS('color', 'rgb(56, 158, 13)');
  await shot(page, '5-live-open');
  expect(errors).toEqual([]);
  expect(adminErrors).toEqual([]);
});

test('a learner who forgot the password resets it with an SMS code and only the new one logs in', async ({ page }) => {
  const errors = collectErrors(page);
  const mobile = learners.reset;
  await page.goto('/login?t=login');
  await page.getByRole('link', { name: '忘记密码' }).click();
  await expect(page).toHaveURL(/\/reset$/);
  await expect(page.getByRole('heading', { name: '找回密码' })).toBeVisible();

  await page.getByRole('button', { name: /重置密码/ }).click();
  await expect(page.getByText('请填写手机号', { exact: true })).toBeVisible();

  await page.getByLabel('手机号').fill(mobile);
  await sendCodeTo(page, mobile);
  await page.getByLabel('新密码', { exact: true }).fill('onlyletters');
  await page.getByLabel('确认新密码').fill('onlyletters');
  await page.getByRole('button', { name: /重置密码/ }).click();
  await expect(page.getByText(PASSWORD_RULE, { exact: true })).toBeVisible();
  await shot(page, '1-reset-weak-password');

  // the server refuses the old password again, and the code stays good for the next try
  await page.getByLabel('新密码', { exact: true }).fill(PASSWORD);
  await page.getByLabel('确认新密码').fill(PASSWORD);
  await page.getByRole('button', { name: /重置密码/ }).click();
  await expect(page.getByRole('alert').filter({ hasText: '新密码不能与原密码相同' })).toBeVisible();
  await shot(page, '1-reset-same-as-old');

  await page.getByLabel('新密码', { exact: true }).fill(NEW_PASSWORD);
  await expect(page.getByText('新密码不能与原密码相同')).toBeHidden();
  await page.getByLabel('确认新密码').fill(`${NEW_PASSWORD}x`);
  await page.getByRole('button', { name: /重置密码/ }).click();
  await expect(page.getByText('两次输入的密码不一致')).toBeVisible();
  await expect(page.getByText(PASSWORD_RULE, { exact: true })).toBeHidden();

  await page.getByLabel('确认新密码').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: /重置密码/ }).click();
  await expect(page.getByText('密码已重置')).toBeVisible();
  await shot(page, '1-reset-done');
  await page.getByRole('button', { name: '去登录' }).click();
  await expect(page).toHaveURL(/\/login\?t=login$/);

  await passwordLogin(page, mobile, PASSWORD);
  await expect(page.getByText('手机号或密码不正确')).toBeVisible();
  await passwordLogin(page, mobile, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('header [aria-label^="消息"]')).toBeVisible();
  expect(errors).toEqual([]);
});

test('a signed-in learner changes the password on /account/reset and signs in again with it', async ({ page }) => {
  const errors = collectErrors(page);
  const mobile = learners.change;
  await signInTo(page, '/account/info', mobile);
  await page.locator('.qk-account-menu').getByRole('link', { name: '修改密码' }).click();
  await expect(page).toHaveURL(/\/account\/reset$/);
  await expect(page.getByLabel('手机号')).toHaveValue(`${mobile.slice(0, 3)}****${mobile.slice(-4)}`);

  await sendCodeTo(page, mobile);
  await page.getByLabel('新密码', { exact: true }).fill('12345678');
  await page.getByLabel('确认新密码').fill('12345678');
  await page.getByRole('button', { name: /确认修改/ }).click();
  await expect(page.getByText(PASSWORD_RULE, { exact: true })).toBeVisible();
  await page.getByLabel('新密码', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('确认新密码').fill('Fresh2027');
  await page.getByRole('button', { name: /确认修改/ }).click();
  await expect(page.getByText('两次输入的密码不一致')).toBeVisible();
  await page.getByLabel('确认新密码').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: /确认修改/ }).click();
  // the change ends every session of the account, this one included: sign in again with the new password
  await expect(page).toHaveURL(/\/login\?t=login&redirect=%2Faccount%2Finfo&notice=password$/);
  await expect(page.getByText('所有设备上的登录都已退出，请使用新密码登录。')).toBeVisible();
  await shot(page, '2-account-reset-done');
  await passwordLogin(page, mobile, PASSWORD);
  await expect(page.getByText('手机号或密码不正确')).toBeVisible();
  await passwordLogin(page, mobile, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/account\/info$/);
  await expect(page.locator('header [aria-label^="消息"]')).toBeVisible();
  expect(errors).toEqual([]);
});

test('a learner binds a payout bank card: bad numbers are refused, the saved card shows masked', async ({ page }) => {
  const errors = collectErrors(page);
  const mobile = learners.bank;
  await signInTo(page, '/account/info', mobile);
  const card = page.locator('section.qk-card', { has: page.getByRole('heading', { name: /银行卡/ }) });
  // the spinner of the last save leaves with an animation, and while it lingers it is part of the button's name
  const save = card.getByRole('button', { name: /保\s?存$/ });
  await expect(card.getByText('还未绑定银行卡')).toBeVisible();
  await card.getByRole('button', { name: '绑定银行卡' }).click();

  await card.getByLabel('持卡人姓名').fill('张小青');
  await card.getByLabel('持卡人身份证号').fill('110105194912310021');
  await card.getByLabel('银行卡号').fill('6222 0212');
  await card.getByLabel('开户银行').fill('招商银行');
  await sendCodeTo(page, mobile);
  await save.click();
  await expect(card.getByText('身份证号不正确，请核对')).toBeVisible();
  await expect(card.getByText('银行卡号应为 12 到 19 位数字')).toBeVisible();
  await shot(page, '3-bank-card-refused');

  await card.getByLabel('持卡人身份证号').fill('11010519491231002x');
  await card.getByLabel('银行卡号').fill('6222 0212 3456 7890 128');
  await card.getByLabel('开户支行（选填）').fill('北京分行中关村支行');
  const code = await card.getByLabel('短信验证码').inputValue();
  await card.getByLabel('短信验证码').fill(code === '000000' ? '000001' : '000000');
  await save.click();
  await expect(card.getByRole('alert').filter({ hasText: '短信验证码不正确' })).toBeVisible();
  await shot(page, '3-bank-card-wrong-code');
  await expect(card.getByText('还未绑定银行卡')).toBeVisible();
  await card.getByLabel('短信验证码').fill(code);
  await save.click();
  await expect(page.getByText('银行卡已保存')).toBeVisible();
  await expect(card.getByLabel('银行卡号')).toBeHidden();
  const masked = async () => {
    await expect(card.locator('dd').nth(0)).toHaveText('6222***********0128');
    await expect(card.locator('dd').nth(1)).toHaveText('招商银行 北京分行中关村支行');
    await expect(card.locator('dd').nth(2)).toHaveText('张小青');
    await expect(card.locator('dd').nth(3)).toHaveText('1101**********002X');
  };
  await masked();
  await expect(card).not.toContainText('6222021234567890128');
  await shot(page, '3-bank-card-saved');
  await page.reload();
  await masked();
  await expect(card.getByRole('button', { name: '修改银行卡' })).toBeVisible();
  expect(errors).toEqual([]);
});
