/**
 * Spec §4: phone browsers visiting the PC site go to the H5 site, and a computer on the H5 site goes back.
 * Shared by the pages (the redirect, on the server and again in the browser for cached pages) and the server
 * (the page cache keeps a phone's, a computer's and a crawler's copy apart). Decision 38.
 */

/** Phones only: tablets and desktops keep the PC site (spec §4 sends phone browsers to the H5 domain). */
const PHONE_UA =
  /iPhone|iPod|Windows Phone|BlackBerry|IEMobile|Opera Mini|Android.*Mobile|HarmonyOS.*Mobile|Mobile.*Firefox/i;

/** Search engines (their smartphone crawlers included) read the PC pages as they are: never redirected. */
const CRAWLER_UA =
  /bot\b|bot\/|spider|crawler|slurp|bingpreview|mediapartners|adsbot|yandex|sogou|360spider|bytespider|petalbot|lighthouse-ci/i;

export function isPhone(userAgent: string | null | undefined): boolean {
  return !!userAgent && PHONE_UA.test(userAgent) && !isCrawler(userAgent);
}

/** WeChat's own browser (its in-app web view), where WeChat Pay is paid by JSAPI and Alipay's pages are blocked. */
export function isWechatBrowser(userAgent: string | null | undefined): boolean {
  return !!userAgent && /MicroMessenger/i.test(userAgent);
}

export function isCrawler(userAgent: string | null | undefined): boolean {
  return !!userAgent && CRAWLER_UA.test(userAgent);
}

/** Where the H5 pages live on every host that serves them. */
export const H5_BASE = '/h5';

/** The cookie remembering the 电脑版 / 手机版 switch: `pc` keeps a phone on the PC site, `h5` a computer on H5. */
export const VIEW_COOKIE = 'qk_view';
export type ViewChoice = 'pc' | 'h5';
export const VIEW_COOKIE_MAX_AGE = 365 * 86_400;

export function viewChoiceOf(raw: string | null | undefined): ViewChoice | null {
  return raw === 'pc' || raw === 'h5' ? raw : null;
}

/**
 * The PC pages that have an H5 page. H5 paths mirror the PC paths under /h5, so a PC link, the spec's hash
 * route (`#/view/5?x=1`) and the H5 address all name the same page. A PC page H5 has no page for yet keeps
 * phones on the PC site rather than dropping them on the H5 home page.
 */
const H5_PAGES = [
  /^\/$/,
  /^\/index$/,
  /^\/list$/,
  /^\/view\/\d{1,20}$/,
  /^\/view\/\d{1,20}\/period\/\d{1,20}$/,
  /^\/login$/,
  /^\/register$/,
  /^\/blog$/,
  /^\/grade$/,
  /^\/grade\/view\/\d{1,20}$/,
  /^\/account\/grades\/my$/,
  /^\/blog\/article\/\d{1,20}$/,
  /^\/blog\/blogger\/\d{1,20}$/,
  /^\/blog\/account(\/write)?$/,
  /^\/question$/,
  /^\/question\/view\/\d{1,20}$/,
  /^\/question\/account\/write$/,
  /^\/account\/ques$/,
  /^\/search(\/[^/]+)?$/,
  /^\/schoolProfile\/\d{1,20}$/,
  /^\/lecturer\/\d{1,20}$/,
  /^\/teachingStaff$/,
  /^\/info$/,
  /^\/info\/detail\/\d{1,20}$/,
  /^\/sale(\/[134])?$/,
  /^\/view\/service$/,
  /^\/blog\/search$/,
  /^\/recruit$/,
  /^\/apply$/,
  /^\/onlineRegistration$/,
  /^\/terrace(\/\d{1,20})?$/,
  /^\/live$/,
  /^\/live\/detail\/\d{1,20}$/,
  /^\/preview\/live\/\d{1,20}$/,
  /^\/exam$/,
  /^\/exam\/view\/\d{1,20}$/,
  /^\/exam\/exercise(\/\d{1,20})?$/,
  /^\/exam\/(startExam|exam|result|explain|gradeResult|gradeExplain)$/,
  /^\/account\/error\/(problem|start)$/,
  /^\/account\/exams\/(myExam|myExamination)$/,
  /^\/account\/(course|order|study|notes|message|info|reset|collection|feedback|attention)$/,
  /^\/account\/(recommend|earnings|draw_money)$/,
  /^\/order\/result$/,
  /^\/(reset|vip)$/,
  /^\/(resource|library)$/,
  /^\/resource\/detail\/\d{1,20}$/,
  /^\/library\/view\/\d{1,20}$/,
];

