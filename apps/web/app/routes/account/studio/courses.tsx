import { Button, Pagination, Select } from 'antd';
import { useLocation, useSearchParams } from 'react-router';
import { Link } from '../../../components/link.tsx';
import { COURSE_AUDIT_STATUS_NAMES, courseAuditList } from '#contract/studio.ts';
import type { Route } from './+types/courses.ts';
import { EmptyState, Page } from '../../../components/page.tsx';
import { pageFromUrl, useQueryParam } from '../../../features/account/page-query.ts';
import { CourseTable } from '../../../features/studio/course-table.tsx';
import { StudioErrorBoundary } from '../../../features/studio/studio-error.tsx';
import { studioKindOfPath } from '../../../features/studio/studio-kind.ts';
import { studioLoad } from '../../../features/studio/studio-load.ts';
import { SearchInput } from '../../../features/studio/search-input.tsx';
import { StudioNav } from '../../../features/studio/studio-nav.tsx';
import '../../../features/studio/studio.css';

const PAGE_SIZE = 10;

export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const kind = studioKindOfPath(url.pathname);
  const status = Number(url.searchParams.get('auditStatus') ?? '');
  const auditStatus =
    url.searchParams.get('auditStatus') !== null && status in COURSE_AUDIT_STATUS_NAMES ? status : undefined;
  const courseName = (url.searchParams.get('courseName') ?? '').slice(0, 100);
  const page = await studioLoad(args, courseAuditList, {
    courseType: kind.courseType,
    auditStatus,
    courseName,
    pageCurrent: pageFromUrl(args.request),
    pageSize: PAGE_SIZE,
  });
  return { page, filtered: auditStatus !== undefined || courseName !== '' };
}

/** /account/vod, /account/resource, /account/library — the lecturer's courses of one kind, with audit and shelf. */
export default function StudioCourses({ loaderData }: Route.ComponentProps) {
  const { page, filtered } = loaderData;
  const kind = studioKindOfPath(useLocation().pathname);
  const [params] = useSearchParams();
  const setParam = useQueryParam();
  const status = params.get('auditStatus');
  return (
    <Page title={kind.title}>
      <StudioNav />
      <div className="qk-studio-toolbar">
        <Select
          allowClear
          placeholder="全部状态"
          aria-label="审核状态"
          style={{ width: 140 }}
          value={status === null ? undefined : Number(status)}
          options={Object.entries(COURSE_AUDIT_STATUS_NAMES).map(([v, label]) => ({ value: Number(v), label }))}
          onChange={(v: number | undefined) => setParam('auditStatus', v ?? null)}
        />
        <SearchInput
          key={params.get('courseName') ?? ''}
          placeholder={`搜索${kind.noun}名称`}
          initial={params.get('courseName') ?? ''}
          maxLength={100}
          onSearch={(v) => setParam('courseName', v)}
        />
        <div className="qk-studio-toolbar__right">
          <Link to={`${kind.base}/add`}>
            <Button type="primary">新建{kind.noun}</Button>
          </Link>
        </div>
      </div>
      {page.list.length === 0 ? (
        <EmptyState text={filtered ? `没有符合条件的${kind.noun}` : `还没有${kind.noun}，新建一个开始吧`}>
          {filtered ? null : (
            <Link to={`${kind.base}/add`}>
              <Button type="primary">新建{kind.noun}</Button>
            </Link>
          )}
        </EmptyState>
      ) : (
        <CourseTable kind={kind} list={page.list} />
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
