import { Button, Result } from 'antd';
import { useLocation, useRouteError } from 'react-router';
import { Link } from '../../components/link.tsx';
import { PageMeta } from '../../components/page-meta.tsx';
import { LayoutErrorContent } from '../../layouts/layout-error.tsx';
import { pageRefusalOf } from '../../lib/page-refusal.ts';
import { studioKindOfPath } from './studio-kind.ts';

/**
 * Every studio page's error boundary: a refused draft with the way back to its list; the lecturers-only page and
 * every other error as the layout shows them.
 */
export function StudioErrorBoundary() {
  const error = useRouteError();
  const { pathname } = useLocation();
  const refusal = pageRefusalOf(error);
  if (refusal?.refusal !== 'refused') return <LayoutErrorContent />;
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
