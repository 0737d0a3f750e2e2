import type { TBankAccount } from '#contract/account.ts';
import type { Platform } from '../../platform/context.ts';
import type { SmsCodeService } from './sms-code.service.ts';
import type { UserService } from './user.service.ts';
import { accountRepo, type AccountRepo, type BankFields, type BankRow } from './account.repo.ts';
import { presentBank } from './account.presenter.ts';

/** The bank card payouts go to. Changing it takes an SMS code to the account's own mobile. */
export class BankAccountService {
  private readonly repo: AccountRepo;
  private readonly users: UserService;
  private readonly codes: SmsCodeService;
  constructor(p: Platform, users: UserService, codes: SmsCodeService) {
    this.repo = accountRepo(p.db);
    this.users = users;
    this.codes = codes;
  }

  async view(siteId: bigint, userId: bigint): Promise<TBankAccount | null> {
    const row = await this.repo.bank(siteId, userId);
    return row ? presentBank(row) : null;
  }

  /** The card in full, for a withdrawal to copy (never shown to the user again). */
  payoutCard(siteId: bigint, userId: bigint): Promise<BankRow | undefined> {
    return this.repo.bank(siteId, userId);
  }

  async update(siteId: bigint, userId: bigint, input: BankFields & { code: string }): Promise<TBankAccount> {
    const { code, ...fields } = input;
    const user = await this.users.brief(siteId, userId);
    await this.codes.consume(siteId, user.mobile, code);
    return presentBank(await this.repo.saveBank(siteId, userId, fields));
  }
}
