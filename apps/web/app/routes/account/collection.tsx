import { Button, Pagination, Popconfirm } from 'antd';
import { useRevalidator } from 'react-router';
import { Link } from '../../components/link.tsx';
import { userCollectionDelete, userCollectionList } from '#contract/course-learn.ts';
import type { Route } from './+types/collection.ts';
import { api } from '../../api/client.ts';
import { EmptyState, Page } from '../../components/page.tsx';
import { pageFromUrl, useQueryParam } from '../../features/account/page-query.ts';
import { useAction } from '../../features/account/use-action.ts';
import { CourseCard } from '../../features/course/course-card.tsx';
import { pageLoad } from '../../lib/session-load.ts';
import '../../features/course/account-course.css';

const PAGE_SIZE = 12;

export async function loader(args: Route.LoaderArgs) {
  return {
    page: await pageLoad(args, userCollectionList, { pageCurrent: pageFromUrl(args.request), pageSize: PAGE_SIZE }),
  };
}

/** /account/collection — the courses I have collected, with a way to remove each. */
export default function AccountCollection({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  const setParam = useQueryParam();
  const revalidator = useRevalidator();
  const { run } = useAction();

  async function remove(courseId: string) {
    if (
      (await run(() => api(userCollectionDelete, { courseId }), { toast: true, success: '已取消收藏' })) !== undefined
    )
      await revalidator.revalidate();
  }

  return (
    <Page title="我的收藏">
      {page.list.length === 0 ? (
        <EmptyState text="还没有收藏课程">
          <Link to="/list">
            <Button type="primary">去逛逛课程</Button>
          </Link>
        </EmptyState>
      ) : (
        <div className="qk-course-grid qk-course-grid--3">
          {page.list.map((c) => (
            <div key={c.id} className="qk-collected">
              <CourseCard course={c} />
              <div className="qk-collected__foot">
                <span className="qk-muted">收藏于 {c.collectTime.slice(0, 10)}</span>
                <Popconfirm
                  title={`取消收藏“${c.courseName}”？`}
                  okText="取消收藏"
                  cancelText="再想想"
                  onConfirm={() => remove(c.id)}
                >
                  <Button size="small">取消收藏</Button>
                </Popconfirm>
              </div>
            </div>
          ))}
        </div>
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
