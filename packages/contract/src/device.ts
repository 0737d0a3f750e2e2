/**
 * Spec §4: phone browsers visiting the PC site go to the H5 site. Shared by the pages (the redirect) and the
 * server (the page cache keeps a phone's and a computer's copy apart).
 */
/** Phones only: tablets and desktops keep the PC site (spec §4 sends phone browsers to the H5 domain). */
const PHONE_UA =
  /iPhone|iPod|Windows Phone|BlackBerry|IEMobile|Opera Mini|Android.*Mobile|HarmonyOS.*Mobile|Mobile.*Firefox/i;

export function isPhone(userAgent: string | null | undefined): boolean {
  return !!userAgent && PHONE_UA.test(userAgent);
}

/**
 * Where a phone visiting `path + search` should go: the H5 site with the path and query kept in its hash
 * route. Null when no H5 domain is set, or when it is this very host (the H5 pages may be served here too,
 * and redirecting to ourselves would loop).
 */
export function h5Target(h5Domain: string, currentHost: string, path: string, search: string): string | null {
  const domain = h5Domain.trim().replace(/\/+$/, '');
  if (!domain) return null;
  const base = /^https?:\/\//i.test(domain) ? domain : `https://${domain}`;
  let host: string;
  try {
    host = new URL(base).host;
  } catch {
    return null;
  }
  if (host.toLowerCase() === currentHost.toLowerCase()) return null;
  return `${base}/#${path}${search}`;
}
