import crypto from 'node:crypto';
import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { defineJob, jobIdField, Jobs, PermanentJobError, type JobPayload } from '../jobs.ts';
import { newId } from '../ids.ts';
import { fail, notFound } from '../http/errors.ts';
import {
  GatewayRefusedError,
  headerValue,
  InvalidNoticeError,
  type NoticeReply,
  type PayNotice,
  type PayRequest,
  type PayStart,
  type PaymentGateway,
  type RefundCheck,
  type RefundRequest,
  type RefundResult,
  type TradeRef,
} from './gateway.ts';
import { sandboxRepo, type SandboxRepo, type SandboxTradeRow } from './sandbox.repo.ts';

export const SANDBOX_NOTIFY_JOB = 'pay.sandbox.notify';
/** Sends a paid sandbox trade's signed notice to the shop, until it answers `success`. */
export const sandboxNotifyJob = defineJob(
  SANDBOX_NOTIFY_JOB,
  z.object({ siteId: jobIdField, serialNumber: z.string() }),
);
export const SANDBOX_SIGNATURE_HEADER = 'X-Sandbox-Signature';
/** Retries back off 2 s, 4 s, 8 s … (platform/jobs.ts): ten attempts keep a notice coming for about half an hour. */
const NOTIFY_MAX_ATTEMPTS = 10;
const NOTIFY_TIMEOUT_MS = 10_000;
const SECRET_NAME = 'sandbox-notify';

/** The cashier page of a trade (apps/web routes/pay-sandbox.tsx). */
export const sandboxCashierPath = (serialNumber: string) => `/pay/sandbox/${encodeURIComponent(serialNumber)}`;

const Notice = z.object({
  serialNumber: z.string().min(1),
  amountFen: z.number().int().nonnegative(),
  tradeNo: z.string().min(1),
  paidAt: z.iso.datetime({ offset: true }),
  status: z.string(),
});

export interface SandboxDeps {
  db: Db;
  jobs: Jobs;
  log: FastifyBaseLogger;
  /** PAY_SANDBOX_SECRET; without it a random secret is kept in the database, shared by every process. */
  secret?: string;
  fetch?: typeof fetch;
}

export type SandboxTradeState = 'created' | 'paid' | 'refunded' | 'expired';

export function sandboxTradeState(row: SandboxTradeRow, now = new Date()): SandboxTradeState {
  if (row.status === 1) return 'paid';
  if (row.status === 2) return 'refunded';
  return row.expiresAt <= now ? 'expired' : 'created';
}

/**
 * A gateway of our own that behaves like a real one, so a site can sell without a merchant account and every
 * order path is exercised end to end: it keeps its own trades, shows a cashier, and on payment sends a notice
 * signed with HMAC-SHA256 to the order's notify URL by a durable job that retries until the reply is `success`.
 */
export class SandboxGateway implements PaymentGateway {
  readonly channel = 'sandbox' as const;
  private readonly repo: SandboxRepo;
  private readonly deps: SandboxDeps;
  private secretKey: Promise<crypto.KeyObject> | undefined;

  constructor(deps: SandboxDeps) {
    this.deps = deps;
    this.repo = sandboxRepo(deps.db);
  }

  registerJobs(): void {
    this.deps.jobs.register(sandboxNotifyJob, (payload) => this.deliver(payload));
  }

  async start(req: PayRequest): Promise<PayStart> {
    if (req.siteId === undefined) throw new Error('a sandbox payment needs PayRequest.siteId');
    if (!Number.isSafeInteger(req.amountFen) || req.amountFen <= 0)
      throw new RangeError(`amountFen must be a positive integer: ${req.amountFen}`);
    const row = await this.repo.insertOnce({
      id: newId(),
      siteId: req.siteId,
      serialNumber: req.serialNumber,
      amountFen: req.amountFen,
      subject: req.subject,
      notifyUrl: req.notifyUrl,
      returnUrl: req.returnUrl,
      expiresAt: req.expiresAt,
    });
    // like a real gateway, one serial number is one trade: asking again for another amount is refused
    if (row.amountFen !== req.amountFen || row.notifyUrl !== req.notifyUrl) throw fail('该支付流水号已用于另一笔交易');
    return { kind: 'redirect', url: sandboxCashierPath(req.serialNumber) };
  }

