import { Limits } from '#contract/codes.ts';

const REFERRAL_KEY = 'referralCode';
const CHUNK_RELOAD_KEY = 'qk:chunkReloadAt';

/** Spec §4: a referralCode query parameter on any page is kept for registration and orders. */
export function rememberReferral(search: string): void {
  const code = new URLSearchParams(search).get(REFERRAL_KEY)?.trim();
  if (!code) return;
  try {
    localStorage.setItem(REFERRAL_KEY, code);
  } catch {
    // storage disabled (private mode): the code simply is not remembered
  }
}

export function storedReferral(): string | null {
  try {
    return localStorage.getItem(REFERRAL_KEY);
  } catch {
    return null;
  }
}

const CHUNK_ERROR =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported|Failed to fetch module|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_ERROR.test(error.message);
}

/**
 * Spec §8: a page chunk that fails to load (usually an old page after a new release) reloads the page, at
 * most once a minute so a chunk that is really gone cannot put the browser in a reload loop.
 * Returns whether a reload was started.
 */
export function reloadForChunkError(): boolean {
  const now = Date.now();
  try {
    const last = Number(sessionStorage.getItem(CHUNK_RELOAD_KEY) ?? 0);
    if (now - last < Limits.chunkReloadMinIntervalMs) return false;
    sessionStorage.setItem(CHUNK_RELOAD_KEY, String(now));
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}
