import { Form, Input, InputNumber } from 'antd';
import type { CallData } from '#contract/call.ts';
import { adminVipSetDelete, adminVipSetList, adminVipSetSave, adminVipSetUpdate } from '#contract/order-admin.ts';
import { fenToYuan } from '#contract/money.ts';
import { yuanToFen } from '#contract/order.ts';
import { adminLoad } from '../../features/admin/admin-loader.ts';
import { SortStatusItems } from '../../features/admin/form-items.tsx';
import { ListPage, type ListResource } from '../../features/admin/list-page.tsx';
import { money } from '../../features/order/order-format.ts';
import type { Route } from './+types/vip-sets.ts';

type Row = CallData<typeof adminVipSetList>[number];

export const meta: Route.MetaFunction = () => [{ title: '会员套餐 · 青课管理后台' }];

export async function loader(args: Route.LoaderArgs) {
  return { rows: await adminLoad(args, adminVipSetList) };
}

/** The form edits prices in yuan; the contract keeps fen. Text that is not an amount is passed on for the contract to refuse. */
const toFen = (v: unknown) =>
  typeof v === 'string' && v.trim() !== '' ? (yuanToFen(v) ?? v) : v === undefined || v === '' ? 0 : v;

const AMOUNT_RULE = { pattern: /^\s*\d{1,9}(\.\d{1,2})?\s*$/, message: '请填写正确的金额，最多两位小数' };

const vipSets: ListResource<Row> = {
  noun: '会员套餐',
  calls: { save: adminVipSetSave, update: adminVipSetUpdate, delete: adminVipSetDelete },
  nameOf: (row) => row.setName,
  columns: [
    { title: '套餐名称', dataIndex: 'setName' },
    { title: '会员天数', dataIndex: 'days', width: 110, render: (v: number) => `${v} 天` },
    { title: '售价', dataIndex: 'price', width: 120, render: (v: number) => money(v) },
    { title: '划线价', dataIndex: 'rulingPrice', width: 120, render: (v: number) => (v ? <del>{money(v)}</del> : '—') },
    { title: '创建时间', dataIndex: 'gmtCreate', width: 170 },
  ],
  defaults: { setName: '', days: 30, price: '', rulingPrice: '', sort: 100, statusId: 1 },
  toForm: (row) => ({
    ...row,
    price: fenToYuan(row.price),
    rulingPrice: row.rulingPrice ? fenToYuan(row.rulingPrice) : '',
  }),
  fromForm: (v) => ({ ...v, price: toFen(v.price), rulingPrice: toFen(v.rulingPrice) }),
  fields: (
    <>
      <Form.Item
        name="setName"
        label="套餐名称"
        rules={[{ required: true, whitespace: true, message: '请填写套餐名称' }]}
      >
        <Input maxLength={30} showCount placeholder="如：月度会员" />
      </Form.Item>
      <Form.Item name="days" label="会员天数" rules={[{ required: true, message: '请填写会员天数' }]}>
        <InputNumber min={1} max={3650} precision={0} suffix="天" style={{ width: 180 }} />
      </Form.Item>
      <div style={{ display: 'flex', gap: 24 }}>
        <Form.Item
          name="price"
          label="售价（元）"
          rules={[{ required: true, whitespace: true, message: '请填写售价' }, AMOUNT_RULE]}
        >
          <Input prefix="¥" inputMode="decimal" style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="rulingPrice" label="划线价（元，选填）" extra="高于售价时显示为划线原价" rules={[AMOUNT_RULE]}>
          <Input prefix="¥" inputMode="decimal" style={{ width: 180 }} />
        </Form.Item>
      </div>
      <SortStatusItems />
    </>
  ),
};

export default function AdminVipSets({ loaderData }: Route.ComponentProps) {
  return (
    <ListPage
      resource={vipSets}
      rows={loaderData.rows}
      title="会员套餐"
      description="在 /vip 页面出售的会员套餐（启用的，按排序）。购买后会员到期时间从当前到期时间或现在起顺延；修改套餐不影响已下的订单。"
    />
  );
}
