import { Avatar, Button, Pagination, Popconfirm } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useRevalidator } from 'react-router';
import { Link } from '../../components/link.tsx';
import { attentionDelete, type TAttentionItem } from '#contract/lecturer.ts';
import type { Route } from './+types/attention.ts';
import { api } from '../../api/client.ts';
import { EmptyState, Page } from '../../components/page.tsx';
import { loadMyAttention } from '../../features/account/my-lists.ts';
import { useQueryParam } from '../../features/account/page-query.ts';
import { useAction } from '../../features/account/use-action.ts';

const PAGE_SIZE = 12;

export function loader(args: Route.LoaderArgs) {
  return loadMyAttention(args, PAGE_SIZE);
}

/** /account/attention — the lecturers I follow, with a way to their pages and to unfollow. */
export default function AccountAttention({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  const setParam = useQueryParam();
  const revalidator = useRevalidator();
  const { run } = useAction();

  async function unfollow(item: TAttentionItem) {
    if (
      (await run(() => api(attentionDelete, { lecturerId: item.lecturerId }), {
        toast: true,
        success: '已取消关注',
      })) !== undefined
    )
      await revalidator.revalidate();
  }

  return (
    <Page title="我的关注">
      {page.list.length === 0 ? (
        <EmptyState text="还没有关注讲师">
          <Link to="/teachingStaff">
            <Button type="primary">去看看讲师团队</Button>
          </Link>
        </EmptyState>
      ) : (
        <div className="qk-lecturer-grid">
          {page.list.map((item) => (
            <div key={item.lecturerId} className="qk-lecturer-card">
              <Link to={`/lecturer/${item.lecturerId}`} className="qk-lecturer-card__link">
                <Avatar src={item.headImgUrl || undefined} icon={<UserOutlined />} size={72} alt={item.lecturerName} />
                <strong>{item.lecturerName}</strong>
                <span className="qk-muted">{item.position}</span>
              </Link>
              <span className="qk-muted qk-lecturer-card__since">关注于 {item.gmtCreate.slice(0, 10)}</span>
              <Popconfirm
                title={`确定不再关注${item.lecturerName}吗？`}
                okText="取消关注"
                cancelText="再想想"
                onConfirm={() => unfollow(item)}
              >
                <Button size="small">取消关注</Button>
              </Popconfirm>
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
