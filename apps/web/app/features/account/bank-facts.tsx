import { Fragment } from 'react';
import type { TBankAccount } from '#contract/account.ts';

/** The bound payout card as both sites list it, masked as the server sends it; `className` is each site's list. */
export function BankFacts({ bank, className }: { bank: TBankAccount; className: string }) {
  const facts = [
    { label: '卡号', value: bank.bankCardNo },
    { label: '开户银行', value: bank.bankBranchName ? `${bank.bankName} ${bank.bankBranchName}` : bank.bankName },
    { label: '持卡人', value: bank.bankUserName },
    { label: '身份证号', value: bank.bankIdCardNo },
  ];
  return (
    <dl className={className}>
      {facts.map((f) => (
        <Fragment key={f.label}>
          <dt>{f.label}</dt>
          <dd>{f.value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

/** Who may withdraw, before a card is bound: said where the card would be. */
export const NO_BANK_CARD = '还未绑定银行卡。讲师和推荐人提现收益时需要绑定本人银行卡。';
