import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { adminOrderPage, adminOrderRefund, type TOrderAdmin } from '#contract/order-admin.ts';
import { OrderStatus, PAY_TYPE_NAMES, PRODUCT_TYPE_NAMES } from '#contract/order.ts';
import { adminLoad } from '../../features/admin/admin-loader.ts';
import { FormModal } from '../../features/admin/form-modal.tsx';
import { pageQueryFrom } from '../../features/admin/page-query.ts';
import { PagedList, type Filter } from '../../features/admin/paged-list.tsx';
import { StatusBadge } from '../../features/admin/status-badge.tsx';
import { useAdminAction } from '../../features/admin/use-admin-action.ts';
import { AdminOrderDetail } from '../../features/order/admin-order-detail.tsx';
import { downloadOrders } from '../../features/order/export-orders.ts';
import { money, ORDER_STATUS_OPTIONS } from '../../features/order/order-format.ts';
import type { Route } from './+types/orders.ts';

export const meta: Route.MetaFunction = () => [{ title: '订单管理 · 青课管理后台' }];

export async function loader(args: Route.LoaderArgs) {
  const page = await adminLoad(args, adminOrderPage, pageQueryFrom(args.request, adminOrderPage));
  return { page: { ...page, list: page.list.map((o) => ({ ...o, id: o.orderNo })) } };
}

type Row = TOrderAdmin & { id: string };

const filters: Filter[] = [
  { kind: 'text', name: 'orderNo', label: '订单号', maxLength: 19, width: 200 },
  { kind: 'text', name: 'mobile', label: '手机号', maxLength: 11, placeholder: '买家手机号' },
  { kind: 'select', name: 'orderStatus', label: '状态', options: ORDER_STATUS_OPTIONS },
  {
    kind: 'select',
    name: 'productType',
    label: '类型',
    options: Object.entries(PRODUCT_TYPE_NAMES).map(([v, label]) => ({ value: Number(v), label })),
  },
  { kind: 'text', name: 'beginDate', label: '下单日期从', placeholder: 'YYYY-MM-DD', maxLength: 10, width: 130 },
  { kind: 'text', name: 'endDate', label: '到', placeholder: 'YYYY-MM-DD', maxLength: 10, width: 130 },
];

/** What the refund takes back from the lecturer and the referrer, when the sale credited them anything. */
function takenBack(row: Row): string {
  const parts = [
    row.lecturerProfit ? `讲师分成 ${money(row.lecturerProfit)}` : '',
    row.referralReward ? `推荐奖励 ${money(row.referralReward)}` : '',
  ].filter(Boolean);
  return parts.length ? `，扣回${parts.join('、')}` : '';
}

/**
 * A refund returns the money by the channel it was paid with; 仅记录 is for money already returned by hand. Either
 * way access is withdrawn and the split taken back.
 */
function RefundModal({ row, onClose }: { row: Row | null; onClose: () => void }) {
  const [form] = Form.useForm();
  const offline = Form.useWatch('offline', form) === true;
  return (
    <FormModal
      title={`退款：订单 ${row?.orderNo ?? ''}`}
      open={row !== null}
      onClose={onClose}
      call={adminOrderRefund}
      form={form}
      toBody={(v) => ({ ...v, offline: v.offline === true, orderNo: row?.orderNo })}
      initialValues={{ remark: '', offline: false }}
      okText="确认退款"
      success="已退款，学习权限与分账已收回"
      width={560}
    >
      {row ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={`确定为 ${row.nickname || row.mobile} 的「${row.productName}」退款 ${money(row.pricePaid)} 吗？`}
          description={`${
            offline
              ? '仅记录退款，不经支付平台退回钱款。'
              : `钱款将通过${PAY_TYPE_NAMES[row.payType] ?? '原支付渠道'}原路退回买家。`
          }退款后${row.productType === 1 ? '收回该课程的学习权限' : `会员时长减少 ${row.vipDays} 天`}${takenBack(row)}。此操作不能撤销。`}
        />
      ) : null}
      <Form.Item
        name="remark"
        label="退款原因"
        rules={[{ required: true, whitespace: true, message: '请填写退款原因' }]}
      >
        <Input.TextArea rows={3} maxLength={200} showCount />
      </Form.Item>
      <Form.Item
        name="offline"
        valuePropName="checked"
        extra={
          offline ? '钱款已在支付平台后台或线下退回买家，这里只记录退款。' : '不勾选时，钱款按原支付渠道自动退回买家。'
        }
      >
        <Checkbox>仅记录（已在支付平台或线下退款）</Checkbox>
      </Form.Item>
    </FormModal>
  );
}

