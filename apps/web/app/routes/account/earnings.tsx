import { useMemo } from 'react';
import { Segmented } from 'antd';
import { Link } from '../../components/link.tsx';
import type { Route } from './+types/earnings.ts';
import { Page } from '../../components/page.tsx';
import { useQueryParam } from '../../features/account/page-query.ts';
import { BalanceCards } from '../../features/order/balance-cards.tsx';
import { INCOME_RANGES, loadEarnings } from '../../features/order/earnings-load.ts';
import { accountIncomeDays, IncomeChart } from '../../features/order/income-chart.tsx';
import { LedgerTable, SalesTable } from '../../features/order/money-tables.tsx';
import { money } from '../../features/order/order-format.ts';
import '../../features/order/order.css';

export function loader(args: Route.LoaderArgs) {
  return loadEarnings(args, 10);
}

/** /account/earnings — my account: balances, income by day as a chart, my course sales (lecturers) and every ledger row. */
export default function AccountEarnings({ loaderData }: Route.ComponentProps) {
  const { days, balance, income, ledger, sales } = loaderData;
  const setParam = useQueryParam();
  // one chart per loaded range: a new option array on every render would draw it again
  const chartDays = useMemo(() => accountIncomeDays(income), [income]);
  return (
    <Page title="我的收益">
      <BalanceCards balance={balance} />
      <p className="qk-muted">
        累计课程分成 {money(balance.totalShare)}，累计推荐奖励 {money(balance.totalReward)}。{' '}
        <Link to="/account/draw_money">申请提现 →</Link>
      </p>
      <section className="qk-card">
        <h2 className="qk-card__title">
          每日收入
          <Segmented
            size="small"
            value={String(days)}
            options={[...INCOME_RANGES]}
            onChange={(v) => setParam('days', v === '7' ? null : String(v))}
          />
        </h2>
        <p className="qk-muted" data-testid="income-range">
          {income.list[0]?.date} 至 {income.list.at(-1)?.date}：课程分成 {money(income.shareAmount)}，推荐奖励{' '}
          {money(income.rewardAmount)}
        </p>
        <IncomeChart days={chartDays} countName="售出（份）" label={`近 ${days} 天每日收入`} />
      </section>
      {sales ? (
        <section className="qk-card">
          <h2 className="qk-card__title">课程销售记录（{sales.totalCount}）</h2>
          <SalesTable page={sales} onPage={(n) => setParam('spage', n)} />
        </section>
      ) : null}
      <section className="qk-card">
        <h2 className="qk-card__title">收支明细</h2>
        <LedgerTable page={ledger} onPage={(n) => setParam('lpage', n)} />
      </section>
    </Page>
  );
}
