import { expect, test } from './journey.ts';
import { E2E_SMS_INTERVAL_S, newMobile, registerViaApi, smsCode, smsMark } from './server-log.ts';
import { adminApi } from './support.ts';
import {
  adminSignIn,
  balances,
  courseIdOf,
  DEMO_PASSWORD,
  LECTURER,
  masked,
  PASSWORD,
  payAtCashier,
  playsHere,
  shot,
  signIn,
  userApi,
  yuan,
} from './orders-support.ts';

/**
 * Money end to end: a referred learner buys a course at the sandbox cashier and watches it, buys VIP and watches a
 * VIP-free course; the lecturer sees the sale and withdraws, the administrator approves and pays; the referrer sees
 * the reward. Every balance is asserted on its page, as the lecturer's before the journey plus what it earned.
 */
test.describe.configure({ mode: 'serial' });

const COURSE = 'React 从入门到项目实战'; // 王老师's, ¥299.00
const VIP_COURSE = 'Excel 数据处理与分析'; // VIP-free, 李老师's

// 70% share and 10% referral reward of ¥299.00 and of the ¥29.00 monthly plan, rounded down to the fen
const PRICE = 29_900;
const SHARE = 20_930;
const REWARD = 2_990;
const VIP_PRICE = 2_900;
const VIP_REWARD = 290;
const WITHDRAW = 10_000;

const s = {
  referrer: '',
  referralCode: '',
  buyer: '',
  courseId: '',
  cardCodeAt: 0,
  before: { available: 0, frozen: 0, withdrawn: 0, income: 0 },
};

test('the administrator keeps the referral rate and the lecturer share; a referrer invites a learner who registers', async ({
  page,
  request,
}) => {
  const admin = await adminApi(request);
  s.referrer = await registerViaApi(request, PASSWORD, '推荐人小周');
  const [referrer] = (await admin('/user/admin/user/page', { mobile: s.referrer })).list;
  await admin('/user/admin/user/recommended', { id: referrer.id, isRecommended: 1 });
  s.referralCode = (await (await userApi(request, s.referrer))('/user/auth/user/ext/view')).referralCode;
  const lecturer = await userApi(request, LECTURER, DEMO_PASSWORD);
  const b = await lecturer('/user/auth/user/account/balance/view');
  s.before = {
    available: b.availableAmount,
    frozen: b.frozenAmount,
    withdrawn: b.withdrawnAmount,
    income: b.totalIncome,
  };
  // the payout card a withdrawal needs (its form is the account pages' own journey)
  const mark = smsMark(LECTURER);
  expect(
    (await (await request.post('/apis/user/api/user/send/code', { data: { mobile: LECTURER } })).json()).code,
  ).toBe(200);
  s.cardCodeAt = Date.now();
  const bank = {
    bankUserName: '王老师',
    bankIdCardNo: '11010519491231002X',
    bankCardNo: '6222021234567890128',
    bankName: '招商银行',
    code: await smsCode(LECTURER, mark),
  };
  expect((await lecturer('/user/auth/user/account/update', bank)).bankName).toBe('招商银行');

  await adminSignIn(page);
  await page.goto('/admin/referral');
  await page.getByLabel('推荐奖励比例').fill('10');
  await page.getByRole('button', { name: /保\s?存/ }).click();
  await expect(page.getByTestId('referral-rate')).toHaveText('10%');
  await page.goto('/admin/lecturer-shares');
  const row = page.locator('tr', { hasText: LECTURER });
  await row.getByRole('button', { name: '设置分成' }).click();
  await page.getByLabel('讲师分成比例').fill('70');
  await page.getByRole('button', { name: /保\s?存/ }).click();
  await expect(row.getByText('70%')).toBeVisible();
  await expect(row.getByText('30%')).toBeVisible();

  // the learner follows the referrer's link and registers
  await page.context().clearCookies();
  s.buyer = newMobile();
  await page.goto(`/register?referralCode=${s.referralCode}`);
  await page.getByLabel('手机号').fill(s.buyer);
  const buyerMark = smsMark(s.buyer);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await page.getByLabel('短信验证码').fill(await smsCode(s.buyer, buyerMark));
  await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await page.getByLabel('确认密码').fill(PASSWORD);
  await page.getByLabel('昵称（选填）').fill('被推荐的同学');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: /^注\s?册$/ }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the referred learner buys a paid course at the sandbox cashier, logging in on the way, and watches it', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  s.courseId = await courseIdOf(request, COURSE);

  // a guest presses 立即购买: the login page first, then back to the course with the checkout open
  await page.goto(`/view/${s.courseId}`);
  await page.getByRole('link', { name: '立即购买' }).click();
  await expect(page).toHaveURL(/\/login\?t=login&redirect=/);
  await page.waitForLoadState('networkidle'); // a full page load: the form takes input once hydrated
  await page.getByLabel('手机号').fill(s.buyer);
  await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: /登\s?录$/ }).click();
  const checkout = page.getByRole('dialog', { name: '购买课程' });
  await expect(checkout).toBeVisible();
  await expect(checkout.getByTestId('checkout-amount')).toHaveText(yuan(PRICE));
  await expect(checkout.getByRole('radio', { name: '模拟支付' })).toBeChecked();
  await shot(page, '1-checkout');
  await checkout.getByRole('button', { name: `确认支付 ${yuan(PRICE)}` }).click();
  await payAtCashier(page, PRICE);
  await expect(page.getByText('支付成功', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.qk-facts')).toContainText(yuan(PRICE));
  await shot(page, '2-result');

  // 开始学习 leads to the course page until the page has asked for the first lesson, then to that lesson
  const start = page.getByRole('link', { name: '开始学习' });
  await expect(start).toHaveAttribute('href', new RegExp(`/view/${s.courseId}/period/\\d+`), { timeout: 15_000 });
  await start.click();
  await expect(page).toHaveURL(new RegExp(`/view/${s.courseId}/period/\\d+`));
  await playsHere(page);

  // the course page now says so, and buying it again is not offered
  await page.goto(`/view/${s.courseId}`);
  await expect(page.getByRole('link', { name: /开始学习|继续学习/ })).toBeVisible();
  await expect(page.getByRole('link', { name: '立即购买' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '立即购买' })).toHaveCount(0);
});

