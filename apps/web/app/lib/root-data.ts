import { createContext, useContext } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { TNavBarItem, TWebInfo, TWebsiteLink, TWebsiteNav } from '#contract/system.ts';
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
 * The root loader's answer as it travels: the chrome as one JSON text, made once per site while its parts are
 * the same objects, where the router's encoder would take its couple of hundred values apart on every first load.
 */
export interface RootLoad extends Omit<RootData, keyof SiteChrome> {
  chrome: string;
}

interface ChromeText extends SiteChrome {
  text: string;
}
const texts = new WeakMap<TWebInfo, ChromeText>();
/** the chromes read back from their text: one a site, a few at most */
const read = new Map<string, SiteChrome>();
const READ_MAX = 16;

function remember(text: string, chrome: SiteChrome): void {
  if (read.size >= READ_MAX) read.delete(read.keys().next().value!);
  read.set(text, chrome);
}

/** The chrome's text: the same string while the site's cached parts are the same objects. */
export function chromeText(chrome: SiteChrome): string {
  const kept = texts.get(chrome.webInfo);
  if (
    kept &&
    kept.navBar === chrome.navBar &&
    kept.aboutList === chrome.aboutList &&
    kept.links === chrome.links &&
    read.has(kept.text)
  )
    return kept.text;
  const text = JSON.stringify(chrome);
  texts.set(chrome.webInfo, { ...chrome, text });
  // the server's render reads the objects it has, not the text
  remember(text, chrome);
  return text;
}

function chromeOf(text: string): SiteChrome {
  let chrome = read.get(text);
  if (!chrome) {
    chrome = JSON.parse(text) as SiteChrome;
    remember(text, chrome);
  }
  return chrome;
}

const whole = new WeakMap<RootLoad, RootData>();
/** The root's data with its chrome read: one object for one load, as the router keeps the load. */
export function rootDataOf(load: RootLoad): RootData {
  let data = whole.get(load);
  if (!data) {
    const { chrome, ...rest } = load;
    data = { ...chromeOf(chrome), ...rest };
    whole.set(load, data);
  }
  return data;
}

/** Undefined only while the root itself failed (root ErrorBoundary). */
export function useRootData(): RootData | undefined {
  const load = useRouteLoaderData('root') as RootLoad | undefined;
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
