import * as c from '#contract/account-ledger.ts';
import * as a from '#contract/order-admin.ts';
import type { Router } from '../../platform/http/route.ts';
import type { LedgerService } from './ledger.service.ts';
import type { ExtractService } from './extract.service.ts';

/** The user's money account and withdrawals, and the administrator's accounts, rates and withdrawal review. */
export function ledgerRoutes(on: Router, ledger: LedgerService, extracts: ExtractService): void {
  on(c.accountBalanceView, ({ site, actor }) => ledger.balance(site.id, actor.id));
  on(c.accountLedgerList, ({ site, actor, body }) => ledger.ledgerPage(site.id, actor.id, body));
  on(c.accountIncomeDay, ({ site, actor, body }) => ledger.incomeDay(site.id, actor.id, body));
  on(c.extractLogSave, ({ site, actor, body }) => extracts.save(site.id, actor.id, body));
  on(c.extractLogList, ({ site, actor, body }) => extracts.list(site.id, actor.id, body));

  on(a.adminLecturerSharePage, ({ site, body }) => ledger.sharePage(site.id, body));
  on(a.adminLecturerShareUpdate, ({ site, body }) => ledger.setShareRate(site.id, body.id, body.shareRate));
  on(a.adminReferralView, ({ site }) => ledger.referralRate(site.id));
  on(a.adminReferralUpdate, ({ site, body }) => ledger.setReferralRate(site.id, body.referralRate));
  on(a.adminExtractPage, ({ site, body }) => extracts.adminPage(site.id, body));
  on(a.adminExtractAudit, ({ site, actor, body }) =>
    extracts.decide(site.id, actor.id, body.id, body.extractStatus, body.remark, 'audit'),
  );
  on(a.adminExtractPay, ({ site, actor, body }) =>
    extracts.decide(site.id, actor.id, body.id, body.extractStatus, body.remark, 'pay'),
  );
  on(a.adminAccountPage, ({ site, body }) => ledger.accountsPage(site.id, body));
  on(a.adminAccountLedger, ({ site, body }) => ledger.ledgerPage(site.id, BigInt(body.userId), body));
  on(a.adminAccountCheck, ({ site }) => ledger.check(site.id));
}
