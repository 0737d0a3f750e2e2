import { DownloadOutlined } from '@ant-design/icons';
import { Button, Descriptions, Form, Input, Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { CallData } from '#contract/call.ts';
import { adminCounselFollow, adminCounselPage, COUNSEL_FOLLOW_LABELS } from '#contract/marketing.ts';
import { adminLoad } from '../../features/admin/admin-loader.ts';
import { FormModal } from '../../features/admin/form-modal.tsx';
import { pageQueryFrom } from '../../features/admin/page-query.ts';
import { PagedList, type Filter } from '../../features/admin/paged-list.tsx';
import { useAdminAction } from '../../features/admin/use-admin-action.ts';
import { downloadCounsel } from '../../features/pages/export-counsel.ts';
import type { Route } from './+types/counsel.ts';

export const meta: Route.MetaFunction = () => [{ title: '咨询登记 · 青课管理后台' }];

export async function loader(args: Route.LoaderArgs) {
  return { page: await adminLoad(args, adminCounselPage, pageQueryFrom(args.request, adminCounselPage)) };
}

type Row = CallData<typeof adminCounselPage>['list'][number];
const STATUS_OPTIONS = Object.entries(COUNSEL_FOLLOW_LABELS).map(([value, label]) => ({ value: Number(value), label }));
const COLOURS: Record<number, string> = { 1: 'gold', 2: 'blue', 3: 'green', 4: 'default' };

const filters: Filter[] = [
  { kind: 'select', name: 'followStatus', label: '跟进状态', options: STATUS_OPTIONS },
  { kind: 'text', name: 'realName', label: '姓名', maxLength: 20, width: 140 },
  { kind: 'text', name: 'mobile', label: '手机号', maxLength: 11, width: 160 },
];

function FollowModal({ row, onClose }: { row: Row | null; onClose: () => void }) {
  return (
    <FormModal
      title="跟进咨询"
      open={row !== null}
      onClose={onClose}
      call={adminCounselFollow}
      toBody={(v) => ({ ...v, id: row?.id })}
      initialValues={{ followStatus: row?.followStatus === 1 ? 2 : row?.followStatus, followRemark: row?.followRemark }}
      okText="保存跟进"
      success="跟进已保存"
    >
      {row ? (
        <Descriptions column={2} size="small" bordered style={{ marginBottom: 20 }}>
          <Descriptions.Item label="姓名">{row.realName}</Descriptions.Item>
          <Descriptions.Item label="手机号">{row.mobile}</Descriptions.Item>
          <Descriptions.Item label="意向课程">{row.subject || '—'}</Descriptions.Item>
          <Descriptions.Item label="提交时间">{row.gmtCreate}</Descriptions.Item>
          <Descriptions.Item label="咨询内容" span={2}>
            <div style={{ whiteSpace: 'pre-wrap' }}>{row.content || '—'}</div>
          </Descriptions.Item>
        </Descriptions>
      ) : null}
      <Form.Item name="followStatus" label="跟进状态" rules={[{ required: true, message: '请选择跟进状态' }]}>
        <Select options={STATUS_OPTIONS} />
      </Form.Item>
      <Form.Item name="followRemark" label="跟进备注">
        <Input.TextArea rows={4} maxLength={500} showCount />
      </Form.Item>
    </FormModal>
  );
}

/** /admin/counsel — the enquiries left on /onlineRegistration, their follow-up and their export. */
export default function AdminCounsel({ loaderData }: Route.ComponentProps) {
  const [following, setFollowing] = useState<Row | null>(null);
  const [params] = useSearchParams();
  const { run, pending } = useAdminAction();
  return (
    <>
      <PagedList<Row>
        title="咨询登记"
        noun="咨询"
        page={loaderData.page}
        filters={filters}
        description="访客在“在线报名咨询”页留下的联系方式。同一地址或手机号每天最多提交 3 次。"
        extra={
          <Button
            icon={<DownloadOutlined />}
            loading={pending}
            onClick={() => void run(() => downloadCounsel(params), '已导出')}
          >
            导出 Excel
          </Button>
        }
        columns={[
          { title: '姓名', dataIndex: 'realName', width: 100 },
          { title: '手机号', dataIndex: 'mobile', width: 130 },
          { title: '意向课程', dataIndex: 'subject', width: 160, render: (v: string) => v || '—' },
          {
            title: '咨询内容',
            dataIndex: 'content',
            render: (v: string) => (
              <Typography.Paragraph ellipsis={{ rows: 2, tooltip: v }} style={{ marginBottom: 0, maxWidth: 300 }}>
                {v || '—'}
              </Typography.Paragraph>
            ),
          },
          { title: '提交时间', dataIndex: 'gmtCreate', width: 170 },
          {
            title: '跟进',
            key: 'follow',
            width: 200,
            render: (_: unknown, r: Row) => (
              <div>
                <Tag color={COLOURS[r.followStatus]}>{COUNSEL_FOLLOW_LABELS[r.followStatus]}</Tag>
                {r.followRemark ? (
                  <Typography.Paragraph ellipsis={{ rows: 1, tooltip: r.followRemark }} style={{ margin: '4px 0 0' }}>
                    {r.followRemark}
                  </Typography.Paragraph>
                ) : null}
              </div>
            ),
          },
          {
            title: '操作',
            key: 'act',
            width: 90,
            fixed: 'right',
            render: (_: unknown, r: Row) => (
              <Button size="small" type={r.followStatus === 1 ? 'primary' : 'link'} onClick={() => setFollowing(r)}>
                跟进
              </Button>
            ),
          },
        ]}
      />
      <FollowModal row={following} onClose={() => setFollowing(null)} />
    </>
  );
}
