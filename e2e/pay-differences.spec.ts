import { expect, test } from './journey.ts';
import type { Page } from '@playwright/test';
import { registerViaApi } from './server-log.ts';
import { adminSignIn, courseIdOf, PASSWORD, payAtCashier, shot, signIn, yuan } from './orders-support.ts';

/**
 * A buyer who pays both the old and the new cashier of one order: the administrator is alerted on the overview,
 * finds the second payment among the payment differences with what to do, and returns it with its own refund.
 */
const COURSE = 'Python 网络爬虫入门'; // ¥99.00

async function toCashier(page: Page, courseId: string): Promise<string> {
  await page.goto(`/view/${courseId}`);
  await page.getByRole('button', { name: '立即购买' }).click();
  await page
    .getByRole('dialog', { name: '购买课程' })
    .getByRole('button', { name: `确认支付 ${yuan(9_900)}` })
    .click();
  await expect(page).toHaveURL(/\/pay\/sandbox\/\d+/);
  return page.url();
}

test('a second payment of one order is listed as owed back and returned by its own refund', async ({
  page,
  request,
}) => {
  // two cashiers paid, a sign-in as administrator and the wait for the check: over a minute on a loaded 2-core machine
  test.setTimeout(120_000);
  const buyer = await registerViaApi(request, PASSWORD, '付了两次的同学');
  const courseId = await courseIdOf(request, COURSE);
  await signIn(page, buyer);
  const first = await toCashier(page, courseId);
  await page.goto('/account/order');
  await page.locator('.qk-order-card', { hasText: COURSE }).getByRole('button', { name: '去支付' }).click();
  await page
    .getByRole('dialog', { name: '继续支付' })
    .getByRole('button', { name: `确认支付 ${yuan(9_900)}` })
    .click();
  await expect(page).toHaveURL(/\/pay\/sandbox\/\d+/);
  const second = page.url();
  // both cashiers were left open, and the buyer paid both
  await payAtCashier(page, 9_900);
  const orderNo = /orderNo=(\d+)/.exec(page.url())![1]!;
  await page.goto(first);
  await payAtCashier(page, 9_900);
  expect(second).not.toBe(first);

  await adminSignIn(page);
  await expect
    .poll(
      async () => {
        await page.goto('/admin');
        return page.getByText(/有 \d+ 笔支付与支付平台对不上，待处理/).count();
      },
      { timeout: 30_000, intervals: [1_000] },
    )
    .toBe(1);
  await shot(page, 'd1-alert');
  await page.getByRole('link', { name: '前往处理' }).click();
  await expect(page).toHaveURL(/\/admin\/pay-differences/);
  const row = page.locator('tr', { hasText: orderNo });
  await expect(row).toContainText('重复支付（应退还）');
  await expect(row).toContainText('该笔为多付的钱款，请点“退还”原路退回买家');
  await shot(page, 'd2-differences');
  await row.getByRole('button', { name: /^退\s*还$/ }).click();
  const dialog = page.getByRole('dialog', { name: '原路退还这笔款项' });
  await expect(dialog).toContainText('订单本身已由另一笔支付完成，不受影响');
  await dialog.getByRole('button', { name: '确认退还' }).click();
  await expect(page.getByText('已提交支付平台退还')).toBeVisible();
  await expect(row).toContainText('已原路退还，退款单号');
  await expect(row.getByRole('button', { name: /^退\s*还$/ })).toHaveCount(0);
  await page.goto('/admin/pay-differences?statusId=1');
  await expect(page.locator('tr', { hasText: orderNo })).toHaveCount(0);
  // the order itself stays paid: the buyer keeps the course bought with the other payment
  await page.goto(`/admin/orders?orderNo=${orderNo}`);
  await expect(page.locator('tr', { hasText: orderNo })).toContainText('支付成功');
});
