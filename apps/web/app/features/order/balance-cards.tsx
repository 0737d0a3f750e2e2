import type { TAccountBalance } from '#contract/account-ledger.ts';
import { money } from './order-format.ts';

/**
 * The money account at a glance: what may be withdrawn, what withdrawals hold, what was paid out, all earned. A
 * refund after a withdrawal leaves the account owing, which later income pays back first: said in words.
 */
export function BalanceCards({ balance }: { balance: TAccountBalance }) {
  const items = [
    { key: 'available', label: '可提现', value: balance.availableAmount, main: true },
    { key: 'frozen', label: '提现中（冻结）', value: balance.frozenAmount },
    { key: 'withdrawn', label: '已提现', value: balance.withdrawnAmount },
    { key: 'income', label: '累计收入', value: balance.totalIncome },
  ];
  return (
    <>
      <div className="qk-balances">
        {items.map((i) => (
          <div key={i.key} className={i.main ? 'qk-balance qk-balance--main' : 'qk-balance'}>
            <span>{i.label}</span>
            <strong data-testid={`balance-${i.key}`}>{money(i.value)}</strong>
          </div>
        ))}
      </div>
      {balance.availableAmount < 0 ? (
        <p className="qk-muted" data-testid="balance-debt">
          有订单退款扣回了已经提现的收入，可提现金额为负；之后的收入会先抵扣这 {money(-balance.availableAmount)}。
        </p>
      ) : null}
    </>
  );
}
