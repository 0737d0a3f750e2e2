import type { CallBody, CallDef } from '#contract/call.ts';
import { Limits } from '#contract/codes.ts';
import { ApiError, browserFetch, dataOf, readEnvelope } from '../../api/client.ts';
import { handleRefusal } from '../../api/handler.ts';

/**
 * Downloads a file a GET call answers (a template, an export). A refusal arrives as the usual envelope and goes
 * through the response handler like any call's; the file is saved under the name the server gives it.
 */
export async function downloadCall<C extends CallDef>(call: C, query: CallBody<C>, fallbackName: string) {
  const url = new URL(`/apis${call.path}`, window.location.origin);
  for (const [k, v] of Object.entries(query as Record<string, unknown>)) url.searchParams.set(k, String(v));
  let res: Response;
  let blob: Blob;
  try {
    res = await browserFetch(url, { method: 'GET' }, { timeoutMs: Limits.uploadTimeoutMs });
    if ((res.headers.get('content-type') ?? '').includes('application/json')) {
      const env = await readEnvelope(res);
      dataOf({ ...env, msg: env.msg || '下载失败' });
      throw new ApiError(999, '下载失败', null, 'reply');
    }
    if (!res.ok) throw new ApiError(999, `下载失败（${res.status}）`, null, 'reply');
    blob = await res.blob();
  } catch (err) {
    if (err instanceof ApiError) handleRefusal(err, call);
    throw err;
  }
  const name = /filename\*=UTF-8''([^;]+)/i.exec(res.headers.get('content-disposition') ?? '')?.[1];
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = name ? decodeURIComponent(name) : fallbackName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
