import { createContext, useContext } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { TNavBarItem, TWebInfo, TWebsiteLink, TWebsiteNav } from '#contract/system.ts';
import type { SessionNotice, SessionUser } from './session.ts';

/** What the root loader gives every page: site info for header, footer and scripts, and the session. */
export interface RootData {
  webInfo: TWebInfo;
  navBar: TNavBarItem[];
  /** The about/nav list (platShow=1) with its articles: the footer's groups, the articles' breadcrumbs. */
  aboutList: TWebsiteNav[];
  links: TWebsiteLink[];
  user: SessionUser | null;
  /** Set when this load found the session ended by something other than signing out (spec §4). */
  notice: SessionNotice | null;
  /** This site's address as the request reached it, for canonical and Open Graph URLs. */
  origin: string;
}

/** Undefined only while the root itself failed (root ErrorBoundary). */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData('root') as RootData | undefined;
}

export function useSite(): RootData {
  const data = useRootData();
  if (!data) throw new Error('site data is missing: the root loader did not run');
  return data;
}

/** The CSP nonce of this response: set by entry.server, and read back from the page by entry.client. */
export const NonceContext = createContext('');
export function useNonce(): string {
  return useContext(NonceContext);
}