test('the learner buys VIP on /vip and watches a VIP-free course; orders list both purchases', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  await signIn(page, s.buyer);
  const excel = await courseIdOf(request, VIP_COURSE);
  await page.goto(`/view/${excel}`);
  await expect(page.locator('.qk-course-actions')).toContainText('会员免费学习本课程');
  await expect(page.locator('.qk-period', { hasText: '数据透视表' })).toHaveClass(/is-locked/);

  await page.goto('/vip');
  await expect(page.getByTestId('vip-state')).toHaveText('您还不是会员');
  const plan = page.locator('.qk-vip-plan', { hasText: '月度会员' });
  await expect(plan).toContainText(`${yuan(VIP_PRICE)}¥39.00`);
  await plan.getByRole('button', { name: '立即开通' }).click();
  const checkout = page.getByRole('dialog', { name: '开通会员' });
  await expect(checkout).toContainText('30 天');
  await checkout.getByRole('button', { name: `确认支付 ${yuan(VIP_PRICE)}` }).click();
  await payAtCashier(page, VIP_PRICE);
  await expect(page.getByText('会员开通成功')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('link', { name: '查看我的会员' }).click();
  await expect(page.getByTestId('vip-state')).toContainText('您的会员有效期至');
  await shot(page, '3-vip-member');

  await page.goto(`/view/${excel}`);
  await expect(page.locator('.qk-course-actions__state')).toContainText('会员免费学习');
  await page.locator('.qk-period', { hasText: '数据透视表' }).click();
  await expect(page).toHaveURL(new RegExp(`/view/${excel}/period/\\d+`));
  await playsHere(page);

  await page.goto('/account/order');
  await expect(page.locator('.qk-account-menu .qk-vip')).toBeVisible();
  await expect(page.getByRole('link', { name: '立即开通会员' })).toHaveCount(0);
  const cards = page.locator('.qk-order-card');
  await expect(cards).toHaveCount(2);
  await expect(cards.filter({ hasText: '月度会员' })).toContainText(yuan(VIP_PRICE));
  await expect(cards.filter({ hasText: COURSE })).toContainText(yuan(PRICE));
  await expect(cards.filter({ hasText: '支付成功' })).toHaveCount(2);
  await page.locator('.ant-segmented-item', { hasText: '待支付' }).click();
  await expect(page.getByText('没有这个状态的订单')).toBeVisible();
  await shot(page, '4-orders');
});

test('the lecturer sees the sale and the earnings; the referrer sees both rewards', async ({ page }) => {
  await signIn(page, LECTURER, DEMO_PASSWORD);
  await page.goto('/account/earnings');
  const b = s.before;
  expect(await balances(page)).toEqual({
    available: yuan(b.available + SHARE),
    frozen: yuan(b.frozen),
    withdrawn: yuan(b.withdrawn),
    income: yuan(b.income + SHARE),
  });
  const sale = page.locator('tr', { hasText: masked(s.buyer) });
  await expect(sale).toContainText(COURSE);
  await expect(sale).toContainText(yuan(PRICE));
  await expect(sale).toContainText(yuan(SHARE));
  await expect(page.getByText(s.buyer)).toHaveCount(0);
  await expect(page.locator('[data-testid=echart] canvas')).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('tr', { hasText: '课程分成' }).first()).toContainText(`+${yuan(SHARE)}`);
  await shot(page, '5-earnings');

  await page.context().clearCookies();
  await signIn(page, s.referrer);
  await page.goto('/account/recommend');
  await expect(page.locator('tr', { hasText: masked(s.buyer) }).first()).toBeVisible();
  await expect(page.getByTestId('reward-total')).toHaveText(yuan(REWARD + VIP_REWARD));
  await expect(page.locator('tr', { hasText: COURSE })).toContainText(yuan(REWARD));
  await expect(page.locator('tr', { hasText: '月度会员' })).toContainText(yuan(VIP_REWARD));
  await shot(page, '6-recommend');
  await page.goto('/account/earnings');
  expect(await balances(page)).toEqual({
    available: yuan(REWARD + VIP_REWARD),
    frozen: '¥0.00',
    withdrawn: '¥0.00',
    income: yuan(REWARD + VIP_REWARD),
  });
});

