import { Alert, Button, Modal, Pagination, Popconfirm, Space, Statistic, Table, Tabs, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useRevalidator, useSearchParams } from 'react-router';
import { Link } from '../../../components/link.tsx';
import { isId, type CallData } from '#contract/call.ts';
import { PaperAuditStatus } from '#contract/exam.ts';
import { paperAuditList, paperPutAway, paperSubmitAudit, type TPaperAudit } from '#contract/exam-paper.ts';
import { examStatistics, markPage } from '#contract/exam-attempt.ts';
import type { Route } from './+types/exam-admin.ts';
import { api } from '../../../api/client.ts';
import { EmptyState, Page } from '../../../components/page.tsx';
import { pageFromUrl, useQueryParam } from '../../../features/account/page-query.ts';
import { useAction } from '../../../features/account/use-action.ts';
import { AUDIT_STATUS_NAME } from '../../../features/exam/format.ts';
import { MarkingDrawer } from '../../../features/exam/marking-drawer.tsx';
import { StatsCharts } from '../../../features/exam/stats-charts.tsx';
import { pageLoad } from '../../../lib/session-load.ts';
import '../../../features/exam/account-exam.css';
import { formatMoney } from '#contract/money.ts';

const PAGE_SIZE = 10;
const AUDIT_COLOR: Record<number, string> = { 0: 'orange', 1: 'green', 2: 'red', 3: 'default' };

export async function loader(args: Route.LoaderArgs) {
  const p = new URL(args.request.url).searchParams;
  const tab = p.get('tab') === 'mark' ? 'mark' : 'papers';
  const q = { pageCurrent: pageFromUrl(args.request), pageSize: PAGE_SIZE };
  if (tab === 'mark') {
    const e = p.get('examId') ?? '';
    const status = p.get('status') === '3' ? 3 : 2;
    return {
      tab,
      papers: null,
      marks: await pageLoad(args, markPage, { ...q, examId: isId(e) ? e : undefined, status }),
      status,
    };
  }
  return { tab, papers: await pageLoad(args, paperAuditList, q), marks: null, status: 2 };
}

type Stats = CallData<typeof examStatistics>;
type MarkRow = CallData<typeof markPage>['list'][number];

function StatsModal({ paper, onClose }: { paper: TPaperAudit | null; onClose: () => void }) {
  const [stats, setStats] = useState<Stats | null>(null);
  const [loadedFor, setLoadedFor] = useState<string | null>(null);
  const { run, error } = useAction();
  if (paper && loadedFor !== paper.id) {
    setLoadedFor(paper.id);
    setStats(null);
    void run(() => api(examStatistics, { examId: paper.id })).then((s) => s && setStats(s));
  }
  return (
    <Modal
      open={paper !== null}
      onCancel={onClose}
      footer={null}
      width={860}
      title={`成绩统计：${paper?.examName ?? ''}`}
      destroyOnHidden
    >
      {error ? <Alert type="error" showIcon message={error} /> : null}
      {stats ? (
        stats.submittedCount === 0 ? (
          <EmptyState text="还没有学员交卷" />
        ) : (
          <>
            <Space size={40} style={{ marginBottom: 12 }}>
              <Statistic title="交卷人次" value={stats.submittedCount} />
              <Statistic title="已出最终成绩" value={stats.markedCount} />
              <Statistic title="平均分" value={stats.averageScore} precision={1} />
              <Statistic title="及格人次" value={stats.passCount} />
            </Space>
            <StatsCharts stats={stats} />
          </>
        )
      ) : null}
    </Modal>
  );
}

