import { Avatar, Button, Descriptions, Form, Input, Radio, Space, Typography } from 'antd';
import { useState } from 'react';
import type { CallData } from '#contract/call.ts';
import { adminLecturerLiveAudit, adminLecturerPage, AuditStatus, LiveStatus } from '#contract/lecturer.ts';
import { adminLoad } from '../../features/admin/admin-loader.ts';
import { FormModal } from '../../features/admin/form-modal.tsx';
import { pageQueryFrom } from '../../features/admin/page-query.ts';
import { PagedList } from '../../features/admin/paged-list.tsx';
import { StatusBadge } from '../../features/admin/status-badge.tsx';
import type { StatusOption } from '../../features/admin/status-badge.tsx';
import type { Filter } from '../../features/admin/paged-list.tsx';
import type { Route } from './+types/lecturers.ts';

export const meta: Route.MetaFunction = () => [{ title: '讲师列表 · 青课管理后台' }];

export async function loader(args: Route.LoaderArgs) {
  return { page: await adminLoad(args, adminLecturerPage, pageQueryFrom(args.request, adminLecturerPage)) };
}

type Row = CallData<typeof adminLecturerPage>['list'][number];

const liveStatuses: StatusOption[] = [
  { value: LiveStatus.NONE, label: '未申请', status: 'default' },
  { value: LiveStatus.PENDING, label: '待审核', status: 'warning' },
  { value: LiveStatus.OPEN, label: '已开通', status: 'success' },
  { value: LiveStatus.REFUSED, label: '未通过', status: 'error' },
];
const listed: StatusOption[] = [
  { value: 1, label: '公开', status: 'success' },
  { value: 0, label: '已隐藏', status: 'default' },
];

const filters: Filter[] = [
  { kind: 'text', name: 'lecturerName', label: '讲师名称', maxLength: 20 },
  { kind: 'select', name: 'liveStatus', label: '直播权限', options: liveStatuses },
];

/** The server only decides a pending live application; an open or refused permission is not switched from here. */
function LiveModal({ row, onClose }: { row: Row | null; onClose: () => void }) {
  const [form] = Form.useForm();
  const result = Form.useWatch('auditStatus', form) as number | undefined;
  return (
    <FormModal
      title={`直播申请：${row?.lecturerName ?? ''}`}
      open={row !== null}
      onClose={onClose}
      call={adminLecturerLiveAudit}
      form={form}
      toBody={(v) => ({ ...v, id: row?.id })}
      initialValues={{ auditStatus: AuditStatus.APPROVED, auditOpinion: '' }}
      okText="提交审核"
      success="已处理，已通知讲师"
      width={600}
    >
      <Descriptions
        column={1}
        size="small"
        bordered
        style={{ marginBottom: 20 }}
        styles={{ label: { whiteSpace: 'nowrap' } }}
      >
        <Descriptions.Item label="讲师">
          {row?.lecturerName}（{row?.userMobile}）
        </Descriptions.Item>
        <Descriptions.Item label="申请说明">
          <div style={{ whiteSpace: 'pre-wrap' }}>{row?.liveReason || '—'}</div>
        </Descriptions.Item>
      </Descriptions>
      <Form.Item name="auditStatus" label="审核结果">
        <Radio.Group
          options={[
            { value: AuditStatus.APPROVED, label: '开通直播' },
            { value: AuditStatus.REJECTED, label: '不通过' },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="auditOpinion"
        label="审核意见"
        dependencies={['auditStatus']}
        rules={[
          { required: result === AuditStatus.REJECTED, whitespace: true, message: '请填写不通过的原因，讲师会看到' },
        ]}
      >
        <Input.TextArea
          rows={3}
          maxLength={500}
          placeholder={result === AuditStatus.REJECTED ? '讲师会在站内消息中看到' : '可不填'}
        />
      </Form.Item>
    </FormModal>
  );
}

export default function AdminLecturers({ loaderData }: Route.ComponentProps) {
  const [deciding, setDeciding] = useState<Row | null>(null);
  return (
    <>
      <PagedList<Row>
        title="讲师列表"
        noun="讲师"
        page={loaderData.page}
        filters={filters}
        description="审核通过的讲师。讲师主页随账号公开：账号被停用或不再是讲师类型时，主页隐藏。讲师申请开通直播后，在这里审核。"
        columns={[
          {
            title: '讲师',
            key: 'lecturer',
            render: (_: unknown, r: Row) => (
              <Space>
                <Avatar src={r.headImgUrl || undefined}>{r.lecturerName.slice(0, 1)}</Avatar>
                <div>
                  <div>{r.lecturerName}</div>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {r.position}
                  </Typography.Text>
                </div>
              </Space>
            ),
          },
          { title: '账号手机', dataIndex: 'userMobile', width: 130 },
          { title: '关注数', dataIndex: 'attentionCount', width: 80 },
          {
            title: '主页',
            dataIndex: 'statusId',
            width: 90,
            render: (v: number) => <StatusBadge options={listed} value={v} />,
          },
          {
            title: '直播权限',
            dataIndex: 'liveStatus',
            width: 100,
            render: (v: number, r: Row) => (
              <span title={v === LiveStatus.REFUSED ? r.liveOpinion : undefined}>
                <StatusBadge options={liveStatuses} value={v} />
              </span>
            ),
          },
          { title: '成为讲师', dataIndex: 'gmtCreate', width: 170 },
          {
            title: '操作',
            key: 'actions',
            width: 150,
            fixed: 'right',
            render: (_: unknown, r: Row) => (
              <Space size={4}>
                {r.statusId === 1 ? (
                  <Button type="link" size="small" href={`/lecturer/${r.id}`} target="_blank" rel="noopener noreferrer">
                    主页
                  </Button>
                ) : null}
                {r.liveStatus === LiveStatus.PENDING ? (
                  <Button type="primary" size="small" onClick={() => setDeciding(r)}>
                    审核直播
                  </Button>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
      <LiveModal row={deciding} onClose={() => setDeciding(null)} />
    </>
  );
}
