import type { ModuleContext } from '../module.ts';
import type { BankAccountService } from '../user/bank-account.service.ts';
import type { SmsCodeService } from '../user/sms-code.service.ts';
import type { UserService } from '../user/user.service.ts';
import type { MessageService } from '../message/message.service.ts';
import { LedgerService } from './ledger.service.ts';
import { ExtractService } from './extract.service.ts';
import { ledgerRoutes } from './ledger.routes.ts';

export interface LedgerDeps {
  users: UserService;
  bank: BankAccountService;
  codes: SmsCodeService;
  messages: MessageService;
}

/** Money accounts, their ledger, withdrawals, and the rates that split a payment. */
export function registerLedger({ on, p }: ModuleContext, deps: LedgerDeps) {
  const ledger = new LedgerService(p, deps.bank);
  const extracts = new ExtractService(p, deps);
  ledgerRoutes(on, ledger, extracts);
  return { ledger, extracts };
}
export type LedgerServices = ReturnType<typeof registerLedger>;
