import { Avatar, Button, Descriptions, Form, Input, Radio, Space, Typography } from 'antd';
import { useState } from 'react';
import type { CallData } from '#contract/call.ts';
import { adminLecturerAudit, adminLecturerAuditPage, AuditStatus } from '#contract/lecturer.ts';
import { adminLoad } from '../../features/admin/admin-loader.ts';
import { FormModal } from '../../features/admin/form-modal.tsx';
import { pageQueryFrom } from '../../features/admin/page-query.ts';
import { PagedList } from '../../features/admin/paged-list.tsx';
import { StatusBadge } from '../../features/admin/status-badge.tsx';
import type { StatusOption } from '../../features/admin/status-badge.tsx';
import type { Filter } from '../../features/admin/paged-list.tsx';
import type { Route } from './+types/lecturer-audits.ts';

export const meta: Route.MetaFunction = () => [{ title: '讲师审核 · 青课管理后台' }];

export async function loader(args: Route.LoaderArgs) {
  return { page: await adminLoad(args, adminLecturerAuditPage, pageQueryFrom(args.request, adminLecturerAuditPage)) };
}

type Row = CallData<typeof adminLecturerAuditPage>['list'][number];

const statuses: StatusOption[] = [
  { value: AuditStatus.PENDING, label: '待审核', status: 'warning' },
  { value: AuditStatus.APPROVED, label: '已通过', status: 'success' },
  { value: AuditStatus.REJECTED, label: '未通过', status: 'error' },
];

const filters: Filter[] = [
  { kind: 'select', name: 'auditStatus', label: '状态', options: statuses },
  { kind: 'text', name: 'lecturerName', label: '讲师名称', maxLength: 20 },
  { kind: 'text', name: 'mobile', label: '联系手机', maxLength: 11 },
];

function Detail({ row }: { row: Row }) {
  return (
    <Descriptions
      column={2}
      size="small"
      bordered
      style={{ marginBottom: 20 }}
      styles={{ label: { whiteSpace: 'nowrap' } }}
    >
      <Descriptions.Item label="头像" span={2}>
        <Avatar src={row.headImgUrl || undefined} size={64} shape="square">
          {row.lecturerName.slice(0, 1)}
        </Avatar>
      </Descriptions.Item>
      <Descriptions.Item label="讲师名称">{row.lecturerName}</Descriptions.Item>
      <Descriptions.Item label="职位">{row.position}</Descriptions.Item>
      <Descriptions.Item label="联系手机">{row.lecturerMobile || '—'}</Descriptions.Item>
      <Descriptions.Item label="邮箱">{row.lecturerEmail || '—'}</Descriptions.Item>
      <Descriptions.Item label="申请账号">
        {row.userNickname}（{row.userMobile}）
      </Descriptions.Item>
      <Descriptions.Item label="提交时间">{row.gmtModified}</Descriptions.Item>
      <Descriptions.Item label="讲师简介" span={2}>
        <div style={{ whiteSpace: 'pre-wrap', maxHeight: 240, overflowY: 'auto' }}>{row.introduce}</div>
      </Descriptions.Item>
      <Descriptions.Item label="审核状态">
        <StatusBadge options={statuses} value={row.auditStatus} />
      </Descriptions.Item>
      <Descriptions.Item label="审核时间">{row.auditTime || '—'}</Descriptions.Item>
      {row.auditStatus !== AuditStatus.PENDING ? (
        <Descriptions.Item label="审核意见" span={2}>
          {row.auditOpinion || '—'}
        </Descriptions.Item>
      ) : null}
    </Descriptions>
  );
}

function AuditModal({ row, onClose }: { row: Row | null; onClose: () => void }) {
  const [form] = Form.useForm();
  const result = Form.useWatch('auditStatus', form) as number | undefined;
  const pending = row?.auditStatus === AuditStatus.PENDING;
  return (
    <FormModal
      title={pending ? '审核讲师申请' : '讲师申请详情'}
      open={row !== null}
      onClose={onClose}
      call={adminLecturerAudit}
      form={form}
      toBody={(v) => ({ ...v, id: row?.id })}
      initialValues={{ auditStatus: AuditStatus.APPROVED, auditOpinion: '' }}
      okText="提交审核"
      success="审核完成，已通知申请人"
      readOnly={!pending}
      width={760}
    >
      {row ? <Detail row={row} /> : null}
      {pending ? (
        <>
          <Form.Item
            name="auditStatus"
            label="审核结果"
            extra="通过后该用户成为讲师，讲师主页公开；无论结果如何，申请人都会收到站内消息。"
          >
            <Radio.Group
              options={[
                { value: AuditStatus.APPROVED, label: '通过' },
                { value: AuditStatus.REJECTED, label: '不通过' },
              ]}
            />
          </Form.Item>
          <Form.Item
            name="auditOpinion"
            label="审核意见"
            dependencies={['auditStatus']}
            rules={[
              {
                required: result === AuditStatus.REJECTED,
                whitespace: true,
                message: '请填写不通过的原因，申请人会看到',
              },
            ]}
          >
            <Input.TextArea
              rows={3}
              maxLength={500}
              placeholder={result === AuditStatus.REJECTED ? '如：简介过于简单，请补充教学经历' : '可不填'}
            />
          </Form.Item>
        </>
      ) : null}
    </FormModal>
  );
}

export default function AdminLecturerAudits({ loaderData }: Route.ComponentProps) {
  const [viewing, setViewing] = useState<Row | null>(null);
  return (
    <>
      <PagedList<Row>
        title="讲师审核"
        noun="讲师申请"
        page={loaderData.page}
        filters={filters}
        description="用户在“申请成为讲师”提交的资料。待审核的排在最前；通过后该用户成为讲师。"
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
          {
            title: '申请账号',
            key: 'user',
            render: (_: unknown, r: Row) => (
              <span>
                {r.userNickname}
                <Typography.Text type="secondary">（{r.userMobile}）</Typography.Text>
              </span>
            ),
          },
          {
            title: '状态',
            dataIndex: 'auditStatus',
            width: 90,
            render: (v: number) => <StatusBadge options={statuses} value={v} />,
          },
          { title: '提交时间', dataIndex: 'gmtModified', width: 170 },
          { title: '审核时间', dataIndex: 'auditTime', width: 170, render: (v: string) => v || '—' },
          {
            title: '操作',
            key: 'actions',
            width: 100,
            fixed: 'right',
            render: (_: unknown, r: Row) =>
              r.auditStatus === AuditStatus.PENDING ? (
                <Button type="primary" size="small" onClick={() => setViewing(r)}>
                  审核
                </Button>
              ) : (
                <Button type="link" size="small" onClick={() => setViewing(r)}>
                  查看
                </Button>
              ),
          },
        ]}
      />
      <AuditModal row={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
