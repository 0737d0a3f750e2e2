import { H5_BASE } from '#contract/device.ts';

/** Why a session ended without the person signing out; the page that follows tells them. */
export type SessionNotice = 'elsewhere' | 'password';

/** The login page, remembering where to come back to (spec §4 "temporary return URL"). */
export function loginUrl(returnTo?: string, notice?: SessionNotice): string {
  // an H5 page signs in on the H5 login page (decision 38)
  const h5 = returnTo?.startsWith(`${H5_BASE}/`) ?? false;
  let url = h5 ? `${H5_BASE}/login?t=login` : '/login?t=login';
  if (returnTo && !/^(\/h5)?\/(login|register|reset)(\/|\?|$)/.test(returnTo))
    url += `&redirect=${encodeURIComponent(returnTo)}`;
  if (notice) url += `&notice=${notice}`;
  return url;
}

/** The admin login page for someone whose admin session is missing or over, bringing them back afterwards. */
export function adminLoginUrl(pathAndSearch: string): string {
  return `/admin/login?redirect=${encodeURIComponent(pathAndSearch)}`;
}