/** Two facts in one cell: the one looked for first, and below it, smaller, the one that goes with it. */
function Stacked({ main, sub }: { main: string; sub: string }) {
  return (
    <div style={{ lineHeight: 1.4 }}>
      <div>{main}</div>
      <div style={{ color: '#8a8f99', fontSize: 12 }}>{sub}</div>
    </div>
  );
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const [viewing, setViewing] = useState<string | null>(null);
  const [refunding, setRefunding] = useState<Row | null>(null);
  const [params] = useSearchParams();
  const { run, pending } = useAdminAction();
  return (
    <>
      <PagedList<Row>
        title="订单管理"
        noun="订单"
        page={loaderData.page}
        filters={filters}
        description="课程与会员订单。已支付的订单可以退款：钱款原路退回买家，收回学习权限（或会员时长），并扣回讲师分成与推荐奖励。"
        extra={
          <Button
            icon={<DownloadOutlined />}
            loading={pending}
            onClick={() => void run(() => downloadOrders(params), '已导出')}
          >
            导出 Excel
          </Button>
        }
        columns={[
          // 1,280 px leaves the table about 960: pairs that are read together share a column, so every
          // column shows without scrolling; the order number stays put if a narrower window scrolls
          {
            title: '订单号 / 下单时间',
            key: 'order',
            width: 180,
            fixed: 'left',
            render: (_: unknown, r) => <Stacked main={r.orderNo} sub={r.gmtCreate} />,
          },
          {
            title: '商品',
            dataIndex: 'productName',
            ellipsis: true,
            render: (v: string, r) => `${PRODUCT_TYPE_NAMES[r.productType]}：${v}`,
          },
          {
            title: '买家',
            key: 'buyer',
            width: 120,
            render: (_: unknown, r) => <Stacked main={r.nickname || '—'} sub={r.mobile} />,
          },
          {
            title: '实付 / 应付',
            key: 'price',
            width: 110,
            render: (_: unknown, r) => <Stacked main={money(r.pricePaid)} sub={`应付 ${money(r.pricePayable)}`} />,
          },
          { title: '讲师分成', dataIndex: 'lecturerProfit', width: 90, render: (v: number) => money(v) },
          {
            title: '方式',
            dataIndex: 'payType',
            width: 90,
            render: (v: keyof typeof PAY_TYPE_NAMES) => PAY_TYPE_NAMES[v],
          },
          {
            title: '状态',
            dataIndex: 'orderStatus',
            width: 90,
            render: (v: number) => <StatusBadge options={ORDER_STATUS_OPTIONS} value={v} />,
          },
          {
            title: '操作',
            key: 'actions',
            width: 110,
            fixed: 'right',
            render: (_: unknown, r) => (
              <Space size={4}>
                <Button type="link" size="small" onClick={() => setViewing(r.orderNo)}>
                  详情
                </Button>
                {r.orderStatus === OrderStatus.PAID ? (
                  <Button type="link" size="small" danger onClick={() => setRefunding(r)}>
                    退款
                  </Button>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
      <AdminOrderDetail orderNo={viewing} onClose={() => setViewing(null)} />
      <RefundModal row={refunding} onClose={() => setRefunding(null)} />
    </>
  );
}
