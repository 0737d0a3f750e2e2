import { expect, test } from './journey.ts';
import type { Page } from '@playwright/test';
import { registerViaApi } from './server-log.ts';
import { adminSignIn, courseIdOf, PASSWORD, payAtCashier, shot, signIn, yuan } from './orders-support.ts';

/**
 * Orders after the checkout: an unpaid order paid later with a new payment, another closed, the administrator's
 * search, export and refund (access and the lecturer's share taken back), VIP plans kept in /admin, and /sale.
 */
test.describe.configure({ mode: 'serial' });

const CRAWLER = 'Python 网络爬虫入门'; // 王老师's, ¥99.00, 70% share ¥69.30
const JS = 'JavaScript 进阶：异步与模块化'; // ¥129.00
const s = { buyer: '', crawler: '', paidCashier: '' };

/** Starts buying a course and leaves at the cashier without paying; answers the cashier's address. */
async function leaveAtCashier(page: Page, courseId: string, price: number): Promise<string> {
  await page.goto(`/view/${courseId}`);
  await page.getByRole('button', { name: '立即购买' }).click();
  await page
    .getByRole('dialog', { name: '购买课程' })
    .getByRole('button', { name: `确认支付 ${yuan(price)}` })
    .click();
  await expect(page).toHaveURL(/\/pay\/sandbox\/\d+/);
  return page.url();
}

test('an unpaid order is paid later with a new payment; another is closed', async ({ page, request }) => {
  s.buyer = await registerViaApi(request, PASSWORD, '犹豫的同学');
  s.crawler = await courseIdOf(request, CRAWLER);
  await signIn(page, s.buyer);
  const firstCashier = await leaveAtCashier(page, s.crawler, 9_900);

  await page.goto('/account/order');
  await page.locator('.ant-segmented-item', { hasText: '待支付' }).click();
  const card = page.locator('.qk-order-card', { hasText: CRAWLER });
  await expect(card).toContainText('待支付');
  await expect(card).toContainText('前支付，逾期订单自动关闭');
  await shot(page, 'm1-pending');
  await card.getByRole('button', { name: '去支付' }).click();
  await page
    .getByRole('dialog', { name: '继续支付' })
    .getByRole('button', { name: `确认支付 ${yuan(9_900)}` })
    .click();
  await expect(page).toHaveURL(/\/pay\/sandbox\/\d+/);
  expect(page.url(), 'continue-pay starts a new payment with its own serial number').not.toBe(firstCashier);
  s.paidCashier = page.url();
  await payAtCashier(page, 9_900);
  await expect(page.getByText('支付成功', { exact: true })).toBeVisible({ timeout: 30_000 });

  const js = await courseIdOf(request, JS);
  await leaveAtCashier(page, js, 12_900);
  await page.goto('/account/order');
  const jsCard = page.locator('.qk-order-card', { hasText: JS });
  await jsCard.getByRole('button', { name: '关闭订单' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: '关闭订单' }).click();
  await expect(page.getByText('订单已关闭')).toBeVisible();
  await expect(jsCard).toHaveCount(0);
  await expect(page.locator('.qk-order-card', { hasText: CRAWLER })).toContainText('支付成功');
  await page.locator('.ant-segmented-item', { hasText: '已关闭' }).click();
  await expect(jsCard).toContainText('已关闭');
  await jsCard.getByRole('button', { name: '查看详情' }).click();
  const detail = page.getByRole('dialog', { name: '订单详情' });
  await expect(detail).toContainText('关闭时间');
  await expect(detail).toContainText(yuan(12_900));
});

