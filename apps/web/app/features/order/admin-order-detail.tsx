import { useEffect, useState } from 'react';
import { Descriptions, Drawer, Table } from 'antd';
import type { CallData } from '#contract/call.ts';
import { LEDGER_KIND_NAMES } from '#contract/account-ledger.ts';
import { adminOrderView } from '#contract/order-admin.ts';
import { ORDER_STATUS_NAMES, OrderStatus, PAY_TYPE_NAMES, PRODUCT_TYPE_NAMES, ProductType } from '#contract/order.ts';
import { api } from '../../api/client.ts';
import { useAdminAction } from '../admin/use-admin-action.ts';
import { money, signedMoney } from './order-format.ts';
import { FetchSpin } from '../../components/fetch-spin.tsx';

type Detail = CallData<typeof adminOrderView>;
const NOTICE_RESULTS: Record<number, string> = { 0: '拒绝', 1: '已入账', 2: '重复通知（未变更）' };

/** An order as the administrator checks it: the buyer, the split of the money, each payment attempt, every notice and ledger row. */
export function AdminOrderDetail({ orderNo, onClose }: { orderNo: string | null; onClose: () => void }) {
  const [d, setD] = useState<Detail | null>(null);
  const { run } = useAdminAction();
  useEffect(() => {
    setD(null);
    if (orderNo) void run(() => api(adminOrderView, { orderNo })).then((r) => r && setD(r));
  }, [orderNo, run]);

  return (
    <Drawer open={orderNo !== null} onClose={onClose} size={820} title={`订单详情 ${orderNo ?? ''}`} destroyOnHidden>
      {!d ? (
        <FetchSpin />
      ) : (
        <>
          <Descriptions
            column={2}
            size="small"
            bordered
            styles={{ label: { whiteSpace: 'nowrap' } }}
            style={{ marginBottom: 20 }}
          >
            <Descriptions.Item label="商品" span={2}>
              {PRODUCT_TYPE_NAMES[d.productType]}：{d.productName}
              {d.productType === ProductType.VIP ? `（${d.vipDays} 天）` : `（讲师 ${d.lecturerName || '—'}）`}
            </Descriptions.Item>
            <Descriptions.Item label="买家">{`${d.nickname || '—'}（${d.mobile}）`}</Descriptions.Item>
            <Descriptions.Item label="状态">{ORDER_STATUS_NAMES[d.orderStatus]}</Descriptions.Item>
            <Descriptions.Item label="应付">{money(d.pricePayable)}</Descriptions.Item>
            <Descriptions.Item label="实付">{money(d.pricePaid)}</Descriptions.Item>
            <Descriptions.Item label="讲师分成">{money(d.lecturerProfit)}</Descriptions.Item>
            <Descriptions.Item label="推荐奖励">
              {d.referralReward ? `${money(d.referralReward)}（${d.referrerMobile}）` : '—'}
            </Descriptions.Item>
            <Descriptions.Item label="平台收入">{money(d.platformProfit)}</Descriptions.Item>
            <Descriptions.Item label="交易号">{d.tradeNo || '—'}</Descriptions.Item>
            <Descriptions.Item label="下单时间">{d.gmtCreate}</Descriptions.Item>
            <Descriptions.Item label="支付时间">{d.payTime || '—'}</Descriptions.Item>
            {d.closeTime ? <Descriptions.Item label="关闭时间">{d.closeTime}</Descriptions.Item> : null}
            {d.refundTime ? <Descriptions.Item label="退款时间">{d.refundTime}</Descriptions.Item> : null}
            {d.remark ? (
              <Descriptions.Item label="备注" span={2}>
                {d.remark}
              </Descriptions.Item>
            ) : null}
          </Descriptions>
          <h3>支付流水</h3>
          <Table
            rowKey="serialNumber"
            size="small"
            pagination={false}
            dataSource={d.pays}
            columns={[
              { title: '流水号', dataIndex: 'serialNumber' },
              {
                title: '方式',
                dataIndex: 'payType',
                width: 90,
                render: (v: keyof typeof PAY_TYPE_NAMES) => PAY_TYPE_NAMES[v],
              },
              { title: '金额', dataIndex: 'amount', width: 100, render: (v: number) => money(v) },
              { title: '状态', dataIndex: 'orderStatus', width: 90, render: (v: number) => ORDER_STATUS_NAMES[v] },
              { title: '创建', dataIndex: 'gmtCreate', width: 170 },
              { title: '支付', dataIndex: 'payTime', width: 170 },
              {
                title: '退款单号',
                dataIndex: 'refundTradeNo',
                // a refund sent through the gateway whose reference is not known yet is no refund by hand
                render: (v: string, r) =>
                  v ||
                  (r.orderStatus !== OrderStatus.REFUNDED ? '—' : d.remark.startsWith('原路退款') ? '—' : '线下退款'),
              },
            ]}
          />
          <h3 style={{ marginTop: 20 }}>支付通知</h3>
          <Table
            rowKey={(r) => `${r.serialNumber}-${r.gmtCreate}-${r.result}`}
            size="small"
            pagination={false}
            dataSource={d.notices}
            locale={{ emptyText: '还没有收到支付通知' }}
            columns={[
              { title: '时间', dataIndex: 'gmtCreate', width: 170 },
              { title: '流水号', dataIndex: 'serialNumber' },
              { title: '金额', dataIndex: 'amount', width: 100, render: (v: number) => money(v) },
              { title: '结果', dataIndex: 'result', width: 150, render: (v: number) => NOTICE_RESULTS[v] ?? v },
              { title: '原因', dataIndex: 'reason', render: (v: string) => v || '—' },
            ]}
          />
          <h3 style={{ marginTop: 20 }}>分账流水</h3>
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={d.ledger}
            locale={{ emptyText: '没有分账' }}
            columns={[
              { title: '时间', dataIndex: 'gmtCreate', width: 170 },
              { title: '账户', dataIndex: 'mobile', width: 120 },
              {
                title: '类型',
                dataIndex: 'kind',
                width: 120,
                render: (v: keyof typeof LEDGER_KIND_NAMES) => LEDGER_KIND_NAMES[v],
              },
              { title: '可提现变动', dataIndex: 'availableDelta', render: (v: number) => signedMoney(v) },
              { title: '变动后余额', dataIndex: 'availableAfter', render: (v: number) => money(v) },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}
