import { Form, Input, Typography } from 'antd';
import { adminLink } from '#contract/admin.ts';
import type { CallData } from '#contract/call.ts';
import { adminLoad } from '../../features/admin/admin-loader.ts';
import { SortStatusItems, TargetItem, targetOptions } from '../../features/admin/form-items.tsx';
import { ListPage } from '../../features/admin/list-page.tsx';
import type { ListResource } from '../../features/admin/list-page.tsx';
import type { Route } from './+types/link.ts';

type Row = CallData<typeof adminLink.list>[number];

export const meta: Route.MetaFunction = () => [{ title: '友情链接 · 青课管理后台' }];

export async function loader(args: Route.LoaderArgs) {
  return { rows: await adminLoad(args, adminLink.list) };
}

const link: ListResource<Row> = {
  noun: '友情链接',
  calls: adminLink,
  nameOf: (row) => row.linkName,
  columns: [
    { title: '链接名称', dataIndex: 'linkName' },
    {
      title: '链接地址',
      dataIndex: 'linkUrl',
      render: (v: string) => (
        <Typography.Link href={v} target="_blank" rel="noopener noreferrer">
          {v}
        </Typography.Link>
      ),
    },
    {
      title: '打开方式',
      dataIndex: 'linkTarget',
      width: 130,
      render: (v: string) => targetOptions.find((o) => o.value === v)?.label ?? v,
    },
  ],
  defaults: { linkName: '', linkUrl: '', linkTarget: '_blank', sort: 100, statusId: 1 },
  fields: (
    <>
      <Form.Item name="linkName" label="链接名称" rules={[{ required: true, message: '请填写链接名称' }]}>
        <Input maxLength={50} showCount />
      </Form.Item>
      <Form.Item name="linkUrl" label="链接地址" rules={[{ required: true, message: '请填写链接地址' }]}>
        <Input maxLength={500} placeholder="https://" />
      </Form.Item>
      <TargetItem name="linkTarget" />
      <SortStatusItems />
    </>
  ),
};

export default function AdminLink({ loaderData }: Route.ComponentProps) {
  return <ListPage resource={link} rows={loaderData.rows} title="友情链接" description="显示在网站底部的友情链接。" />;
}
