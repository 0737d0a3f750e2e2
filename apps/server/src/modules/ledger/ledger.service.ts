import type { TPageQuery } from '#contract/call.ts';
import type { TLedgerKind } from '#contract/account-ledger.ts';
import { ORDER_LIMITS } from '#contract/order.ts';
import type { Platform } from '../../platform/context.ts';
import type { Db } from '../../platform/db/client.ts';
import { toPage } from '../../platform/db/page.ts';
import { fail, notFound } from '../../platform/http/errors.ts';
import type { BankAccountService } from '../user/bank-account.service.ts';
import { ledgerRepo, type LedgerEntryRow, type LedgerRepo } from './ledger.repo.ts';
import { ratesRepo, type RatesRepo } from './rates.repo.ts';
import { presentAccountAdmin, presentBalance, presentLedger, presentShare } from './ledger.presenter.ts';
import { dayRange } from '../../platform/day-range.ts';

/** What a paid order credits: the lecturer's share and the referrer's reward (either may be absent). */
export interface OrderCredits {
  siteId: bigint;
  orderNo: bigint;
  productName: string;
  share?: { userId: bigint; amount: number };
  reward?: { userId: bigint; amount: number };
}

const REVERSAL: Partial<Record<TLedgerKind, TLedgerKind>> = { share: 'share_reversal', reward: 'reward_reversal' };

/**
 * Users' money accounts. Orders credit and reverse through here inside their own transactions; withdrawals live
 * in ExtractService. Also the two rates that decide a payment's split.
 */
export class LedgerService {
  private readonly repo: LedgerRepo;
  private readonly rates: RatesRepo;
  private readonly bank: BankAccountService;
  constructor(p: Platform, bank: BankAccountService) {
    this.repo = ledgerRepo(p.db);
    this.rates = ratesRepo(p.db);
    this.bank = bank;
  }

  /** An order's ledger rows, with whose account each moved (the administrator's order page). */
  async ofOrder(siteId: bigint, orderNo: bigint) {
    const rows = await this.repo.ofOrder(siteId, orderNo);
    return rows.map((l) => ({ ...presentLedger(l), userId: String(l.userId), mobile: l.mobile }));
  }

  /** Credits a paid order's share and reward, in the order's transaction. Amounts of 0 write nothing. */
  async creditOrder(tx: Db, c: OrderCredits): Promise<void> {
    const repo = ledgerRepo(tx);
    if (c.share && c.share.amount > 0) {
      await repo.credit({
        siteId: c.siteId,
        userId: c.share.userId,
        kind: 'share',
        available: c.share.amount,
        orderNo: c.orderNo,
        remark: `《${c.productName}》销售分成`,
      });
    }
    if (c.reward && c.reward.amount > 0) {
      await repo.credit({
        siteId: c.siteId,
        userId: c.reward.userId,
        kind: 'reward',
        available: c.reward.amount,
        orderNo: c.orderNo,
        remark: `推荐用户购买《${c.productName}》`,
      });
    }
  }

  /**
   * Takes back what an order credited, by new rows of the opposite sign (rows are never edited). The available
   * balance may go below zero when the money was already withdrawn; it then blocks withdrawals until earned back.
   */
  async reverseOrder(tx: Db, siteId: bigint, orderNo: bigint, reason: string): Promise<LedgerEntryRow[]> {
    const repo = ledgerRepo(tx);
    const rows = await repo.ofOrder(siteId, orderNo);
    const out: LedgerEntryRow[] = [];
    for (const r of rows) {
      const kind = REVERSAL[r.kind as TLedgerKind];
      if (!kind || rows.some((x) => x.userId === r.userId && x.kind === kind)) continue;
      const row = await repo.post({
        siteId,
        userId: r.userId,
        kind,
        available: -r.availableDelta,
        orderNo,
        remark: `订单退款：${reason}`,
      });
      out.push(row!);
    }
    return out;
  }

  async balance(siteId: bigint, userId: bigint) {
    const [account, card] = await Promise.all([
      this.repo.account(siteId, userId),
      this.bank.payoutCard(siteId, userId),
    ]);
    return presentBalance(account, !!card);
  }

  async ledgerPage(siteId: bigint, userId: bigint, q: TPageQuery & { kind?: TLedgerKind }) {
    const { rows, total } = await this.repo.page(siteId, userId, q, q.kind);
    return toPage(rows, total, q, presentLedger);
  }

  /** Income per day for the chart: every day of the range, 0 where nothing came in (7 days unless told). */
  async incomeDay(siteId: bigint, userId: bigint, q: { beginDate: string; endDate: string }) {
    const range = dayRange(q, 7, ORDER_LIMITS.maxChartDays);
    const found = new Map((await this.repo.incomeByDay(siteId, userId, range.from, range.to)).map((r) => [r.date, r]));
    const list = range.days.map((date) => found.get(date) ?? { date, saleCount: 0, shareAmount: 0, rewardAmount: 0 });
    return {
      list,
      shareAmount: list.reduce((s, d) => s + d.shareAmount, 0),
      rewardAmount: list.reduce((s, d) => s + d.rewardAmount, 0),
    };
  }

  /* ---- administrator ---- */

  async accountsPage(siteId: bigint, q: TPageQuery & { mobile: string }) {
    const { rows, total } = await this.repo.accountsPage(siteId, q);
    return toPage(rows, total, q, presentAccountAdmin);
  }

  async check(siteId: bigint) {
    const { accountCount, mismatches } = await this.repo.check(siteId);
    return { accountCount, mismatches: mismatches.map((m) => ({ ...m, userId: String(m.userId) })) };
  }

  async sharePage(siteId: bigint, q: TPageQuery & { lecturerName: string }) {
    const { rows, total } = await this.rates.sharePage(siteId, q);
    return toPage(rows, total, q, presentShare);
  }

  async setShareRate(siteId: bigint, id: string, shareRate: number) {
    const row = await this.rates.setShareRate(siteId, BigInt(id), shareRate);
    if (!row) throw notFound('讲师');
    return presentShare(row);
  }

  async referralRate(siteId: bigint) {
    const rate = await this.rates.referralRate(siteId);
    if (rate === undefined) throw fail('站点信息尚未设置');
    return { referralRate: rate };
  }

  async setReferralRate(siteId: bigint, rate: number) {
    const saved = await this.rates.setReferralRate(siteId, rate);
    if (saved === undefined) throw fail('站点信息尚未设置');
    return { referralRate: saved };
  }
}
