import type { ReactNode } from 'react';
import type { TAccountBalance } from '#contract/account-ledger.ts';
import { balanceItems, debtNote } from '../features/order/balance-items.ts';
import { money } from '../features/order/order-format.ts';

/** The money account at a glance on a phone: four figures two by two, what may be withdrawn first. */
export function H5Balances({ balance, children }: { balance: TAccountBalance; children?: ReactNode }) {
  const debt = debtNote(balance);
  return (
    <section className="h5-section" aria-label="我的余额">
      <dl className="h5-balances">
        {balanceItems(balance).map((i) => (
          <div key={i.key} className={i.main ? 'h5-balance is-main' : 'h5-balance'}>
            <dt>{i.label}</dt>
            <dd data-testid={`balance-${i.key}`}>{money(i.value)}</dd>
          </div>
        ))}
      </dl>
      {debt ? (
        <p className="h5-muted" data-testid="balance-debt">
          {debt}
        </p>
      ) : null}
      {children}
    </section>
  );
}