test('the lecturer withdraws to a bound card; the administrator approves and pays it; the balances follow', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signIn(page, LECTURER, DEMO_PASSWORD);
  await page.goto('/account/draw_money');
  const b = s.before;
  // the card was bound at the start (one mobile waits between SMS codes): it shows masked
  const card = page.locator('section.qk-card', { has: page.getByRole('heading', { name: /银行卡/ }) });
  await expect(card.locator('dd').first()).toHaveText(/^6222\D+0128$/);
  await expect(card.getByRole('button', { name: '修改银行卡' })).toBeVisible();

  const form = page.locator('section.qk-card', { has: page.getByRole('heading', { name: '申请提现' }) });
  await form.getByLabel('提现金额').fill('99.99');
  await form.getByRole('button', { name: '提交申请' }).click();
  await expect(form.getByText('提现金额不能少于 100.00 元')).toBeVisible();
  await form.getByLabel('提现金额').fill(String(WITHDRAW / 100));
  // the card's code was sent at the start: whatever is left of the wait between two codes is waited out
  await page.waitForTimeout(Math.max(0, s.cardCodeAt + (E2E_SMS_INTERVAL_S + 1) * 1000 - Date.now()));
  const mark = smsMark(LECTURER);
  await form.getByRole('button', { name: '获取验证码' }).click();
  await form.getByLabel('短信验证码').fill(await smsCode(LECTURER, mark));
  await form.getByRole('button', { name: '提交申请' }).click();
  await expect(page.getByText('提现申请已提交，等待审核')).toBeVisible();
  const afterRequest = {
    available: yuan(b.available + SHARE - WITHDRAW),
    frozen: yuan(b.frozen + WITHDRAW),
    withdrawn: yuan(b.withdrawn),
    income: yuan(b.income + SHARE),
  };
  await expect.poll(() => balances(page)).toEqual(afterRequest);
  await expect(page.locator('tr', { hasText: yuan(WITHDRAW) }).first()).toContainText('审核中');
  await shot(page, '7-withdraw');

  // the administrator reviews it, then records the payout
  await page.context().clearCookies();
  await adminSignIn(page);
  await page.goto(`/admin/withdrawals?mobile=${LECTURER}&extractStatus=1`);
  const row = page.locator('tr', { hasText: yuan(WITHDRAW) }).first();
  await expect(row).toContainText('6222021234567890128');
  await row.getByRole('button', { name: /^审\s?核$/ }).click();
  await page.getByRole('radio', { name: '通过，进入打款' }).check();
  await page.getByRole('button', { name: /确\s?定/ }).click();
  await expect(page.getByText('已处理，已通知用户')).toBeVisible();
  await page.goto(`/admin/withdrawals?mobile=${LECTURER}&extractStatus=2`);
  await page
    .locator('tr', { hasText: yuan(WITHDRAW) })
    .first()
    .getByRole('button', { name: /^打\s?款$/ })
    .click();
  await page.getByRole('radio', { name: '打款成功' }).check();
  await page.getByRole('button', { name: /确\s?定/ }).click();
  await expect(page.getByText('已处理，已通知用户')).toBeVisible();

  // the order split as the administrator sees it
  await page.goto(`/admin/orders?mobile=${s.buyer}`);
  await expect(page.locator('tbody tr.ant-table-row')).toHaveCount(2);
  await page.locator('tr', { hasText: COURSE }).getByRole('button', { name: '详情' }).click();
  const drawer = page.locator('.ant-drawer');
  const split: Array<[string, string]> = [
    ['讲师分成', yuan(SHARE)],
    ['推荐奖励', `${yuan(REWARD)}（${s.referrer}）`],
    ['平台收入', yuan(PRICE - SHARE - REWARD)],
  ];
  for (const [label, value] of split) {
    await expect(
      drawer.locator('.ant-descriptions-item-label', { hasText: label }).locator('xpath=following-sibling::td[1]'),
    ).toHaveText(value);
  }
  await shot(page, '8-admin-order');
  await page.goto('/admin/revenue');
  await expect(page.locator('tr', { hasText: COURSE })).toBeVisible();
  await expect(page.locator('[data-testid=echart] canvas').first()).toBeVisible({ timeout: 15_000 });
  await shot(page, '9-revenue');

  await page.context().clearCookies();
  await signIn(page, LECTURER, DEMO_PASSWORD);
  await page.goto('/account/draw_money');
  expect(await balances(page)).toEqual({
    ...afterRequest,
    frozen: yuan(b.frozen),
    withdrawn: yuan(b.withdrawn + WITHDRAW),
  });
  await expect(page.locator('tr', { hasText: yuan(WITHDRAW) }).first()).toContainText('成功');
});
