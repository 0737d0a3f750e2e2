import type { TExtractLog, TLedgerRow } from '#contract/account-ledger.ts';

/** What a ledger row was for, when it carries no remark of its own: the order it came from; '' when neither. */
export function ledgerNote(row: TLedgerRow): string {
  return row.remark || (row.orderNo ? `订单 ${row.orderNo}` : '');
}

/**
 * Why a withdrawal stands where it does: the administrator's note, else when it was paid or reviewed; '' while it
 * waits for review.
 */
export function extractNote(row: TExtractLog): string {
  if (row.remark) return row.remark;
  if (row.finishTime) return `到账时间 ${row.finishTime}`;
  return row.auditTime ? `审核时间 ${row.auditTime}` : '';
}
