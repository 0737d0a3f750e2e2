import { Button, Pagination, Popconfirm, Table, Tag } from 'antd';
import { useRevalidator } from 'react-router';
import { Link } from '../../../components/link.tsx';
import { categoryList, problemDelete, problemList, type TProblemFull } from '#contract/exam.ts';
import type { Route } from './+types/comprehend.ts';
import { api } from '../../../api/client.ts';
import { EmptyState, Page } from '../../../components/page.tsx';
import { useQueryParam } from '../../../features/account/page-query.ts';
import { useAction } from '../../../features/account/use-action.ts';
import { answerText, DIFFICULTY_NAME } from '../../../features/exam/format.ts';
import { plainStem, ProblemFilters, problemQuery } from '../../../features/exam/problem-filters.tsx';
import { pageLoad } from '../../../lib/session-load.ts';
import '../../../features/exam/account-exam.css';

const PAGE_SIZE = 15;

export async function loader(args: Route.LoaderArgs) {
  const [categories, page] = await Promise.all([
    pageLoad(args, categoryList),
    pageLoad(args, problemList, problemQuery(args.request, PAGE_SIZE)),
  ]);
  return { categories, page };
}

/** /account/subject/comprehend — the lecturer's question bank: filter, edit, delete, add. */
export default function SubjectComprehend({ loaderData }: Route.ComponentProps) {
  const { categories, page } = loaderData;
  const setParam = useQueryParam();
  const revalidator = useRevalidator();
  const { run } = useAction();
  async function remove(id: string) {
    if ((await run(() => api(problemDelete, { id }), { toast: true, success: '题目已删除' })) !== undefined)
      await revalidator.revalidate();
  }
  return (
    <Page title="题库管理">
      <div className="qk-exam-toolbar">
        <ProblemFilters subjects={categories.subjectList} />
        <div className="qk-exam-toolbar__right">
          <Link to="/account/subject/add">
            <Button type="primary">新增题目</Button>
          </Link>
        </div>
      </div>
      {page.list.length === 0 ? (
        <EmptyState text="题库里还没有符合条件的题目">
          <Link to="/account/subject/add">
            <Button type="primary">新增第一道题</Button>
          </Link>
        </EmptyState>
      ) : (
        <Table<TProblemFull>
          rowKey="id"
          dataSource={page.list}
          pagination={false}
          expandable={{
            childrenColumnName: 'none',
            rowExpandable: (r) => r.children.length > 0,
            expandedRowRender: (r) =>
              r.children.map((c, i) => (
                <div key={c.id} className="qk-exam-compose-row">
                  <span>{i + 1}.</span>
                  <Tag>{c.problemTypeName}</Tag>
                  <span className="qk-exam-stem-cell">{plainStem(c.problemContent)}</span>
                  <span className="qk-muted">{c.score} 分</span>
                </div>
              )),
          }}
          columns={[
            {
              title: '题干',
              dataIndex: 'problemContent',
              render: (v: string) => <span className="qk-exam-stem-cell">{plainStem(v)}</span>,
            },
            {
              title: '题型',
              dataIndex: 'problemTypeName',
              width: 80,
              render: (v: string, r) => (r.problemType === 6 ? `${v}（${r.children.length}）` : v),
            },
            {
              title: '答案',
              key: 'answer',
              width: 120,
              render: (_: unknown, r) =>
                r.problemType === 6 ? (
                  '—'
                ) : (
                  <span className="qk-exam-stem-cell">{answerText(r.problemType, r.answer)}</span>
                ),
            },
            { title: '分值', dataIndex: 'score', width: 70 },
            { title: '难度', dataIndex: 'difficulty', width: 70, render: (v: number) => DIFFICULTY_NAME[v] },
            { title: '科目', dataIndex: 'subjectName', width: 100, render: (v: string) => v || '—' },
            { title: '修改时间', dataIndex: 'gmtModified', width: 150, render: (v: string) => v.slice(0, 16) },
            {
              title: '操作',
              key: 'op',
              width: 130,
              render: (_: unknown, r) => (
                <span style={{ display: 'flex', gap: 8 }}>
                  <Link to={`/account/subject/add?id=${r.id}`}>
                    <Button size="small">编辑</Button>
                  </Link>
                  <Popconfirm
                    title="删除这道题？已组卷的题需先从试卷中移除"
                    okText="删除"
                    cancelText="取消"
                    onConfirm={() => remove(r.id)}
                  >
                    <Button size="small" danger>
                      删除
                    </Button>
                  </Popconfirm>
                </span>
              ),
            },
          ]}
        />
      )}
      {page.totalPage > 1 ? (
        <Pagination
          className="qk-pager"
          current={page.pageCurrent}
          pageSize={PAGE_SIZE}
          total={page.totalCount}
          showSizeChanger={false}
          onChange={(n) => setParam('page', n)}
        />
      ) : null}
    </Page>
  );
}
