import { Button, Pagination, Segmented, Table, Tag } from 'antd';
import { Link } from '../../../components/link.tsx';
import type { TRecordSummary } from '#contract/exam-attempt.ts';
import type { Route } from './+types/my-examination.ts';
import { EmptyState, Page } from '../../../components/page.tsx';
import { useQueryParam } from '../../../features/account/page-query.ts';
import { loadMyExaminations, RECORD_STATUS_TABS } from '../../../features/exam/my-exam-load.ts';
import '../../../features/exam/account-exam.css';

const PAGE_SIZE = 15;
const STATUS_COLOR: Record<number, string> = { 1: 'processing', 2: 'warning', 3: 'success' };

export function loader(args: Route.LoaderArgs) {
  return loadMyExaminations(args, PAGE_SIZE);
}

/** /account/exams/myExamination — every attempt: continue one in progress, or read its result and analysis. */
export default function MyExamination({ loaderData }: Route.ComponentProps) {
  const { status, page } = loaderData;
  const setParam = useQueryParam();
  return (
    <Page title="考试记录">
      <div className="qk-exam-toolbar">
        <Segmented value={status} options={[...RECORD_STATUS_TABS]} onChange={(v) => setParam('status', String(v))} />
      </div>
      {page.list.length === 0 ? (
        <EmptyState text="没有考试记录">
          <Link to="/exam">
            <Button type="primary">去考试中心</Button>
          </Link>
        </EmptyState>
      ) : (
        <Table<TRecordSummary>
          rowKey="recordId"
          dataSource={page.list}
          pagination={false}
          columns={[
            {
              title: '试卷',
              dataIndex: 'examName',
              render: (v: string, r) => <Link to={`/exam/view/${r.examId}`}>{v}</Link>,
            },
            { title: '开始时间', dataIndex: 'startTime', width: 160, render: (v: string) => v.slice(0, 16) },
            {
              title: '状态',
              dataIndex: 'status',
              width: 100,
              render: (v: number, r) => <Tag color={STATUS_COLOR[v]}>{r.statusName}</Tag>,
            },
            {
              title: '成绩',
              key: 'score',
              width: 150,
              render: (_: unknown, r) =>
                r.status === 1 ? (
                  '—'
                ) : (
                  <span>
                    {r.totalScore} / {r.paperTotalScore}
                    {r.status === 3 ? (
                      <Tag color={r.isPass ? 'green' : 'red'} style={{ marginLeft: 6 }}>
                        {r.isPass ? '及格' : '不及格'}
                      </Tag>
                    ) : null}
                  </span>
                ),
            },
            {
              title: '操作',
              key: 'op',
              width: 180,
              render: (_: unknown, r) =>
                r.status === 1 ? (
                  <Link to={`/exam/exam?recordId=${r.recordId}`}>
                    <Button type="primary" size="small">
                      继续考试
                    </Button>
                  </Link>
                ) : (
                  <span style={{ display: 'flex', gap: 8 }}>
                    <Link to={`/exam/result?recordId=${r.recordId}`}>
                      <Button size="small">成绩</Button>
                    </Link>
                    <Link to={`/exam/explain?recordId=${r.recordId}`}>
                      <Button size="small">解析</Button>
                    </Link>
                  </span>
                ),
            },
          ]}
        />
      )}
      {page.totalPage > 1 ? (
        <Pagination
          className="qk-pager"
          current={page.pageCurrent}
          pageSize={PAGE_SIZE}
          total={page.totalCount}
          showSizeChanger={false}
          onChange={(n) => setParam('page', n)}
        />
      ) : null}
    </Page>
  );
}
