/**
 * A buyer who paid twice (the old and the new cashier of one order): refunding the order returns the payment that
 * paid it, and the second payment stays recorded as money owed back, listed for the administrator with its own
 * refund, which returns it once.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../testing/test-app.ts';
import { newUser } from '../../testing/people.ts';
import { paySandboxTrade } from '../../db/schema/pay.ts';
import { buyCourse, deliver, ledgerCount, orderWorld, sandboxNotice, type PaidCourse } from './order.testing.ts';

let t: TestApp;
let admin: { headers: { token: string } };
let sold: PaidCourse;

beforeAll(async () => {
  ({ t, admin, sold } = await orderWorld(0));
});
afterAll(async () => t?.close());

const trade = async (serialNumber: string) =>
  (
    await t.platform.db
      .select()
      .from(paySandboxTrade)
      .where(and(eq(paySandboxTrade.siteId, t.siteId), eq(paySandboxTrade.serialNumber, serialNumber)))
  )[0]!;
const differences = async (statusId = 1) =>
  (await t.call('/user/admin/order/pay/difference/page', { pageCurrent: 1, pageSize: 50, statusId }, admin)).data;

describe('a buyer who paid twice', () => {
  it('refunds the order’s payment with the order and keeps the second owed, with its own refund', async () => {
    const buyer = await newUser(t, '13900012001');
    const first = await buyCourse(t, buyer, sold.id);
    const second = await t.call('/user/auth/order/info/continue/pay', { orderNo: first.orderNo }, buyer.headers);
    // both cashiers were paid before either notice came
    const noticeOne = await sandboxNotice(t, first.serialNumber);
    const noticeTwo = await sandboxNotice(t, second.data.serialNumber);
    expect(await deliver(t, noticeOne)).toBe('success');
    expect(await deliver(t, noticeTwo)).toBe('success');
    expect(await ledgerCount(t, first.orderNo, 'share')).toBe(1);

    const owed = (await differences()).list.find((d: { orderNo: string }) => d.orderNo === first.orderNo);
    expect(owed).toMatchObject({
      kind: 'paid_twice',
      kindName: '重复支付（应退还）',
      serialNumber: second.data.serialNumber,
      amount: sold.price,
      refundable: true,
      action: '该笔为多付的钱款，请点“退还”原路退回买家',
    });
    expect((await t.call('/user/admin/order/pay/difference/count', {}, admin)).data.openCount).toBeGreaterThan(0);

    // the order's refund returns the payment that paid it, and only that one
    const refunded = await t.call(
      '/user/admin/order/info/refund',
      { orderNo: first.orderNo, remark: '学员申请退款' },
      admin,
    );
    expect(refunded.data.orderStatus).toBe(5);
    expect(await trade(first.serialNumber)).toMatchObject({ status: 2, refundNo: `R${first.orderNo}` });
    expect((await trade(second.data.serialNumber)).status).toBe(1);
    const pays = (await t.call('/user/admin/order/info/view', { orderNo: first.orderNo }, admin)).data.pays;
    expect(
      Object.fromEntries(
        pays.map((p: { serialNumber: string; orderStatus: number }) => [p.serialNumber, p.orderStatus]),
      ),
    ).toEqual({
      [first.serialNumber]: 5,
      [second.data.serialNumber]: 2,
    });
    expect((await differences()).list.map((d: { id: string }) => d.id)).toContain(owed.id);

    // its own refund returns the second payment, once
    const back = await t.call('/user/admin/order/pay/difference/refund', { id: owed.id }, admin);
    expect(back.data).toMatchObject({ statusId: 2, refundable: false });
    expect(back.data.handled).toMatch(/^已原路退还，退款单号 /);
    expect(await trade(second.data.serialNumber)).toMatchObject({
      status: 2,
      refundNo: `R${second.data.serialNumber}`,
      refundAmountFen: sold.price,
    });
    expect(await t.call('/user/admin/order/pay/difference/refund', { id: owed.id }, admin)).toMatchObject({
      code: 999,
      msg: '该笔款项已处理',
    });
    expect((await differences(2)).list.map((d: { id: string }) => d.id)).toContain(owed.id);
    // the order itself was refunded once: one reversal of the share
    expect(await ledgerCount(t, first.orderNo, 'share_reversal')).toBe(1);
  });

  it('refuses to refund a difference that is not a payment owed, and marks one handled with words', async () => {
    expect(await t.call('/user/admin/order/pay/difference/refund', { id: '123' }, admin)).toMatchObject({
      code: 999,
    });
    expect(
      await t.call('/user/admin/order/pay/difference/handle', { id: '123', handled: '已核实' }, admin),
    ).toMatchObject({ code: 999, msg: '该差异已处理或不存在' });
  });
});
