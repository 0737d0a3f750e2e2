import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { adminHeaders, newUser } from '../../testing/people.ts';
import { buyAndPay, buyCourse, ORDER_TEST_ENV, paidCourse } from '../order/order.testing.ts';

let t: TestApp;
let admin: { headers: { token: string } };
beforeAll(async () => {
  t = await createTestApp({ env: ORDER_TEST_ENV });
  admin = await adminHeaders(t);
});
afterAll(async () => t?.close());

const dashboard = async () => {
  const res = await t.call('/system/admin/dashboard/view', {}, admin);
  expect(res.msg).toBe('');
  return res.data;
};
const listTotal = async (path: string, body: object) => {
  const res = await t.call(path, { pageSize: 1, ...body }, admin);
  expect(res.code).toBe(200);
  return res.data.totalCount as number;
};

describe('the administrator overview', () => {
  it("counts today's orders, revenue and new users, and the 30 days before", async () => {
    const before = await dashboard();
    expect(before.days).toHaveLength(30);
    expect(before.days.at(-1)).toEqual(before.today);

    const course = await paidCourse(t);
    const payer = await newUser(t, '13911110001');
    const waiter = await newUser(t, '13911110002');
    await buyAndPay(t, payer, course.id);
    await buyCourse(t, waiter, course.id);

    const after = await dashboard();
    expect(after.today.date).toBe(before.today.date);
    // two orders placed, one of them paid at the course's price; two people registered
    expect(after.today.orderCount - before.today.orderCount).toBe(2);
    expect(after.today.paidCount - before.today.paidCount).toBe(1);
    expect(after.today.paidAmount - before.today.paidAmount).toBe(course.price);
    expect(after.today.newUsers - before.today.newUsers).toBe(2);
    // the days before today are as they were
    expect(after.days.slice(0, -1)).toEqual(before.days.slice(0, -1));
    // the demo's paid VIP orders of the last days are in the month's figures
    const month = after.days.reduce((n: number, d: { paidCount: number }) => n + d.paidCount, 0);
    expect(month).toBeGreaterThanOrEqual(4);
  });

  it('shows what waits for audit, as the audit lists count it', async () => {
    const before = await dashboard();
    expect(before.waiting).toEqual({
      courses: await listTotal('/course/admin/course/audit/page', { auditStatus: 0 }),
      papers: await listTotal('/exam/admin/exam/audit/page', { auditStatus: 0 }),
      lecturers: await listTotal('/user/admin/lecturer/audit/page', { auditStatus: 0 }),
      withdrawals: await listTotal('/user/admin/user/account/extract/log/page', { extractStatus: 1 }),
      payDifferences: await listTotal('/user/admin/order/pay/difference/page', { statusId: 1 }),
      reports: await listTotal('/community/admin/report/page', { statusId: 1 }),
    });
    const applicant = await newUser(t, '13911110003');
    const applied = await t.call(
      '/user/auth/lecturer/audit/apply',
      { lecturerName: '周老师', position: '讲师', introduce: '周老师，十年一线教学经验，乐于分享。' },
      applicant.headers,
    );
    expect(applied.msg).toBe('');
    expect((await dashboard()).waiting.lecturers).toBe(before.waiting.lecturers + 1);
  });

  it('is for administrators only', async () => {
    const learner = await newUser(t, '13911110004');
    // a learner's session is no administrator's: no permission; no session at all: to the login page
    expect((await t.call('/system/admin/dashboard/view', {}, learner.headers)).code).toBe(306);
    expect((await t.call('/system/admin/dashboard/view', {})).code).toBe(302);
  });
});
