import { Button, Result } from 'antd';
import { isRouteErrorResponse, Link, useLocation, useRouteError } from 'react-router';
import { PageMeta } from '../../components/page-meta.tsx';
import { LayoutErrorContent } from '../../layouts/layout-error.tsx';
import type { StudioRefusal } from './studio-load.ts';
import { studioKindOfPath } from './studio-kind.ts';

function refusalOf(error: unknown): StudioRefusal | null {
  if (!isRouteErrorResponse(error)) return null;
  const d = error.data as Partial<StudioRefusal> | null;
  return d && (d.studio === 'notLecturer' || d.studio === 'refused') ? (d as StudioRefusal) : null;
}

/** The studio for someone who is not a lecturer: what to do instead of an error. */
export function NotLecturer() {
  return (
    <div className="qk-studio-refusal">
      <PageMeta title="成为讲师后才能发布课程" />
      <Result
        status="403"
        title="成为讲师后才能发布课程"
        subTitle="课程、资源和文库由讲师发布。提交讲师申请，审核通过后即可在这里创建课程、上传视频并提交审核。"
        extra={
          <Link to="/account/teacher">
            <Button type="primary">申请成为讲师</Button>
          </Link>
        }
      />
    </div>
  );
}

/** Every studio page's error boundary: the not-a-lecturer page, a refused draft, or the layout's error page. */
export function StudioErrorBoundary() {
  const error = useRouteError();
  const { pathname } = useLocation();
  const refusal = refusalOf(error);
  if (!refusal) return <LayoutErrorContent />;
  if (refusal.studio === 'notLecturer') return <NotLecturer />;
  const kind = studioKindOfPath(pathname);
  return (
    <div className="qk-studio-refusal">
      <PageMeta title={refusal.msg} />
      <Result
        status="warning"
        title={refusal.msg}
        subTitle="只能查看和修改自己的课程。请从课程列表重新进入。"
        extra={
          <Link to={kind.base}>
            <Button type="primary">返回{kind.title}</Button>
          </Link>
        }
      />
    </div>
  );
}
