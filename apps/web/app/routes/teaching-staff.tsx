import { Avatar, Pagination } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { Form as RouterForm, useSearchParams } from 'react-router';
import { Link } from '../components/link.tsx';
import type { Route } from './+types/teaching-staff.ts';
import { EmptyState, Page } from '../components/page.tsx';
import { useQueryParam } from '../features/account/page-query.ts';
import { loadTeachingStaff } from '../features/pages/teaching-staff-load.ts';

const PAGE_SIZE = 12;

export function loader(args: Route.LoaderArgs) {
  return loadTeachingStaff(args, PAGE_SIZE);
}

/** /teachingStaff — the school's lecturers, searchable by name, each linking to their page. */
export default function TeachingStaff({ loaderData }: Route.ComponentProps) {
  const { page, lecturerName } = loaderData;
  const setParam = useQueryParam();
  const [params] = useSearchParams();
  return (
    <Page title="讲师团队">
      <RouterForm method="get" className="qk-staff-search" role="search" aria-label="搜索讲师">
        <input
          type="search"
          name="name"
          defaultValue={params.get('name') ?? ''}
          maxLength={20}
          placeholder="按讲师名称搜索"
          aria-label="讲师名称"
        />
        <button type="submit">搜索</button>
      </RouterForm>
      {page.list.length === 0 ? (
        <EmptyState text={lecturerName ? `没有找到名称包含“${lecturerName}”的讲师` : '暂无讲师'} />
      ) : (
        <div className="qk-lecturer-grid">
          {page.list.map((l) => (
            <Link key={l.id} to={`/lecturer/${l.id}`} className="qk-lecturer-card">
              <Avatar src={l.headImgUrl || undefined} icon={<UserOutlined />} size={96} alt={l.lecturerName} />
              <strong>{l.lecturerName}</strong>
              <span className="qk-muted">{l.position}</span>
              <p className="qk-lecturer-card__intro">{l.introduce}</p>
              <span className="qk-muted qk-lecturer-card__since">{l.attentionCount} 人关注</span>
            </Link>
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
