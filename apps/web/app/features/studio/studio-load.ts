import { pageLoad } from '../../lib/session-load.ts';
import { refusalResponse } from '../../lib/page-refusal.ts';

/**
 * A studio loader's call: every loader's (lib/session-load.ts `pageLoad`). Someone who is not a lecturer gets
 * the lecturers-only page; a 999 (e.g. another lecturer's draft, answered as missing) is shown with a way back.
 */
export const studioLoad = pageLoad;

/** A page whose address names no draft. */
export function missingDraft(): never {
  throw refusalResponse({ refusal: 'refused', msg: '课程不存在或已删除' });
}
