import { Alert, Button, Descriptions, Form, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import type { CallData } from '#contract/call.ts';
import { PaperAuditStatus } from '#contract/exam.ts';
import { adminPaperAudit, adminPaperAuditPage, adminPaperAuditView } from '#contract/exam-paper.ts';
import { api } from '../../api/client.ts';
import { adminLoad } from '../../features/admin/admin-loader.ts';
import { AuditDecision, auditDefaults } from '../../features/admin/audit-decision.tsx';
import { FormModal } from '../../features/admin/form-modal.tsx';
import { pageQueryFrom } from '../../features/admin/page-query.ts';
import { PagedList } from '../../features/admin/paged-list.tsx';
import type { Filter } from '../../features/admin/paged-list.tsx';
import { StatusBadge } from '../../features/admin/status-badge.tsx';
import type { StatusOption } from '../../features/admin/status-badge.tsx';
import { useAdminAction } from '../../features/admin/use-admin-action.ts';
import { PaperProblems } from '../../features/exam/paper-problems.tsx';
import type { Route } from './+types/exam-audits.ts';
import '../../features/exam/exam.css';
import { formatMoney } from '#contract/money.ts';
import { FetchSpin } from '../../components/fetch-spin.tsx';

export const meta: Route.MetaFunction = () => [{ title: '试卷审核 · 青课管理后台' }];

export async function loader(args: Route.LoaderArgs) {
  return { page: await adminLoad(args, adminPaperAuditPage, pageQueryFrom(args.request, adminPaperAuditPage)) };
}

type Row = CallData<typeof adminPaperAuditPage>['list'][number];

const statuses: StatusOption[] = [
  { value: PaperAuditStatus.PENDING, label: '待审核', status: 'warning' },
  { value: PaperAuditStatus.APPROVED, label: '已通过', status: 'success' },
  { value: PaperAuditStatus.REJECTED, label: '未通过', status: 'error' },
  { value: PaperAuditStatus.EDITING, label: '编辑中', status: 'default' },
];

const filters: Filter[] = [
  { kind: 'select', name: 'auditStatus', label: '状态', options: statuses },
  { kind: 'text', name: 'examName', label: '试卷名称', maxLength: 100 },
];

/** The whole paper with answers, loaded when the administrator opens it. */
function PaperDetail({ id }: { id: string }) {
  const [view, setView] = useState<CallData<typeof adminPaperAuditView> | null>(null);
  const { run, error } = useAdminAction();
  useEffect(() => {
    void run(() => api(adminPaperAuditView, { id })).then((v) => v && setView(v));
  }, [id, run]);
  if (error) return <Alert type="error" showIcon message={error} />;
  if (!view) return <FetchSpin />;
  return (
    <>
      <Descriptions column={3} size="small" bordered style={{ marginBottom: 16 }}>
        <Descriptions.Item label="讲师">
          {view.lecturerName}（{view.lecturerMobile}）
        </Descriptions.Item>
        <Descriptions.Item label="科目 / 年份">
          {view.subjectName || '—'} / {view.yearName || '—'}
        </Descriptions.Item>
        <Descriptions.Item label="价格">{view.isFree ? '免费' : formatMoney(view.priceFen)}</Descriptions.Item>
        <Descriptions.Item label="题目">{view.problemCount} 题</Descriptions.Item>
        <Descriptions.Item label="满分 / 及格">
          {view.totalScore} / {view.passScore}
        </Descriptions.Item>
        <Descriptions.Item label="时长">{view.answerTime} 分钟</Descriptions.Item>
        <Descriptions.Item label="试卷说明" span={3}>
          {view.description || '—'}
        </Descriptions.Item>
      </Descriptions>
      <div
        style={{
          maxHeight: 420,
          overflowY: 'auto',
          background: 'var(--qk-bg)',
          padding: 12,
          borderRadius: 6,
          marginBottom: 16,
        }}
      >
        <PaperProblems sections={view.sections} />
      </div>
    </>
  );
}

function AuditModal({ row, onClose }: { row: Row | null; onClose: () => void }) {
  const [form] = Form.useForm();
  const pending = row?.auditStatus === PaperAuditStatus.PENDING;
  return (
    <FormModal
      title={pending ? `审核试卷：${row?.examName ?? ''}` : `试卷：${row?.examName ?? ''}`}
      open={row !== null}
      onClose={onClose}
      call={adminPaperAudit}
      form={form}
      toBody={(v) => ({ ...v, id: row?.id })}
      initialValues={auditDefaults}
      okText="提交审核"
      success="审核完成，已通知讲师"
      readOnly={!pending}
      width={960}
    >
      {row ? <PaperDetail id={row.id} /> : null}
      <AuditDecision
        pending={pending}
        opinion={row?.auditOpinion}
        approveLabel="通过"
        extra="通过即发布：首次发布的试卷随即上架，之后由讲师上架或下架；无论结果如何，讲师都会收到站内消息。"
        rejectHint="请填写不通过的原因，讲师会看到"
        rejectExample="如：第 3 题答案有误，请修改后重新提交"
      />
    </FormModal>
  );
}

/** /admin/exam-audits — papers lecturers submitted: read the whole paper with its answers, approve or reject. */
export default function AdminExamAudits({ loaderData }: Route.ComponentProps) {
  const [viewing, setViewing] = useState<Row | null>(null);
  return (
    <>
      <PagedList<Row>
        title="试卷审核"
        noun="试卷"
        page={loaderData.page}
        filters={filters}
        description="讲师提交审核的试卷，待审核的排在最前。通过即发布，首次发布的试卷随即上架，之后由讲师上架或下架；已发布的试卷再次修改后需重新审核，期间学员看到的仍是上次通过的版本。"
        columns={[
          {
            title: '试卷',
            dataIndex: 'examName',
            render: (v: string, r: Row) => (
              <div>
                <div>{v}</div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {r.subjectName || '未分科目'} · {r.problemCount} 题 · 满分 {r.totalScore} · {r.answerTime} 分钟
                </Typography.Text>
              </div>
            ),
          },
          {
            title: '讲师',
            key: 'lecturer',
            width: 180,
            render: (_: unknown, r: Row) => `${r.lecturerName}（${r.lecturerMobile}）`,
          },
          {
            title: '状态',
            dataIndex: 'auditStatus',
            width: 90,
            render: (v: number) => <StatusBadge options={statuses} value={v} />,
          },
          { title: '提交时间', dataIndex: 'gmtModified', width: 170 },
          {
            title: '操作',
            key: 'actions',
            width: 100,
            fixed: 'right',
            render: (_: unknown, r: Row) => (
              <Space>
                {r.auditStatus === PaperAuditStatus.PENDING ? (
                  <Button type="primary" size="small" onClick={() => setViewing(r)}>
                    审核
                  </Button>
                ) : (
                  <Button type="link" size="small" onClick={() => setViewing(r)}>
                    查看
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <AuditModal row={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
