/** Result codes of the envelope (DESIGN.md "The API contract"). 300–400 send clients to the login page. */
export const ResultCode = {
  SUCCESS: 200,
  TOKEN_EXPIRED: 301,
  TOKEN_INVALID: 302,
  LOGGED_IN_ELSEWHERE: 304,
  NO_PERMISSION: 306,
  ERROR: 999,
} as const;
export type TResultCode = (typeof ResultCode)[keyof typeof ResultCode];

/** Spec §8: a reply is a success when its code is 200 (or 1, which older clients also accept). */
export function isSuccessCode(code: number): boolean {
  return code === ResultCode.SUCCESS || code === 1;
}

/** Codes 300–400 mean the session is gone: clients go to the login page. */
export function isSessionCode(code: number): boolean {
  return code >= 300 && code <= 400;
}

/** Spec §9: business constants and limits, shared by server checks and pages. */
export const Limits = {
  httpTimeoutMs: 10_000,
  uploadTimeoutMs: 30 * 60_000,
  uploadChunkBytes: 2_048_000,
  uploadChunkRetries: 3,
  uploadMd5SliceBytes: 10_240_000,
  headerNavVisible: 10,
  messagePollMs: 5 * 60_000,
  advDismissMs: 2 * 60_000,
  tokenCookieMaxAgeSeconds: 24 * 60 * 60,
  duplicateToastMs: 2_000,
  minFetchDelayMs: 200,
  chunkReloadMinIntervalMs: 60_000,
  defaultSiteId: '10',
  bannerGroupPc: 'pc',
  zoneLocationPc: 1,
  collectionTypeExam: 4,
  pageSizeDefault: 20,
  pageSizeMax: 100,
  imageUploadMaxBytes: 5 * 1024 * 1024,
} as const;

export const TOKEN_COOKIE = 'RC_WEB_TOKEN';
export const ADMIN_TOKEN_COOKIE = 'RC_ADMIN_TOKEN';
/** Set for two minutes when a visitor closes the home page ad; the page differs with it, so the page cache keys on it. */
export const ADV_CLOSED_COOKIE = 'qk_adv_closed';
export const SITE_HEADER = 'site-id';
export const TOKEN_HEADER = 'token';

/** Spec §5: the search type is taken from the current path. */
export function searchTypeForPath(pathname: string): number {
  if (pathname.startsWith('/live')) return 2;
  if (pathname.startsWith('/resource')) return 4;
  if (pathname.startsWith('/exam')) return 5;
  if (pathname.startsWith('/blog')) return 6;
  if (pathname.startsWith('/question')) return 7;
  if (pathname.startsWith('/info')) return 8;
  return 1;
}

/**
 * The one refusal of a lecturer's call (question bank, papers, course drafts, video upload, sales) to a signed-in
 * user who is not a lecturer (decision 34): code 999 with this message, and this data so pages can tell it apart
 * from other refusals and offer the lecturer application instead of a form that fails.
 */
export const LECTURER_ONLY_MSG = '只有讲师可以使用此功能，请先申请成为讲师';
export const LECTURER_ONLY_DATA = { lecturerOnly: true } as const;
export function isLecturerOnly(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { lecturerOnly?: unknown }).lecturerOnly === true;
}
