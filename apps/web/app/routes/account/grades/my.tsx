import { Button, Popconfirm, Segmented, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useRevalidator } from 'react-router';
import { Link } from '../../../components/link.tsx';
import { GradeRelation, gradeExpireList, gradeInfoPage, gradeStudentQuit, type TGrade } from '#contract/grade.ts';
import type { Route } from './+types/my.ts';
import { api } from '../../../api/client.ts';
import { EmptyState, Page } from '../../../components/page.tsx';
import { pageFromUrl, useQueryParam } from '../../../features/account/page-query.ts';
import { useAction } from '../../../features/account/use-action.ts';
import { pageLoad } from '../../../lib/session-load.ts';

const PAGE_SIZE = 20;
const ROLE: Record<number, string> = { 1: '学员', 2: '班级管理员', 9: '班主任' };

export async function loader(args: Route.LoaderArgs) {
  const ended = new URL(args.request.url).searchParams.get('ended') === '1';
  const q = { pageCurrent: pageFromUrl(args.request), pageSize: PAGE_SIZE, scope: 'my' as const };
  return { ended, page: await pageLoad(args, ended ? gradeExpireList : gradeInfoPage, q) };
}

/** /account/grades/my — the classes I belong to: running ones, or those that ended; quit one. */
export default function MyGrades({ loaderData }: Route.ComponentProps) {
  const { ended, page } = loaderData;
  const setParam = useQueryParam();
  const revalidator = useRevalidator();
  const { run, pending } = useAction();

  async function quit(g: TGrade) {
    const r = await run(() => api(gradeStudentQuit, { gradeId: g.id }), { toast: true, success: '已退出班级' });
    if (r !== undefined) await revalidator.revalidate();
  }

  const columns: TableColumnsType<TGrade> = [
    {
      title: '班级',
      dataIndex: 'gradeName',
      render: (_: unknown, g) => <Link to={`/grade/view/${g.id}`}>{g.gradeName}</Link>,
    },
    { title: '班主任', dataIndex: 'lecturerName' },
    { title: '我的身份', dataIndex: 'myRole', render: (r: number) => <Tag>{ROLE[r] ?? '学员'}</Tag> },
    { title: '起止时间', render: (_: unknown, g) => `${g.beginTime.slice(0, 10)} 至 ${g.endTime.slice(0, 10)}` },
    {
      title: '操作',
      render: (_: unknown, g) => (
        <>
          <Link to={`/grade/view/${g.id}`}>进入班级</Link>
          {!ended && g.myRole !== GradeRelation.TEACHER ? (
            <Popconfirm title="退出后将不能再学习班级课程，确定退出？" onConfirm={() => void quit(g)}>
              <Button type="link" danger loading={pending}>
                退出班级
              </Button>
            </Popconfirm>
          ) : null}
        </>
      ),
    },
  ];

  return (
    <Page title="我的班级">
      <Segmented
        value={ended ? '1' : '0'}
        options={[
          { value: '0', label: '进行中' },
          { value: '1', label: '已结束' },
        ]}
        onChange={(v) => setParam('ended', v === '1' ? '1' : null)}
      />
      {page.totalCount === 0 ? (
        <EmptyState text={ended ? '还没有已结束的班级' : '还没有加入班级'}>
          <Link to="/grade">去看看可加入的班级</Link>
        </EmptyState>
      ) : (
        <Table
          rowKey="id"
          columns={columns}
          dataSource={page.list}
          style={{ marginTop: 16 }}
          pagination={{
            current: page.pageCurrent,
            pageSize: page.pageSize,
            total: page.totalCount,
            onChange: (n) => setParam('page', n),
          }}
        />
      )}
    </Page>
  );
}
