/**
 * Money crosses the gateways as text in yuan (Alipay's total_amount) while we keep integer fen; the conversion is
 * done on the digits, never through a float, so '199.90' is 19990 fen on every machine.
 */
import { formatMoney } from '#contract/money.ts';

const YUAN = /^(0|[1-9]\d{0,11})(?:\.(\d{1,2}))?$/;

/** '0.01' → 1, '199.90' → 19990, '5' → 500; null for anything that is not a plain non-negative amount. */
export function yuanToFen(text: string): number | null {
  const m = YUAN.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** 19990 → '199.90', 1 → '0.01'. */
export function fenToYuan(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen < 0) throw new RangeError(`not an amount in fen: ${fen}`);
  return formatMoney(fen, { sign: false });
}