/**
 * PC pages whose H5 page has a shorter path: the phone's writing page needs no account segment, and H5 has one
 * page of classes of one's own.
 */
const H5_RENAMED: Record<string, string> = {
  '/question/account/write': '/question/write',
  '/account/grades/my': '/account/grades',
};
const PC_OF_RENAMED: Record<string, string> = Object.fromEntries(
  Object.entries(H5_RENAMED).map(([pc, h5]) => [h5, pc]),
);

export function hasH5Page(pcPath: string): boolean {
  return H5_PAGES.some((p) => p.test(pcPath));
}

export function isH5Path(pathname: string): boolean {
  return pathname === H5_BASE || pathname.startsWith(`${H5_BASE}/`);
}

/** The H5 address of a PC path (`/index` is the home page), or null when H5 has no such page. */
export function h5PathOf(pcPath: string): string | null {
  if (!hasH5Page(pcPath)) return null;
  return pcPath === '/' || pcPath === '/index' ? `${H5_BASE}/` : `${H5_BASE}${H5_RENAMED[pcPath] ?? pcPath}`;
}

/** The PC address of an H5 path: the same path without the /h5 prefix (or the PC path it was renamed from). */
export function pcPathOf(h5Path: string): string {
  if (!isH5Path(h5Path)) return h5Path;
  const path = h5Path.slice(H5_BASE.length) || '/';
  return PC_OF_RENAMED[path] ?? path;
}

/**
 * The spec's hash route (`#/view/5?x=1`, read on the H5 entry page) as an H5 address with its query, or null
 * when the hash names no page H5 has.
 */
export function h5PathOfHash(hash: string): string | null {
  if (!hash.startsWith('#/')) return null;
  const route = hash.slice(1);
  const q = route.indexOf('?');
  const path = q < 0 ? route : route.slice(0, q);
  const search = q < 0 ? '' : route.slice(q);
  const h5 = h5PathOf(path);
  return h5 ? h5 + search : null;
}

function h5Origin(h5Domain: string): URL | null {
  const domain = h5Domain.trim().replace(/\/+$/, '');
  if (!domain) return null;
  try {
    return new URL(/^https?:\/\//i.test(domain) ? domain : `https://${domain}`);
  } catch {
    return null;
  }
}

/**
 * Where a phone visiting the PC `path + search` should go: the H5 site with the path and query kept in its hash
 * route — at the site's H5 domain when one is set, else on this host under /h5/. Null when H5 has no such page.
 */
export function h5Target(h5Domain: string, currentHost: string, path: string, search: string): string | null {
  if (!hasH5Page(path)) return null;
  const origin = h5Origin(h5Domain);
  const hashRoute = `#${path}${search}`;
  if (!origin || origin.host.toLowerCase() === currentHost.toLowerCase()) return `${H5_BASE}/${hashRoute}`;
  return `${origin.origin}${origin.pathname.replace(/\/+$/, '')}/${hashRoute}`;
}

export interface DeviceVisit {
  userAgent: string | null | undefined;
  /** The switch remembered in VIEW_COOKIE. */
  choice: ViewChoice | null;
  h5Domain: string;
  host: string;
  pathname: string;
  search: string;
}

/**
 * Where this visit belongs, or null to stay: a phone on a PC page with an H5 page goes to H5 (spec §4), a
 * computer on an H5 page goes to its PC page, and a phone arriving at the H5 domain's own root (the spec's
 * `https://h5/#/path`) goes to /h5/, the browser keeping the hash. The switch and crawlers stay where they are.
 */
export function deviceRedirect(v: DeviceVisit): string | null {
  if (isCrawler(v.userAgent)) return null;
  const phone = isPhone(v.userAgent);
  if (isH5Path(v.pathname)) {
    if (phone || v.choice === 'h5') return null;
    return pcPathOf(v.pathname) + v.search;
  }
  const wantsH5 = phone ? v.choice !== 'pc' : v.choice === 'h5';
  if (!wantsH5) return null;
  const origin = h5Origin(v.h5Domain);
  if (origin && origin.host.toLowerCase() === v.host.toLowerCase()) {
    // this host is the H5 domain: its PC paths are the H5 pages
    const h5 = h5PathOf(v.pathname);
    return h5 ? h5 + v.search : null;
  }
  return h5Target(v.h5Domain, v.host, v.pathname, v.search);
}
