import { useMemo } from 'react';
import { Segmented } from 'antd';
import { Link } from '../../components/link.tsx';
import { accountBalanceView, accountIncomeDay, accountLedgerList } from '#contract/account-ledger.ts';
import { orderLecturer } from '#contract/order.ts';
import type { Route } from './+types/earnings.ts';
import { Page } from '../../components/page.tsx';
import { useQueryParam } from '../../features/account/page-query.ts';
import { BalanceCards } from '../../features/order/balance-cards.tsx';
import { IncomeChart } from '../../features/order/income-chart.tsx';
import { LedgerTable, SalesTable } from '../../features/order/money-tables.tsx';
import { lastDays, money } from '../../features/order/order-format.ts';
import { pageLoad, pageLoadOrNull } from '../../lib/session-load.ts';
import '../../features/order/order.css';

const RANGES = [
  { value: '7', label: '近 7 天' },
  { value: '30', label: '近 30 天' },
  { value: '90', label: '近 90 天' },
];
const PAGE_SIZE = 10;

function numberParam(url: URL, name: string, allowed?: string[]): number {
  const raw = url.searchParams.get(name) ?? '';
  if (allowed) return Number(allowed.includes(raw) ? raw : allowed[0]);
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const days = numberParam(
    url,
    'days',
    RANGES.map((r) => r.value),
  );
  const [balance, income, ledger, sales] = await Promise.all([
    pageLoad(args, accountBalanceView),
    pageLoad(args, accountIncomeDay, lastDays(days)),
    pageLoad(args, accountLedgerList, { pageCurrent: numberParam(url, 'lpage'), pageSize: PAGE_SIZE }),
    // only lecturers have sales; anyone else is refused (999) and the section is left out
    pageLoadOrNull(args, orderLecturer, {
      pageCurrent: numberParam(url, 'spage'),
      pageSize: PAGE_SIZE,
      beginDate: '',
      endDate: '',
    }),
  ]);
  return { days, balance, income, ledger, sales };
}

/** /account/earnings — my account: balances, income by day as a chart, my course sales (lecturers) and every ledger row. */
export default function AccountEarnings({ loaderData }: Route.ComponentProps) {
  const { days, balance, income, ledger, sales } = loaderData;
  const setParam = useQueryParam();
  // one chart per loaded range: a new option array on every render would draw it again
  const chartDays = useMemo(
    () =>
      income.list.map((d) => ({
        date: d.date,
        count: d.saleCount,
        amounts: [
          { name: '课程分成', fen: d.shareAmount, color: '#00777c' },
          { name: '推荐奖励', fen: d.rewardAmount, color: '#597ef7' },
        ],
      })),
    [income],
  );
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
            options={RANGES}
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
