import { Badge, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import type { CallData } from '#contract/call.ts';
import {
  EXTRACT_STATUS_NAMES,
  LEDGER_KIND_NAMES,
  type TExtractLog,
  type TLedgerRow,
} from '#contract/account-ledger.ts';
import type { orderLecturer } from '#contract/order.ts';
import type { recommendedRewardList } from '#contract/account-ledger.ts';
import { extractNote, ledgerNote } from './money-words.ts';
import { money, signedMoney } from './order-format.ts';

interface Paged<Row> {
  list: Row[];
  totalCount: number;
  pageCurrent: number;
  pageSize: number;
}
type Sale = CallData<typeof orderLecturer>['list'][number];
type Reward = CallData<typeof recommendedRewardList>['list'][number];

function pager(page: Paged<unknown>, onPage: (n: number) => void) {
  return {
    current: page.pageCurrent,
    pageSize: page.pageSize,
    total: page.totalCount,
    showSizeChanger: false,
    hideOnSinglePage: true,
    onChange: onPage,
  };
}

const saleColumns: TableColumnsType<Sale> = [
  { title: '课程', dataIndex: 'courseName', ellipsis: true },
  { title: '购买人', dataIndex: 'mobile', width: 130 },
  { title: '实付', dataIndex: 'pricePaid', width: 110, render: (v: number) => money(v) },
  {
    title: '我的分成',
    dataIndex: 'lecturerProfit',
    width: 110,
    render: (v: number, r) => (r.orderStatus === 5 ? <del>{money(v)}</del> : money(v)),
  },
  {
    title: '状态',
    dataIndex: 'orderStatus',
    width: 90,
    render: (v: number) =>
      v === 5 ? <Badge status="default" text="已退款" /> : <Badge status="success" text="已支付" />,
  },
  { title: '支付时间', dataIndex: 'payTime', width: 170 },
];

/** A lecturer's course sales, buyers' mobiles masked; a refunded sale shows its share struck through. */
export function SalesTable({ page, onPage }: { page: Paged<Sale>; onPage: (n: number) => void }) {
  return (
    <Table<Sale>
      rowKey="orderNo"
      size="middle"
      columns={saleColumns}
      dataSource={page.list}
      pagination={pager(page, onPage)}
      locale={{ emptyText: '还没有课程售出' }}
    />
  );
}

const ledgerColumns: TableColumnsType<TLedgerRow> = [
  { title: '时间', dataIndex: 'gmtCreate', width: 170 },
  { title: '类型', dataIndex: 'kind', width: 120, render: (v: TLedgerRow['kind']) => LEDGER_KIND_NAMES[v] },
  { title: '可提现变动', dataIndex: 'availableDelta', width: 120, render: (v: number) => (v ? signedMoney(v) : '—') },
  { title: '冻结变动', dataIndex: 'frozenDelta', width: 110, render: (v: number) => (v ? signedMoney(v) : '—') },
  { title: '可提现余额', dataIndex: 'availableAfter', width: 120, render: (v: number) => money(v) },
  {
    title: '说明',
    dataIndex: 'remark',
    ellipsis: true,
    render: (_: string, r) => ledgerNote(r) || '—',
  },
];

/** Every change of the account, newest first, with the balance right after it. */
export function LedgerTable({ page, onPage }: { page: Paged<TLedgerRow>; onPage: (n: number) => void }) {
  return (
    <Table<TLedgerRow>
      rowKey="id"
      size="middle"
      columns={ledgerColumns}
      dataSource={page.list}
      pagination={pager(page, onPage)}
      locale={{ emptyText: '还没有收支记录' }}
    />
  );
}

const EXTRACT_BADGE: Record<number, 'processing' | 'warning' | 'success' | 'error'> = {
  1: 'processing',
  2: 'warning',
  3: 'warning',
  4: 'success',
  5: 'error',
};

const extractColumns: TableColumnsType<TExtractLog> = [
  { title: '申请时间', dataIndex: 'gmtCreate', width: 170 },
  { title: '金额', dataIndex: 'extractAmount', width: 110, render: (v: number) => money(v) },
  { title: '银行卡', key: 'card', render: (_: unknown, r) => `${r.bankName} ${r.bankCardNo}` },
  {
    title: '状态',
    dataIndex: 'extractStatus',
    width: 90,
    render: (v: number) => <Badge status={EXTRACT_BADGE[v] ?? 'default'} text={EXTRACT_STATUS_NAMES[v]} />,
  },
  {
    title: '说明',
    dataIndex: 'remark',
    ellipsis: true,
    render: (_: string, r) => extractNote(r) || '—',
  },
];

/** My withdrawals and where each stands (审核中 → 支付中 → 确认中 → 成功, or 失败 with the reason). */
export function ExtractTable({ page, onPage }: { page: Paged<TExtractLog>; onPage: (n: number) => void }) {
  return (
    <Table<TExtractLog>
      rowKey="id"
      size="middle"
      columns={extractColumns}
      dataSource={page.list}
      pagination={pager(page, onPage)}
      locale={{ emptyText: '还没有提现记录' }}
    />
  );
}

const rewardColumns: TableColumnsType<Reward> = [
  { title: '时间', dataIndex: 'gmtCreate', width: 170 },
  {
    title: '购买人',
    key: 'buyer',
    width: 180,
    render: (_: unknown, r) => (r.buyerNickname ? `${r.buyerNickname}（${r.buyerMobile}）` : r.buyerMobile),
  },
  { title: '商品', dataIndex: 'productName', ellipsis: true },
  { title: '实付', dataIndex: 'pricePaid', width: 110, render: (v: number) => money(v) },
  {
    title: '我的奖励',
    dataIndex: 'rewardAmount',
    width: 110,
    render: (v: number, r) => (r.rewardStatus === 2 ? <del>{money(v)}</del> : money(v)),
  },
  {
    title: '状态',
    dataIndex: 'rewardStatus',
    width: 100,
    render: (v: number) =>
      v === 2 ? <Badge status="default" text="退款扣回" /> : <Badge status="success" text="已到账" />,
  },
];

/** Rewards for what the people I referred paid; a refunded order's reward shows as taken back. */
export function RewardTable({ page, onPage }: { page: Paged<Reward>; onPage: (n: number) => void }) {
  return (
    <Table<Reward>
      rowKey="orderNo"
      size="middle"
      columns={rewardColumns}
      dataSource={page.list}
      pagination={pager(page, onPage)}
      locale={{ emptyText: '还没有推荐奖励：您推荐的用户付款后，奖励会记在这里' }}
    />
  );
}
