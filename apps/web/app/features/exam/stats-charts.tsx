import { useEffect, useRef } from 'react';
import type { CallData } from '#contract/call.ts';
import type { examStatistics } from '#contract/exam-attempt.ts';
import { plainStem } from './problem-filters.tsx';

type Stats = CallData<typeof examStatistics>;

/** ECharts is loaded only here, on demand: a bar per score band and a bar per problem's correct rate. */
export function StatsCharts({ stats }: { stats: Stats }) {
  const bandsRef = useRef<HTMLDivElement>(null);
  const ratesRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let disposed = false;
    const charts: Array<{ dispose: () => void }> = [];
    void import('../../lib/echarts.ts').then((echarts) => {
      if (disposed || !bandsRef.current || !ratesRef.current) return;
      const color = '#00777c';
      const bands = echarts.init(bandsRef.current);
      bands.setOption({
        title: { text: '分数分布', left: 'center', textStyle: { fontSize: 14 } },
        tooltip: { trigger: 'axis' },
        grid: { left: 40, right: 16, bottom: 40, top: 40 },
        xAxis: {
          type: 'category',
          data: stats.buckets.map((b) => b.label),
          name: '分数段',
          nameLocation: 'middle',
          nameGap: 28,
        },
        yAxis: { type: 'value', name: '人数', minInterval: 1 },
        series: [
          {
            type: 'bar',
            data: stats.buckets.map((b) => b.count),
            itemStyle: { color },
            label: { show: true, position: 'top' },
          },
        ],
      });
      const rates = echarts.init(ratesRef.current);
      rates.setOption({
        title: { text: '每题正确率', left: 'center', textStyle: { fontSize: 14 } },
        tooltip: {
          trigger: 'axis',
          formatter: (ps: Array<{ dataIndex: number }>) => {
            const p = stats.problems[ps[0]!.dataIndex]!;
            return `第 ${ps[0]!.dataIndex + 1} 题（${p.problemTypeName}）<br/>${plainStem(p.problemContent).slice(0, 40)}<br/>正确率 ${(p.correctRate * 100).toFixed(1)}%（${p.correctCount}/${stats.submittedCount}）`;
          },
        },
        grid: { left: 48, right: 16, bottom: 40, top: 40 },
        xAxis: {
          type: 'category',
          data: stats.problems.map((_, i) => String(i + 1)),
          name: '题号',
          nameLocation: 'middle',
          nameGap: 28,
        },
        yAxis: { type: 'value', max: 100, axisLabel: { formatter: '{value}%' } },
        series: [
          {
            type: 'bar',
            data: stats.problems.map((p) => Math.round(p.correctRate * 1000) / 10),
            itemStyle: { color: '#13a8a8' },
          },
        ],
      });
      charts.push(bands, rates);
    });
    return () => {
      disposed = true;
      for (const c of charts) c.dispose();
    };
  }, [stats]);
  return (
    <div>
      <div ref={bandsRef} className="qk-exam-chart" data-testid="chart-bands" />
      <div ref={ratesRef} className="qk-exam-chart" data-testid="chart-rates" />
    </div>
  );
}
