import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { demoUser, type TestUser } from '../../testing/people.ts';
import { ORDER_TEST_ENV, paidCourse } from './order.testing.ts';

/** A site without a merchant account sells nothing unless its sandbox is switched on (PAY_SANDBOX). */
describe('payment channels offered to buyers', () => {
  let on: TestApp;
  let off: TestApp;
  let buyerOn: TestUser;
  let buyerOff: TestUser;
  beforeAll(async () => {
    on = await createTestApp({ env: ORDER_TEST_ENV });
    off = await createTestApp({ env: { ...ORDER_TEST_ENV, PAY_SANDBOX: '0' } });
    buyerOn = await demoUser(on, '13800000001');
    buyerOff = await demoUser(off, '13800000001');
  });
  afterAll(async () => {
    await on?.close();
    await off?.close();
  });

  it('offers the sandbox on a demo site', async () => {
    expect((await on.call('/user/api/order/pay/channel/list')).data).toEqual([
      { payType: 'sandbox', payName: expect.any(String) },
    ]);
    const c = await paidCourse(on);
    expect((await on.call('/user/auth/order/info/pay', { courseId: c.id }, buyerOn.headers)).code).toBe(200);
  });

  it('offers nothing and refuses to sell when the sandbox is off and no merchant channel is set', async () => {
    expect((await off.call('/user/api/order/pay/channel/list')).data).toEqual([]);
    const c = await paidCourse(off);
    expect(await off.call('/user/auth/order/info/pay', { courseId: c.id }, buyerOff.headers)).toMatchObject({
      code: 999,
      msg: '本站暂未开通在线支付，请联系网站客服',
    });
    expect((await off.call('/user/auth/order/info/list', {}, buyerOff.headers)).data.totalCount).toBe(0);
  });
});
