import type { TSandboxTrade } from '#contract/pay.ts';
import { formatTime } from '../../platform/time.ts';
import { sandboxTradeState } from '../../platform/pay/sandbox.ts';
import type { SandboxTradeRow } from '../../platform/pay/sandbox.repo.ts';

export function presentSandboxTrade(row: SandboxTradeRow): TSandboxTrade {
  return {
    serialNumber: row.serialNumber,
    subject: row.subject,
    amountFen: row.amountFen,
    state: sandboxTradeState(row),
    expiresAt: formatTime(row.expiresAt),
    tradeNo: row.tradeNo ?? '',
    paidAt: formatTime(row.gmtPaid),
    refundAmountFen: row.refundAmountFen,
    refundedAt: formatTime(row.gmtRefunded),
    returnUrl: row.returnUrl,
  };
}
