import { Button, Pagination, Progress, Segmented, Tag } from 'antd';
import { useSearchParams } from 'react-router';
import { Link } from '../../components/link.tsx';
import type { Route } from './+types/course.ts';
import { EmptyState, Page } from '../../components/page.tsx';
import { useQueryParam } from '../../features/account/page-query.ts';
import { coursePath, periodPath } from '../../features/course/course-format.ts';
import { loadMyCourses } from '../../features/account/my-lists.ts';
import '../../features/course/account-course.css';

const PAGE_SIZE = 10;
const TYPES = [
  { value: '', label: '全部' },
  { value: '1', label: '录播课程' },
  { value: '3', label: '资源' },
  { value: '4', label: '文库' },
];
const HOW: Record<number, string> = { 0: '免费加入', 1: '已购买', 2: '管理员开通', 3: '班级开通', 4: '会员免费' };
const MEMBERSHIP = 4;

export function loader(args: Route.LoaderArgs) {
  return loadMyCourses(args, PAGE_SIZE);
}

/** /account/course — the courses I may study, with my progress and a way back in. */
export default function AccountCourse({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  const setParam = useQueryParam();
  const [params] = useSearchParams();
  return (
    <Page title="我的课程">
      <Segmented
        className="qk-my-filter"
        value={params.get('type') ?? ''}
        options={TYPES}
        onChange={(v) => setParam('type', String(v))}
      />
      {page.list.length === 0 ? (
        <EmptyState text="还没有可以学习的课程">
          <Link to="/list">
            <Button type="primary">去选一门课</Button>
          </Link>
        </EmptyState>
      ) : (
        <ul className="qk-my-list">
          {page.list.map((c) => {
            const go = c.lastPeriodId ? periodPath(c.id, c.lastPeriodId) : coursePath(c);
            return (
              <li key={c.id} className="qk-my-item">
                <Link to={coursePath(c)} className="qk-my-item__cover">
                  {c.courseLogo ? (
                    <img src={c.courseLogo} alt="" />
                  ) : (
                    <span className="qk-cover-title">{c.courseName}</span>
                  )}
                </Link>
                <div className="qk-my-item__body">
                  <Link to={coursePath(c)} className="qk-my-item__title">
                    {c.courseName}
                  </Link>
                  <span className="qk-muted">
                    {c.lecturerName} · 共 {c.periodTotal} 课时 <Tag>{HOW[c.buyType] ?? '已开通'}</Tag>
                    {c.isExpired ? (
                      <span className="qk-expired">{c.buyType === MEMBERSHIP ? '会员已到期' : '已过期'}</span>
                    ) : c.expireTime ? (
                      <span>
                        {c.buyType === MEMBERSHIP ? '会员有效期至' : '有效期至'} {c.expireTime.slice(0, 10)}
                      </span>
                    ) : null}
                  </span>
                  <Progress percent={Math.round(c.studyPercent)} size="small" />
                  <span className="qk-muted qk-my-item__time">
                    {c.lastStudyTime ? `最近学习 ${c.lastStudyTime.slice(0, 16)}` : `加入于 ${c.joinTime.slice(0, 10)}`}
                  </span>
                </div>
                {c.isExpired && c.buyType === MEMBERSHIP ? (
                  <Link to="/vip">
                    <Button>续费会员</Button>
                  </Link>
                ) : c.isExpired ? (
                  <Button disabled>已过期</Button>
                ) : (
                  <Link to={go}>
                    <Button type="primary">{c.lastPeriodId ? '继续学习' : '开始学习'}</Button>
                  </Link>
                )}
              </li>
            );
          })}
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