test('the administrator finds the orders, exports them and refunds the paid one; access and the share are taken back', async ({
  page,
}) => {
  await adminSignIn(page);
  await page.goto(`/admin/orders?mobile=${s.buyer}`);
  await expect(page.locator('tbody tr.ant-table-row')).toHaveCount(2);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /导出 Excel/ }).click();
  expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);

  const row = page.locator('tr', { hasText: CRAWLER });
  await row.getByRole('button', { name: /^退\s?款$/ }).click();
  const dialog = page.getByRole('dialog', { name: /^退款/ });
  await expect(dialog).toContainText(`退款 ${yuan(9_900)}`);
  await expect(dialog).toContainText(`扣回讲师分成 ${yuan(6_930)}`);
  await expect(dialog).toContainText('原路退回');
  await expect(dialog.getByLabel('仅记录（已在支付平台或线下退款）')).not.toBeChecked();
  await dialog.getByRole('button', { name: '确认退款' }).click();
  await expect(dialog.getByText('请填写退款原因')).toBeVisible();
  await dialog.getByLabel('退款原因').fill('七天内申请退款');
  await dialog.getByRole('button', { name: '确认退款' }).click();
  await expect(page.getByText('已退款，学习权限与分账已收回')).toBeVisible();
  await expect(row).toContainText('已退款');
  await row.getByRole('button', { name: /^详\s?情$/ }).click();
  const drawer = page.locator('.ant-drawer');
  await expect(drawer.locator('tr', { hasText: '退款扣回分成' })).toContainText(`-${yuan(6_930)}`);
  await expect(drawer).toContainText('原路退款：七天内申请退款');
  await expect(drawer.locator('.ant-table-row', { hasText: '已退款' })).toContainText('SBXR');
  await shot(page, 'm2-refunded');

  // the money went back through the sandbox: its cashier shows the trade refunded
  await page.goto(s.paidCashier);
  await expect(page.locator('.ant-result-title')).toHaveText('已退款');
  await expect(page.locator('.ant-result-subtitle')).toContainText(`商户已退款 ${yuan(9_900)}`);
  await expect(page.getByRole('button', { name: '确认支付', exact: true })).toHaveCount(0);

  await signIn(page, s.buyer);
  await page.goto('/account/order?status=5');
  await expect(page.locator('.qk-order-card', { hasText: CRAWLER })).toContainText('已退款');
  await page.goto(`/view/${s.crawler}`);
  await expect(page.getByRole('button', { name: '立即购买' })).toBeVisible();
});

test('the administrator adds a VIP plan that /vip sells, then removes it', async ({ page }) => {
  await adminSignIn(page);
  await page.goto('/admin/vip-sets');
  await page.getByRole('button', { name: '新增会员套餐' }).click();
  const dialog = page.getByRole('dialog', { name: '新增会员套餐' });
  await dialog.getByLabel('套餐名称').fill('体验会员');
  await dialog.getByLabel('会员天数').fill('7');
  await dialog.getByLabel('售价（元）').fill('9.9x');
  await dialog.getByRole('button', { name: /^保\s?存$/ }).click();
  await expect(dialog.getByText('请填写正确的金额，最多两位小数')).toBeVisible();
  await dialog.getByLabel('售价（元）').fill('9.9');
  await dialog.getByLabel('划线价（元，选填）').fill('19.90');
  await dialog.getByRole('button', { name: /^保\s?存$/ }).click();
  const row = page.locator('tr', { hasText: '体验会员' });
  await expect(row).toContainText('7 天');
  await expect(row).toContainText(yuan(990));
  await expect(row).toContainText(yuan(1_990));

  await page.goto('/vip');
  await expect(page.locator('.qk-vip-plan', { hasText: '体验会员' })).toContainText(`${yuan(990)}${yuan(1_990)}`);
  await page.goto('/admin/vip-sets');
  await row.getByRole('button', { name: /^删\s?除$/ }).click();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /^删\s?除$/ })
    .click();
  await expect(row).toHaveCount(0);
  await page.goto('/vip');
  await expect(page.locator('.qk-vip-plan', { hasText: '体验会员' })).toHaveCount(0);
});

test('/sale lists the paid courses sold below their strike-through price, by kind', async ({ page }) => {
  await page.goto('/sale');
  const cards = page.locator('.qk-course-card');
  await expect(cards.filter({ hasText: 'React 从入门到项目实战' })).toBeVisible();
  // no strike-through price (数据可视化), or free: not on sale
  await expect(cards.filter({ hasText: '数据可视化：让图表会说话' })).toHaveCount(0);
  await expect(page.locator('.qk-course-card .qk-price--free')).toHaveCount(0);
  await expect(cards).toHaveCount(await page.locator('.qk-course-card .qk-price del').count());
  await shot(page, 'm3-sale');
  await page.locator('.qk-sortbar').getByRole('link', { name: '文库' }).click();
  await expect(page).toHaveURL(/\/sale\/4$/);
  await expect(page.locator('.qk-sortbar')).toContainText('优惠中的文库');
  expect((await page.request.get('/sale/2')).status()).toBe(404);
});
