import { z } from './zod-config.ts';
import { defineCall } from './call.ts';

/** A payment's serial number as the orders module issues it (one per payment attempt). */
export const SerialNumber = z
  .string({ error: '支付流水号不正确' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: '支付流水号不正确' });

/** created: waiting for the buyer; paid: paid (the notice goes to the shop); refunded: the shop gave the money back; expired: closed unpaid. */
export const SandboxTradeState = z.enum(['created', 'paid', 'refunded', 'expired']);
export type TSandboxTradeState = z.output<typeof SandboxTradeState>;

/** What the sandbox cashier shows of a trade. Money in fen; times YYYY-MM-DD HH:mm:ss (Asia/Shanghai). */
export const SandboxTrade = z.object({
  serialNumber: z.string(),
  subject: z.string(),
  amountFen: z.number().int(),
  state: SandboxTradeState,
  expiresAt: z.string(),
  tradeNo: z.string(),
  paidAt: z.string(),
  /** What the shop refunded, fen; 0 unless refunded. */
  refundAmountFen: z.number().int(),
  /** '' unless refunded. */
  refundedAt: z.string(),
  /** Where the buyer goes after paying: the shop's own page. */
  returnUrl: z.string(),
});
export type TSandboxTrade = z.output<typeof SandboxTrade>;

const BySerial = z.object({ serialNumber: SerialNumber });

export const paySandboxView = defineCall({
  method: 'POST',
  path: '/pay/api/sandbox/view',
  access: 'api',
  summary: '沙箱收银台：查看一笔待支付的交易（不涉及真实资金）',
  body: BySerial,
  data: SandboxTrade,
});

export const paySandboxConfirm = defineCall({
  method: 'POST',
  path: '/pay/api/sandbox/confirm',
  access: 'api',
  summary: '沙箱收银台：确认支付。交易只会支付一次，随后沙箱向商户发送签名的异步通知，直到商户回复 success',
  body: BySerial,
  data: SandboxTrade,
});
