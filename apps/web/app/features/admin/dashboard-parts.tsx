import { useMemo } from 'react';
import { Card, Statistic } from 'antd';
import type { EChartsOption } from 'echarts';
import { Link } from '../../components/link.tsx';
import type { TDashboardDay, TDashboardWaiting } from '#contract/admin-dashboard.ts';
import { formatMoney } from '#contract/money.ts';
import { EChart } from '../order/echart.tsx';
import { IncomeChart } from '../order/income-chart.tsx';

const grid = { display: 'grid', gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', gap: 16 } as const;

/** One figure as a card that leads to the page where it is worked on. */
function Figure({ title, to, value, hint }: { title: string; to: string; value: string | number; hint: string }) {
  return (
    <Link to={to} style={{ display: 'block' }} aria-label={`${title}：${value}`}>
      <Card size="small" hoverable>
        <Statistic title={title} value={value} />
        <div style={{ color: '#888', marginTop: 4 }}>{hint}</div>
      </Card>
    </Link>
  );
}

/** Today's orders, revenue and new users. */
export function TodayFigures({ today }: { today: TDashboardDay }) {
  const day = `beginDate=${today.date}&endDate=${today.date}`;
  return (
    <div style={grid}>
      <Figure title="今日订单" to={`/admin/orders?${day}`} value={today.orderCount} hint="今天下单的订单数" />
      <Figure
        title="今日支付"
        to={`/admin/orders?${day}&orderStatus=2`}
        value={today.paidCount}
        hint="今天支付成功的订单数"
      />
      <Figure title="今日收入" to="/admin/revenue" value={formatMoney(today.paidAmount)} hint="今天支付成功的金额" />
      <Figure title="今日新用户" to="/admin/users" value={today.newUsers} hint="今天注册的用户数" />
    </div>
  );
}

/** What waits for the administrator, each leading to its audit list. */
export function WaitingFigures({ waiting }: { waiting: TDashboardWaiting }) {
  const hint = (n: number) => (n > 0 ? '点击前往处理' : '暂无待处理');
  return (
    <div style={grid}>
      <Figure
        title="课程待审核"
        to="/admin/course-audits?auditStatus=0"
        value={waiting.courses}
        hint={hint(waiting.courses)}
      />
      <Figure
        title="试卷待审核"
        to="/admin/exam-audits?auditStatus=0"
        value={waiting.papers}
        hint={hint(waiting.papers)}
      />
      <Figure
        title="讲师申请待审核"
        to="/admin/lecturer-audits?auditStatus=0"
        value={waiting.lecturers}
        hint={hint(waiting.lecturers)}
      />
      <Figure
        title="提现待审核"
        to="/admin/withdrawals?extractStatus=1"
        value={waiting.withdrawals}
        hint={hint(waiting.withdrawals)}
      />
    </div>
  );
}

/** Orders placed and the amount paid, by day. */
export function OrdersChart({ days }: { days: TDashboardDay[] }) {
  const byDay = useMemo(
    () =>
      days.map((d) => ({
        date: d.date,
        count: d.orderCount,
        amounts: [{ name: '支付金额', fen: d.paidAmount, color: '#08979c' }],
      })),
    [days],
  );
  return <IncomeChart days={byDay} countName="订单数" label="近 30 天每日订单数与支付金额" />;
}

/** New users by day. */
export function NewUsersChart({ days }: { days: TDashboardDay[] }) {
  const option = useMemo<EChartsOption>(
    () => ({
      tooltip: { trigger: 'axis' },
      grid: { left: 48, right: 24, bottom: 32, top: 24 },
      xAxis: { type: 'category', data: days.map((d) => d.date.slice(5)) },
      yAxis: { type: 'value', name: '人', minInterval: 1 },
      series: [{ name: '新用户', type: 'bar', itemStyle: { color: '#597ef7' }, data: days.map((d) => d.newUsers) }],
    }),
    [days],
  );
  return <EChart option={option} height={260} label="近 30 天每日新用户" />;
}