function PapersTab({ page }: { page: CallData<typeof paperAuditList> }) {
  const revalidator = useRevalidator();
  const setParam = useQueryParam();
  const { run } = useAction();
  const [statsOf, setStatsOf] = useState<TPaperAudit | null>(null);
  const act = async (fn: () => Promise<unknown>, success: string) => {
    if ((await run(fn, { toast: true, success })) !== undefined) await revalidator.revalidate();
  };
  if (page.list.length === 0)
    return (
      <EmptyState text="还没有试卷">
        <Link to="/account/exams/add">
          <Button type="primary">新建试卷</Button>
        </Link>
      </EmptyState>
    );
  return (
    <>
      <Table<TPaperAudit>
        rowKey="id"
        dataSource={page.list}
        pagination={false}
        columns={[
          {
            title: '试卷',
            dataIndex: 'examName',
            render: (v: string, r) => (
              <div>
                <div>{r.isPublished && r.isPutAway ? <Link to={`/exam/view/${r.id}`}>{v}</Link> : v}</div>
                <span className="qk-muted" style={{ fontSize: 12 }}>
                  {r.problemCount} 题 · 满分 {r.totalScore} · 及格 {r.passScore} · {r.answerTime} 分钟 ·{' '}
                  {r.isFree ? '免费' : formatMoney(r.priceFen)}
                </span>
              </div>
            ),
          },
          {
            title: '审核',
            dataIndex: 'auditStatus',
            width: 120,
            render: (v: number, r) => (
              <Space direction="vertical" size={0}>
                <Tag color={AUDIT_COLOR[v]}>{AUDIT_STATUS_NAME[v]}</Tag>
                {v === PaperAuditStatus.REJECTED && r.auditOpinion ? (
                  <Tooltip title={r.auditOpinion}>
                    <span className="qk-muted" style={{ fontSize: 12 }}>
                      意见：{r.auditOpinion.slice(0, 10)}
                    </span>
                  </Tooltip>
                ) : null}
              </Space>
            ),
          },
          {
            title: '上架',
            key: 'shelf',
            width: 80,
            render: (_: unknown, r) =>
              r.isPublished ? (
                r.isPutAway ? (
                  <Tag color="green">已上架</Tag>
                ) : (
                  <Tag>已下架</Tag>
                )
              ) : (
                <span className="qk-muted">未发布</span>
              ),
          },
          {
            title: '操作',
            key: 'op',
            width: 330,
            render: (_: unknown, r) => (
              <Space wrap size={6}>
                <Link to={`/account/exams/add?id=${r.id}`}>
                  <Button size="small">编辑</Button>
                </Link>
                <Link to={`/account/exams/preview?id=${r.id}`}>
                  <Button size="small">预览</Button>
                </Link>
                {r.auditStatus === PaperAuditStatus.EDITING || r.auditStatus === PaperAuditStatus.REJECTED ? (
                  <Popconfirm
                    title={
                      r.isPublished
                        ? '提交给平台审核？通过后新版本替换学员看到的试卷，上下架状态不变'
                        : '提交给平台审核？审核通过后即发布并上架'
                    }
                    okText="提交"
                    cancelText="取消"
                    onConfirm={() => act(() => api(paperSubmitAudit, { id: r.id }), '已提交审核')}
                  >
                    <Button size="small" type="primary">
                      提交审核
                    </Button>
                  </Popconfirm>
                ) : null}
                {r.isPublished ? (
                  <Button
                    size="small"
                    onClick={() =>
                      act(
                        () => api(paperPutAway, { id: r.id, isPutAway: r.isPutAway ? 0 : 1 }),
                        r.isPutAway ? '已下架' : '已上架',
                      )
                    }
                  >
                    {r.isPutAway ? '下架' : '上架'}
                  </Button>
                ) : null}
                {r.isPublished ? (
                  <>
                    <Link to={`/account/exams/examAdmin?tab=mark&examId=${r.id}`}>
                      <Button size="small">批阅</Button>
                    </Link>
                    <Button size="small" onClick={() => setStatsOf(r)}>
                      统计
                    </Button>
                    <a href={`/apis/exam/auth/user/exam/download/export?examId=${r.id}`} download>
                      <Button size="small">导出成绩</Button>
                    </a>
                  </>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
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
      <StatsModal paper={statsOf} onClose={() => setStatsOf(null)} />
    </>
  );
}

function MarkTab({ page, status }: { page: CallData<typeof markPage>; status: number }) {
  const setParam = useQueryParam();
  const revalidator = useRevalidator();
  const [marking, setMarking] = useState<string | null>(null);
  return (
    <>
      <div className="qk-exam-toolbar">
        <Button type={status === 2 ? 'primary' : 'default'} onClick={() => setParam('status', null)}>
          待批阅
        </Button>
        <Button type={status === 3 ? 'primary' : 'default'} onClick={() => setParam('status', '3')}>
          已批阅
        </Button>
      </div>
      {page.list.length === 0 ? (
        <EmptyState text={status === 2 ? '没有待批阅的答卷' : '没有已批阅的答卷'} />
      ) : (
        <Table<MarkRow>
          rowKey="recordId"
          dataSource={page.list}
          pagination={false}
          columns={[
            { title: '学员', key: 'u', render: (_: unknown, r) => `${r.userNickname}（${r.userMobile}）` },
            { title: '试卷', dataIndex: 'examName' },
            { title: '交卷时间', dataIndex: 'submitTime', width: 160, render: (v: string) => v.slice(0, 16) },
            { title: '客观题', dataIndex: 'objectiveScore', width: 80 },
            { title: '待批', dataIndex: 'waitMarkCount', width: 70 },
            {
              title: '离开页面',
              dataIndex: 'leaveCount',
              width: 90,
              render: (v: number) => (v > 0 ? <Tag color="orange">{v} 次</Tag> : '0'),
            },
            {
              title: '操作',
              key: 'op',
              width: 90,
              render: (_: unknown, r) => (
                <Button
                  size="small"
                  type={r.status === 2 ? 'primary' : 'default'}
                  onClick={() => setMarking(r.recordId)}
                >
                  {r.status === 2 ? '批阅' : '查看'}
                </Button>
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
      <MarkingDrawer
        recordId={marking}
        onClose={(changed) => {
          setMarking(null);
          if (changed) void revalidator.revalidate();
        }}
      />
    </>
  );
}

/** /account/exams/examAdmin — the lecturer's papers: audit, shelf, marking, statistics and the export. */
export default function ExamAdmin({ loaderData }: Route.ComponentProps) {
  const { tab, papers, marks, status } = loaderData;
  const [params, setParams] = useSearchParams();
  return (
    <Page title="试卷管理">
      <div className="qk-exam-toolbar">
        <Tabs
          activeKey={tab}
          onChange={(k) =>
            setParams(
              k === 'mark' ? { tab: 'mark', ...(params.get('examId') ? { examId: params.get('examId')! } : {}) } : {},
            )
          }
          items={[
            { key: 'papers', label: '我的试卷' },
            { key: 'mark', label: '批阅' },
          ]}
          style={{ marginBottom: -16 }}
        />
        <div className="qk-exam-toolbar__right">
          <Link to="/account/subject/comprehend">
            <Button>题库</Button>
          </Link>
          <Link to="/account/exams/add">
            <Button type="primary">新建试卷</Button>
          </Link>
        </div>
      </div>
      {papers ? <PapersTab page={papers} /> : <MarkTab page={marks!} status={status} />}
    </Page>
  );
}
