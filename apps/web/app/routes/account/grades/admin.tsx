import { useState } from 'react';
import { Button, Popconfirm, Select, Space, Table, Tabs, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useRevalidator } from 'react-router';
import { Link } from '../../../components/link.tsx';
import { isId } from '#contract/call.ts';
import {
  ApplyStatus,
  GradeRelation,
  gradeApplyBatch,
  gradeApplyIgnore,
  gradeApplyPage,
  gradeInfoPage,
  gradeStudentKickOut,
  gradeStudentPage,
  type TGradeApply,
  type TGradeStudent,
} from '#contract/grade.ts';
import type { Route } from './+types/admin.ts';
import { api } from '../../../api/client.ts';
import { EmptyState, Page } from '../../../components/page.tsx';
import { useQueryParam } from '../../../features/account/page-query.ts';
import { useAction } from '../../../features/account/use-action.ts';
import { pageLoad } from '../../../lib/session-load.ts';

const ROLE: Record<number, string> = { 1: '学员', 2: '班级管理员' };

export async function loader(args: Route.LoaderArgs) {
  const grades = await pageLoad(args, gradeInfoPage, { pageCurrent: 1, pageSize: 100, scope: 'admin' });
  const asked = new URL(args.request.url).searchParams.get('id') ?? '';
  const grade = grades.list.find((g) => g.id === asked) ?? grades.list[0];
  if (!grade) return { grades: grades.list, grade: null, applies: [], members: [] };
  const [applies, members] = await Promise.all([
    pageLoad(args, gradeApplyPage, { gradeId: grade.id, applyStatus: ApplyStatus.PENDING, pageSize: 100 }),
    pageLoad(args, gradeStudentPage, { gradeId: grade.id, pageSize: 100 }),
  ]);
  return { grades: grades.list, grade, applies: applies.list, members: members.list };
}

/**
 * /account/grades/admin — the classes I administer for their teacher: pending applications to approve, refuse or
 * ignore, one by one or many at once, and the members, whose students I may remove (spec §2, §6).
 */
export default function GradeAdmin({ loaderData }: Route.ComponentProps) {
  const { grades, grade, applies, members } = loaderData;
  const setParam = useQueryParam();
  const revalidator = useRevalidator();
  const { run, pending } = useAction();
  const [chosen, setChosen] = useState<string[]>([]);

  if (!grade) {
    return (
      <Page title="班级管理">
        <EmptyState text="你还不是任何班级的管理员">
          <Link to="/account/grades/my">查看我的班级</Link>
        </EmptyState>
      </Page>
    );
  }

  async function settle(ids: string[], how: 'approve' | 'refuse' | 'ignore') {
    const done = await run(
      () =>
        how === 'ignore'
          ? api(gradeApplyIgnore, { ids })
          : api(gradeApplyBatch, { ids, applyStatus: how === 'approve' ? ApplyStatus.APPROVED : ApplyStatus.REFUSED }),
      { toast: true },
    );
    if (done === undefined) return;
    setChosen([]);
    const verb = { approve: '已通过', refuse: '已拒绝', ignore: '已忽略' }[how];
    const refused = done.refused.map((r) => r.reason).join('；');
    await revalidator.revalidate();
    if (refused) window.alert(`${verb} ${done.done} 条；未能处理：${refused}`);
  }

  async function kick(m: TGradeStudent) {
    const r = await run(() => api(gradeStudentKickOut, { id: m.id }), { toast: true, success: '已移出班级' });
    if (r !== undefined) await revalidator.revalidate();
  }

  const applyColumns: TableColumnsType<TGradeApply> = [
    { title: '申请人', dataIndex: 'nickname' },
    { title: '手机号', dataIndex: 'mobile' },
    { title: '申请说明', dataIndex: 'applyRemark', render: (t: string) => t || '—' },
    { title: '申请时间', dataIndex: 'gmtCreate' },
    {
      title: '操作',
      render: (_: unknown, a) => (
        <Space>
          <Button type="link" loading={pending} onClick={() => void settle([a.id], 'approve')}>
            通过
          </Button>
          <Button type="link" danger loading={pending} onClick={() => void settle([a.id], 'refuse')}>
            拒绝
          </Button>
        </Space>
      ),
    },
  ];
  const memberColumns: TableColumnsType<TGradeStudent> = [
    { title: '成员', dataIndex: 'nickname' },
    { title: '手机号', dataIndex: 'mobile' },
    { title: '身份', dataIndex: 'role', render: (r: number) => <Tag>{ROLE[r] ?? '学员'}</Tag> },
    { title: '加入时间', dataIndex: 'joinedAt' },
    {
      title: '操作',
      render: (_: unknown, m) =>
        m.role === GradeRelation.STUDENT ? (
          <Popconfirm title={`将 ${m.nickname} 移出班级？移出后立即不能学习班级课程。`} onConfirm={() => void kick(m)}>
            <Button type="link" danger loading={pending}>
              移出
            </Button>
          </Popconfirm>
        ) : null,
    },
  ];

  return (
    <Page title="班级管理">
      <Space wrap style={{ marginBottom: 16 }}>
        <span>班级</span>
        <Select
          aria-label="选择班级"
          style={{ minWidth: 280 }}
          value={grade.id}
          options={grades.map((g) => ({ value: g.id, label: g.gradeName }))}
          onChange={(id: string) => isId(id) && setParam('id', id)}
        />
        <Link to={`/grade/view/${grade.id}`}>班级主页</Link>
      </Space>
      <Tabs
        items={[
          {
            key: 'applies',
            label: `入班申请（${applies.length}）`,
            children: (
              <>
                <Space style={{ marginBottom: 12 }}>
                  <Button
                    type="primary"
                    disabled={chosen.length === 0}
                    loading={pending}
                    onClick={() => void settle(chosen, 'approve')}
                  >
                    批量通过
                  </Button>
                  <Button danger disabled={chosen.length === 0} onClick={() => void settle(chosen, 'refuse')}>
                    批量拒绝
                  </Button>
                  <Button disabled={chosen.length === 0} onClick={() => void settle(chosen, 'ignore')}>
                    忽略
                  </Button>
                </Space>
                <Table
                  rowKey="id"
                  columns={applyColumns}
                  dataSource={applies}
                  pagination={false}
                  locale={{ emptyText: '没有待审核的申请' }}
                  rowSelection={{ selectedRowKeys: chosen, onChange: (keys) => setChosen(keys.map(String)) }}
                />
              </>
            ),
          },
          {
            key: 'members',
            label: `成员（${members.length}）`,
            children: <Table rowKey="id" columns={memberColumns} dataSource={members} pagination={false} />,
          },
        ]}
      />
    </Page>
  );
}
