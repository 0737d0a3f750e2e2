import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { GatewayRefusedError, type RefundRequest } from './gateway.ts';
import type { SandboxGateway } from './sandbox.ts';

let t: TestApp;
let sandbox: SandboxGateway;

beforeAll(async () => {
  t = await createTestApp({ demo: false });
  sandbox = t.services.payGateways.get('sandbox') as SandboxGateway;
});
afterAll(async () => t?.close());

let seq = 0;
/** A sandbox trade of 199.90, paid at the cashier unless asked not to; answers its serial and trade numbers. */
async function trade(paid = true): Promise<{ serialNumber: string; tradeNo: string }> {
  const serialNumber = `7262${Date.now()}${seq++}`;
  await sandbox.start({
    siteId: t.siteId,
    serialNumber,
    amountFen: 19990,
    subject: 'Java 零基础入门',
    notifyUrl: 'http://127.0.0.1:9/apis/callback/sandbox',
    returnUrl: '/account/order',
    expiresAt: new Date(Date.now() + 30 * 60_000),
  });
  if (!paid) return { serialNumber, tradeNo: '' };
  const confirmed = await t.call('/pay/api/sandbox/confirm', { serialNumber });
  return { serialNumber, tradeNo: confirmed.data.tradeNo };
}
const request = (serialNumber: string, over: Partial<RefundRequest> = {}): RefundRequest => ({
  siteId: t.siteId,
  serialNumber,
  tradeNo: '',
  refundNo: `R${serialNumber}`,
  amountFen: 19990,
  totalFen: 19990,
  reason: '学员申请退款',
  ...over,
});
const refused = async (req: RefundRequest) => {
  const err = await sandbox.refund(req).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(GatewayRefusedError);
  return (err as Error).message;
};

describe('sandbox refunds', () => {
  it('refund a paid trade once; the same refund number answers the first result, another is refused', async () => {
    const { serialNumber, tradeNo } = await trade();
    const first = await sandbox.refund(request(serialNumber, { tradeNo }));
    expect(first).toEqual({ state: 'done', refundTradeNo: `SBXR${tradeNo.slice(3)}` });
    const seen = await t.call('/pay/api/sandbox/view', { serialNumber });
    expect(seen.data).toMatchObject({ state: 'refunded', refundAmountFen: 19990, tradeNo });
    expect(seen.data.refundedAt).not.toBe('');

    expect(await sandbox.refund(request(serialNumber))).toEqual(first);
    expect((await t.call('/pay/api/sandbox/view', { serialNumber })).data.refundedAt).toBe(seen.data.refundedAt);
    expect(await refused(request(serialNumber, { refundNo: 'R-another' }))).toBe('支付平台拒绝退款：该交易已退款');
  });

  it('refuse an unpaid or unknown trade, another trade number and more than was paid, changing nothing', async () => {
    const unpaid = await trade(false);
    expect(await refused(request(unpaid.serialNumber))).toBe('支付平台拒绝退款：交易未支付');
    expect(await refused(request('7262000000000000000'))).toBe('支付平台拒绝退款：交易不存在');
    const paid = await trade();
    expect(await refused(request(paid.serialNumber, { tradeNo: 'SBX1' }))).toBe(
      '支付平台拒绝退款：交易号与支付流水号不符',
    );
    expect(await refused(request(paid.serialNumber, { amountFen: 19991 }))).toBe(
      '支付平台拒绝退款：退款金额超过交易金额',
    );
    expect((await t.call('/pay/api/sandbox/view', { serialNumber: paid.serialNumber })).data).toMatchObject({
      state: 'paid',
      refundAmountFen: 0,
      refundedAt: '',
    });
    // two refunds of one trade at once: one wins, the other is told it is refunded
    const [a, b] = await Promise.allSettled([
      sandbox.refund(request(paid.serialNumber)),
      sandbox.refund(request(paid.serialNumber, { refundNo: 'R-other' })),
    ]);
    expect([a.status, b.status].sort()).toEqual(['fulfilled', 'rejected']);
  });
});
