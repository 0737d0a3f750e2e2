import { formatMoney } from '#contract/money.ts';

/** Fen as money on order and account pages, always with two decimals: ¥12.34, -¥0.05. */
export const money = (fen: number): string => formatMoney(fen);

/** A signed change of a balance: +¥12.34 / -¥0.05. */
export function signedMoney(fen: number): string {
  return fen > 0 ? `+${money(fen)}` : money(fen);
}

/** Today and n-1 days before it as Asia/Shanghai dates (YYYY-MM-DD), the range a chart of n days asks for. */
export function lastDays(n: number, now = new Date()): { beginDate: string; endDate: string } {
  const day = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
  return { beginDate: day(new Date(now.getTime() - (n - 1) * 86_400_000)), endDate: day(now) };
}

/** Where the buyer lands after paying (the gateway's return page) and where a QR-code payment goes once paid. */
export function resultPath(orderNo: string): string {
  return `/order/result?orderNo=${encodeURIComponent(orderNo)}`;
}

/** Order states as the buyer's and the administrator's lists colour them (antd Badge status). */
export const ORDER_STATUS_OPTIONS = [
  { value: 1, label: '待支付', status: 'warning' },
  { value: 2, label: '支付成功', status: 'success' },
  { value: 3, label: '支付失败', status: 'error' },
  { value: 4, label: '已关闭', status: 'default' },
  { value: 5, label: '已退款', status: 'processing' },
] as const;
