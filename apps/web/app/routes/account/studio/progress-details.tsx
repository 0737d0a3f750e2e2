import { Button, Pagination, Progress, Table, Tooltip } from 'antd';
import { CheckCircleFilled } from '@ant-design/icons';
import { Link } from '../../../components/link.tsx';
import { courseLearnerPage, type TLearnerProgress } from '#contract/studio-learners.ts';
import type { Route } from './+types/progress-details.ts';
import { EmptyState, Page } from '../../../components/page.tsx';
import { pageFromUrl, useQueryParam } from '../../../features/account/page-query.ts';
import { StudioErrorBoundary } from '../../../features/studio/studio-error.tsx';
import { idParam } from '../../../features/studio/studio-kind.ts';
import { SearchInput } from '../../../features/studio/search-input.tsx';
import { missingDraft, studioLoad } from '../../../features/studio/studio-load.ts';
import '../../../features/studio/studio.css';

const PAGE_SIZE = 20;

export async function loader(args: Route.LoaderArgs) {
  const courseId = idParam(args.request, 'courseId');
  if (!courseId) missingDraft();
  const mobile = (new URL(args.request.url).searchParams.get('mobile') ?? '').replace(/\D/g, '').slice(0, 11);
  return {
    data: await studioLoad(args, courseLearnerPage, {
      courseId,
      mobile,
      pageCurrent: pageFromUrl(args.request),
      pageSize: PAGE_SIZE,
    }),
    mobile,
  };
}

/** One lesson's cell: finished, a percent, or not started. */
function PeriodCell({ period }: { period: TLearnerProgress['periods'][number] | undefined }) {
  if (!period) return <span className="qk-muted">—</span>;
  if (period.isFinish) return <CheckCircleFilled className="qk-studio-done" aria-label="已学完" />;
  return <span>{Math.round(period.percent)}%</span>;
}

/** /account/vod/progress/details?courseId= — each learner's progress in one course, lesson by lesson. */
export default function StudioProgressDetails({ loaderData }: Route.ComponentProps) {
  const { data, mobile } = loaderData;
  const { course, periodList, learners } = data;
  const setParam = useQueryParam();
  return (
    <Page title={`学员进度：${course.courseName}`}>
      <div className="qk-studio-toolbar">
        <SearchInput
          key={mobile}
          placeholder="按学员手机号查找"
          initial={mobile}
          maxLength={11}
          width={240}
          onSearch={(v) => setParam('mobile', v)}
        />
        <span className="qk-muted">
          共 {learners.totalCount} 位学员 · {course.periodTotal} 个课时
        </span>
        <div className="qk-studio-toolbar__right">
          <Link to="/account/vod/progress">
            <Button>返回学员进度</Button>
          </Link>
        </div>
      </div>
      {learners.list.length === 0 ? (
        <EmptyState text={mobile ? '没有找到这位学员的学习记录' : '还没有学员学习这门课程'} />
      ) : (
        <Table<TLearnerProgress>
          rowKey="userId"
          dataSource={learners.list}
          pagination={false}
          scroll={{ x: 'max-content' }}
          columns={[
            {
              title: '学员',
              key: 'who',
              fixed: 'left',
              width: 150,
              render: (_: unknown, l) => (
                <div>
                  {l.nickname || '未设置昵称'}
                  <div className="qk-muted">{l.mobile}</div>
                </div>
              ),
            },
            {
              title: '课程进度',
              dataIndex: 'studyPercent',
              fixed: 'left',
              width: 150,
              render: (p: number) => <Progress percent={p} size="small" />,
            },
            { title: '学完', dataIndex: 'finishTotal', width: 70, render: (n: number) => `${n}/${course.periodTotal}` },
            { title: '最近学习', dataIndex: 'lastStudyTime', width: 140, render: (t: string) => t.slice(0, 16) },
            ...periodList.map((p, i) => ({
              title: (
                <Tooltip title={`${p.chapterName} · ${p.periodName}`}>
                  <span className="qk-studio-period-head">
                    {i + 1}. {p.periodName}
                  </span>
                </Tooltip>
              ),
              key: p.id,
              width: 96,
              align: 'center' as const,
              render: (_: unknown, l: TLearnerProgress) => (
                <PeriodCell period={l.periods.find((x) => x.periodId === p.id)} />
              ),
            })),
          ]}
        />
      )}
      {learners.totalPage > 1 ? (
        <Pagination
          className="qk-pager"
          current={learners.pageCurrent}
          pageSize={PAGE_SIZE}
          total={learners.totalCount}
          showSizeChanger={false}
          onChange={(n) => setParam('page', n)}
        />
      ) : null}
    </Page>
  );
}

export function ErrorBoundary() {
  return <StudioErrorBoundary />;
}
