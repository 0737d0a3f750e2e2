import { deviceRedirect, VIEW_COOKIE, viewChoiceOf } from '#contract/device.ts';
import { readCookie } from './session.ts';

/** Spec §4 on a page request: where this browser belongs (decision 38), or null to render here. */
export function deviceRedirectOf(request: Request, h5Domain: string): string | null {
  const url = new URL(request.url);
  return deviceRedirect({
    userAgent: request.headers.get('user-agent'),
    choice: viewChoiceOf(readCookie(request.headers.get('cookie'), VIEW_COOKIE)),
    h5Domain,
    host: url.host,
    pathname: url.pathname,
    search: url.search,
  });
}

/** The same in the browser, for pages served from the page cache. */
export function deviceRedirectHere(h5Domain: string): string | null {
  return deviceRedirect({
    userAgent: navigator.userAgent,
    choice: viewChoiceOf(readCookie(document.cookie, VIEW_COOKIE)),
    h5Domain,
    host: window.location.host,
    pathname: window.location.pathname,
    search: window.location.search,
  });
}
