import { useState } from 'react';
import { Button, Input, Popconfirm, Space, Table, Tag } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import type { TableColumnsType } from 'antd';
import { useRevalidator, useSearchParams } from 'react-router';
import type { CallData } from '#contract/call.ts';
import type { gradeStudentPage } from '#contract/grade.ts';
import {
  GradeRole,
  gradeStudentAdd,
  gradeStudentKickOut,
  gradeStudentUpdateAdmin,
  type TGrade,
  type TGradeStudent,
} from '#contract/grade.ts';
import { api } from '../../api/client.ts';
import { useQueryParam } from '../account/page-query.ts';
import { useAction } from '../account/use-action.ts';

export type MembersData = CallData<typeof gradeStudentPage>;

/** The class's members: find one, add one by mobile, make or unmake a class admin, remove one. */
export function MembersPanel({ grade, data }: { grade: TGrade; data: MembersData }) {
  const [params] = useSearchParams();
  const setParam = useQueryParam();
  const revalidator = useRevalidator();
  const { run, pending } = useAction();
  const adding = useAction();
  const [mobile, setMobile] = useState('');
  const keyword = params.get('keyword') ?? '';
  const [search, setSearch] = useState(keyword);

  async function act<T>(fn: () => Promise<T>, success: string) {
    if ((await run(fn, { toast: true, success })) !== undefined) await revalidator.revalidate();
  }
  async function add() {
    const added = await adding.run(() => api(gradeStudentAdd, { gradeId: grade.id, mobile: mobile.trim() }), {
      success: '已添加到班级',
    });
    if (added === undefined) return;
    setMobile('');
    await revalidator.revalidate();
  }

  const columns: TableColumnsType<TGradeStudent> = [
    { title: '成员', dataIndex: 'nickname' },
    { title: '手机号', dataIndex: 'mobile' },
    {
      title: '身份',
      dataIndex: 'role',
      render: (r: number) => (r === GradeRole.ADMIN ? <Tag color="gold">班级管理员</Tag> : <Tag>学员</Tag>),
    },
    { title: '加入时间', dataIndex: 'joinedAt' },
    {
      title: '操作',
      render: (_: unknown, m) => (
        <Space size={4}>
          <Button
            type="link"
            size="small"
            disabled={pending}
            onClick={() =>
              void act(
                () =>
                  api(gradeStudentUpdateAdmin, {
                    id: m.id,
                    role: m.role === GradeRole.ADMIN ? GradeRole.STUDENT : GradeRole.ADMIN,
                  }),
                m.role === GradeRole.ADMIN ? '已取消班级管理员' : '已设为班级管理员',
              )
            }
          >
            {m.role === GradeRole.ADMIN ? '取消管理员' : '设为管理员'}
          </Button>
          <Popconfirm
            title={`将 ${m.nickname} 移出班级？`}
            description="移出后立即不能学习班级课程，对方会收到消息。"
            okText="移出"
            cancelText="取消"
            onConfirm={() => act(() => api(gradeStudentKickOut, { id: m.id }), '已移出班级')}
          >
            <Button type="link" size="small" danger disabled={pending}>
              移出
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <>
      <div className="qk-grade-toolbar">
        <Space.Compact>
          <Input
            value={search}
            allowClear
            maxLength={20}
            placeholder="昵称或手机号"
            aria-label="搜索成员"
            style={{ width: 240 }}
            onChange={(e) => {
              setSearch(e.target.value);
              // clearing the box shows everyone again
              if (!e.target.value && keyword) setParam('keyword', null);
            }}
            onPressEnter={() => setParam('keyword', search.trim() || null)}
          />
          <Button icon={<SearchOutlined />} onClick={() => setParam('keyword', search.trim() || null)}>
            搜索
          </Button>
        </Space.Compact>
        <Space.Compact>
          <Input
            value={mobile}
            maxLength={11}
            inputMode="numeric"
            placeholder="已注册用户的手机号"
            aria-label="添加学员的手机号"
            style={{ width: 200 }}
            onChange={(e) => {
              setMobile(e.target.value);
              adding.setError(null);
            }}
            onPressEnter={() => void add()}
          />
          <Button type="primary" loading={adding.pending} onClick={() => void add()}>
            添加学员
          </Button>
        </Space.Compact>
      </div>
      {adding.error ? (
        <p className="qk-grade-error" role="alert">
          {adding.error}
        </p>
      ) : null}
      <Table
        rowKey="id"
        columns={columns}
        dataSource={data.list}
        locale={{ emptyText: keyword ? '没有找到符合条件的成员' : '班级还没有成员，可按手机号添加或批量导入' }}
        pagination={{
          current: data.pageCurrent,
          pageSize: data.pageSize,
          total: data.totalCount,
          showTotal: (n) => `共 ${n} 人`,
          onChange: (n) => setParam('page', n),
        }}
      />
    </>
  );
}
