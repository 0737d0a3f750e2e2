import { Button, Popconfirm, Typography } from 'antd';
import type { CallData } from '#contract/call.ts';
import { adminUserCoursePage, adminUserCourseRevoke } from '#contract/course-learn.ts';
import { adminLoad } from '../../features/admin/admin-loader.ts';
import { pageQueryFrom } from '../../features/admin/page-query.ts';
import { PagedList, type Filter } from '../../features/admin/paged-list.tsx';
import { StatusBadge, type StatusOption } from '../../features/admin/status-badge.tsx';
import { useAdminCall } from '../../features/admin/use-admin-action.ts';
import { CourseAdminTabs, useGrantForm } from '../../features/course/course-admin-tabs.tsx';
import type { Route } from './+types/course-grants.ts';

export const meta: Route.MetaFunction = () => [{ title: '学习权限 · 青课管理后台' }];

export async function loader(args: Route.LoaderArgs) {
  return { page: await adminLoad(args, adminUserCoursePage, pageQueryFrom(args.request, adminUserCoursePage)) };
}

type Row = CallData<typeof adminUserCoursePage>['list'][number];

const buyTypes: StatusOption[] = [
  { value: 0, label: '免费加入', status: 'default' },
  { value: 1, label: '购买', status: 'success' },
  { value: 2, label: '管理员开通', status: 'processing' },
  { value: 3, label: '班级开通', status: 'warning' },
];
const filters: Filter[] = [
  { kind: 'text', name: 'mobile', label: '手机号', maxLength: 11 },
  { kind: 'text', name: 'courseId', label: '课程 ID', maxLength: 19 },
];

/** /admin/courses/grants — who may study which course; revoke a grant, or grant a new one. */
export default function AdminCourseGrants({ loaderData }: Route.ComponentProps) {
  const { call } = useAdminCall();
  const grant = useGrantForm();
  return (
    <>
      <CourseAdminTabs onGrant={() => grant.open(null)} />
      <PagedList<Row>
        title="学习权限"
        noun="学习权限"
        page={loaderData.page}
        filters={filters}
        description="学员购买、加入或被开通的课程。收回后学员立即不能再学习付费内容（免费内容不受影响）。"
        columns={[
          { title: '手机号', dataIndex: 'mobile', width: 130 },
          {
            title: '昵称',
            dataIndex: 'nickname',
            width: 120,
            render: (v: string) => v || <Typography.Text type="secondary">—</Typography.Text>,
          },
          { title: '课程', dataIndex: 'courseName' },
          {
            title: '方式',
            dataIndex: 'buyType',
            width: 120,
            render: (v: number) => <StatusBadge options={buyTypes} value={v} />,
          },
          {
            title: '有效期至',
            dataIndex: 'expireTime',
            width: 200,
            render: (v: string, r) =>
              r.isExpired ? <Typography.Text type="danger">{v}（已过期）</Typography.Text> : v || '永久',
          },
          { title: '开通时间', dataIndex: 'gmtCreate', width: 170 },
          {
            title: '操作',
            key: 'actions',
            width: 90,
            fixed: 'right',
            render: (_: unknown, r) => (
              <Popconfirm
                title={`收回 ${r.mobile} 的“${r.courseName}”学习权限？`}
                okText="收回"
                okButtonProps={{ danger: true }}
                cancelText="取消"
                placement="topRight"
                onConfirm={() => call(adminUserCourseRevoke, { id: r.id }, '已收回学习权限')}
              >
                <Button type="link" size="small" danger>
                  收回
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
      {grant.modal}
    </>
  );
}
