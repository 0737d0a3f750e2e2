import { useMemo } from 'react';
import type { EChartsOption } from 'echarts';
import type { TGradeDay } from '#contract/grade.ts';
import { EChart } from '../order/echart.tsx';

/** The class's days: mean progress (%) on the left axis, members and members who studied that day on the right. */
function trendOf(days: TGradeDay[]): EChartsOption {
  // 2026-03-05 → 03-05: the year is the page's, and the axis stays readable over a month
  const labels = days.map((d) => d.day.slice(5));
  return {
    title: { text: '学习进度走势', left: 0, textStyle: { fontSize: 14 } },
    tooltip: { trigger: 'axis' },
    legend: { top: 0, right: 0, data: ['平均进度（%）', '成员数', '当天学习人数'] },
    grid: { left: 48, right: 48, top: 76, bottom: 32 },
    xAxis: { type: 'category', boundaryGap: false, data: labels },
    yAxis: [
      { type: 'value', name: '进度 %', min: 0, max: 100 },
      { type: 'value', name: '人数', minInterval: 1, splitLine: { show: false } },
    ],
    series: [
      {
        type: 'line',
        name: '平均进度（%）',
        yAxisIndex: 0,
        data: days.map((d) => d.meanProgress),
        itemStyle: { color: '#1f9e95' },
        areaStyle: { opacity: 0.12 },
        smooth: true,
      },
      {
        type: 'line',
        name: '成员数',
        yAxisIndex: 1,
        step: 'end',
        data: days.map((d) => d.memberCount),
        itemStyle: { color: '#8c8c8c' },
        lineStyle: { type: 'dashed' },
      },
      {
        type: 'bar',
        name: '当天学习人数',
        yAxisIndex: 1,
        data: days.map((d) => d.studiedCount),
        itemStyle: { color: '#f5a623', opacity: 0.7 },
        barMaxWidth: 12,
      },
    ],
  };
}

/** The chart of the class's progress over time: one point a day, today's as it stands now. */
export function ProgressTrend({ days }: { days: TGradeDay[] }) {
  const option = useMemo(() => trendOf(days), [days]);
  if (!days.length) return null;
  return (
    <figure className="qk-grade-chart" data-testid="grade-trend">
      <EChart option={option} height={280} label="班级学习进度走势图" />
      <figcaption className="qk-muted">
        {days.length === 1
          ? '班级每天的平均进度从今天起逐日记录，明天起可看到走势'
          : `最近 ${days.length} 天，每天一点（今天为实时数据）`}
      </figcaption>
    </figure>
  );
}
