import { Limits } from '#contract/codes.ts';
import { adminCounselExport } from '#contract/marketing.ts';
import { ApiError, browserFetch, dataOf, readEnvelope } from '../../api/client.ts';
import { handleRefusal } from '../../api/handler.ts';

/**
 * Downloads the enquiries with the list's filters, as the orders' export does: an .xlsx file, or the usual
 * envelope when the call refuses, which goes through the response handler like any call.
 */
export async function downloadCounsel(search: URLSearchParams): Promise<void> {
  const url = new URL(`/apis${adminCounselExport.path}`, window.location.origin);
  for (const key of Object.keys(adminCounselExport.body.shape)) {
    const v = search.get(key);
    if (v) url.searchParams.set(key, v);
  }
  let blob: Blob;
  try {
    const res = await browserFetch(url, { method: 'GET' }, { timeoutMs: Limits.uploadTimeoutMs });
    if ((res.headers.get('content-type') ?? '').includes('application/json')) {
      const env = await readEnvelope(res);
      dataOf({ ...env, msg: env.msg || '导出失败' });
      throw new ApiError(999, '导出失败', null, 'reply');
    }
    if (!res.ok) throw new ApiError(999, `导出失败（${res.status}）`, null, 'reply');
    blob = await res.blob();
  } catch (err) {
    if (err instanceof ApiError) handleRefusal(err, adminCounselExport);
    throw err;
  }
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = `咨询登记-${new Date().toISOString().slice(0, 10)}.xlsx`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
