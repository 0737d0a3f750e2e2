import { Form, Input, Radio } from 'antd';
import { adminZone } from '#contract/admin.ts';
import type { CallData } from '#contract/call.ts';
import { adminLoad } from '../../features/admin/admin-loader.ts';
import { SortStatusItems } from '../../features/admin/form-items.tsx';
import { ListPage } from '../../features/admin/list-page.tsx';
import type { ListResource } from '../../features/admin/list-page.tsx';
import type { Route } from './+types/zone.ts';

type Row = CallData<typeof adminZone.list>[number];

export const meta: Route.MetaFunction = () => [{ title: '专区 · 青课管理后台' }];

export async function loader(args: Route.LoaderArgs) {
  return { rows: await adminLoad(args, adminZone.list) };
}

// Spec §9: the PC home page asks for zone location 1; 0 is the other (mobile) placement.
const locations = [
  { value: 1, label: 'PC 首页' },
  { value: 0, label: '移动端' },
];

const zone: ListResource<Row> = {
  noun: '专区',
  calls: adminZone,
  nameOf: (row) => row.zoneName,
  columns: [
    { title: '专区名称', dataIndex: 'zoneName', width: 200 },
    { title: '专区描述', dataIndex: 'zoneDesc', ellipsis: true },
    {
      title: '展示位置',
      dataIndex: 'zoneLocation',
      width: 120,
      render: (v: number) => locations.find((l) => l.value === v)?.label ?? v,
    },
  ],
  defaults: { zoneName: '', zoneDesc: '', zoneLocation: 1, sort: 100, statusId: 1 },
  fields: (
    <>
      <Form.Item name="zoneName" label="专区名称" rules={[{ required: true, message: '请填写专区名称' }]}>
        <Input maxLength={50} showCount placeholder="如：精品推荐" />
      </Form.Item>
      <Form.Item name="zoneDesc" label="专区描述">
        <Input.TextArea maxLength={200} showCount rows={3} />
      </Form.Item>
      <Form.Item name="zoneLocation" label="展示位置">
        <Radio.Group options={locations} />
      </Form.Item>
      <SortStatusItems />
    </>
  ),
};

export default function AdminZone({ loaderData }: Route.ComponentProps) {
  return (
    <ListPage resource={zone} rows={loaderData.rows} title="首页专区" description="首页按排序依次展示启用的专区。" />
  );
}
