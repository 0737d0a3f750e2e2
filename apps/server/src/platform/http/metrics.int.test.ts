import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { freePort } from '../../../../../bench/lib/server.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { defineJob } from '../jobs.ts';

const TOKEN = 'metrics-token-0123456789';
const waiting = defineJob('test.metrics.waiting', z.object({}));

/** The value of one series in Prometheus text, or undefined when it is absent. */
function valueOf(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) return Number(line.split(' ').pop());
  }
  return undefined;
}

describe('/metrics on the main port, behind a bearer token', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(async () => t?.close());
  const scrape = async () => t.raw({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });

  it('refuses a scraper without the token, or with another', async () => {
    expect((await t.raw({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.raw({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer nope' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('qingke_');
  });

  it('counts requests by route pattern, not raw URL, with their outcome and latency', async () => {
    const list = await t.call('/course/api/course/list', { pageSize: 2 });
    expect(list.code).toBe(200);
    for (const id of list.data.list.map((c: { id: string }) => c.id))
      expect((await t.call('/course/api/course/view', { courseId: id })).code).toBe(200);
    expect((await t.call('/course/api/course/view', { courseId: 'abc' })).code).toBe(999);
    await t.call('/course/auth/course/sign', {});
    await t.raw({ method: 'GET', url: '/apis/no/such/call/123' });
    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    const view = { route: '/apis/course/api/course/view', method: 'POST' };
    expect(valueOf(text, 'qingke_http_requests_total', { ...view, outcome: 'ok' })).toBe(2);
    expect(valueOf(text, 'qingke_http_requests_total', { ...view, outcome: 'refused' })).toBe(1);
    expect(
      valueOf(text, 'qingke_http_requests_total', { route: '/apis/course/auth/course/sign', outcome: 'session' }),
    ).toBe(1);
    expect(valueOf(text, 'qingke_http_requests_total', { route: 'unmatched' })).toBe(1);
    expect(text).not.toContain('/apis/no/such/call/123');
    expect(valueOf(text, 'qingke_http_request_duration_seconds_count', view)).toBe(3);
  });

  it('reports the job queue, buffered progress, transcodes and the process', async () => {
    await t.platform.jobs.enqueue(waiting, {}, { runAt: new Date(Date.now() - 60_000) });
    const text = (await scrape()).body;
    expect(valueOf(text, 'qingke_jobs_due', { kind: 'test.metrics.waiting' })).toBe(1);
    expect(valueOf(text, 'qingke_jobs_oldest_due_seconds', { kind: 'test.metrics.waiting' })).toBeGreaterThanOrEqual(
      59,
    );
    expect(valueOf(text, 'qingke_progress_buffered_reports')).toBe(0);
    expect(text).toContain('# TYPE qingke_vod_transcode_seconds histogram');
    expect(valueOf(text, 'qingke_process_resident_memory_bytes')).toBeGreaterThan(0);
    if (t.platform.database.kind === 'postgres') {
      expect(valueOf(text, 'qingke_db_pool_connections', { state: 'max' })).toBe(5);
      expect(valueOf(text, 'qingke_db_pool_waiting')).toBe(0);
    }
  });
});

describe('/metrics on its own port', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    t = await createTestApp({ demo: false, env: { METRICS_PORT: String(port), HOST: '127.0.0.1' } });
  });
  afterAll(async () => t?.close());

  it('is served there to anyone who reaches the port, and is 404 on the main port without a token', async () => {
    await t.call('/course/api/course/list', {});
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    expect(valueOf(await res.text(), 'qingke_http_requests_total', { route: '/apis/course/api/course/list' })).toBe(1);
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
    expect((await t.raw({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });

  it('stops listening when the app stops', async () => {
    const other = await freePort();
    const s = await t.sibling({ METRICS_PORT: String(other) });
    expect((await fetch(`http://127.0.0.1:${other}/metrics`)).status).toBe(200);
    await s.close();
    await expect(fetch(`http://127.0.0.1:${other}/metrics`)).rejects.toThrow();
  });
});
