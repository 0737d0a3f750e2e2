import { Button, Form, InputNumber } from 'antd';
import { useState } from 'react';
import type { CallData } from '#contract/call.ts';
import { adminLecturerSharePage, adminLecturerShareUpdate } from '#contract/order-admin.ts';
import { ORDER_LIMITS } from '#contract/order.ts';
import { adminLoad } from '../../features/admin/admin-loader.ts';
import { FormModal } from '../../features/admin/form-modal.tsx';
import { pageQueryFrom } from '../../features/admin/page-query.ts';
import { PagedList, type Filter } from '../../features/admin/paged-list.tsx';
import { StatusBadge } from '../../features/admin/status-badge.tsx';
import type { Route } from './+types/lecturer-shares.ts';

export const meta: Route.MetaFunction = () => [{ title: '讲师分成 · 青课管理后台' }];

export async function loader(args: Route.LoaderArgs) {
  return { page: await adminLoad(args, adminLecturerSharePage, pageQueryFrom(args.request, adminLecturerSharePage)) };
}

type Row = CallData<typeof adminLecturerSharePage>['list'][number];

const filters: Filter[] = [{ kind: 'text', name: 'lecturerName', label: '讲师名称', maxLength: 20 }];
const listed = [
  { value: 1, label: '正常', status: 'success' },
  { value: 0, label: '已停用', status: 'default' },
] as const;

export default function AdminLecturerShares({ loaderData }: Route.ComponentProps) {
  const [editing, setEditing] = useState<Row | null>(null);
  return (
    <>
      <PagedList<Row>
        title="讲师分成"
        noun="讲师"
        page={loaderData.page}
        filters={filters}
        description={`讲师从其课程每笔实付金额中分得的比例（向下取整到分），其余为平台收入（有推荐人的，再扣除推荐奖励）。未单独设置的讲师为 ${ORDER_LIMITS.defaultShareRate}%。修改后对之后支付的订单生效。`}
        columns={[
          { title: '讲师', dataIndex: 'lecturerName' },
          { title: '手机号', dataIndex: 'lecturerMobile', width: 140 },
          { title: '分成比例', dataIndex: 'shareRate', width: 120, render: (v: number) => `${v}%` },
          { title: '平台比例', key: 'platform', width: 120, render: (_: unknown, r) => `${100 - r.shareRate}%` },
          {
            title: '状态',
            dataIndex: 'statusId',
            width: 100,
            render: (v: number) => <StatusBadge options={listed} value={v} />,
          },
          {
            title: '操作',
            key: 'actions',
            width: 110,
            render: (_: unknown, r) => (
              <Button type="link" size="small" onClick={() => setEditing(r)}>
                设置分成
              </Button>
            ),
          },
        ]}
      />
      <FormModal
        title={`设置分成：${editing?.lecturerName ?? ''}`}
        open={editing !== null}
        onClose={() => setEditing(null)}
        call={adminLecturerShareUpdate}
        toBody={(v) => ({ ...v, id: editing?.id })}
        initialValues={{ shareRate: editing?.shareRate }}
        success="分成比例已更新"
        width={480}
      >
        <Form.Item name="shareRate" label="讲师分成比例" extra="0 到 100 的整数，之后支付的订单按新比例分成">
          <InputNumber min={0} max={100} precision={0} suffix="%" style={{ width: 160 }} />
        </Form.Item>
      </FormModal>
    </>
  );
}
