import { Button, Popconfirm, Space, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { CallData } from '#contract/call.ts';
import { adminCoursePage, adminUserCoursePage, adminUserCourseRevoke } from '#contract/course-learn.ts';
import { adminLoad } from '../../features/admin/admin-loader.ts';
import { pageQueryFrom } from '../../features/admin/page-query.ts';
import { PagedList, type Filter } from '../../features/admin/paged-list.tsx';
import { StatusBadge, type StatusOption } from '../../features/admin/status-badge.tsx';
import { useAdminCall } from '../../features/admin/use-admin-action.ts';
import { coursePath, yuan } from '../../features/course/course-format.ts';
import { GrantModal, type GrantCourse } from '../../features/course/grant-modal.tsx';
import type { Route } from './+types/courses.ts';

export const meta: Route.MetaFunction = () => [{ title: '课程与学习权限 · 青课管理后台' }];

export async function loader(args: Route.LoaderArgs) {
  const tab = new URL(args.request.url).searchParams.get('tab') === 'grants' ? 'grants' : 'courses';
  if (tab === 'grants') return { tab, grants: await adminLoad(args, adminUserCoursePage, pageQueryFrom(args.request, adminUserCoursePage)), courses: null };
  return { tab, courses: await adminLoad(args, adminCoursePage, pageQueryFrom(args.request, adminCoursePage)), grants: null };
}

type CourseRow = CallData<typeof adminCoursePage>['list'][number];
type GrantRow = CallData<typeof adminUserCoursePage>['list'][number];

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
const buyTypes: StatusOption[] = [
  { value: 0, label: '免费加入', status: 'default' },
  { value: 1, label: '购买', status: 'success' },
  { value: 2, label: '管理员开通', status: 'processing' },
  { value: 3, label: '班级开通', status: 'warning' },
];
const courseFilters: Filter[] = [
  { kind: 'text', name: 'courseName', label: '课程名称', maxLength: 50 },
  { kind: 'select', name: 'courseType', label: '类型', options: types },
  { kind: 'select', name: 'isPutaway', label: '上架', options: putaway },
];
const grantFilters: Filter[] = [
  { kind: 'text', name: 'mobile', label: '手机号', maxLength: 11 },
  { kind: 'text', name: 'courseId', label: '课程 ID', maxLength: 19 },
];

function CourseList({ page, onGrant }: { page: CallData<typeof adminCoursePage>; onGrant: (c: GrantCourse) => void }) {
  return (
    <PagedList<CourseRow>
      title="课程列表"
      noun="课程"
      page={page}
      filters={courseFilters}
      columns={[
        { title: '课程名称', dataIndex: 'courseName', render: (v: string, r) => <a href={coursePath(r)} target="_blank" rel="noopener noreferrer">{v}</a> },
        { title: '类型', dataIndex: 'courseType', width: 70, render: (v: number) => types.find((t) => t.value === v)?.label ?? v },
        { title: '讲师', dataIndex: 'lecturerName', width: 120 },
        { title: '价格', key: 'price', width: 120, render: (_: unknown, r) => (r.isFree ? '免费' : yuan(r.coursePrice)) },
        { title: '学习人数', dataIndex: 'countStudy', width: 90 },
        { title: '状态', dataIndex: 'isPutaway', width: 90, render: (v: number) => <StatusBadge options={putaway} value={v} /> },
        {
          title: '操作',
          key: 'actions',
          width: 190,
          fixed: 'right',
          render: (_: unknown, r) => (
            <Space size={4}>
              <Button type="link" size="small" onClick={() => onGrant(r)}>
                开通学员
              </Button>
              <Link to={`/admin/courses?tab=grants&courseId=${r.id}`}>
                <Button type="link" size="small">
                  学习权限
                </Button>
              </Link>
            </Space>
          ),
        },
      ]}
    />
  );
}

function GrantList({ page }: { page: CallData<typeof adminUserCoursePage> }) {
  const { call } = useAdminCall();
  return (
    <PagedList<GrantRow>
      title="学习权限"
      noun="学习权限"
      page={page}
      filters={grantFilters}
      description="学员购买、加入或被开通的课程。收回后学员立即不能再学习付费内容（免费内容不受影响）。"
      columns={[
        { title: '手机号', dataIndex: 'mobile', width: 130 },
        { title: '昵称', dataIndex: 'nickname', width: 120, render: (v: string) => v || <Typography.Text type="secondary">—</Typography.Text> },
        { title: '课程', dataIndex: 'courseName' },
        { title: '方式', dataIndex: 'buyType', width: 120, render: (v: number) => <StatusBadge options={buyTypes} value={v} /> },
        {
          title: '有效期至',
          dataIndex: 'expireTime',
          width: 180,
          render: (v: string, r) => (r.isExpired ? <Typography.Text type="danger">{v}（已过期）</Typography.Text> : v || '永久'),
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
  );
}

/** /admin/courses — the courses, and who may study them: grant a learner a course (with an optional end), revoke. */
export default function AdminCourses({ loaderData }: Route.ComponentProps) {
  const [granting, setGranting] = useState<{ course: GrantCourse | null } | null>(null);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const tab = loaderData.tab;
  return (
    <>
      <Tabs
        activeKey={tab}
        onChange={(k) => navigate(k === 'grants' ? '/admin/courses?tab=grants' : '/admin/courses')}
        tabBarExtraContent={
          <Button type="primary" onClick={() => setGranting({ course: null })}>
            开通课程
          </Button>
        }
        items={[
          { key: 'courses', label: '课程' },
          { key: 'grants', label: params.get('courseId') ? '学习权限（按课程）' : '学习权限' },
        ]}
      />
      {loaderData.courses ? <CourseList page={loaderData.courses} onGrant={(course) => setGranting({ course })} /> : null}
      {loaderData.grants ? <GrantList page={loaderData.grants} /> : null}
      <GrantModal key={granting?.course?.id ?? 'any'} open={granting !== null} course={granting?.course ?? null} onClose={() => setGranting(null)} />
    </>
  );
}
