import type { TPageQuery } from '#contract/call.ts';
import { ExtractStatus, EXTRACT_STATUS_NAMES } from '#contract/account-ledger.ts';
import { fenToYuan } from '#contract/money.ts';
import type { Platform } from '../../platform/context.ts';
import type { Db } from '../../platform/db/client.ts';
import { withTransaction } from '../../platform/db/transaction.ts';
import { toPage } from '../../platform/db/page.ts';
import { fail, notFound } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { BankAccountService } from '../user/bank-account.service.ts';
import type { SmsCodeService } from '../user/sms-code.service.ts';
import type { UserService } from '../user/user.service.ts';
import type { MessageService } from '../message/message.service.ts';
import { ledgerRepo } from './ledger.repo.ts';
import { extractRepo, type ExtractRepo, type ExtractRow } from './extract.repo.ts';
import { presentExtract, presentExtractAdmin } from './ledger.presenter.ts';

interface ExtractDeps {
  users: UserService;
  bank: BankAccountService;
  codes: SmsCodeService;
  messages: MessageService;
}

/** The state a request must be in for each administrator decision, and the money that decision moves. */
const DECISIONS = {
  [ExtractStatus.PAYING]: { from: [ExtractStatus.REVIEWING], money: null },
  [ExtractStatus.CONFIRMING]: { from: [ExtractStatus.PAYING], money: null },
  [ExtractStatus.SUCCESS]: { from: [ExtractStatus.PAYING, ExtractStatus.CONFIRMING], money: 'paid' },
  [ExtractStatus.FAILED]: {
    from: [ExtractStatus.REVIEWING, ExtractStatus.PAYING, ExtractStatus.CONFIRMING],
    money: 'unfreeze',
  },
} as const;
type Decision = keyof typeof DECISIONS;

/**
 * Withdrawals to the user's bank card. Asking moves the amount from available to frozen; the administrator
 * approves (paying), may mark it sent (confirming), then marks it paid (frozen → withdrawn) or failed, or rejects
 * it at review (frozen → available). Each move is a ledger row written with the state change, once.
 */
export class ExtractService {
  private readonly p: Platform;
  private readonly repo: ExtractRepo;
  private readonly d: ExtractDeps;
  constructor(p: Platform, deps: ExtractDeps) {
    this.p = p;
    this.repo = extractRepo(p.db);
    this.d = deps;
  }

  async save(siteId: bigint, userId: bigint, input: { extractAmount: number; code: string }) {
    const me = await this.d.users.brief(siteId, userId);
    const card = await this.d.bank.payoutCard(siteId, userId);
    if (!card) throw fail('请先绑定银行卡再提现');
    const account = await ledgerRepo(this.p.db).account(siteId, userId);
    const available = account?.availableAmount ?? 0;
    if (available < input.extractAmount)
      throw fail(`可提现余额不足，当前可提现 ${fenToYuan(Math.max(available, 0))} 元`);
    // checked last, so a refused request does not use up the code
    await this.d.codes.consume(siteId, me.mobile, input.code);
    const row = await withTransaction(this.p.db, async (tx) => {
      const created = await extractRepo(tx).insert(siteId, {
        id: newId(),
        userId,
        extractAmount: input.extractAmount,
        bankCardNo: card.bankCardNo,
        bankName: card.bankName,
        bankBranchName: card.bankBranchName,
        bankUserName: card.bankUserName,
      });
      const moved = await ledgerRepo(tx).post(
        {
          siteId,
          userId,
          kind: 'withdraw_freeze',
          available: -input.extractAmount,
          frozen: input.extractAmount,
          extractId: created.id,
          remark: '申请提现',
        },
        { mustCover: true },
      );
      if (!moved) throw fail('可提现余额不足，请刷新后重试');
      return created;
    });
    return presentExtract(row);
  }

  async list(siteId: bigint, userId: bigint, q: TPageQuery & { extractStatus?: number }) {
    const { rows, total } = await this.repo.userPage(siteId, userId, q);
    return toPage(rows, total, q, presentExtract);
  }

  async adminPage(siteId: bigint, q: TPageQuery & { extractStatus?: number; mobile: string }) {
    const { rows, total } = await this.repo.adminPage(siteId, q);
    return toPage(rows, total, q, presentExtractAdmin);
  }

  /**
   * Review (2 approve, 5 reject) and payment results (3 sent, 4 paid, 5 failed) are one state machine; `stage`
   * keeps each call to its part of it (a request under review is not "paid", an approved one not "rejected").
   */
  async decide(siteId: bigint, adminId: bigint, id: string, status: Decision, remark: string, stage: 'audit' | 'pay') {
    const rule = DECISIONS[status];
    const from = (rule.from as readonly number[]).filter(
      (s) => (stage === 'audit') === (s === ExtractStatus.REVIEWING),
    );
    const row = await withTransaction(this.p.db, async (tx) => {
      const repo = extractRepo(tx);
      const cur = await repo.lock(siteId, BigInt(id));
      if (!cur) throw notFound('提现申请');
      if (!from.includes(cur.extractStatus)) {
        throw fail(
          `该提现申请当前为「${EXTRACT_STATUS_NAMES[cur.extractStatus]}」，不能改为「${EXTRACT_STATUS_NAMES[status]}」，请刷新`,
        );
      }
      const now = new Date();
      const reviewing = cur.extractStatus === ExtractStatus.REVIEWING;
      const updated = await repo.update(siteId, cur.id, {
        extractStatus: status,
        remark: remark || cur.remark,
        adminId,
        ...(reviewing ? { auditTime: now } : {}),
        ...(rule.money ? { finishTime: now } : {}),
      });
      const amount = cur.extractAmount;
      if (rule.money === 'paid') {
        await ledgerRepo(tx).post({
          siteId,
          userId: cur.userId,
          kind: 'withdraw_paid',
          frozen: -amount,
          withdrawn: amount,
          extractId: cur.id,
          remark: '提现已打款',
        });
      } else if (rule.money === 'unfreeze') {
        await ledgerRepo(tx).post({
          siteId,
          userId: cur.userId,
          kind: 'withdraw_unfreeze',
          frozen: -amount,
          available: amount,
          extractId: cur.id,
          remark: `提现未成功：${remark}`,
        });
      }
      await this.notify(tx, updated);
      return updated;
    });
    const shown = await this.repo.withUser(siteId, row.id);
    return presentExtractAdmin(shown!);
  }

  private async notify(tx: Db, e: ExtractRow): Promise<void> {
    const amount = `${fenToYuan(e.extractAmount)} 元`;
    const text: Record<number, [string, string]> = {
      [ExtractStatus.PAYING]: [
        '提现审核通过',
        `您申请提现的 ${amount} 已审核通过，正在打款到您尾号 ${e.bankCardNo.slice(-4)} 的银行卡。`,
      ],
      [ExtractStatus.SUCCESS]: [
        '提现已到账',
        `您申请提现的 ${amount} 已打款到尾号 ${e.bankCardNo.slice(-4)} 的银行卡，请注意查收。`,
      ],
      [ExtractStatus.FAILED]: ['提现未成功', `您申请提现的 ${amount} 未成功：${e.remark}。金额已退回可提现余额。`],
    };
    const msg = text[e.extractStatus];
    if (msg) await this.d.messages.send(e.siteId, e.userId, msg[0], msg[1], tx);
  }
}
