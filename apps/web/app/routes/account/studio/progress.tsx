import { Button, Pagination, Progress, Table, Tag } from 'antd';
import { Link } from '../../../components/link.tsx';
import { courseLearnerCoursePage, type TCourseLearners } from '#contract/studio-learners.ts';
import type { Route } from './+types/progress.ts';
import { EmptyState, Page } from '../../../components/page.tsx';
import { pageFromUrl, useQueryParam } from '../../../features/account/page-query.ts';
import { coursePath } from '../../../features/course/course-format.ts';
import { StudioErrorBoundary } from '../../../features/studio/studio-error.tsx';
import { studioKindOf, studioPaths } from '../../../features/studio/studio-kind.ts';
import { studioLoad } from '../../../features/studio/studio-load.ts';
import { StudioNav } from '../../../features/studio/studio-nav.tsx';
import '../../../features/studio/studio.css';

const PAGE_SIZE = 10;

export async function loader(args: Route.LoaderArgs) {
  return {
    page: await studioLoad(args, courseLearnerCoursePage, {
      pageCurrent: pageFromUrl(args.request),
      pageSize: PAGE_SIZE,
    }),
  };
}

/** /account/vod/progress — learning in the lecturer's published courses: learners and their mean progress. */
export default function StudioProgress({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  const setParam = useQueryParam();
  return (
    <Page title="学员进度">
      <StudioNav />
      <p className="qk-muted qk-studio-hint">已发布课程中学过至少一个课时的学员；平均进度按课程现有的全部课时计算。</p>
      {page.list.length === 0 ? (
        <EmptyState text="还没有已发布的课程：课程审核通过后，学员的学习进度会显示在这里" />
      ) : (
        <Table<TCourseLearners>
          rowKey="courseId"
          dataSource={page.list}
          pagination={false}
          columns={[
            {
              title: '课程',
              dataIndex: 'courseName',
              render: (name: string, c) => (
                <div>
                  <a
                    href={coursePath({ id: c.courseId, courseType: c.courseType })}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    {name}
                  </a>
                  <div className="qk-muted qk-studio-course__meta">
                    {studioKindOf(c.courseType).noun} · {c.periodTotal} 个课时 {c.isPutaway ? null : <Tag>已下架</Tag>}
                  </div>
                </div>
              ),
            },
            { title: '学员', dataIndex: 'learnerCount', width: 90, render: (n: number) => `${n} 人` },
            {
              title: '平均进度',
              dataIndex: 'studyPercent',
              width: 200,
              render: (p: number) => <Progress percent={p} size="small" />,
            },
            {
              title: '最近学习',
              dataIndex: 'lastStudyTime',
              width: 150,
              render: (t: string) => (t ? t.slice(0, 16) : '—'),
            },
            {
              title: '',
              key: 'op',
              width: 110,
              render: (_: unknown, c) => (
                <Link to={studioPaths.learners(c.courseId)}>
                  <Button size="small" disabled={c.learnerCount === 0}>
                    学员明细
                  </Button>
                </Link>
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

export function ErrorBoundary() {
  return <StudioErrorBoundary />;
}
