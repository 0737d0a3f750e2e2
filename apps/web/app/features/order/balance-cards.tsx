import type { TAccountBalance } from '#contract/account-ledger.ts';
import { balanceItems, debtNote } from './balance-items.ts';
import { money } from './order-format.ts';

/** The money account at a glance: what may be withdrawn, what withdrawals hold, what was paid out, all earned. */
export function BalanceCards({ balance }: { balance: TAccountBalance }) {
  const debt = debtNote(balance);
  return (
    <>
      <div className="qk-balances">
        {balanceItems(balance).map((i) => (
          <div key={i.key} className={i.main ? 'qk-balance qk-balance--main' : 'qk-balance'}>
            <span>{i.label}</span>
            <strong data-testid={`balance-${i.key}`}>{money(i.value)}</strong>
          </div>
        ))}
      </div>
      {debt ? (
        <p className="qk-muted" data-testid="balance-debt">
          {debt}
        </p>
      ) : null}
    </>
  );
}
