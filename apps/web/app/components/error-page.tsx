import { Link, isRouteErrorResponse } from 'react-router';
import { PageMeta } from './page-meta.tsx';

export const NOT_FOUND_TEXT = '页面找不到了，可能已被删除或地址有误';
export const SERVER_ERROR_TEXT = '页面出错了，请联系管理员';

/**
 * Spec §2 error pages: 404 and 500, each with a way home. Plain markup on purpose: the root carries this page
 * on every first load, so it must not pull heavy components into the home page's budget.
 */
export function ErrorPage({ notFound }: { notFound: boolean }) {
  return (
    <div className="qk-container qk-error">
      <PageMeta title={notFound ? '页面不存在' : '页面出错了'} />
      <div className="qk-error__box" role="alert">
        <div className="qk-error__code">{notFound ? '404' : '500'}</div>
        <p className="qk-error__text">{notFound ? NOT_FOUND_TEXT : SERVER_ERROR_TEXT}</p>
        <Link to="/" className="qk-button qk-button--primary">
          返回首页
        </Link>
      </div>
    </div>
  );
}

export function isNotFound(error: unknown): boolean {
  return isRouteErrorResponse(error) && error.status === 404;
}
