import { Button, Popconfirm, Space, Typography } from 'antd';
import type { CallData } from '#contract/call.ts';
import {
  adminReportDismiss,
  adminReportHide,
  adminReportPage,
  adminReportRestore,
  REPORT_STATUS_FILTER,
  type TReportStatus,
} from '#contract/community-moderation.ts';
import { adminLoad } from '../../features/admin/admin-loader.ts';
import { pageQueryFrom } from '../../features/admin/page-query.ts';
import { PagedList, type Filter } from '../../features/admin/paged-list.tsx';
import { StatusBadge, type StatusOption } from '../../features/admin/status-badge.tsx';
import { useAdminCall } from '../../features/admin/use-admin-action.ts';
import type { Route } from './+types/reports.ts';

export const meta: Route.MetaFunction = () => [{ title: '举报处理 · 青课管理后台' }];

export async function loader(args: Route.LoaderArgs) {
  return { page: await adminLoad(args, adminReportPage, pageQueryFrom(args.request, adminReportPage)) };
}

type Row = CallData<typeof adminReportPage>['list'][number];

const states: StatusOption[] = [
  { value: 1, label: '待处理', status: 'error' },
  { value: 2, label: '已隐藏', status: 'default' },
  { value: 3, label: '已驳回', status: 'success' },
];
const codeOf = (s: TReportStatus): number =>
  Number(Object.entries(REPORT_STATUS_FILTER).find(([, v]) => v === s)?.[0] ?? 0);
const filters: Filter[] = [{ kind: 'select', name: 'statusId', label: '状态', options: states }];

/** The reported piece: its kind, and its title linked to where readers see it. */
function Target({ row }: { row: Row }) {
  if (row.targetGone) return <Typography.Text type="secondary">{`${row.kindName}（已删除）`}</Typography.Text>;
  return (
    <Space direction="vertical" size={0}>
      <span>
        <Typography.Text type="secondary">{`${row.kindName} · `}</Typography.Text>
        <a href={row.targetUrl} target="_blank" rel="noopener noreferrer">
          {row.targetTitle || '（无标题）'}
        </a>
      </span>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {`作者：${row.targetAuthor || '—'}${row.targetHidden ? ' · 已隐藏' : ''}`}
      </Typography.Text>
    </Space>
  );
}

function Actions({ row }: { row: Row }) {
  const { call, pending } = useAdminCall();
  return (
    <Space>
      {!row.targetGone && !row.targetHidden ? (
        <Popconfirm
          title="隐藏这条内容？"
          description="所有人都将看不到它，该内容的待处理举报一并处理。"
          okText="隐藏"
          cancelText="取消"
          onConfirm={() => call(adminReportHide, { id: row.id }, '已隐藏')}
        >
          <Button size="small" type="primary" danger loading={pending}>
            隐藏
          </Button>
        </Popconfirm>
      ) : null}
      {!row.targetGone && row.targetHidden ? (
        <Button size="small" loading={pending} onClick={() => call(adminReportRestore, { id: row.id }, '已恢复')}>
          恢复
        </Button>
      ) : null}
      {row.status === 'pending' ? (
        <Button size="small" loading={pending} onClick={() => call(adminReportDismiss, { id: row.id }, '已驳回')}>
          驳回
        </Button>
      ) : null}
    </Space>
  );
}

export default function AdminReports({ loaderData }: Route.ComponentProps) {
  return (
    <PagedList<Row>
      title="举报处理"
      noun="举报"
      page={loaderData.page}
      filters={filters}
      description="用户对博客、问答与评论的举报，待处理的在前。隐藏后所有人都看不到该内容；驳回表示内容没有问题。"
      columns={[
        { title: '举报时间', dataIndex: 'gmtCreate', width: 110 },
        { title: '被举报内容', key: 'target', render: (_: unknown, r) => <Target row={r} /> },
        {
          title: '举报原因',
          dataIndex: 'reasonName',
          width: 180,
          render: (v: string, r) => (
            <Space direction="vertical" size={0}>
              <span>{v}</span>
              {r.text ? <Typography.Text type="secondary">{r.text}</Typography.Text> : null}
            </Space>
          ),
        },
        { title: '举报人', dataIndex: 'reporter', width: 110 },
        { title: '同一内容待处理', dataIndex: 'pendingCount', width: 90, align: 'right' },
        {
          title: '状态',
          dataIndex: 'status',
          width: 140,
          render: (v: TReportStatus, r) => (
            <Space direction="vertical" size={0}>
              <StatusBadge options={states} value={codeOf(v)} />
              {r.handledBy ? (
                <Typography.Text
                  type="secondary"
                  style={{ fontSize: 12 }}
                >{`${r.handledBy} ${r.handledAt}`}</Typography.Text>
              ) : null}
            </Space>
          ),
        },
        { title: '操作', key: 'actions', width: 150, render: (_: unknown, r) => <Actions row={r} /> },
      ]}
    />
  );
}
