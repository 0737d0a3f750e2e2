import { Button, Pagination, Progress } from 'antd';
import { Link } from '../../components/link.tsx';
import type { Route } from './+types/study.ts';
import { EmptyState, Page } from '../../components/page.tsx';
import { useQueryParam } from '../../features/account/page-query.ts';
import { clock, periodPath } from '../../features/course/course-format.ts';
import { loadStudyRecords } from '../../features/account/my-lists.ts';
import '../../features/course/account-course.css';

const PAGE_SIZE = 10;

export function loader(args: Route.LoaderArgs) {
  return loadStudyRecords(args, PAGE_SIZE);
}

/** /account/study — the lessons studied most recently, each one a way back to where it stopped. */
export default function AccountStudy({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  const setParam = useQueryParam();
  return (
    <Page title="学习记录">
      {page.list.length === 0 ? (
        <EmptyState text="还没有学习记录">
          <Link to="/list">
            <Button type="primary">去选一门课</Button>
          </Link>
        </EmptyState>
      ) : (
        <ul className="qk-my-list">
          {page.list.map((r) => (
            <li key={`${r.periodId}`} className="qk-my-item">
              <Link to={periodPath(r.courseId, r.periodId)} className="qk-my-item__cover">
                {r.courseLogo ? (
                  <img src={r.courseLogo} alt="" />
                ) : (
                  <span className="qk-cover-title">{r.courseName}</span>
                )}
              </Link>
              <div className="qk-my-item__body">
                <Link to={periodPath(r.courseId, r.periodId)} className="qk-my-item__title">
                  {r.courseName}
                </Link>
                <span className="qk-muted">
                  {r.periodName}
                  {r.videoDuration > 0
                    ? `（看到 ${clock(r.currentPosition) || '00:00'} / ${clock(r.videoDuration)}）`
                    : ''}
                </span>
                <Progress
                  percent={Math.round(r.percent)}
                  size="small"
                  status={r.isFinish ? 'success' : 'normal'}
                  format={(p) => (r.isFinish ? '已学完' : `${p}%`)}
                />
                <span className="qk-muted qk-my-item__time">最近学习 {r.studyTime.slice(0, 16)}</span>
              </div>
              <Link to={periodPath(r.courseId, r.periodId)}>
                <Button type="primary" ghost>
                  {r.isFinish ? '再看一遍' : '继续学习'}
                </Button>
              </Link>
            </li>
          ))}
        </ul>
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
