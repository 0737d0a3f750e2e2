import { Button, Descriptions, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { Link } from '../../components/link.tsx';
import type { CallData } from '#contract/call.ts';
import { PAY_TYPE_NAMES } from '#contract/order.ts';
import {
  adminPayDifferenceHandle,
  adminPayDifferencePage,
  adminPayDifferenceRefund,
} from '#contract/pay-difference.ts';
import { adminLoad } from '../../features/admin/admin-loader.ts';
import { FormModal } from '../../features/admin/form-modal.tsx';
import { pageQueryFrom } from '../../features/admin/page-query.ts';
import { PagedList, type Filter } from '../../features/admin/paged-list.tsx';
import { StatusBadge, type StatusOption } from '../../features/admin/status-badge.tsx';
import { money } from '../../features/order/order-format.ts';
import type { Route } from './+types/pay-differences.ts';

export const meta: Route.MetaFunction = () => [{ title: '支付差异 · 青课管理后台' }];

export async function loader(args: Route.LoaderArgs) {
  return {
    page: await adminLoad(args, adminPayDifferencePage, pageQueryFrom(args.request, adminPayDifferencePage)),
  };
}

type Row = CallData<typeof adminPayDifferencePage>['list'][number];

const states: StatusOption[] = [
  { value: 1, label: '待处理', status: 'error' },
  { value: 2, label: '已处理', status: 'success' },
];
const filters: Filter[] = [{ kind: 'select', name: 'statusId', label: '状态', options: states }];

function Summary({ row }: { row: Row }) {
  return (
    <Descriptions column={1} size="small" bordered style={{ marginBottom: 20 }}>
      <Descriptions.Item label="差异">{row.kindName}</Descriptions.Item>
      <Descriptions.Item label="订单号">{row.orderNo}</Descriptions.Item>
      <Descriptions.Item label="支付流水号">{row.serialNumber}</Descriptions.Item>
      <Descriptions.Item label="金额">{`${money(row.amount)}（${PAY_TYPE_NAMES[row.payType]}）`}</Descriptions.Item>
      <Descriptions.Item label="说明">{row.detail}</Descriptions.Item>
    </Descriptions>
  );
}

/** Returns a payment owed back (paid twice) through its own channel; the order is not touched. */
function RefundModal({ row, onClose }: { row: Row | null; onClose: () => void }) {
  return (
    <FormModal
      title="原路退还这笔款项"
      open={row !== null}
      onClose={onClose}
      call={adminPayDifferenceRefund}
      toBody={() => ({ id: row?.id })}
      okText="确认退还"
      success="已提交支付平台退还"
      width={600}
    >
      {row ? <Summary row={row} /> : null}
      <p>钱款按原支付渠道退回买家；订单本身已由另一笔支付完成，不受影响。</p>
    </FormModal>
  );
}

/** Marks a difference handled, saying how (e.g. after checking it in the gateway's console). */
function HandleModal({ row, onClose }: { row: Row | null; onClose: () => void }) {
  return (
    <FormModal
      title="标记为已处理"
      open={row !== null}
      onClose={onClose}
      call={adminPayDifferenceHandle}
      toBody={(v) => ({ ...v, id: row?.id })}
      initialValues={{ handled: '' }}
      okText="确定"
      success="已标记为已处理"
      width={600}
    >
      {row ? <Summary row={row} /> : null}
      <Form.Item
        name="handled"
        label="处理说明"
        rules={[{ required: true, whitespace: true, message: '请写明如何处理的' }]}
      >
        <Input.TextArea rows={3} maxLength={200} showCount />
      </Form.Item>
    </FormModal>
  );
}

export default function AdminPayDifferences({ loaderData }: Route.ComponentProps) {
  const [refunding, setRefunding] = useState<Row | null>(null);
  const [handling, setHandling] = useState<Row | null>(null);
  return (
    <>
      <PagedList<Row>
        title="支付差异"
        noun="支付差异"
        page={loaderData.page}
        filters={filters}
        description="本站与支付平台对不上的每一笔：订单关闭后到账、买家重复支付、每日对账发现的差异。每一笔都写明了应采取的处理。"
        columns={[
          { title: '发现时间', dataIndex: 'gmtCreate', width: 170 },
          { title: '差异', dataIndex: 'kindName', width: 170 },
          {
            title: '订单号',
            dataIndex: 'orderNo',
            width: 190,
            render: (v: string) => <Link to={`/admin/orders?orderNo=${v}`}>{v}</Link>,
          },
          {
            title: '金额',
            dataIndex: 'amount',
            width: 140,
            render: (v: number, r) => `${money(v)} ${PAY_TYPE_NAMES[r.payType]}`,
          },
          { title: '应采取的处理', dataIndex: 'action' },
          {
            title: '状态',
            dataIndex: 'statusId',
            width: 90,
            render: (v: number) => <StatusBadge options={states} value={v} />,
          },
          { title: '处理结果', dataIndex: 'handled', ellipsis: true, render: (v: string) => v || '—' },
          {
            title: '操作',
            key: 'actions',
            width: 170,
            fixed: 'right',
            render: (_: unknown, r) =>
              r.statusId === 1 ? (
                <Space>
                  {r.refundable ? (
                    <Button type="primary" danger size="small" onClick={() => setRefunding(r)}>
                      退还
                    </Button>
                  ) : null}
                  <Button size="small" onClick={() => setHandling(r)}>
                    已处理
                  </Button>
                </Space>
              ) : null,
          },
        ]}
      />
      <RefundModal key={`r${refunding?.id ?? ''}`} row={refunding} onClose={() => setRefunding(null)} />
      <HandleModal key={`h${handling?.id ?? ''}`} row={handling} onClose={() => setHandling(null)} />
    </>
  );
}
