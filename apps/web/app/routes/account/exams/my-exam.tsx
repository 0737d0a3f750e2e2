import { Button, Pagination, Popconfirm, Segmented, Table, Tag } from 'antd';
import { useRevalidator } from 'react-router';
import { Link } from '../../../components/link.tsx';
import { Limits } from '#contract/codes.ts';
import { collectionDelete } from '#contract/exam-practice.ts';
import type { Route } from './+types/my-exam.ts';
import { api } from '../../../api/client.ts';
import { EmptyState, Page } from '../../../components/page.tsx';
import { useQueryParam } from '../../../features/account/page-query.ts';
import { useAction } from '../../../features/account/use-action.ts';
import { RECORD_STATUS_NAME } from '../../../features/exam/format.ts';
import { loadMyExams, MY_EXAM_TABS } from '../../../features/exam/my-exam-load.ts';
import '../../../features/exam/account-exam.css';

const PAGE_SIZE = 10;

export function loader(args: Route.LoaderArgs) {
  return loadMyExams(args, PAGE_SIZE);
}

/** /account/exams/myExam — the papers I have taken (attempts, best score, the last one) and those I collected. */
export default function MyExam({ loaderData }: Route.ComponentProps) {
  const { tab, taken, collected } = loaderData;
  const setParam = useQueryParam();
  const revalidator = useRevalidator();
  const { run } = useAction();
  const page = taken ?? collected!;
  return (
    <Page title="我的试卷">
      <div className="qk-exam-toolbar">
        <Segmented
          value={tab}
          options={[...MY_EXAM_TABS]}
          onChange={(v) => setParam('tab', v === 'taken' ? null : String(v))}
        />
        <div className="qk-exam-toolbar__right">
          <Link to="/account/exams/myExamination">
            <Button>全部考试记录</Button>
          </Link>
        </div>
      </div>
      {page.list.length === 0 ? (
        <EmptyState text={tab === 'taken' ? '还没有参加过考试' : '还没有收藏试卷'}>
          <Link to="/exam">
            <Button type="primary">去考试中心</Button>
          </Link>
        </EmptyState>
      ) : taken ? (
        <Table
          rowKey="examId"
          dataSource={taken.list}
          pagination={false}
          columns={[
            {
              title: '试卷',
              dataIndex: 'examName',
              render: (v: string, r) => <Link to={`/exam/view/${r.examId}`}>{v}</Link>,
            },
            { title: '考试次数', dataIndex: 'attemptCount', width: 90 },
            {
              title: '最高分',
              dataIndex: 'bestScore',
              width: 110,
              render: (v: number, r) => `${v} / ${r.paperTotalScore}`,
            },
            {
              title: '最近一次',
              dataIndex: 'lastTime',
              width: 170,
              render: (v: string, r) => (
                <span>
                  {v.slice(0, 16)} <Tag>{RECORD_STATUS_NAME[r.lastStatus]}</Tag>
                </span>
              ),
            },
            {
              title: '操作',
              key: 'op',
              width: 190,
              render: (_: unknown, r) =>
                r.lastStatus === 1 ? (
                  <Link to={`/exam/exam?recordId=${r.lastRecordId}`}>
                    <Button type="primary" size="small">
                      继续考试
                    </Button>
                  </Link>
                ) : (
                  <span style={{ display: 'flex', gap: 8 }}>
                    <Link to={`/exam/result?recordId=${r.lastRecordId}`}>
                      <Button size="small">查看成绩</Button>
                    </Link>
                    <Link to={`/exam/startExam?id=${r.examId}`}>
                      <Button size="small" type="link">
                        再考一次
                      </Button>
                    </Link>
                  </span>
                ),
            },
          ]}
        />
      ) : (
        <Table
          rowKey="id"
          dataSource={collected!.list}
          pagination={false}
          columns={[
            {
              title: '试卷',
              dataIndex: 'examName',
              render: (v: string, r) =>
                r.isPutAway ? (
                  <Link to={`/exam/view/${r.id}`}>{v}</Link>
                ) : (
                  <span>
                    {v} <Tag>已下架</Tag>
                  </span>
                ),
            },
            { title: '题目', dataIndex: 'problemCount', width: 80, render: (v: number) => `${v} 题` },
            { title: '满分', dataIndex: 'totalScore', width: 80 },
            { title: '收藏时间', dataIndex: 'collectionTime', width: 170, render: (v: string) => v.slice(0, 16) },
            {
              title: '操作',
              key: 'op',
              width: 110,
              render: (_: unknown, r) => (
                <Popconfirm
                  title={`取消收藏“${r.examName}”？`}
                  okText="取消收藏"
                  cancelText="再想想"
                  onConfirm={async () => {
                    if (
                      (await run(
                        () => api(collectionDelete, { collectionId: r.id, collectionType: Limits.collectionTypeExam }),
                        {
                          toast: true,
                          success: '已取消收藏',
                        },
                      )) !== undefined
                    )
                      await revalidator.revalidate();
                  }}
                >
                  <Button size="small">取消收藏</Button>
                </Popconfirm>
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
