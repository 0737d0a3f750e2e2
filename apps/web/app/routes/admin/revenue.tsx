import { useMemo } from 'react';
import { Card, Segmented } from 'antd';
import { useNavigate } from 'react-router';
import { adminOrderStat } from '#contract/order-admin.ts';
import { adminLoad } from '../../features/admin/admin-loader.ts';
import { IncomeChart } from '../../features/order/income-chart.tsx';
import { lastDays } from '../../features/order/order-format.ts';
import { AccountCheck, RevenueTotals, TopProducts } from '../../features/order/revenue-parts.tsx';
import type { Route } from './+types/revenue.ts';

export const meta: Route.MetaFunction = () => [{ title: '收入统计 · 青课管理后台' }];

const RANGES = [
  { value: '7', label: '近 7 天' },
  { value: '30', label: '近 30 天' },
  { value: '90', label: '近 90 天' },
  { value: '365', label: '近一年' },
];

export async function loader(args: Route.LoaderArgs) {
  const raw = new URL(args.request.url).searchParams.get('days') ?? '30';
  const days = RANGES.some((r) => r.value === raw) ? Number(raw) : 30;
  return { days, stat: await adminLoad(args, adminOrderStat, lastDays(days)) };
}

/** The revenue dashboard: totals of a range, income and refunds by day, the best-selling products, and the ledger check. */
export default function AdminRevenue({ loaderData }: Route.ComponentProps) {
  const { days, stat } = loaderData;
  const navigate = useNavigate();
  // one chart per loaded range: a new option array on every render would draw it again
  const byDay = useMemo(
    () =>
      stat.byDay.map((d) => ({
        date: d.date,
        count: d.paidCount,
        amounts: [
          { name: '支付金额', fen: d.paidAmount, color: '#00777c' },
          { name: '退款金额', fen: d.refundAmount, color: '#ff7875' },
        ],
      })),
    [stat],
  );
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <Card
        title={`收入统计（${stat.beginDate} 至 ${stat.endDate}）`}
        extra={<Segmented value={String(days)} options={RANGES} onChange={(v) => navigate(`?days=${v}`)} />}
      >
        <RevenueTotals stat={stat} />
      </Card>
      <Card title="每日收入">
        <IncomeChart days={byDay} countName="支付笔数" label="每日支付金额与退款" stacked={false} />
      </Card>
      <Card title="销售额前 20 的商品">
        <TopProducts stat={stat} />
      </Card>
      <AccountCheck />
    </div>
  );
}
