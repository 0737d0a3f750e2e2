import autocannon, { type Request as CannonRequest, type Result as CannonResult } from 'autocannon';
import type { Scenario } from '../scenarios.ts';
import { steadyLoad, type SteadyResult } from './steady-load.ts';

export interface LoadOptions {
  durationS: number;
  warmupS: number;
  connections: number;
}

export interface Measured {
  scenario: Scenario;
  /** Set when the scenario did not run: the reason. */
  skipped?: string;
  /** Set when the pre-run sample check failed: what was wrong. */
  failed?: string;
  rps?: number;
  p50?: number;
  p99?: number;
  total?: number;
  errors?: number;
  non2xx?: number;
  badBody?: number;
  /** Requests answered as expected in the warm-up and measured runs together (what the server accepted). */
  accepted?: number;
  /** The run at the target's rate, for a scenario with atTargetRate. */
  atRate?: SteadyResult;
}

const okBody: Record<Scenario['expect'], (body: string) => boolean> = {
  api: (b) => b.startsWith('{"code":200,'),
  html: (b) => b.includes('</html>'),
  success: (b) => b === 'success',
};

/** One request before the run: undefined when the reply is the expected one, else what is wrong. */
export async function sampleCheck(baseUrl: string, s: Scenario): Promise<string | undefined> {
  let res: Response;
  const { path, body, headers } = s.vary ? { ...s, ...s.vary() } : s;
  try {
    res = await fetch(baseUrl + path, { method: s.method, headers, body });
  } catch (err) {
    return `request failed: ${(err as Error).message}`;
  }
  const type = res.headers.get('content-type') ?? '';
  const text = await res.text();
  if (res.status !== 200) return `${s.method} ${s.path} answered HTTP ${res.status} (${type || 'no content-type'})`;
  if (s.expect === 'success')
    return okBody.success(text) ? undefined : `${s.method} ${s.path} answered ${text.slice(0, 120)}, not success`;
  if (s.expect === 'html') {
    if (!type.startsWith('text/html'))
      return `${s.method} ${s.path} answered ${type || 'no content-type'}, not text/html`;
    if (!okBody.html(text)) return `${s.method} ${s.path} answered HTML without </html>`;
    return undefined;
  }
  try {
    const env = JSON.parse(text) as { code?: number; msg?: string };
    if (env.code !== 200) return `${s.method} ${s.path} answered code ${env.code}: ${env.msg}`;
  } catch {
    return `${s.method} ${s.path} answered non-JSON: ${text.slice(0, 120)}`;
  }
  if (!okBody.api(text)) return `${s.method} ${s.path} envelope does not start with {"code":200,`;
  return undefined;
}

/** The pause between the warm-up and the measured run, for what the warm-up left queued to be served. */
const SETTLE_MS = 2_000;

/** Sample check, a warm-up run (discarded), a pause, then the measured run. */
export async function measure(baseUrl: string, s: Scenario, o: LoadOptions): Promise<Measured> {
  const problem = await sampleCheck(baseUrl, s);
  if (problem) return { scenario: s, failed: problem };
  const opts = {
    url: baseUrl + s.path,
    method: s.method,
    headers: s.headers,
    body: s.body,
    connections: o.connections,
    verifyBody: okBody[s.expect],
    requests: s.vary ? [{ setupRequest: (req: CannonRequest) => ({ ...req, ...s.vary!() }) }] : undefined,
  };
  const accepted = (x: CannonResult) => x.requests.total - x.non2xx - x.mismatches;
  const warm = o.warmupS > 0 ? await autocannon({ ...opts, duration: o.warmupS }) : undefined;
  // the warm-up stops with a queue of requests still in the server: the measured run would begin behind it, and
  // its first request on every connection would count that wait (p99 then measured the switch-over, not the load)
  if (warm) await new Promise((r) => setTimeout(r, SETTLE_MS));
  const r = await autocannon({ ...opts, duration: o.durationS });
  const rate = s.atTargetRate ? s.target?.rps : undefined;
  let atRate: Measured['atRate'];
  if (rate) {
    await new Promise((res) => setTimeout(res, SETTLE_MS));
    atRate = await steadyLoad({
      baseUrl,
      method: s.method,
      next: () => ({ path: s.path, body: s.body, headers: s.headers, ...s.vary?.() }),
      ok: okBody[s.expect],
      rate,
      durationS: o.durationS,
      connections: o.connections,
    });
  }
  return {
    scenario: s,
    rps: r.requests.mean,
    p50: r.latency.p50,
    p99: r.latency.p99,
    total: r.requests.total,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    badBody: r.mismatches,
    accepted: accepted(r) + (warm ? accepted(warm) : 0),
    atRate,
  };
}
