import type { APIRequestContext } from '@playwright/test';
import { devices, expect, test } from './journey.ts';
import { noAxeViolations, noSidewaysScroll, passwordSignIn } from './h5-learning-support.ts';
import { masked, newBuyerPays, yuan } from './orders-support.ts';
import { reviewShot } from './review-shot.ts';
import { adminApi } from './support.ts';
import { registerViaApi } from './server-log.ts';

/**
 * 我的推荐 on a phone: a learner the administrator made a recommender shares the code and link, sees a friend who
 * registered through it and the reward of the friend's VIP plan; a learner without the recommender flag is told
 * how to become one.
 */
const { defaultBrowserType: _only, ...iphone } = devices['iPhone 13'];
test.use({ ...iphone, permissions: ['clipboard-read', 'clipboard-write'] });

/** The demo site's referral reward, percent of what a referred learner pays (order.seed.ts). */
const REFERRAL_RATE = 10;
const SHOTS = 'test-results/h5-recommend';

const fen = (shown: string) => Math.round(Number(shown.replace(/[^\d.]/g, '')) * 100);

/** A friend registers with the code and buys the cheapest VIP plan; returns the friend's mobile and the plan. */
async function friendBuysVip(request: APIRequestContext, referralCode: string) {
  const plans: { id: string; setName: string; price: number }[] = (
    await (await request.post('/apis/system/api/vip/set/list', { data: {} })).json()
  ).data;
  const plan = plans.reduce((a, b) => (b.price < a.price ? b : a));
  const mobile = await newBuyerPays(request, { vipSetId: plan.id }, { nickname: '推荐来的同学', referralCode });
  return { mobile, plan };
}

test('a recommender on a phone shares the code and link, then sees the friend who registered and the reward', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const password = 'Sharer2026x';
  const mobile = await registerViaApi(request, password, '爱分享的学员');
  const admin = await adminApi(request);
  const [user] = (await admin('/user/admin/user/page', { mobile })).list;
  await admin('/user/admin/user/recommended', { id: user.id, isRecommended: 1 });
  await passwordSignIn(page, mobile, password);
  await page.goto('/h5/my');
  await page.getByRole('navigation', { name: '我的学习' }).getByRole('link', { name: '我的推荐' }).click();
  await expect(page).toHaveURL(/\/h5\/account\/recommend$/);
  await expect(page.getByRole('heading', { level: 1, name: '我的推荐' })).toBeAttached();

  const code = (await page.getByTestId('referral-code').textContent())!.trim();
  expect(code).not.toBe('');
  const link = page.getByRole('textbox', { name: '推荐链接' });
  await expect(link).toHaveValue(new RegExp(`/register\\?referralCode=${code}$`));
  const qr = page.getByRole('img', { name: '推荐二维码' });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // the share sheet is offered where the browser has one (desktop Chromium on Linux has none)
  const hasShare = await page.evaluate(() => typeof navigator.share === 'function');
  await expect(page.getByRole('button', { name: '分享给好友' })).toHaveCount(hasShare ? 1 : 0);

  await page.getByRole('button', { name: '复制链接' }).click();
  await expect(page.getByText('已复制')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await link.inputValue());
  const before = fen((await page.getByTestId('reward-total').textContent())!);
  await reviewShot(page, `${SHOTS}/01-share.png`);

  // a friend registers through the code and pays for VIP, rounded down to the fen as the reward
  const friend = await friendBuysVip(request, code);
  const reward = Math.floor((friend.plan.price * REFERRAL_RATE) / 100);
  await page.reload();
  const invited = page.getByRole('list', { name: /推荐的用户，共 \d+ 位/ }).getByRole('listitem');
  await expect(invited.filter({ hasText: masked(friend.mobile) })).toContainText('推荐来的同学');
  await expect(page.getByText(friend.mobile)).toHaveCount(0);
  await expect(page.getByTestId('reward-total')).toHaveText(yuan(before + reward));
  const row = page
    .getByRole('list', { name: /推荐奖励，共 \d+ 笔/ })
    .getByRole('listitem')
    .filter({ hasText: masked(friend.mobile) });
  await expect(row).toContainText(friend.plan.setName);
  await expect(row).toContainText(`我的奖励 ${yuan(reward)}`);
  await expect(row).toContainText('已到账');
  await expect(page.getByRole('link', { name: '申请提现' })).toHaveAttribute('href', '/h5/account/draw_money');
  await noSidewaysScroll(page, 'h5-recommend');
  await noAxeViolations(page);
});

test('a learner without the recommender flag is told how to become one; the PC address opens the H5 page', async ({
  page,
  request,
}) => {
  const password = 'Learner2026x';
  const mobile = await registerViaApi(request, password, '还不是推荐人');
  await passwordSignIn(page, mobile, password);
  await page.goto('/h5/my');
  await expect(page.getByRole('link', { name: '我的关注' })).toBeVisible();
  await expect(page.getByRole('link', { name: '我的推荐' })).toHaveCount(0);
  // a learner earns nothing: no 我的收益 or 提现 in the menu, as on the PC site
  await expect(page.getByRole('link', { name: '我的收益' })).toHaveCount(0);

  await page.goto('/account/recommend');
  await expect(page).toHaveURL(/\/h5\/account\/recommend$/);
  await expect(page.getByText('您还没有推荐资格')).toBeVisible();
  await expect(page.getByText('如需成为推荐人，请联系客服开通')).toBeVisible();
  await expect(page.getByRole('button', { name: '复制链接' })).toHaveCount(0);
  await noSidewaysScroll(page, 'h5-recommend-none');
  await page.getByRole('link', { name: '联系客服' }).click();
  await expect(page).toHaveURL(/\/h5\/view\/service$/);
  await expect(page.getByRole('heading', { level: 1, name: '联系客服' })).toBeVisible();
});
