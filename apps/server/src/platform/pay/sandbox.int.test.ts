import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { job } from '../../db/schema/platform.ts';
import { InvalidNoticeError } from './gateway.ts';
import { SANDBOX_NOTIFY_JOB, type SandboxGateway } from './sandbox.ts';

/** A shop's notify endpoint: records every notice and answers from a script ('success' ends the retries). */
interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}
let t: TestApp;
let sandbox: SandboxGateway;
let shop: http.Server;
let notifyUrl: string;
const received: Received[] = [];
const answers: Array<{ status: number; body: string }> = [];

beforeAll(async () => {
  t = await createTestApp({ demo: false });
  sandbox = t.services.payGateways.get('sandbox') as SandboxGateway;
  shop = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      const a = answers.shift() ?? { status: 200, body: 'success' };
      res.writeHead(a.status, { 'content-type': 'text/plain' }).end(a.body);
    });
  });
  await new Promise<void>((r) => shop.listen(0, '127.0.0.1', r));
  notifyUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}/apis/callback/sandbox`;
});
afterAll(async () => {
  await t?.close();
  await new Promise((r) => shop?.close(r));
});

let seq = 0;
const serial = () => `7261${Date.now()}${seq++}`;
const request = (serialNumber: string, over: Partial<Parameters<SandboxGateway['start']>[0]> = {}) => ({
  siteId: t.siteId,
  serialNumber,
  amountFen: 19990,
  subject: 'Java 零基础入门',
  notifyUrl,
  returnUrl: '/account/order',
  expiresAt: new Date(Date.now() + 30 * 60_000),
  ...over,
});
const noticeJob = async (serialNumber: string) =>
  await t.platform.db
    .select()
    .from(job)
    .where(eq(job.dedupeKey, `${SANDBOX_NOTIFY_JOB}:${t.siteId}:${serialNumber}`));

/** Makes the notice job due now and runs the worker until that attempt has finished. */
async function deliveryAttempt(serialNumber: string): Promise<void> {
  const [before] = await noticeJob(serialNumber);
  await t.platform.db
    .update(job)
    .set({ runAt: new Date(0) })
    .where(eq(job.id, before!.id));
  for (let i = 0; i < 300; i++) {
    await t.platform.jobs.tick();
    const [j] = await noticeJob(serialNumber);
    if (j!.attempts > before!.attempts && j!.state !== 'running') return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('the notice job did not run');
}

describe('sandbox gateway', () => {
  it('start → cashier view → confirm → a signed notice retried until the shop answers success', async () => {
    const sn = serial();
    expect(await sandbox.start(request(sn))).toEqual({ kind: 'redirect', url: `/pay/sandbox/${sn}` });

    const view = await t.call('/pay/api/sandbox/view', { serialNumber: sn });
    expect(view).toMatchObject({
      code: 200,
      data: {
        serialNumber: sn,
        subject: 'Java 零基础入门',
        amountFen: 19990,
        state: 'created',
        tradeNo: '',
        paidAt: '',
        returnUrl: '/account/order',
      },
    });

    // two buyers' clicks at once: one payment, one notice job
    const [a, b] = await Promise.all([
      t.call('/pay/api/sandbox/confirm', { serialNumber: sn }),
      t.call('/pay/api/sandbox/confirm', { serialNumber: sn }),
    ]);
    expect(a).toMatchObject({ code: 200, data: { state: 'paid' } });
    expect(b.data.tradeNo).toBe(a.data.tradeNo);
    expect(a.data.tradeNo).toMatch(/^SBX\d+$/);
    expect((await t.call('/pay/api/sandbox/confirm', { serialNumber: sn })).data).toMatchObject({
      state: 'paid',
      tradeNo: a.data.tradeNo,
    });
    expect(await noticeJob(sn)).toHaveLength(1);

    answers.push({ status: 200, body: 'failure' }, { status: 503, body: 'busy' });
    await deliveryAttempt(sn);
    expect((await noticeJob(sn))[0]).toMatchObject({ state: 'pending', attempts: 1 });
    expect((await noticeJob(sn))[0]!.runAt.getTime()).toBeGreaterThan(Date.now());
    await deliveryAttempt(sn);
    expect((await noticeJob(sn))[0]).toMatchObject({ state: 'pending', attempts: 2 });
    await deliveryAttempt(sn);
    expect((await noticeJob(sn))[0]).toMatchObject({ state: 'done', attempts: 3 });
    expect(await t.platform.jobs.tick()).toBe(0);

    const mine = received.filter((r) => r.body.includes(sn));
    expect(mine).toHaveLength(3);
    expect(new Set(mine.map((r) => r.body)).size).toBe(1);
    const notice = await sandbox.verifyNotice(mine[2]!.headers, mine[2]!.body);
    expect(notice).toMatchObject({ serialNumber: sn, amountFen: 19990, tradeNo: a.data.tradeNo, state: 'paid' });
    expect(Math.abs(notice.paidAt.getTime() - Date.now())).toBeLessThan(60_000);
    expect(JSON.parse(mine[2]!.body)).toMatchObject({ status: 'SUCCESS' });
  });

  it('refuses a forged or missing signature and a body changed after signing', async () => {
    const sn = serial();
    await sandbox.start(request(sn));
    await t.call('/pay/api/sandbox/confirm', { serialNumber: sn });
    await deliveryAttempt(sn);
    const got = received.find((r) => r.body.includes(sn))!;
    const signature = String(got.headers['x-sandbox-signature']);
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    const forged = (signature[0] === 'a' ? 'b' : 'a') + signature.slice(1);
    await expect(sandbox.verifyNotice({ 'x-sandbox-signature': forged }, got.body)).rejects.toThrow(InvalidNoticeError);
    await expect(sandbox.verifyNotice({}, got.body)).rejects.toThrow(InvalidNoticeError);
    await expect(
      sandbox.verifyNotice({ 'X-Sandbox-Signature': signature }, got.body.replace('19990', '1')),
    ).rejects.toThrow(InvalidNoticeError);
    await expect(sandbox.verifyNotice({ 'X-Sandbox-Signature': signature }, got.body)).resolves.toMatchObject({
      serialNumber: sn,
    });
    expect(sandbox.reply(true)).toEqual({ status: 200, contentType: 'text/plain; charset=utf-8', body: 'success' });
  });

  it('says an expired trade has closed and does not pay it', async () => {
    const sn = serial();
    await sandbox.start(request(sn, { expiresAt: new Date(Date.now() - 1000) }));
    expect((await t.call('/pay/api/sandbox/view', { serialNumber: sn })).data.state).toBe('expired');
    expect(await t.call('/pay/api/sandbox/confirm', { serialNumber: sn })).toMatchObject({
      code: 999,
      msg: '该交易已超时关闭，请返回重新下单',
    });
    expect(await noticeJob(sn)).toHaveLength(0);
  });

  it('keeps one trade per serial number and refuses unknown or malformed ones', async () => {
    const sn = serial();
    await sandbox.start(request(sn));
    await expect(sandbox.start(request(sn))).resolves.toMatchObject({ kind: 'redirect' });
    await expect(sandbox.start(request(sn, { amountFen: 1 }))).rejects.toThrow('该支付流水号已用于另一笔交易');
    await expect(sandbox.start({ ...request(serial()), siteId: undefined })).rejects.toThrow(/siteId/);
    expect(await t.call('/pay/api/sandbox/view', { serialNumber: '999999' })).toMatchObject({
      code: 999,
      msg: '交易不存在或已删除',
    });
    expect(await t.call('/pay/api/sandbox/confirm', { serialNumber: '../x' })).toMatchObject({
      code: 999,
      msg: '支付流水号不正确',
    });
    expect(await t.call('/pay/api/sandbox/view', {})).toMatchObject({ code: 999 });
  });
});
