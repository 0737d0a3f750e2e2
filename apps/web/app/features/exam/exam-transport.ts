import type { CallBody, CallData, CallDef } from '#contract/call.ts';
import { ResultCode } from '#contract/codes.ts';
import { ApiError, browserFetch, callWith, readEnvelope, type CallOptions, type Envelope } from '../../api/client.ts';
import { handleRefusal } from '../../api/handler.ts';

/**
 * The request never reached the server (or its reply never came back): the answer waits in the queue. One of
 * the client's ApiErrors (kind `network`), which the attempt page queues instead of showing.
 */
export class OfflineError extends ApiError {
  constructor(reason: string) {
    super(ResultCode.ERROR, `网络连接失败（${reason}）`, null, 'network');
  }
}

/**
 * The attempt page's calls: the shared browser fetch, with what the page adds: the browser's offline flag and
 * every failure to get an answer (network, timeout, gateway, broken reply) told apart from a refusal, because
 * the page must queue the first and show the second.
 */
async function transport(call: CallDef, body: unknown): Promise<Envelope> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) throw new OfflineError('offline');
  try {
    const res = await browserFetch(new URL(`/apis${call.path}`, window.location.origin), {
      method: call.method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body ?? {}),
    });
    return await readEnvelope(res);
  } catch (err) {
    if (err instanceof ApiError) throw new OfflineError(err.kind);
    throw err;
  }
}

/** Refusals go through the response handler like any call (the page claims those it shows); offline ones are queued. */
export async function examApi<C extends CallDef>(call: C, body: CallBody<C>, opts?: CallOptions): Promise<CallData<C>> {
  try {
    return await callWith(transport, call, body);
  } catch (err) {
    if (err instanceof ApiError && !(err instanceof OfflineError)) handleRefusal(err, call, opts);
    throw err;
  }
}
