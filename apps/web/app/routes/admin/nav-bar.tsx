import { Form, Input, Typography } from 'antd';
import { adminNavBar } from '#contract/admin.ts';
import type { CallData } from '#contract/call.ts';
import { adminLoad } from '../../features/admin/admin-loader.ts';
import { SortStatusItems, TargetItem, targetOptions } from '../../features/admin/form-items.tsx';
import { ListPage } from '../../features/admin/list-page.tsx';
import type { ListResource } from '../../features/admin/list-page.tsx';
import type { Route } from './+types/nav-bar.ts';

type Row = CallData<typeof adminNavBar.list>[number];

export const meta: Route.MetaFunction = () => [{ title: '头部导航 · 青课管理后台' }];

export async function loader(args: Route.LoaderArgs) {
  return { rows: await adminLoad(args, adminNavBar.list) };
}

const targetLabel = (v: string) => targetOptions.find((o) => o.value === v)?.label ?? v;

const navBar: ListResource<Row> = {
  noun: '导航',
  calls: adminNavBar,
  nameOf: (row) => row.navTitle,
  columns: [
    { title: '导航名称', dataIndex: 'navTitle' },
    { title: '导航地址', dataIndex: 'navUrl', render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
    { title: '打开方式', dataIndex: 'target', width: 130, render: targetLabel },
  ],
  defaults: { navTitle: '', navUrl: '', target: '_self', sort: 100, statusId: 1 },
  fields: (
    <>
      <Form.Item name="navTitle" label="导航名称" rules={[{ required: true, message: '请填写导航名称' }]}>
        <Input maxLength={20} showCount placeholder="如：录播课程" />
      </Form.Item>
      <Form.Item
        name="navUrl"
        label="导航地址"
        rules={[{ required: true, message: '请填写导航地址' }]}
        extra="站内页面写路径（如 /list），站外写完整地址"
      >
        <Input maxLength={500} placeholder="/list" />
      </Form.Item>
      <TargetItem name="target" />
      <SortStatusItems />
    </>
  ),
};

export default function AdminNavBar({ loaderData }: Route.ComponentProps) {
  return (
    <ListPage
      resource={navBar}
      rows={loaderData.rows}
      title="头部导航"
      description="网站顶部的导航条，前 10 项直接显示，其余收进“更多”。停用的导航不在网站上显示。"
    />
  );
}
