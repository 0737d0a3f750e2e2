import type { CallBody, CallData, CallDef } from '#contract/call.ts';
import { Limits } from '#contract/codes.ts';
import { callWith, type Envelope } from '../../api/client.ts';

/** The request never reached the server (or its reply never came back): the answer waits in the queue. */
export class OfflineError extends Error {}

/**
 * The attempt page's calls. Unlike the shared browser transport, a failed connection is told apart from a
 * refusal, because the page must queue the first and show the second.
 */
async function transport(call: CallDef, body: unknown): Promise<Envelope> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) throw new OfflineError('offline');
  let res: Response;
  try {
    res = await fetch(new URL(`/apis${call.path}`, window.location.origin), {
      method: call.method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body ?? {}),
      credentials: 'same-origin',
      signal: AbortSignal.timeout(Limits.httpTimeoutMs),
    });
  } catch {
    throw new OfflineError('network');
  }
  if (res.status >= 502 && res.status <= 504) throw new OfflineError(`gateway ${res.status}`);
  try {
    return (await res.json()) as Envelope;
  } catch {
    throw new OfflineError(`bad reply ${res.status}`);
  }
}

export function examApi<C extends CallDef>(call: C, body: CallBody<C>): Promise<CallData<C>> {
  return callWith(transport, call, body);
}
