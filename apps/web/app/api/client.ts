import type { CallBody, CallData, CallDef } from '#contract/call.ts';
import { isSuccessCode, Limits, ResultCode } from '#contract/codes.ts';
import type { Envelope, Transport } from '#contract/transport.ts';
import { showError } from '../lib/toast.ts';
import { handleRefusal, type CallOptions, type Handled } from './handler.ts';

export type { CallOptions };

export type { Envelope, Transport };

/**
 * Why a call failed: `refused` the server answered with a code other than success (its `msg` says why);
 * `network` no answer came (offline, connection lost, a gateway 502–504); `timeout` the answer took too long;
 * `reply` an answer came that is not the envelope.
 */
export type FailureKind = 'refused' | 'network' | 'timeout' | 'reply';

/** Every failed call from a page, whatever the wrapper: `code` is the envelope's (999 business error, 301–306 session). */
export class ApiError extends Error {
  readonly code: number;
  /** What the server attached to a refusal, e.g. { needCaptcha: true }. */
  readonly data: unknown;
  readonly kind: FailureKind;
  /** Set by a page that shows the message itself (inline): the response handler then shows no toast. */
  claimed = false;
  /** What the response handler did with it; null for a failure it never saw (a check made before sending). */
  handled: Handled | null = null;
  constructor(code: number, msg: string, data: unknown = null, kind: FailureKind = 'refused') {
    super(msg);
    this.code = code;
    this.data = data;
    this.kind = kind;
  }
  /** Codes 300–400 send the person to the login page (DESIGN.md). */
  get needsLogin(): boolean {
    return this.kind === 'refused' && this.code >= 300 && this.code <= 400;
  }
  /** The server answered (as opposed to a failed connection, a timeout or a broken reply). */
  get refused(): boolean {
    return this.kind === 'refused';
  }
  /** The page shows this message where the action happened; no toast is needed. */
  claim(): this {
    this.claimed = true;
    return this;
  }
}

/** The envelope's data, or its refusal as an ApiError (spec §8: success is code 200, or 1). */
export function dataOf<T>(env: Envelope): T {
  if (!isSuccessCode(env.code)) throw new ApiError(env.code, env.msg || '请求失败', env.data);
  return env.data as T;
}

export async function callWith<C extends CallDef>(
  transport: Transport,
  call: C,
  body?: CallBody<C>,
): Promise<CallData<C>> {
  return dataOf<CallData<C>>(await transport(call, body ?? {}));
}

export interface FetchOptions {
  /** Overrides the spec §9 rule (10 s, 30 min for form data). */
  timeoutMs?: number;
  /** The caller's own cancel (e.g. pausing an upload): an abort is thrown as it is, not as an ApiError. */
  signal?: AbortSignal;
}

/** Spec §9: 10 s for a call, 30 minutes for a form-data upload. */
export function timeoutFor(body: RequestInit['body']): number {
  return typeof FormData !== 'undefined' && body instanceof FormData ? Limits.uploadTimeoutMs : Limits.httpTimeoutMs;
}

/**
 * The one fetch of every browser call (typed calls, uploads, upload chunks, the exam's answers, downloads):
 * same origin with the session cookie, the spec's timeout, and a failed connection, a timeout or a gateway
 * error (502–504) as an ApiError whose `kind` says which. The caller reads the reply (envelope or file).
 */
export async function browserFetch(url: string | URL, init: RequestInit, opts: FetchOptions = {}): Promise<Response> {
  const timeout = AbortSignal.timeout(opts.timeoutMs ?? timeoutFor(init.body));
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  let res: Response;
  try {
    res = await fetch(url, { ...init, credentials: 'same-origin', signal });
  } catch (err) {
    if (opts.signal?.aborted) throw err;
    if (timeout.aborted) throw new ApiError(ResultCode.ERROR, '请求超时，请检查网络后重试', null, 'timeout');
    throw new ApiError(ResultCode.ERROR, '网络连接失败，请检查网络后重试', null, 'network');
  }
  if (res.status >= 502 && res.status <= 504)
    throw new ApiError(ResultCode.ERROR, `服务器暂时无法访问（${res.status}），请稍后再试`, null, 'network');
  return res;
}

/** The reply's envelope; anything else (an HTML error page, a cut-off body) is an ApiError of kind `reply`. */
export async function readEnvelope(res: Response, signal?: AbortSignal): Promise<Envelope> {
  try {
    return (await res.json()) as Envelope;
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new ApiError(ResultCode.ERROR, `服务器响应异常（${res.status}），请稍后再试`, null, 'reply');
  }
}

/** The browser transport of the typed calls: a JSON body (GET: the query), the envelope back. */
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
  return readEnvelope(await browserFetch(url, init));
};

/**
 * Calls from components in the browser, through the one response handler (spec §8, `handler.ts`): a refusal
 * is shown as a toast unless the page claims it or the call opts out, a lost session goes to the login page,
 * and the call is rejected so the page can stop its spinner.
 */
export async function api<C extends CallDef>(call: C, body?: CallBody<C>, opts?: CallOptions): Promise<CallData<C>> {
  try {
    return await callWith(browserTransport, call, body);
  } catch (err) {
    if (err instanceof ApiError) handleRefusal(err, call, opts);
    throw err;
  }
}

/**
 * The user-specific detail calls (user info, the unread count): with the session refused (300–400) they clear it
 * and resolve with null instead of sending the person to the login page (spec §8).
 */
export async function userDetail<C extends CallDef>(
  call: C,
  body?: CallBody<C>,
  opts?: CallOptions,
): Promise<CallData<C> | null> {
  try {
    return await callWith(browserTransport, call, body);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    if (handleRefusal(err, call, { ...opts, userDetail: true }) === 'session-cleared') return null;
    throw err;
  }
}

/**
 * For a page that shows a failure where it happened (a form's alert, a player's message): the text to show, the
 * toast claimed so it does not show twice; null when the session is gone and the login page is on its way.
 */
export function inlineMessage(err: unknown, fallback: string): string | null {
  if (!(err instanceof ApiError)) return fallback;
  if (err.needsLogin) return null;
  return err.claim().message;
}

/** Shows a failure the response handler has not seen (a check made before sending), or nothing if it has. */
export function showFailure(err: unknown, fallback: string): void {
  if (err instanceof ApiError && err.handled !== null) return;
  showError(err instanceof Error && err.message ? err.message : fallback);
}
