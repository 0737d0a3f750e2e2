import { safeReturnTo } from '../../lib/session.ts';

/**
 * After logging in or registering, back to the remembered page (spec §4) with a full load: the header, the
 * account menus and every loader then see the new session.
 */
export function goAfterLogin(fallback = '/'): void {
  const raw = new URLSearchParams(window.location.search).get('redirect');
  window.location.assign(raw ? safeReturnTo(raw) : fallback);
}
