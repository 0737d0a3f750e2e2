import { useMemo, useState } from 'react';
import { Button, Progress, Table, Tag } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { EChartsOption } from 'echarts';
import type { CallData } from '#contract/call.ts';
import type { gradeSummary } from '#contract/grade.ts';
import { GradeRole, gradeSummaryExport, type TGrade, type TGradeDay } from '#contract/grade.ts';
import { showFailure } from '../../api/client.ts';
import { useQueryParam } from '../account/page-query.ts';
import { EChart } from '../order/echart.tsx';
import { downloadCall } from './download.ts';
import { ProgressTrend } from './progress-trend.tsx';

export type SummaryData = CallData<typeof gradeSummary>;
/** The summary's page of members, with the class's days for the chart of progress over time. */
type PanelData = SummaryData & { history: TGradeDay[] };
type Row = SummaryData['list'][number];

const BANDS = [
  { label: '未开始', test: (p: number) => p === 0 },
  { label: '1–25%', test: (p: number) => p > 0 && p <= 25 },
  { label: '26–50%', test: (p: number) => p > 25 && p <= 50 },
  { label: '51–75%', test: (p: number) => p > 50 && p <= 75 },
  { label: '76–99%', test: (p: number) => p > 75 && p < 100 },
  { label: '已学完', test: (p: number) => p >= 100 },
];

/** The chart of the members shown: each class course's mean progress, and how many members are at each stage. */
function chartOf(data: SummaryData): EChartsOption {
  const n = data.list.length || 1;
  const means = data.courses.map(
    (_, i) => Math.round((data.list.reduce((a, r) => a + (r.progress[i] ?? 0), 0) / n) * 10) / 10,
  );
  return {
    tooltip: { trigger: 'axis' },
    grid: [
      { left: 48, right: '55%', top: 56, bottom: 48 },
      { left: '55%', right: 24, top: 56, bottom: 48 },
    ],
    title: [
      { text: '各课程平均进度（%）', left: 0, textStyle: { fontSize: 14 } },
      { text: '成员平均进度分布（人）', left: '55%', textStyle: { fontSize: 14 } },
    ],
    xAxis: [
      {
        type: 'category',
        gridIndex: 0,
        data: data.courses.map((c) => c.courseName),
        axisLabel: { width: 90, overflow: 'truncate', interval: 0 },
      },
      { type: 'category', gridIndex: 1, data: BANDS.map((b) => b.label), axisLabel: { interval: 0 } },
    ],
    yAxis: [
      { type: 'value', gridIndex: 0, max: 100 },
      { type: 'value', gridIndex: 1, minInterval: 1 },
    ],
    series: [
      {
        type: 'bar',
        name: '平均进度',
        xAxisIndex: 0,
        yAxisIndex: 0,
        data: means,
        itemStyle: { color: '#1f9e95' },
        barMaxWidth: 40,
      },
      {
        type: 'bar',
        name: '人数',
        xAxisIndex: 1,
        yAxisIndex: 1,
        data: BANDS.map((b) => data.list.filter((r) => b.test(r.meanProgress)).length),
        itemStyle: { color: '#f5a623' },
        barMaxWidth: 40,
      },
    ],
  };
}

/**
 * The ranking of members by mean progress in the class courses, a chart of it, the chart of the class's progress
 * over time, and the teacher's export.
 */
export function SummaryPanel({ grade, data }: { grade: TGrade; data: PanelData }) {
  const setParam = useQueryParam();
  const [exporting, setExporting] = useState(false);
  const option = useMemo(() => chartOf(data), [data]);
  const first = (data.pageCurrent - 1) * data.pageSize;

  async function exportAll() {
    setExporting(true);
    try {
      await downloadCall(gradeSummaryExport, { gradeId: grade.id }, `${grade.gradeName}-学习统计.xlsx`);
    } catch (err) {
      showFailure(err, '导出失败，请稍后再试');
    } finally {
      setExporting(false);
    }
  }

  const columns = [
    {
      title: '排名',
      key: 'rank',
      width: 70,
      render: (_: unknown, __: Row, i: number) => <span className="qk-grade-rank">{first + i + 1}</span>,
    },
    {
      title: '成员',
      dataIndex: 'nickname',
      render: (name: string, r: Row) => (
        <>
          {name} {r.role === GradeRole.ADMIN ? <Tag color="gold">班级管理员</Tag> : null}
        </>
      ),
    },
    ...data.courses.map((c, i) => ({
      title: c.courseName,
      key: c.courseId,
      width: 160,
      render: (_: unknown, r: Row) => <Progress percent={r.progress[i] ?? 0} size="small" />,
    })),
    { title: '平均进度', dataIndex: 'meanProgress', width: 110, render: (p: number) => `${p}%` },
    // a class exam's best score, -1 while the member has not sat it
    ...data.exams.map((e, i) => ({
      title: e.examName,
      key: `exam-${e.gradeExamId}`,
      width: 120,
      render: (_: unknown, r: Row) => ((r.scores[i] ?? -1) < 0 ? '未参加' : `${r.scores[i]} 分`),
    })),
  ];

  return (
    <>
      <div className="qk-grade-toolbar">
        <span className="qk-muted">
          {data.courses.length
            ? `共 ${data.totalCount} 名成员，按班级课程的平均学习进度排名`
            : '班级还没有课程，加入课程后可查看成员的学习进度'}
        </span>
        <Button
          icon={<DownloadOutlined />}
          loading={exporting}
          disabled={!data.totalCount}
          onClick={() => void exportAll()}
        >
          导出 Excel
        </Button>
      </div>
      {data.list.length && data.courses.length ? (
        <figure className="qk-grade-chart">
          <EChart option={option} height={300} label="班级学习进度图表" />
          {data.totalCount > data.list.length ? (
            <figcaption className="qk-muted">图表按本页的 {data.list.length} 名成员统计</figcaption>
          ) : null}
        </figure>
      ) : null}
      <ProgressTrend days={data.history} />
      <Table
        rowKey="userId"
        columns={columns}
        dataSource={data.list}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '班级还没有成员' }}
        pagination={{
          current: data.pageCurrent,
          pageSize: data.pageSize,
          total: data.totalCount,
          showTotal: (n) => `共 ${n} 人`,
          onChange: (n) => setParam('page', n),
        }}
      />
    </>
  );
}
