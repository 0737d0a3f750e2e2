import { and, count, eq, lte } from 'drizzle-orm';
import { expect } from 'vitest';
import { job } from '../db/schema/platform.ts';
import type { TestApp } from './test-app.ts';

export interface TestUser {
  id: string;
  mobile: string;
  token: string;
  headers: { headers: { token: string } };
}

/** A fresh account with a session, made the way registration makes one (no SMS round trip). */
export async function newUser(
  t: TestApp,
  mobile: string,
  opts: { referralCode?: string; nickname?: string } = {},
): Promise<TestUser> {
  const u = await t.services.userAuth.createAccount(t.siteId, { mobile, ...opts });
  return sessionFor(t, u.id, mobile);
}

/** A session for an existing account, as the app client (type 4), so other sessions of the user live on. */
export async function sessionFor(t: TestApp, userId: bigint, mobile: string): Promise<TestUser> {
  const token = await t.services.sessions.create({
    siteId: t.siteId,
    subjectKind: 'user',
    subjectId: userId,
    clientType: 4,
    ttlMs: 60 * 60_000,
  });
  return { id: String(userId), mobile, token, headers: { headers: { token } } };
}

/** Logs a demo account in with its password. */
export async function demoUser(t: TestApp, mobile: string): Promise<TestUser> {
  const res = await t.call('/user/api/user/login/password', { mobile, password: 'Demo1234', clientType: 4 });
  expect(res.code).toBe(200);
  const token: string = res.data.token;
  return { id: res.data.userInfo.id, mobile, token, headers: { headers: { token } } };
}

export async function adminHeaders(t: TestApp): Promise<{ headers: { token: string } }> {
  const res = await t.call('/system/api/admin/login', { loginName: 'admin', password: 'Demo1234' });
  expect(res.code).toBe(200);
  return { headers: { token: res.data.token } };
}

/** Runs every due job to the end, as the worker would, including jobs those jobs add. */
export async function drainJobs(t: TestApp): Promise<void> {
  for (let round = 0; round < 200; round++) {
    const ran = await t.platform.jobs.tick();
    for (let wait = 0; wait < 200; wait++) {
      const [row] = await t.platform.db.select({ n: count() }).from(job).where(eq(job.state, 'running'));
      if (row!.n === 0) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    if (ran > 0) continue;
    const [due] = await t.platform.db
      .select({ n: count() })
      .from(job)
      .where(and(eq(job.state, 'pending'), lte(job.runAt, new Date())));
    if (due!.n === 0) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('jobs did not settle');
}
