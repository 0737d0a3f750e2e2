import { useMemo } from 'react';
import { Link } from '../components/link.tsx';
import type { Route } from './+types/account-earnings.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { INCOME_RANGES, loadEarnings } from '../features/order/earnings-load.ts';
import { accountIncomeDays, IncomeChart } from '../features/order/income-chart.tsx';
import { money } from '../features/order/order-format.ts';
import { H5ChipNav } from './h5-chip.tsx';
import { H5Header } from './h5-frame.tsx';
import { H5Balances } from './money-balances.tsx';
import { LedgerItem, SaleItem } from './money-rows.tsx';
import { H5RowsSection } from './rows-section.tsx';
import './h5-lists.css';
import './h5-money.css';

export function loader(args: Route.LoaderArgs) {
  return loadEarnings(args, 10);
}

/**
 * /h5/account/earnings — my money on a phone: the balances and the way to withdraw them, income by day over a
 * week, a month or a quarter, a lecturer's course sales and every change of the account.
 */
export default function H5Earnings({ loaderData }: Route.ComponentProps) {
  const { days, balance, income, ledger, sales } = loaderData;
  // one chart per loaded range: a new option array on every render would draw it again
  const chartDays = useMemo(() => accountIncomeDays(income), [income]);
  return (
    <>
      <PageMeta title="我的收益" />
      <H5Header title="我的收益" />
      <h1 className="h5-visually-hidden">我的收益</h1>
      <H5Balances balance={balance}>
        <p className="h5-muted h5-money__totals">
          累计课程分成 {money(balance.totalShare)} · 累计推荐奖励 {money(balance.totalReward)}
        </p>
        <Link className="h5-button h5-button--primary h5-button--block" to="/h5/account/draw_money">
          申请提现
        </Link>
      </H5Balances>
      <section className="h5-section" aria-labelledby="income-title">
        <h2 className="h5-section__title" id="income-title">
          每日收入
        </h2>
        <H5ChipNav
          label="收入的时间范围"
          className="h5-money__chips"
          options={INCOME_RANGES}
          on={String(days)}
          hrefOf={(v) => (v === INCOME_RANGES[0].value ? '/h5/account/earnings' : `/h5/account/earnings?days=${v}`)}
          keepPlace
        />
        <p className="h5-muted" data-testid="income-range">
          {income.list[0]?.date} 至 {income.list.at(-1)?.date}：课程分成 {money(income.shareAmount)}，推荐奖励{' '}
          {money(income.rewardAmount)}
        </p>
        <IncomeChart days={chartDays} countName="售出（份）" label={`近 ${days} 天每日收入`} compact />
      </section>
      {sales ? (
        <H5RowsSection name="课程销售记录" empty="还没有课程售出" page={sales} unit="笔" param="spage">
          {sales.list.map((s) => (
            <SaleItem key={s.orderNo} s={s} />
          ))}
        </H5RowsSection>
      ) : null}
      <H5RowsSection name="收支明细" empty="还没有收支记录" page={ledger} unit="条" param="lpage">
        {ledger.list.map((r) => (
          <LedgerItem key={r.id} r={r} />
        ))}
      </H5RowsSection>
    </>
  );
}
