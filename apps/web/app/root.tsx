import type { ReactNode } from 'react';
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  redirect,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteError,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import './styles/tokens.css';
import { aboutNavList, navBarList, websiteInfoView, websiteLinkList } from '#contract/system.ts';
import type { Route } from './+types/root.ts';
import { callWith } from './api/client.ts';
import { serverContext } from './context.ts';
import { isH5Path } from '#contract/device.ts';
import { deviceRedirectOf } from './lib/device-redirect.ts';
import { isChunkLoadError, reloadForChunkError } from './lib/client-behaviour.ts';
import { packChrome, rootDataOf, useNonce, useRootLoad, type RootLoad } from './lib/root-data.ts';
import { PackedText } from './components/packed-text.tsx';
import { loadSession, sessionOnNavigation } from './lib/session-load.ts';
import { CLEAR_TOKEN_COOKIE } from './lib/session.ts';
import { ErrorPage } from './components/error-page.tsx';
import { SiteScripts } from './components/site-scripts.tsx';
import { ClientBehaviour } from './components/client-behaviour.tsx';
import { SessionNoticeToast } from './components/session-notice.tsx';

export const middleware: Route.MiddlewareFunction[] = [sessionOnNavigation];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { transport } = context.get(serverContext);
  // spec §7: startup loads the site info, the navigation and the about/nav list shown on PC (platShow=1)
  const [webInfo, navBar, aboutList, links, session] = await Promise.all([
    callWith(transport, websiteInfoView),
    callWith(transport, navBarList),
    callWith(transport, aboutNavList, { platShow: 1 }),
    callWith(transport, websiteLinkList),
    loadSession(request, transport),
  ]);
  const target = deviceRedirectOf(request, webInfo.h5Domain);
  if (target) throw redirect(target);
  const root: RootLoad = {
    chrome: packChrome({ webInfo, navBar, aboutList, links: links.websiteLinkList }, context),
    user: session.user,
    notice: session.notice,
    origin: new URL(request.url).origin,
  };
  // a refused token is refused for good: forget it, so this browser is a guest from now on
  return session.refused ? data(root, { headers: { 'Set-Cookie': CLEAR_TOKEN_COOKIE } }) : root;
}

/**
 * Site info, navigation and the session change rarely: fetch them on the first page, after form submissions,
 * and when a page asks for revalidation (same URL), e.g. after the person edits their nickname or avatar.
 */
export function shouldRevalidate({
  formMethod,
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  if (formMethod || currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  return false;
}

/**
 * PC pages drawn for any width, phones included: the sandbox gateway's cashier, which a phone's checkout opens as
 * it would open Alipay's or WeChat Pay's.
 */
const FLUID_PAGES = /^\/pay\/sandbox\//;

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const load = useRootLoad();
  const info = load ? rootDataOf(load).webInfo : undefined;
  const path = useLocation().pathname;
  const h5 = isH5Path(path);
  const fluid = h5 || FLUID_PAGES.test(path);
  return (
    <html lang="zh-CN" className={h5 ? 'qk-h5' : fluid ? 'qk-fluid' : undefined}>
      <head>
        <meta charSet="utf-8" />
        {/* The PC site is 1200px wide: phones that stay on it (电脑版) see it whole, zoomed out. */}
        <meta
          name="viewport"
          content={fluid ? 'width=device-width, initial-scale=1, viewport-fit=cover' : 'width=1240'}
        />
        <meta name="renderer" content="webkit" />
        {info?.ico ? <link rel="icon" href={info.ico} /> : null}
        <Meta />
        <Links nonce={nonce} />
      </head>
      <body>
        {children}
        <PackedText of={load?.chrome} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        {info ? <SiteScripts info={info} nonce={nonce} /> : null}
      </body>
    </html>
  );
}

export default function App() {
  return (
    <>
      <ClientBehaviour />
      <SessionNoticeToast />
      <Outlet />
    </>
  );
}

/** Errors no layout caught: unknown middleware failures and a root loader that could not load the site. */
export function ErrorBoundary() {
  const error = useRouteError();
  // On the server, entry.server's handleError has logged it already.
  if (typeof window !== 'undefined') {
    if (isChunkLoadError(error)) reloadForChunkError();
    else if (!isRouteErrorResponse(error)) console.error(error);
  }
  return <ErrorPage error={error} />;
}
