import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { Link } from '../components/link.tsx';
import { pcPathOf } from '#contract/device.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { isChunkLoadError, reloadForChunkError } from '../lib/client-behaviour.ts';
import { H5Header } from './h5-frame.tsx';

/** An H5 address with no page, or a page that failed: home, or the same address on the PC site. */
export function H5ErrorPage() {
  const error = useRouteError();
  const { pathname, search } = useLocation();
  if (typeof window !== 'undefined' && isChunkLoadError(error)) reloadForChunkError();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  const refusal = isRouteErrorResponse(error) && typeof error.data === 'string' ? error.data : null;
  const title = missing ? '页面找不到了' : '页面出错了';
  return (
    <div className="h5-app">
      <PageMeta title={title} />
      <H5Header title={title} />
      <div className="h5-form-page h5-center">
        <h1 className="h5-form-page__title">{title}</h1>
        <p className="h5-muted">{missing ? '可能已被删除或地址有误' : (refusal ?? '请稍后再试，或联系管理员')}</p>
        <Link className="h5-button h5-button--primary h5-button--block" to="/h5/">
          返回首页
        </Link>
        <a className="h5-button h5-button--block" href={pcPathOf(pathname) + search}>
          在电脑版打开
        </a>
      </div>
    </div>
  );
}
