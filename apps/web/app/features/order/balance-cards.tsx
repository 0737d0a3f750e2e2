import type { TAccountBalance } from '#contract/account-ledger.ts';
import { money } from './order-format.ts';

/** The money account at a glance: what may be withdrawn, what withdrawals hold, what was paid out, all earned. */
export function BalanceCards({ balance }: { balance: TAccountBalance }) {
  const items = [
    { key: 'available', label: '可提现', value: balance.availableAmount, main: true },
    { key: 'frozen', label: '提现中（冻结）', value: balance.frozenAmount },
    { key: 'withdrawn', label: '已提现', value: balance.withdrawnAmount },
    { key: 'income', label: '累计收入', value: balance.totalIncome },
  ];
  return (
    <div className="qk-balances">
      {items.map((i) => (
        <div key={i.key} className={i.main ? 'qk-balance qk-balance--main' : 'qk-balance'}>
          <span>{i.label}</span>
          <strong data-testid={`balance-${i.key}`}>{money(i.value)}</strong>
        </div>
      ))}
    </div>
  );
}
