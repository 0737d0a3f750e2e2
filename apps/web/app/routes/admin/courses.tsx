import { Button, Space } from 'antd';
import { Link } from '../../components/link.tsx';
import type { CallData } from '#contract/call.ts';
import { adminCoursePage } from '#contract/course-learn.ts';
import { adminLoad } from '../../features/admin/admin-loader.ts';
import { pageQueryFrom } from '../../features/admin/page-query.ts';
import { PagedList, type Filter } from '../../features/admin/paged-list.tsx';
import { StatusBadge, type StatusOption } from '../../features/admin/status-badge.tsx';
import { CourseAdminTabs, useGrantForm } from '../../features/course/course-admin-tabs.tsx';
import { coursePath, yuan } from '../../features/course/course-format.ts';
import type { Route } from './+types/courses.ts';

export const meta: Route.MetaFunction = () => [{ title: '课程与学习权限 · 青课管理后台' }];

export async function loader(args: Route.LoaderArgs) {
  return { page: await adminLoad(args, adminCoursePage, pageQueryFrom(args.request, adminCoursePage)) };
}

type Row = CallData<typeof adminCoursePage>['list'][number];

const types = [
  { value: 1, label: '录播' },
  { value: 2, label: '直播' },
  { value: 3, label: '资源' },
  { value: 4, label: '文库' },
];
const putaway: StatusOption[] = [
  { value: 1, label: '已上架', status: 'success' },
  { value: 0, label: '已下架', status: 'default' },
];
const filters: Filter[] = [
  { kind: 'text', name: 'courseName', label: '课程名称', maxLength: 50 },
  { kind: 'select', name: 'courseType', label: '类型', options: types },
  { kind: 'select', name: 'isPutaway', label: '上架', options: putaway },
];

/** /admin/courses — the courses, each with a way to grant a learner access and to see who has it. */
export default function AdminCourses({ loaderData }: Route.ComponentProps) {
  const grant = useGrantForm();
  return (
    <>
      <CourseAdminTabs onGrant={() => grant.open(null)} />
      <PagedList<Row>
        title="课程列表"
        noun="课程"
        page={loaderData.page}
        filters={filters}
        columns={[
          {
            title: '课程名称',
            dataIndex: 'courseName',
            render: (v: string, r) => (
              <a href={coursePath(r)} target="_blank" rel="noopener noreferrer">
                {v}
              </a>
            ),
          },
          {
            title: '类型',
            dataIndex: 'courseType',
            width: 70,
            render: (v: number) => types.find((t) => t.value === v)?.label ?? v,
          },
          { title: '讲师', dataIndex: 'lecturerName', width: 120 },
          {
            title: '价格',
            key: 'price',
            width: 120,
            render: (_: unknown, r) => (r.isFree ? '免费' : yuan(r.coursePrice)),
          },
          { title: '学习人数', dataIndex: 'countStudy', width: 90 },
          {
            title: '状态',
            dataIndex: 'isPutaway',
            width: 90,
            render: (v: number) => <StatusBadge options={putaway} value={v} />,
          },
          {
            title: '操作',
            key: 'actions',
            width: 190,
            fixed: 'right',
            render: (_: unknown, r) => (
              <Space size={4}>
                <Button type="link" size="small" onClick={() => grant.open(r)}>
                  开通学员
                </Button>
                <Link to={`/admin/courses/grants?courseId=${r.id}`}>
                  <Button type="link" size="small">
                    学习权限
                  </Button>
                </Link>
              </Space>
            ),
          },
        ]}
      />
      {grant.modal}
    </>
  );
}
