import { useRouteError } from 'react-router';
import { ErrorPage, isNotFound } from '../components/error-page.tsx';
import { isChunkLoadError, reloadForChunkError } from '../lib/client-behaviour.ts';

/** A page's error shown inside its layout's frame: the header and footer stay, so the visitor can move on. */
export function LayoutErrorContent() {
  const error = useRouteError();
  const notFound = isNotFound(error);
  if (typeof window !== 'undefined') {
    if (isChunkLoadError(error)) reloadForChunkError();
    else if (!notFound) console.error(error);
  }
  return <ErrorPage notFound={notFound} />;
}
