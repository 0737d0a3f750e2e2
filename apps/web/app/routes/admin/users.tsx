import { UserType } from '#contract/user.ts';
import { Button, Form, Popconfirm, Radio, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import type { CallData } from '#contract/call.ts';
import { adminUserPage, adminUserRecommended, adminUserStatus, adminUserType } from '#contract/user-admin.ts';
import type { TUserAdmin } from '#contract/user-admin.ts';
import { adminLoad } from '../../features/admin/admin-loader.ts';
import { FormModal } from '../../features/admin/form-modal.tsx';
import { pageQueryFrom } from '../../features/admin/page-query.ts';
import { PagedList } from '../../features/admin/paged-list.tsx';
import { StatusBadge } from '../../features/admin/status-badge.tsx';
import type { StatusOption } from '../../features/admin/status-badge.tsx';
import type { Filter } from '../../features/admin/paged-list.tsx';
import { useAdminCall } from '../../features/admin/use-admin-action.ts';
import type { Route } from './+types/users.ts';

export const meta: Route.MetaFunction = () => [{ title: '用户管理 · 青课管理后台' }];

export async function loader(args: Route.LoaderArgs) {
  return { page: await adminLoad(args, adminUserPage, pageQueryFrom(args.request, adminUserPage)) };
}

type Row = CallData<typeof adminUserPage>['list'][number];

const userTypes: StatusOption[] = [
  { value: UserType.NORMAL, label: '学员', status: 'default' },
  { value: UserType.LECTURER, label: '讲师', status: 'processing' },
  { value: UserType.ORGANISATION, label: '机构', status: 'warning' },
];
const userStatuses: StatusOption[] = [
  { value: 1, label: '正常', status: 'success' },
  { value: 0, label: '已停用', status: 'error' },
];

const filters: Filter[] = [
  { kind: 'text', name: 'mobile', label: '手机号', maxLength: 11, placeholder: '可输入部分号码' },
  { kind: 'text', name: 'nickname', label: '昵称', maxLength: 20 },
  { kind: 'select', name: 'userType', label: '类型', options: userTypes },
  { kind: 'select', name: 'statusId', label: '状态', options: userStatuses },
];

function TypeModal({ user, onClose }: { user: TUserAdmin | null; onClose: () => void }) {
  return (
    <FormModal
      title={`设置用户类型：${user?.nickname ?? ''}（${user?.mobile ?? ''}）`}
      open={user !== null}
      onClose={onClose}
      call={adminUserType}
      toBody={(v) => ({ ...v, id: user?.id })}
      initialValues={{ userType: user?.userType }}
      success="用户类型已更新"
      width={520}
    >
      <Form.Item
        name="userType"
        label="用户类型"
        extra="设为讲师会公开其讲师主页（没有讲师资料的，先以昵称和头像建立，讲师可在讲师中心完善）；改为学员或机构后，讲师主页不再公开。"
      >
        <Radio.Group options={userTypes.map(({ value, label }) => ({ value, label }))} />
      </Form.Item>
    </FormModal>
  );
}

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { call } = useAdminCall();
  const [typing, setTyping] = useState<Row | null>(null);

  return (
    <>
      <PagedList<Row>
        title="用户管理"
        noun="用户"
        page={loaderData.page}
        filters={filters}
        description="停用的用户会立即退出所有登录，且不能再登录；讲师被停用后其讲师主页也不再公开。"
        columns={[
          {
            title: 'ID',
            dataIndex: 'id',
            width: 170,
            render: (v: string) => <Typography.Text type="secondary">{v}</Typography.Text>,
          },
          {
            title: '昵称',
            key: 'user',
            render: (_: unknown, r: Row) => (
              <Space size={6}>
                <span>{r.nickname || '—'}</span>
                {r.isVip ? <Typography.Text type="warning">VIP</Typography.Text> : null}
              </Space>
            ),
          },
          { title: '手机号', dataIndex: 'mobile', width: 130 },
          {
            title: '类型',
            dataIndex: 'userType',
            width: 80,
            render: (v: number) => <StatusBadge options={userTypes} value={v} />,
          },
          {
            title: '推荐人',
            dataIndex: 'referrerMobile',
            width: 120,
            render: (v: string) => v || <Typography.Text type="secondary">—</Typography.Text>,
          },
          {
            title: '推荐资格',
            dataIndex: 'isRecommended',
            width: 100,
            render: (v: number, r: Row) => (
              <Switch
                size="small"
                checked={v === 1}
                checkedChildren="开通"
                unCheckedChildren="未开通"
                aria-label={`${r.mobile} 的推荐资格`}
                onChange={(on) =>
                  void call(
                    adminUserRecommended,
                    { id: r.id, isRecommended: on ? 1 : 0 },
                    on ? '已开通推荐资格' : '已取消推荐资格',
                  )
                }
              />
            ),
          },
          {
            title: '状态',
            dataIndex: 'statusId',
            width: 90,
            render: (v: number) => <StatusBadge options={userStatuses} value={v} />,
          },
          { title: '注册时间', dataIndex: 'gmtCreate', width: 170 },
          {
            title: '操作',
            key: 'actions',
            width: 150,
            fixed: 'right',
            render: (_: unknown, r: Row) => (
              <Space size={4}>
                <Button type="link" size="small" onClick={() => setTyping(r)}>
                  设置类型
                </Button>
                {r.statusId === 1 ? (
                  <Popconfirm
                    title={`停用用户“${r.nickname || r.mobile}”？`}
                    description="停用后该用户会立即退出所有登录，且不能再登录，直到重新启用。"
                    placement="topRight"
                    okText="停用"
                    okButtonProps={{ danger: true }}
                    cancelText="取消"
                    onConfirm={() => call(adminUserStatus, { id: r.id, statusId: 0 }, '已停用，该用户已被退出登录')}
                  >
                    <Button type="link" size="small" danger>
                      停用
                    </Button>
                  </Popconfirm>
                ) : (
                  <Popconfirm
                    title={`启用用户“${r.nickname || r.mobile}”？`}
                    description="启用后该用户可以重新登录。"
                    placement="topRight"
                    okText="启用"
                    cancelText="取消"
                    onConfirm={() => call(adminUserStatus, { id: r.id, statusId: 1 }, '已启用')}
                  >
                    <Button type="link" size="small">
                      启用
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <TypeModal user={typing} onClose={() => setTyping(null)} />
    </>
  );
}
