import { useMemo } from 'react';
import type { EChartsOption } from 'echarts';
import type { accountIncomeDay } from '#contract/account-ledger.ts';
import type { CallData } from '#contract/call.ts';
import { yuanNumber } from '#contract/money.ts';
import { EChart } from './echart.tsx';

export interface DayAmounts {
  date: string;
  /** bars, stacked, fen */
  amounts: Array<{ name: string; fen: number; color: string }>;
  /** a count drawn as a line on its own axis */
  count: number;
}

/** My account's income by day as the chart draws it: course shares and referral rewards stacked, and sales. */
export function accountIncomeDays(income: CallData<typeof accountIncomeDay>): DayAmounts[] {
  return income.list.map((d) => ({
    date: d.date,
    count: d.saleCount,
    amounts: [
      { name: '课程分成', fen: d.shareAmount, color: '#00777c' },
      { name: '推荐奖励', fen: d.rewardAmount, color: '#597ef7' },
    ],
  }));
}

/** Income (or revenue) by day: bars in yuan (stacked when they add up) and a count line on its own axis. */
export function IncomeChart({
  days,
  countName,
  label,
  stacked = true,
  compact = false,
}: {
  days: DayAmounts[];
  countName: string;
  label: string;
  stacked?: boolean;
  /** a phone's width: the legend, which takes the whole width there, goes under the chart, clear of the axis names */
  compact?: boolean;
}) {
  const option = useMemo<EChartsOption>(() => {
    const names = days[0]?.amounts.map((a) => a.name) ?? [];
    return {
      tooltip: { trigger: 'axis', valueFormatter: (v) => String(v) },
      legend: compact ? { bottom: 0 } : { top: 0 },
      grid: compact ? { left: 44, right: 36, bottom: 60, top: 32 } : { left: 56, right: 48, bottom: 32, top: 40 },
      xAxis: { type: 'category', data: days.map((d) => d.date.slice(5)) },
      yAxis: [
        { type: 'value', name: '金额（元）', axisLabel: { formatter: '{value}' } },
        { type: 'value', name: countName, minInterval: 1, splitLine: { show: false } },
      ],
      series: [
        ...names.map((name, i) => ({
          name,
          type: 'bar' as const,
          stack: stacked ? 'money' : undefined,
          itemStyle: { color: days[0]?.amounts[i]?.color },
          data: days.map((d) => yuanNumber(d.amounts[i]?.fen ?? 0)),
        })),
        {
          name: countName,
          type: 'line' as const,
          yAxisIndex: 1,
          itemStyle: { color: '#faad14' },
          data: days.map((d) => d.count),
        },
      ],
    };
  }, [days, countName, stacked, compact]);
  return <EChart option={option} label={label} height={compact ? 280 : undefined} />;
}
