import { redirect } from 'react-router';
import { TOKEN_COOKIE } from '#contract/codes.ts';

/** Spec §3 user info, as the header and account menus show it. The user-info call arrives with accounts. */
export interface SessionUser {
  id: string;
  nickname: string;
  mobile: string;
  headImgUrl: string;
  isVip: number;
  /** 1 normal, 2 lecturer, 3 organisation */
  userType: number;
  isRecommended: number;
}

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

/** The login page, remembering where to come back to (spec §4 "temporary return URL"). */
export function loginUrl(returnTo?: string): string {
  const base = '/login?t=login';
  if (!returnTo || returnTo.startsWith('/login')) return base;
  return `${base}&redirect=${encodeURIComponent(returnTo)}`;
}

/**
 * Spec §2/§5: pages under 'account' need a session; visitors without one go to the login page, which brings
 * them back afterwards. Until the user-info call exists the token cookie is the whole check.
 */
export function requireToken(request: Request): string {
  const token = tokenOf(request);
  if (!token) {
    const url = new URL(request.url);
    throw redirect(loginUrl(url.pathname + url.search));
  }
  return token;
}

/** Forgets the session in this browser and reloads, so every page renders as a guest again. */
export function signOut(): void {
  document.cookie = `${TOKEN_COOKIE}=; Max-Age=0; path=/`;
  window.location.reload();
}
