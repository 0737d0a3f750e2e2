import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { job } from '../db/schema/platform.ts';
import { z } from 'zod';
import { defineJob, PermanentJobError } from './jobs.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
});
afterAll(async () => t?.close());

const settle = () => new Promise((r) => setTimeout(r, 100));
const none = z.object({});
const echo = defineJob('test.echo', z.object({ n: z.number() }));
const failing = defineJob('test.fail', none);
const later = defineJob('test.later', none);
const corrupt = defineJob('test.corrupt', none);
const heavy = defineJob('test.heavy', z.object({ n: z.number() }));
const purged = defineJob('test.purge', none);

describe('durable jobs', () => {
  it('runs a due job once and records it done', async () => {
    const seen: unknown[] = [];
    t.platform.jobs.register(echo, async (p) => {
      seen.push(p);
    });
    await t.platform.jobs.enqueue(echo, { n: 1 }, { dedupeKey: 'echo-1' });
    await t.platform.jobs.enqueue(echo, { n: 1 }, { dedupeKey: 'echo-1' });
    expect(await t.platform.jobs.tick()).toBe(1);
    await settle();
    expect(await t.platform.jobs.tick()).toBe(0);
    expect(seen).toEqual([{ n: 1 }]);
    const [row] = await t.platform.db.select().from(job).where(eq(job.dedupeKey, 'echo-1'));
    expect(row?.state).toBe('done');
  });

  it('retries a failing job later and gives up after its attempts', async () => {
    let calls = 0;
    t.platform.jobs.register(failing, async () => {
      calls++;
      throw new Error('boom');
    });
    await t.platform.jobs.enqueue(failing, {}, { dedupeKey: 'fail-1', maxAttempts: 2 });
    await t.platform.jobs.tick();
    await settle();
    let [row] = await t.platform.db.select().from(job).where(eq(job.dedupeKey, 'fail-1'));
    expect(row).toMatchObject({ state: 'pending', attempts: 1, lastError: 'boom' });
    expect(row!.runAt.getTime()).toBeGreaterThan(Date.now());
    await t.platform.db
      .update(job)
      .set({ runAt: new Date(0) })
      .where(eq(job.dedupeKey, 'fail-1'));
    await t.platform.jobs.tick();
    await settle();
    [row] = await t.platform.db.select().from(job).where(eq(job.dedupeKey, 'fail-1'));
    expect(row).toMatchObject({ state: 'failed', attempts: 2 });
    expect(calls).toBe(2);
  });

  it('fails a job whose stored payload does not match its definition at once, saying why', async () => {
    const seen: unknown[] = [];
    const typed = defineJob('test.typed', z.object({ siteId: z.string().regex(/^\d+$/) }));
    t.platform.jobs.register(typed, async (p) => {
      seen.push(p);
    });
    // a row written by something else, or before the payload's shape was fixed
    await t.platform.jobs.enqueue(typed, { siteId: 'ten' }, { dedupeKey: 'typed-bad', maxAttempts: 5 });
    await t.platform.jobs.enqueue(typed, { siteId: '10' }, { dedupeKey: 'typed-good' });
    await t.platform.jobs.tick();
    await settle();
    const [bad] = await t.platform.db.select().from(job).where(eq(job.dedupeKey, 'typed-bad'));
    expect(bad).toMatchObject({ state: 'failed', attempts: 1 });
    expect(bad!.lastError).toContain('job test.typed: payload does not match its definition');
    expect(bad!.lastError).toContain('siteId');
    const [good] = await t.platform.db.select().from(job).where(eq(job.dedupeKey, 'typed-good'));
    expect(good?.state).toBe('done');
    expect(seen).toEqual([{ siteId: '10' }]);
  });

  it('does not run a job before its time', async () => {
    t.platform.jobs.register(later, async () => {
      throw new Error('ran too early');
    });
    await t.platform.jobs.enqueue(later, {}, { runAt: new Date(Date.now() + 60_000), dedupeKey: 'later-1' });
    expect(await t.platform.jobs.tick()).toBe(0);
  });

  it('stops at once, without retries, on a permanent error', async () => {
    let calls = 0;
    t.platform.jobs.register(corrupt, async () => {
      calls++;
      throw new PermanentJobError('cannot read the file');
    });
    await t.platform.jobs.enqueue(corrupt, {}, { dedupeKey: 'corrupt-1', maxAttempts: 5 });
    await t.platform.jobs.tick();
    await settle();
    const [row] = await t.platform.db.select().from(job).where(eq(job.dedupeKey, 'corrupt-1'));
    expect(row).toMatchObject({ state: 'failed', attempts: 1, lastError: 'cannot read the file' });
    expect(await t.platform.jobs.tick()).toBe(0);
    expect(calls).toBe(1);
  });

  it('runs no more jobs of a kind at once than its concurrency allows', async () => {
    let running = 0;
    let most = 0;
    const release: Array<() => void> = [];
    t.platform.jobs.register(
      heavy,
      async () => {
        running++;
        most = Math.max(most, running);
        await new Promise<void>((r) => release.push(r));
        running--;
      },
      { concurrency: 1 },
    );
    for (const n of [1, 2, 3]) await t.platform.jobs.enqueue(heavy, { n }, { dedupeKey: `heavy-${n}` });
    expect(await t.platform.jobs.tick()).toBe(1);
    expect(await t.platform.jobs.tick()).toBe(0);
    for (let done = 0; done < 3;) {
      await settle();
      if (release.length) {
        release.shift()!();
        done++;
      }
      await settle();
      await t.platform.jobs.tick();
    }
    expect(most).toBe(1);
    const rows = await t.platform.db.select().from(job).where(eq(job.kind, 'test.heavy'));
    expect(rows.map((r) => r.state)).toEqual(['done', 'done', 'done']);
  });

  it('deletes finished jobs once past their keeping time and keeps the rest', async () => {
    const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000);
    const rows = [
      ['purge-done-old', 'done', 8],
      ['purge-done-new', 'done', 6],
      ['purge-failed-old', 'failed', 31],
      ['purge-failed-new', 'failed', 20],
      ['purge-pending-old', 'pending', 90],
      ['purge-running-old', 'running', 90],
    ] as const;
    for (const [key, state, age] of rows) {
      await t.platform.jobs.enqueue(purged, {}, { dedupeKey: key, runAt: new Date(Date.now() + 3_600_000) });
      await t.platform.db
        .update(job)
        .set({ state, gmtModified: daysAgo(age) })
        .where(eq(job.dedupeKey, key));
    }
    expect(await t.platform.jobs.purge()).toBe(2);
    const left = await t.platform.db.select({ key: job.dedupeKey }).from(job).where(eq(job.kind, 'test.purge'));
    expect(left.map((r) => r.key).sort()).toEqual([
      'purge-done-new',
      'purge-failed-new',
      'purge-pending-old',
      'purge-running-old',
    ]);
  });
});
