import type { CallBody, CallData, CallDef } from '#contract/call.ts';
import { Limits, ResultCode } from '#contract/codes.ts';
import type { Envelope, Transport } from '#contract/transport.ts';

export type { Envelope, Transport };

/** A refusal from the server: `code` is the envelope's (999 business error, 301–306 session problems). */
export class ApiError extends Error {
  readonly code: number;
  /** What the server attached to a refusal, e.g. { needCaptcha: true }. */
  readonly data: unknown;
  constructor(code: number, msg: string, data: unknown = null) {
    super(msg);
    this.code = code;
    this.data = data;
  }
  /** Codes 300–400 send the person to the login page (DESIGN.md). */
  get needsLogin(): boolean {
    return this.code >= 300 && this.code <= 400;
  }
}

export async function callWith<C extends CallDef>(
  transport: Transport,
  call: C,
  body?: CallBody<C>,
): Promise<CallData<C>> {
  const env = await transport(call, body ?? {});
  if (env.code !== ResultCode.SUCCESS) throw new ApiError(env.code, env.msg || '请求失败', env.data);
  return env.data as CallData<C>;
}

/** The browser transport: same-origin fetch (cookies travel with it), 10 s timeout, JSON envelope. */
export const browserTransport: Transport = async (call, body) => {
  const url = new URL(`/apis${call.path}`, window.location.origin);
  let init: RequestInit;
  if (call.method === 'GET') {
    for (const [k, v] of Object.entries((body ?? {}) as Record<string, unknown>))
      if (v !== undefined) url.searchParams.set(k, String(v));
    init = { method: 'GET' };
  } else {
    init = { method: call.method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) };
  }
  let res: Response;
  try {
    res = await fetch(url, { ...init, credentials: 'same-origin', signal: AbortSignal.timeout(Limits.httpTimeoutMs) });
  } catch (err) {
    const timedOut = (err as Error).name === 'TimeoutError';
    throw new ApiError(ResultCode.ERROR, timedOut ? '请求超时，请检查网络后重试' : '网络连接失败，请检查网络后重试');
  }
  try {
    return (await res.json()) as Envelope;
  } catch {
    throw new ApiError(ResultCode.ERROR, `服务器响应异常（${res.status}），请稍后再试`);
  }
};

/** Calls from components in the browser. */
export function api<C extends CallDef>(call: C, body?: CallBody<C>): Promise<CallData<C>> {
  return callWith(browserTransport, call, body);
}
