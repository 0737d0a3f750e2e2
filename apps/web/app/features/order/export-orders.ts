import { adminOrderExport } from '#contract/order-admin.ts';
import { ApiError } from '../../api/client.ts';

/**
 * Downloads the orders export with the list's filters. The call answers an .xlsx file, or the usual envelope
 * when it refuses (too many rows, a lost session), which is thrown as an ApiError for the page to show.
 */
export async function downloadOrders(search: URLSearchParams): Promise<void> {
  const url = new URL(`/apis${adminOrderExport.path}`, window.location.origin);
  for (const key of Object.keys(adminOrderExport.body.shape)) {
    const v = search.get(key);
    if (v) url.searchParams.set(key, v);
  }
  const res = await fetch(url, { credentials: 'same-origin' });
  if ((res.headers.get('content-type') ?? '').includes('application/json')) {
    const env = (await res.json()) as { code: number; msg: string };
    throw new ApiError(env.code, env.msg || '导出失败');
  }
  if (!res.ok) throw new ApiError(999, `导出失败（${res.status}）`);
  const blob = await res.blob();
  const name = /filename\*?=(?:UTF-8'')?"?([^";]+)/i.exec(res.headers.get('content-disposition') ?? '')?.[1];
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = name ? decodeURIComponent(name) : `订单-${new Date().toISOString().slice(0, 10)}.xlsx`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