  /** The trade as the cashier page shows it. */
  async view(siteId: bigint, serialNumber: string): Promise<SandboxTradeRow> {
    const row = await this.repo.find(siteId, serialNumber);
    if (!row) throw notFound('交易');
    return row;
  }

  /**
   * The buyer pays at the cashier. Anyone holding the serial number may pay, as at a real cashier; a trade is paid
   * once, and paying it marks it and enqueues its notice in one transaction.
   */
  async confirm(siteId: bigint, serialNumber: string): Promise<SandboxTradeRow> {
    const tradeNo = `SBX${newId()}`;
    const { row } = await this.repo.pay(siteId, serialNumber, tradeNo, (tx, paid) =>
      new Jobs(tx, this.deps.log).enqueue(
        sandboxNotifyJob,
        { siteId: String(paid.siteId), serialNumber: paid.serialNumber },
        { dedupeKey: `${SANDBOX_NOTIFY_JOB}:${paid.siteId}:${paid.serialNumber}`, maxAttempts: NOTIFY_MAX_ATTEMPTS },
      ),
    );
    if (!row) throw notFound('交易');
    if (row.status === 2) throw fail('该交易已退款');
    if (row.status !== 1) throw fail('该交易已超时关闭，请返回重新下单');
    return row;
  }

  /**
   * Refunds a paid trade, as a real gateway does: a trade takes one refund, a repeat of its refund number is
   * answered with the first result, and an unpaid, unknown or already refunded trade is refused.
   */
  async refund(req: RefundRequest): Promise<RefundResult> {
    if (req.siteId === undefined) throw new Error('a sandbox refund needs RefundRequest.siteId');
    if (!Number.isSafeInteger(req.amountFen) || req.amountFen <= 0)
      throw new RangeError(`amountFen must be a positive integer: ${req.amountFen}`);
    const { row } = await this.repo.refund(req.siteId, req.serialNumber, {
      refundNo: req.refundNo,
      amountFen: req.amountFen,
      tradeNo: req.tradeNo,
    });
    if (!row) throw new GatewayRefusedError('交易不存在');
    if (row.status === 2) {
      if (row.refundNo !== req.refundNo) throw new GatewayRefusedError('该交易已退款');
      return { state: 'done', refundTradeNo: sandboxRefundTradeNo(row) };
    }
    if (row.status !== 1) throw new GatewayRefusedError('交易未支付');
    if (req.tradeNo && row.tradeNo !== req.tradeNo) throw new GatewayRefusedError('交易号与支付流水号不符');
    throw new GatewayRefusedError('退款金额超过交易金额');
  }

  /** The trade as the sandbox holds it: paid (refunded trades were paid), waiting at the cashier, or expired. */
  async queryTrade(ref: TradeRef): Promise<PayNotice | null> {
    if (ref.siteId === undefined) throw new Error('a sandbox query needs TradeRef.siteId');
    const row = await this.repo.find(ref.siteId, ref.serialNumber);
    if (!row) return null;
    const state = sandboxTradeState(row);
    return {
      serialNumber: row.serialNumber,
      amountFen: row.amountFen,
      tradeNo: row.tradeNo ?? '',
      paidAt: row.gmtPaid ?? new Date(),
      state: state === 'paid' || state === 'refunded' ? 'paid' : state === 'expired' ? 'closed' : 'waiting',
    };
  }

  /** Closes a trade still at the cashier: true unless it was paid. */
  async closeTrade(ref: TradeRef): Promise<boolean> {
    if (ref.siteId === undefined) throw new Error('a sandbox close needs TradeRef.siteId');
    const row = await this.repo.close(ref.siteId, ref.serialNumber);
    return !row || row.status === 0;
  }

