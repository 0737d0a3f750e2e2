import { useState } from 'react';
import { Badge, Button, Popconfirm, Segmented, Space, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useNavigate, useRevalidator } from 'react-router';
import { Link } from '../../../components/link.tsx';
import { isId } from '#contract/call.ts';
import { categoryList } from '#contract/exam.ts';
import {
  GradeRelation,
  gradeExpireList,
  gradeInfoDisband,
  gradeInfoPage,
  gradeInfoView,
  type TGrade,
} from '#contract/grade.ts';
import { UserType } from '#contract/user.ts';
import type { Route } from './+types/teacher.ts';
import { api } from '../../../api/client.ts';
import { EmptyState, Page } from '../../../components/page.tsx';
import { pageFromUrl, useQueryParam } from '../../../features/account/page-query.ts';
import { useAction } from '../../../features/account/use-action.ts';
import { GradeForm } from '../../../features/grade/grade-form.tsx';
import { GradeManage } from '../../../features/grade/grade-manage.tsx';
import { GradeState } from '../../../features/grade/grade-state.tsx';
import { tabOf } from '../../../features/grade/manage-tabs.tsx';
import { refusalResponse } from '../../../lib/page-refusal.ts';
import { pageLoad, requireUser } from '../../../lib/session-load.ts';
import '../../../features/grade/grade.css';

const PAGE_SIZE = 20;

export async function loader(args: Route.LoaderArgs) {
  const user = await requireUser(args);
  if (user.userType !== UserType.LECTURER && user.userType !== UserType.ORGANISATION)
    throw refusalResponse({ refusal: 'lecturerOnly', msg: '只有讲师或机构可以开设班级，请先申请成为讲师' });
  const q = new URL(args.request.url).searchParams;
  const { subjectList } = await pageLoad(args, categoryList, {});
  const id = q.get('id');
  if (id !== null) {
    if (!isId(id)) throw refusalResponse({ refusal: 'refused', msg: '班级不存在或已删除' });
    const grade = await pageLoad(args, gradeInfoView, { id });
    if (grade.myRole !== GradeRelation.TEACHER)
      throw refusalResponse({ refusal: 'refused', msg: '只有班主任可以管理这个班级' });
    const tab = tabOf(q);
    return {
      mode: 'manage' as const,
      subjects: subjectList,
      grade,
      tab: tab.key,
      data: await tab.load(args, grade, q),
    };
  }
  const ended = q.get('ended') === '1';
  const body = { pageCurrent: pageFromUrl(args.request), pageSize: PAGE_SIZE, scope: 'teacher' as const };
  const page = await pageLoad(args, ended ? gradeExpireList : gradeInfoPage, body);
  return { mode: 'list' as const, subjects: subjectList, ended, page };
}

export const meta: Route.MetaFunction = () => [{ title: '我教的班级' }];

/**
 * /account/grades/teacher — the classes I teach (lecturers and organisations): create, edit and disband them, and
 * manage one (?id=) through its tabs: members, import, applications, courses, sharing and the summary.
 */
export default function TeacherGrades({ loaderData }: Route.ComponentProps) {
  if (loaderData.mode === 'manage') {
    const { grade, tab, data, subjects } = loaderData;
    return <GradeManage grade={grade} tab={tab} data={data} subjects={subjects} />;
  }
  return <GradeList page={loaderData.page} ended={loaderData.ended} subjects={loaderData.subjects} />;
}

function GradeList({
  page,
  ended,
  subjects,
}: {
  page: { list: TGrade[]; totalCount: number; pageCurrent: number; pageSize: number };
  ended: boolean;
  subjects: ReadonlyArray<{ id: string; categoryName: string }>;
}) {
  const setParam = useQueryParam();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const { run, pending } = useAction();
  const [editing, setEditing] = useState<TGrade | 'new' | null>(null);
  const manage = (g: TGrade, tab?: string) => `/account/grades/teacher?id=${g.id}${tab ? `&tab=${tab}` : ''}`;

  async function disband(g: TGrade) {
    const r = await run(() => api(gradeInfoDisband, { id: g.id }), {
      toast: true,
      success: `班级「${g.gradeName}」已解散`,
    });
    if (r !== undefined) await revalidator.revalidate();
  }

  const columns: TableColumnsType<TGrade> = [
    {
      title: '班级',
      dataIndex: 'gradeName',
      render: (_: unknown, g) => (
        <div className="qk-grade-cell">
          {g.gradeCover ? <img src={g.gradeCover} alt="" /> : <span className="qk-grade-cell__cover">班</span>}
          <div>
            <Link to={manage(g)}>{g.gradeName}</Link>
            <div className="qk-muted">{g.categoryName || '未分类'}</div>
          </div>
        </div>
      ),
    },
    { title: '状态', key: 'state', width: 90, render: (_: unknown, g) => <GradeState grade={g} /> },
    {
      title: '成员',
      key: 'members',
      width: 120,
      render: (_: unknown, g) => `${g.studentCount}${g.capacity ? ` / ${g.capacity}` : ''} 人`,
    },
    {
      title: '起止日期',
      key: 'dates',
      width: 200,
      render: (_: unknown, g) => `${g.beginTime.slice(0, 10)} 至 ${g.endTime.slice(0, 10)}`,
    },
    {
      title: '待审核',
      key: 'applies',
      width: 90,
      render: (_: unknown, g) =>
        g.pendingApplyCount ? (
          <Link to={manage(g, 'applies')} aria-label={`${g.pendingApplyCount} 条待审核申请`}>
            <Badge count={g.pendingApplyCount} />
          </Link>
        ) : (
          <span className="qk-muted">—</span>
        ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 190,
      render: (_: unknown, g) => (
        <Space size={4}>
          <Button type="link" size="small" onClick={() => void navigate(manage(g))}>
            管理
          </Button>
          <Button type="link" size="small" onClick={() => setEditing(g)}>
            编辑
          </Button>
          <Popconfirm
            title={`解散班级「${g.gradeName}」？`}
            description={`${g.studentCount} 名成员会收到班级已解散的消息，班级课程随即不再开放，解散后不能恢复。`}
            okText="解散"
            okButtonProps={{ danger: true }}
            cancelText="取消"
            onConfirm={() => disband(g)}
          >
            <Button type="link" size="small" danger disabled={pending}>
              解散
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Page title="我教的班级">
      <div className="qk-grade-toolbar">
        <Segmented
          value={ended ? '1' : '0'}
          options={[
            { value: '0', label: '进行中' },
            { value: '1', label: '已结束' },
          ]}
          onChange={(v) => setParam('ended', v === '1' ? '1' : null)}
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          创建班级
        </Button>
      </div>
      {page.totalCount === 0 ? (
        <EmptyState text={ended ? '还没有已结束的班级' : '还没有开设班级：创建一个班级，把课程和学员组织在一起'} />
      ) : (
        <Table
          rowKey="id"
          columns={columns}
          dataSource={page.list}
          pagination={{
            current: page.pageCurrent,
            pageSize: page.pageSize,
            total: page.totalCount,
            onChange: (n) => setParam('page', n),
          }}
        />
      )}
      {editing ? (
        <GradeForm
          grade={editing === 'new' ? null : editing}
          subjects={subjects}
          onClose={() => setEditing(null)}
          onSaved={(g) => {
            const created = editing === 'new';
            setEditing(null);
            if (created) void navigate(manage(g, 'share'));
            else void revalidator.revalidate();
          }}
        />
      ) : null}
    </Page>
  );
}
