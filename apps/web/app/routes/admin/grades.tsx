import { Button, Popconfirm } from 'antd';
import type { CallData } from '#contract/call.ts';
import { adminGradeDisband, adminGradePage } from '#contract/grade.ts';
import { adminLoad } from '../../features/admin/admin-loader.ts';
import { pageQueryFrom } from '../../features/admin/page-query.ts';
import { PagedList, type Filter } from '../../features/admin/paged-list.tsx';
import { useAdminCall } from '../../features/admin/use-admin-action.ts';
import { GRADE_JOIN_RULES } from '../../features/grade/grade-labels.ts';
import { GradeState } from '../../features/grade/grade-state.tsx';
import type { Route } from './+types/grades.ts';

export const meta: Route.MetaFunction = () => [{ title: '班级管理 · 青课管理后台' }];

export async function loader(args: Route.LoaderArgs) {
  return { page: await adminLoad(args, adminGradePage, pageQueryFrom(args.request, adminGradePage)) };
}

type Row = CallData<typeof adminGradePage>['list'][number];

const filters: Filter[] = [
  { kind: 'text', name: 'gradeName', label: '班级名称', maxLength: 50, placeholder: '名称包含' },
  {
    kind: 'select',
    name: 'statusId',
    label: '状态',
    options: [
      { value: 1, label: '正常' },
      { value: 0, label: '已解散' },
    ],
  },
];

/** Every class of the site: find one by name or state, and disband it (its members are told by message). */
export default function AdminGrades({ loaderData }: Route.ComponentProps) {
  const { call } = useAdminCall();
  return (
    <PagedList<Row>
      title="班级管理"
      noun="班级"
      page={loaderData.page}
      filters={filters}
      description="讲师和机构开设的全部班级。解散后成员会收到消息，班级课程随即不再对成员开放，不能恢复。"
      columns={[
        {
          title: '班级',
          dataIndex: 'gradeName',
          render: (v: string, r) =>
            r.statusId === 1 ? (
              <a href={`/grade/view/${r.id}`} target="_blank" rel="noreferrer">
                {v}
              </a>
            ) : (
              v
            ),
        },
        { title: '班主任', dataIndex: 'lecturerName', width: 120 },
        { title: '状态', key: 'state', width: 90, render: (_: unknown, r) => <GradeState grade={r} /> },
        {
          title: '成员',
          key: 'members',
          width: 100,
          render: (_: unknown, r) => `${r.studentCount}${r.capacity ? ` / ${r.capacity}` : ''} 人`,
        },
        { title: '加入方式', dataIndex: 'joinRule', width: 160, render: (v: number) => GRADE_JOIN_RULES[v] ?? '' },
        {
          title: '起止日期',
          key: 'dates',
          width: 200,
          render: (_: unknown, r) => `${r.beginTime.slice(0, 10)} 至 ${r.endTime.slice(0, 10)}`,
        },
        {
          title: '操作',
          key: 'actions',
          width: 90,
          render: (_: unknown, r) =>
            r.statusId === 1 ? (
              <Popconfirm
                title={`解散班级“${r.gradeName}”？`}
                description={`${r.studentCount} 名成员会收到班级已解散的消息，解散后不能恢复。`}
                okText="解散"
                okButtonProps={{ danger: true }}
                cancelText="取消"
                onConfirm={() => call(adminGradeDisband, { id: r.id }, '班级已解散')}
              >
                <Button type="link" size="small" danger>
                  解散
                </Button>
              </Popconfirm>
            ) : null,
        },
      ]}
    />
  );
}
