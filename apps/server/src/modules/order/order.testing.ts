import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { and, asc, count, eq, gt, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { course } from '../../db/schema/course.ts';
import { user } from '../../db/schema/user.ts';
import { accountLedger } from '../../db/schema/ledger.ts';
import { msg, msgUser } from '../../db/schema/message.ts';
import { SANDBOX_SIGNATURE_HEADER, type SandboxGateway } from '../../platform/pay/sandbox.ts';
import type { TAccountBalance } from '#contract/account-ledger.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { adminHeaders, demoUser, type TestUser } from '../../testing/people.ts';

/** The sandbox secret of order tests, so a test can sign a notice the way the sandbox does (or change it). */
export const SANDBOX_SECRET = 'order-tests-sandbox-secret-0001';
export const ORDER_TEST_ENV = { PAY_SANDBOX_SECRET: SANDBOX_SECRET };

export const signSandbox = (body: string) =>
  crypto.createHmac('sha256', SANDBOX_SECRET).update(body, 'utf8').digest('hex');

/** The app listening on a loopback port, so the sandbox's own notice job reaches our callback as a gateway would. */
export async function listen(t: TestApp): Promise<{ host: string }> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { host: `127.0.0.1:${(t.app.server.address() as AddressInfo).port}` };
}

export interface PaidCourse {
  id: string;
  courseName: string;
  price: number;
  lecturerUserId: bigint;
}

/** A paid course on the shelf by the demo lecturer with the given mobile. */
export async function paidCourse(t: TestApp, lecturerMobile = '13800000002', nth = 0): Promise<PaidCourse> {
  const rows = await t.platform.db
    .select({
      id: course.id,
      courseName: course.courseName,
      price: course.coursePrice,
      lecturerUserId: course.lecturerUserId,
    })
    .from(course)
    .innerJoin(user, and(eq(user.siteId, course.siteId), eq(user.id, course.lecturerUserId)))
    .where(
      and(
        eq(course.siteId, t.siteId),
        eq(user.mobile, lecturerMobile),
        gt(course.coursePrice, 0),
        eq(course.isFree, 0),
        eq(course.isPutaway, 1),
        eq(course.statusId, 1),
      ),
    )
    .orderBy(asc(course.coursePrice), asc(course.id));
  const c = rows[nth];
  if (!c) throw new Error(`no paid course #${nth} of ${lecturerMobile}`);
  return { ...c, id: String(c.id) };
}

/** The notice the sandbox sends for a serial number once its cashier was confirmed. */
export async function sandboxNotice(t: TestApp, serialNumber: string): Promise<{ body: string; signature: string }> {
  const sandbox = t.services.payGateways.get('sandbox') as SandboxGateway;
  const confirmed = await t.call('/pay/api/sandbox/confirm', { serialNumber });
  expect(confirmed.code).toBe(200);
  return sandbox.notice(await sandbox.view(t.siteId, serialNumber));
}

/** Posts a notice to the sandbox callback exactly as the sandbox would; returns the reply text. */
export async function deliver(t: TestApp, notice: { body: string; signature: string }): Promise<string> {
  const res = await t.raw({
    method: 'POST',
    url: `/apis/user/callback/order/notify/sandbox/${t.siteId}`,
    headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: notice.signature },
    payload: notice.body,
  });
  expect(res.statusCode).toBe(200);
  return res.body;
}

export async function buyCourse(
  t: TestApp,
  buyer: TestUser,
  courseId: string,
): Promise<{ orderNo: string; serialNumber: string; amount: number }> {
  const res = await t.call('/user/auth/order/info/pay', { courseId }, buyer.headers);
  expect(res.msg).toBe('');
  return res.data;
}

/** Buys and pays a course through the sandbox cashier and its notice. */
export async function buyAndPay(t: TestApp, buyer: TestUser, courseId: string): Promise<string> {
  const started = await buyCourse(t, buyer, courseId);
  expect(await deliver(t, await sandboxNotice(t, started.serialNumber))).toBe('success');
  return started.orderNo;
}

export async function balance(t: TestApp, who: TestUser) {
  const res = await t.call('/user/auth/user/account/balance/view', {}, who.headers);
  expect(res.code).toBe(200);
  return res.data as TAccountBalance;
}

/** The titles of the system messages a user received. */
export async function messageTitles(t: TestApp, userId: string | bigint): Promise<string[]> {
  const rows = await t.platform.db
    .select({ title: msg.msgTitle })
    .from(msgUser)
    .innerJoin(msg, eq(msg.id, msgUser.msgId))
    .where(and(eq(msgUser.siteId, t.siteId), eq(msgUser.userId, BigInt(userId))))
    .orderBy(asc(msgUser.id));
  return rows.map((r) => r.title);
}

export async function ledgerCount(t: TestApp, orderNo: string, kind: string): Promise<number> {
  const [row] = await t.platform.db
    .select({ n: count() })
    .from(accountLedger)
    .where(
      and(eq(accountLedger.siteId, t.siteId), eq(accountLedger.orderNo, BigInt(orderNo)), eq(accountLedger.kind, kind)),
    );
  return row!.n;
}

export async function countBuy(t: TestApp, courseId: string): Promise<number> {
  const [row] = await t.platform.db
    .select({ n: sql<number>`${course.countBuy}` })
    .from(course)
    .where(eq(course.id, BigInt(courseId)));
  return Number(row!.n);
}

/** A demo site selling through the sandbox: the administrator, the demo lecturer and recommender, a paid course. */
export interface OrderWorld {
  t: TestApp;
  admin: { headers: { token: string } };
  lecturer: TestUser;
  referrer: TestUser;
  sold: PaidCourse;
}

export async function orderWorld(referralRate: number): Promise<OrderWorld> {
  const t = await createTestApp({ env: ORDER_TEST_ENV });
  const admin = await adminHeaders(t);
  const w = {
    t,
    admin,
    lecturer: await demoUser(t, '13800000002'),
    referrer: await demoUser(t, '13800000001'),
    sold: await paidCourse(t),
  };
  expect((await t.call('/system/admin/website/referral/update', { referralRate }, admin)).data).toEqual({
    referralRate,
  });
  return w;
}
