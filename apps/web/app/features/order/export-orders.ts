import { Limits } from '#contract/codes.ts';
import { adminOrderExport } from '#contract/order-admin.ts';
import { ApiError, browserFetch, dataOf, readEnvelope } from '../../api/client.ts';
import { handleRefusal } from '../../api/handler.ts';

/**
 * Downloads the orders export with the list's filters. The call answers an .xlsx file, or the usual envelope
 * when it refuses (too many rows, a lost session), which goes through the response handler like any call. The
 * fetch is the client's; this adds only the file: a download is a file transfer, so it has the upload's time.
 */
export async function downloadOrders(search: URLSearchParams): Promise<void> {
  const url = new URL(`/apis${adminOrderExport.path}`, window.location.origin);
  for (const key of Object.keys(adminOrderExport.body.shape)) {
    const v = search.get(key);
    if (v) url.searchParams.set(key, v);
  }
  let blob: Blob;
  let res: Response;
  try {
    res = await browserFetch(url, { method: 'GET' }, { timeoutMs: Limits.uploadTimeoutMs });
    if ((res.headers.get('content-type') ?? '').includes('application/json')) {
      const env = await readEnvelope(res);
      dataOf({ ...env, msg: env.msg || '导出失败' });
      throw new ApiError(999, '导出失败', null, 'reply');
    }
    if (!res.ok) throw new ApiError(999, `导出失败（${res.status}）`, null, 'reply');
    blob = await res.blob();
  } catch (err) {
    if (err instanceof ApiError) handleRefusal(err, adminOrderExport);
    throw err;
  }
  const name = /filename\*?=(?:UTF-8'')?"?([^";]+)/i.exec(res.headers.get('content-disposition') ?? '')?.[1];
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = name ? decodeURIComponent(name) : `订单-${new Date().toISOString().slice(0, 10)}.xlsx`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
