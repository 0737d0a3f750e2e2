import http from 'node:http';
import { performance } from 'node:perf_hooks';

export interface SteadyOptions {
  /** the server's origin, e.g. http://127.0.0.1:3000 */
  baseUrl: string;
  method: 'GET' | 'POST';
  /** each request's path, body and headers */
  next: () => { path: string; body?: string; headers?: Record<string, string> };
  ok: (body: string) => boolean;
  rate: number;
  durationS: number;
  connections: number;
}

export interface SteadyResult {
  rate: number;
  /** answered as expected, a second of the run */
  rps: number;
  p50: number;
  p99: number;
  /** failed, refused, unexpected or timed out */
  problems: number;
}

const TIMEOUT_MS = 10_000;

/**
 * Requests at a steady rate (an open loop): the i-th is due at i / rate seconds and is sent then, whatever the
 * earlier ones are doing, over at most `connections` kept-alive connections. Its latency counts from the moment it
 * was due, so a wait for a free connection or a late client is charged to the answer (no coordinated omission).
 * autocannon's own rate limit sends each connection's share of a second back to back at the second's start, which
 * measures a burst at full load, not the rate (decision 72).
 */
export async function steadyLoad(o: SteadyOptions): Promise<SteadyResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: o.connections });
  const total = Math.round(o.rate * o.durationS);
  const latencies: number[] = [];
  let problems = 0;
  let sent = 0;
  let settled = 0;
  const t0 = performance.now();
  await new Promise<void>((done) => {
    const settle = (due: number, good: boolean) => {
      if (good) latencies.push(performance.now() - due);
      else problems++;
      if (++settled === total) done();
    };
    const fire = (due: number) => {
      const { path, body, headers } = o.next();
      let over = false;
      // a request's error may follow its response's: each counts once
      const once = (good: boolean) => {
        if (!over) settle(due, good);
        over = true;
      };
      const req = http.request(o.baseUrl + path, { method: o.method, headers, agent, timeout: TIMEOUT_MS }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => once(res.statusCode === 200 && o.ok(text)));
        res.on('error', () => once(false));
      });
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => once(false));
      req.end(body);
    };
    const tick = () => {
      const dueNow = Math.min(total, Math.floor(((performance.now() - t0) / 1000) * o.rate) + 1);
      for (; sent < dueNow; sent++) fire(t0 + (sent * 1000) / o.rate);
      if (sent < total) setTimeout(tick, 1);
    };
    tick();
  });
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return { rate: o.rate, rps: latencies.length / o.durationS, p50: at(0.5), p99: at(0.99), problems };
}
