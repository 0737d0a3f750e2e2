import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorPage } from '../components/error-page.tsx';
import { isChunkLoadError, reloadForChunkError } from '../lib/client-behaviour.ts';

/**
 * A page's error shown inside its layout's frame: the header and footer stay, so the visitor can move on. A
 * route error response (a 404, a refusal with its message) is an answer, not a fault: only faults are logged.
 */
export function LayoutErrorContent() {
  const error = useRouteError();
  if (typeof window !== 'undefined') {
    if (isChunkLoadError(error)) reloadForChunkError();
    else if (!isRouteErrorResponse(error)) console.error(error);
  }
  return <ErrorPage error={error} />;
}