  /** The sandbox refunds at once: a trade refunded under this number is done, anything else has no such refund. */
  async refundStatus(req: RefundRequest): Promise<RefundCheck> {
    if (req.siteId === undefined) throw new Error('a sandbox refund query needs RefundRequest.siteId');
    const row = await this.repo.find(req.siteId, req.serialNumber);
    return { state: row?.status === 2 && row.refundNo === req.refundNo ? 'done' : 'missing', reason: '' };
  }

  async verifyNotice(headers: Record<string, string | string[] | undefined>, rawBody: string): Promise<PayNotice> {
    const given = headerValue(headers, SANDBOX_SIGNATURE_HEADER) ?? '';
    if (!/^[0-9a-f]{64}$/i.test(given)) throw new InvalidNoticeError('sandbox notice without a signature');
    const expected = sign(await this.secret(), rawBody);
    if (!crypto.timingSafeEqual(Buffer.from(given.toLowerCase(), 'hex'), expected))
      throw new InvalidNoticeError('sandbox notice signature mismatch');
    let parsed: z.output<typeof Notice>;
    try {
      parsed = Notice.parse(JSON.parse(rawBody));
    } catch {
      throw new InvalidNoticeError('sandbox notice body malformed');
    }
    return {
      serialNumber: parsed.serialNumber,
      amountFen: parsed.amountFen,
      tradeNo: parsed.tradeNo,
      paidAt: new Date(parsed.paidAt),
      state: parsed.status === 'SUCCESS' ? 'paid' : 'failed',
    };
  }

  reply(accepted: boolean): NoticeReply {
    return { status: 200, contentType: 'text/plain; charset=utf-8', body: accepted ? 'success' : 'failure' };
  }

  /** The body and signature of a paid trade's notice, the same on every attempt. */
  async notice(row: SandboxTradeRow): Promise<{ body: string; signature: string }> {
    const body = JSON.stringify({
      serialNumber: row.serialNumber,
      amountFen: row.amountFen,
      tradeNo: row.tradeNo,
      paidAt: row.gmtPaid!.toISOString(),
      status: 'SUCCESS',
    });
    return { body, signature: sign(await this.secret(), body).toString('hex') };
  }

  /** One delivery attempt; a reply other than `success` throws, so the job tries again later. */
  private async deliver(payload: JobPayload<typeof sandboxNotifyJob>): Promise<void> {
    const row = await this.repo.find(BigInt(payload.siteId), payload.serialNumber);
    // a refunded trade was paid all the same: its payment notice still goes out until answered
    if (!row || row.status === 0) throw new PermanentJobError('no paid sandbox trade for this notice');
    const { body, signature } = await this.notice(row);
    const send = this.deps.fetch ?? fetch;
    let res: Response;
    try {
      res = await send(row.notifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
        body,
        signal: AbortSignal.timeout(NOTIFY_TIMEOUT_MS),
      });
    } catch (err) {
      throw new Error(`notice to ${row.notifyUrl} not delivered: ${(err as Error).message}`, { cause: err });
    }
    const answer = (await res.text().catch(() => '')).trim();
    if (res.ok && answer === 'success') return;
    throw new Error(`notice to ${row.notifyUrl} not accepted: HTTP ${res.status} ${answer.slice(0, 200)}`);
  }

  /** A KeyObject made once: HMAC with one costs a fifth of one with the secret's bytes, on every notice. */
  private secret(): Promise<crypto.KeyObject> {
    const given = this.deps.secret;
    this.secretKey ??= (given ? Promise.resolve(Buffer.from(given, 'utf8')) : this.repo.secret(SECRET_NAME))
      .then((b) => crypto.createSecretKey(b))
      .catch((err: unknown) => {
        this.secretKey = undefined;
        throw err;
      });
    return this.secretKey;
  }
}

/** A trade takes one refund, so the refund's reference follows from the trade's own number. */
export function sandboxRefundTradeNo(row: SandboxTradeRow): string {
  return `SBXR${(row.tradeNo ?? '').replace(/^SBX/, '')}`;
}

function sign(secret: crypto.KeyObject, body: string): Buffer {
  return crypto.createHmac('sha256', secret).update(body, 'utf8').digest();
}
