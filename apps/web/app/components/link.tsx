import { forwardRef, useContext, type MouseEvent } from 'react';
import { Link as RouterLink, UNSAFE_DataRouterContext, type LinkProps } from 'react-router';

/** Props that only React Router's own link handles; a link given any of them is one of its links. */
const ROUTER_ONLY = [
  'state',
  'relative',
  'reloadDocument',
  'preventScrollReset',
  'viewTransition',
  'mask',
  'defaultShouldRevalidate',
] as const;

/** An address inside the site written from its root: `/view/7`, `/list?c=3`, not `//cdn…`, `https:…` or `./x`. */
const sitePath = (to: LinkProps['to']): to is string => typeof to === 'string' && to[0] === '/' && to[1] !== '/';

function plain(props: LinkProps): props is LinkProps & { to: string } {
  if (!sitePath(props.to)) return false;
  if ((props.prefetch ?? 'none') !== 'none' || (props.discover ?? 'render') !== 'render') return false;
  return ROUTER_ONLY.every((name) => props[name] === undefined);
}

/** The checks of React Router's own links: the main button, no modifier key, no other window. */
function followsInPage(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  if (event.defaultPrevented || event.button !== 0) return false;
  if (target && target !== '_self') return false;
  return !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey);
}

/**
 * The site's link (decision 68): a link to a path of the site (nearly every one) renders its anchor and follows a
 * click through the router, with one context read; React Router's `Link` resolves its address, the location and a
 * navigate function with a dozen hooks on every render, which cost the pages about 4 µs a link, 50 links a page.
 * Any other link (relative, with state, prefetching, reloading the document) is React Router's own.
 */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(props, ref) {
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  if (!router || (router.basename ?? '/') !== '/' || !plain(props)) return <RouterLink ref={ref} {...props} />;
  const { to, replace, target, onClick, prefetch: _prefetch, discover: _discover, ...rest } = props;
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!followsInPage(event, target)) return;
    event.preventDefault();
    const { pathname, search, hash } = router.state.location;
    // as React Router's links: a link to the page one is on replaces its history entry rather than adding one
    void router.navigate(to, { replace: replace ?? pathname + search + hash === to });
  };
  return <a {...rest} ref={ref} href={to} target={target} onClick={handleClick} data-discover="true" />;
});
