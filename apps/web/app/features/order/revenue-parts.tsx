import { useMemo, useState } from 'react';
import { Alert, Button, Card, Statistic, Table } from 'antd';
import type { EChartsOption } from 'echarts';
import type { CallData } from '#contract/call.ts';
import { adminAccountCheck, type adminOrderStat } from '#contract/order-admin.ts';
import { yuanNumber } from '#contract/money.ts';
import { PRODUCT_TYPE_NAMES } from '#contract/order.ts';
import { api } from '../../api/client.ts';
import { useAdminAction } from '../admin/use-admin-action.ts';
import { EChart } from './echart.tsx';
import { money } from './order-format.ts';

type Stat = CallData<typeof adminOrderStat>;
type Check = CallData<typeof adminAccountCheck>;

/** The range's totals: what was paid and refunded, and how the money split between lecturers, referrers and the platform. */
export function RevenueTotals({ stat }: { stat: Stat }) {
  const items = [
    { label: '支付订单', value: `${stat.paidCount} 笔` },
    { label: '支付金额', value: money(stat.paidAmount) },
    { label: `退款（${stat.refundCount} 笔）`, value: money(stat.refundAmount) },
    { label: '讲师分成', value: money(stat.lecturerProfit) },
    { label: '推荐奖励', value: money(stat.referralReward) },
    { label: '平台收入', value: money(stat.platformProfit) },
  ];
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(6, 1fr)', gap: 16 }}>
      {items.map((i) => (
        <Card key={i.label} size="small">
          <Statistic title={i.label} value={i.value} />
        </Card>
      ))}
    </div>
  );
}

/** The twenty best-selling products of the range as horizontal bars (yuan) beside their table. */
export function TopProducts({ stat }: { stat: Stat }) {
  const rows = stat.byProduct;
  const option = useMemo<EChartsOption>(
    () => ({
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      grid: { left: 160, right: 40, top: 10, bottom: 24 },
      xAxis: { type: 'value', name: '元' },
      yAxis: {
        type: 'category',
        inverse: true,
        data: rows.map((r) => (r.productName.length > 12 ? `${r.productName.slice(0, 12)}…` : r.productName)),
      },
      series: [
        {
          type: 'bar',
          name: '销售额',
          itemStyle: { color: '#00777c' },
          data: rows.map((r) => yuanNumber(r.paidAmount)),
        },
      ],
    }),
    [rows],
  );
  if (rows.length === 0) return <p style={{ color: '#888' }}>这段时间没有售出商品</p>;
  return (
    <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 24 }}>
      <EChart option={option} height={Math.max(200, rows.length * 28 + 40)} label="商品销售额排行" />
      <Table
        rowKey={(r) => `${r.productType}-${r.productId}`}
        size="small"
        pagination={false}
        dataSource={rows}
        columns={[
          {
            title: '商品',
            dataIndex: 'productName',
            render: (v: string, r) => `${PRODUCT_TYPE_NAMES[r.productType]}：${v}`,
          },
          { title: '售出', dataIndex: 'paidCount', width: 70 },
          { title: '销售额', dataIndex: 'paidAmount', width: 110, render: (v: number) => money(v) },
        ]}
      />
    </div>
  );
}

/** Recomputes every account from its ledger on demand: any difference means money moved outside the ledger. */
export function AccountCheck() {
  const [result, setResult] = useState<Check | null>(null);
  const { run, pending } = useAdminAction();
  return (
    <Card
      title="账户对账"
      extra={
        <Button loading={pending} onClick={() => void run(() => api(adminAccountCheck)).then((r) => r && setResult(r))}>
          开始对账
        </Button>
      }
    >
      {!result ? (
        <p style={{ color: '#888', margin: 0 }}>核对每个用户账户的可提现、冻结、已提现余额是否等于其流水合计。</p>
      ) : result.mismatches.length === 0 ? (
        <Alert type="success" showIcon title={`已核对 ${result.accountCount} 个账户，余额与流水全部一致`} />
      ) : (
        <>
          <Alert
            type="error"
            showIcon
            title={`${result.mismatches.length} 个账户余额与流水不一致`}
            style={{ marginBottom: 12 }}
          />
          <Table
            rowKey="userId"
            size="small"
            pagination={false}
            dataSource={result.mismatches}
            columns={[
              { title: '手机号', dataIndex: 'mobile' },
              {
                title: '可提现（余额/流水）',
                key: 'a',
                render: (_: unknown, r) => `${money(r.availableAmount)} / ${money(r.ledgerAvailable)}`,
              },
              {
                title: '冻结（余额/流水）',
                key: 'f',
                render: (_: unknown, r) => `${money(r.frozenAmount)} / ${money(r.ledgerFrozen)}`,
              },
              {
                title: '已提现（余额/流水）',
                key: 'w',
                render: (_: unknown, r) => `${money(r.withdrawnAmount)} / ${money(r.ledgerWithdrawn)}`,
              },
            ]}
          />
        </>
      )}
    </Card>
  );
}
