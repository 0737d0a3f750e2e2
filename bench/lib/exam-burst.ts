import type { ExamData } from './exam-data.ts';

export interface BurstResult {
  sent: number;
  ok: number;
  wallMs: number;
  p50: number;
  p99: number;
  firstError?: string;
}

const KEYS = ['A', 'B', 'C', 'D'];

/** The window the submissions arrive in: the issue's "2,000 attempts within 10 s". */
export const BURST_WINDOW_MS = 10_000;

/**
 * The deadline burst: every attempt of `data.burst` submits its whole paper (an answer to each problem) with
 * examFinish, the starts spread evenly over BURST_WINDOW_MS as pages whose clocks run out in the same seconds.
 * Each latency runs from its own request's start to its reply.
 */
export async function runDeadlineBurst(baseUrl: string, data: ExamData): Promise<BurstResult> {
  const url = `${baseUrl}/apis/exam/auth/user/exam/record/examFinish`;
  const latencies: number[] = [];
  let ok = 0;
  let firstError: string | undefined;
  const spreadMs = BURST_WINDOW_MS / data.burst.length;
  const t0 = performance.now();
  await Promise.all(
    data.burst.map(async (taker, i) => {
      await new Promise((r) => setTimeout(r, i * spreadMs));
      const answers = data.problemIds.map((problemId, k) => ({ problemId, answer: [KEYS[(i + k) % 4]!] }));
      const start = performance.now();
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'SITE-ID': '10', 'content-type': 'application/json', token: taker.token },
          body: JSON.stringify({ recordId: taker.recordId, answers }),
        });
        const json = (await res.json()) as { code: number; msg: string };
        if (json.code === 200) ok++;
        else firstError ??= `code ${json.code}: ${json.msg}`;
      } catch (err) {
        const cause = (err as Error & { cause?: { code?: string; message?: string } }).cause;
        firstError ??= `${(err as Error).message}${cause ? ` (${cause.code ?? cause.message})` : ''}, never answered`;
      }
      latencies.push(performance.now() - start);
    }),
  );
  const wallMs = performance.now() - t0;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { sent: data.burst.length, ok, wallMs, p50: at(0.5), p99: at(0.99), firstError };
}
