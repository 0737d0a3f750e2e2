import { createContext, useContext } from 'react';
import { useRouteLoaderData, type RouterContextProvider } from 'react-router';
import type { TNavBarItem, TWebInfo, TWebsiteLink, TWebsiteNav } from '#contract/system.ts';
import { pack, unpack, type Packed } from './packed.ts';
import type { SessionNotice, SessionUser } from './session.ts';

/** What is the same on every page of a site, for every visitor: header, footer and scripts draw it. */
export interface SiteChrome {
  webInfo: TWebInfo;
  navBar: TNavBarItem[];
  /** The about/nav list (platShow=1) with its articles: the footer's groups, the articles' breadcrumbs. */
  aboutList: TWebsiteNav[];
  links: TWebsiteLink[];
}

/** What the root loader gives every page: site info for header, footer and scripts, and the session. */
export interface RootData extends SiteChrome {
  user: SessionUser | null;
  /** Set when this load found the session ended by something other than signing out (spec §4). */
  notice: SessionNotice | null;
  /** This site's address as the request reached it, for canonical and Open Graph URLs. */
  origin: string;
}

/**
 * The root loader's answer as it travels: the chrome packed (lib/packed.ts), its text made once per site while its
 * parts are the same objects, where the router's encoder would take its couple of hundred values apart on every
 * first load.
 */
export interface RootLoad extends Omit<RootData, keyof SiteChrome> {
  chrome: Packed<SiteChrome>;
}

const texts = new WeakMap<TWebInfo, SiteChrome & { text: string }>();

/**
 * The chrome packed, with the same text while the site's cached parts are the same objects; on a first load its text
 * is written into the page (`SiteDataText`), given the loader's context.
 */
export function packChrome(chrome: SiteChrome, context?: Readonly<RouterContextProvider>): Packed<SiteChrome> {
  let kept = texts.get(chrome.webInfo);
  if (!kept || kept.navBar !== chrome.navBar || kept.aboutList !== chrome.aboutList || kept.links !== chrome.links) {
    kept = { ...chrome, text: JSON.stringify(chrome) };
    texts.set(chrome.webInfo, kept);
  }
  return pack(chrome, { text: kept.text, script: 'qk-site-data' }, context);
}

const whole = new WeakMap<RootLoad, RootData>();
/** The root's data with its chrome unpacked: one object for one load, as the router keeps the load. */
export function rootDataOf(load: RootLoad): RootData {
  let data = whole.get(load);
  if (!data) {
    const { chrome, ...rest } = load;
    data = { ...unpack(chrome), ...rest };
    whole.set(load, data);
  }
  return data;
}

/** The root loader's answer as it travelled; undefined only while the root itself failed (root ErrorBoundary). */
export const useRootLoad = (): RootLoad | undefined => useRouteLoaderData('root') as RootLoad | undefined;

/** Undefined only while the root itself failed (root ErrorBoundary). */
export function useRootData(): RootData | undefined {
  const load = useRootLoad();
  return load ? rootDataOf(load) : undefined;
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
