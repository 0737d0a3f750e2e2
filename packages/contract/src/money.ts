/**
 * Money is integer fen everywhere (DESIGN.md); this is the one way it becomes text. Integer arithmetic only,
 * so 1990 is '19.90' on every machine and no float rounding shows.
 */

/** 12345 → '123.45', -5 → '-0.05': the digits, for forms, gateways and sentences that say 元 themselves. */
export function fenToYuan(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export interface MoneyFormat {
  /** Without the ¥ sign, where a label already says 元. Default: with it. */
  sign?: boolean;
  /** A whole amount without decimals (¥199, not ¥199.00), as price tags on course cards show it. */
  trimWhole?: boolean;
}

/** Fen as a person reads money: ¥12.50, -¥0.05; options drop the sign or the decimals of a whole amount. */
export function formatMoney(fen: number, { sign = true, trimWhole = false }: MoneyFormat = {}): string {
  let digits = fenToYuan(Math.abs(fen));
  if (trimWhole && digits.endsWith('.00')) digits = digits.slice(0, -3);
  const minus = Math.trunc(fen) < 0 ? '-' : '';
  return `${minus}${sign ? '¥' : ''}${digits}`;
}

/** Fen as a number of yuan, for a spreadsheet cell or a chart that sums and scales numbers: 1990 → 19.9. */
export function yuanNumber(fen: number): number {
  return Number(fenToYuan(fen));
}
