import { redirect } from 'react-router';
import { TOKEN_COOKIE } from '#contract/codes.ts';
import type { TUserInfo } from '#contract/user.ts';
import { api, ApiError } from '../api/client.ts';
import { loginUrl, type SessionNotice } from './login-url.ts';

export { loginUrl, type SessionNotice };

/** Spec §3 user info, as the header and account menus show it (the reply of user/ext/view). */
export type SessionUser = TUserInfo;

export const ELSEWHERE_MSG = '您的账号已在其他地方登录！';

/**
 * Forgets the page token. The cookie is HttpOnly, so only a response can clear it; loaders send this when the
 * user-info check fails, because a token refused once (e.g. superseded elsewhere) is refused for good.
 */
export const CLEAR_TOKEN_COOKIE = `${TOKEN_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`;

export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

/** The page token (cookie RC_WEB_TOKEN) of a request, if any. */
export function tokenOf(request: Request): string | undefined {
  return readCookie(request.headers.get('cookie'), TOKEN_COOKIE) || undefined;
}

/** Only same-site paths may follow a login, so the redirect parameter cannot send anyone elsewhere. */
export function safeReturnTo(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return '/';
  return raw;
}

/**
 * The page address a loader serves. Client navigations fetch loader data from `<path>.data?_routes=…`
 * (`/_root.data` for the home page); the login redirect must remember the page, not that request.
 */
export function pagePathOf(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete('_routes');
  const path = url.pathname === '/_root.data' ? '/' : url.pathname.replace(/\.data$/, '');
  return path + url.search;
}

/**
 * Spec §2/§5: pages under 'account' need a session; visitors without one go to the login page, which brings
 * them back afterwards. Whether the token is still good is the layout loader's user-info check.
 */
export function requireToken(request: Request): string {
  const token = tokenOf(request);
  if (!token) throw redirect(loginUrl(pagePathOf(request)));
  return token;
}

/** Pages that make no sense without a session: after signing out there, the person goes home instead. */
const NEEDS_LOGIN = /^\/(account|blog\/account|question\/account)(\/|$)/;

/** Spec §4: the logout call (clientType 1) clears the cookie; then every page renders as a guest again. */
export async function signOut(): Promise<void> {
  // the user calls' schemas (and zod) are not part of a page's first load: fetched when someone signs out
  const { extExitLogin } = await import('#contract/user.ts');
  // signing out decides itself what follows: a refused logout (the session was already over) changes nothing
  await api(extExitLogin, { clientType: 1 }, { handle: false }).catch(() => null);
  if (NEEDS_LOGIN.test(window.location.pathname)) window.location.assign('/');
  else window.location.reload();
}

/**
 * A browser call was refused for the session (codes 300–400): the response handler (api/handler.ts) is already
 * taking the person to the login page, so the page has nothing more to do.
 */
export function sessionLost(err: unknown): boolean {
  return err instanceof ApiError && err.needsLogin;
}
