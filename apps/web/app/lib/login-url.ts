/** Why a session ended without the person signing out; the page that follows tells them. */
export type SessionNotice = 'elsewhere' | 'password';

/** The login page, remembering where to come back to (spec §4 "temporary return URL"). */
export function loginUrl(returnTo?: string, notice?: SessionNotice): string {
  let url = '/login?t=login';
  if (returnTo && !/^\/(login|register|reset)(\/|\?|$)/.test(returnTo))
    url += `&redirect=${encodeURIComponent(returnTo)}`;
  if (notice) url += `&notice=${notice}`;
  return url;
}

/** The admin login page for someone whose admin session is missing or over, bringing them back afterwards. */
export function adminLoginUrl(pathAndSearch: string): string {
  return `/admin/login?redirect=${encodeURIComponent(pathAndSearch)}`;
}
