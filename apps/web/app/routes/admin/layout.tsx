import { App } from 'antd';
import { Outlet } from 'react-router';
import { adminInfoView } from '#contract/admin.ts';
import { adminLoad } from '../../features/admin/admin-loader.ts';
import { AdminShell } from '../../features/admin/admin-shell.tsx';
import type { Route } from './+types/layout.ts';

export const meta: Route.MetaFunction = () => [{ title: '青课管理后台' }, { name: 'robots', content: 'noindex' }];

export async function loader(args: Route.LoaderArgs) {
  return { admin: await adminLoad(args, adminInfoView) };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <App>
      <AdminShell admin={loaderData.admin}>
        <Outlet />
      </AdminShell>
    </App>
  );
}
