import { VIDEO_STATUS_NAMES, VideoStatus } from '#contract/vod.ts';
import { yuan } from '../course/course-format.ts';

/** Audit status colours: waiting orange, approved green, rejected red, editing grey. */
export const AUDIT_COLOR: Record<number, string> = { 0: 'orange', 1: 'green', 2: 'red', 3: 'default' };

export const VIDEO_COLOR: Record<number, string> = {
  [VideoStatus.pending]: 'default',
  [VideoStatus.transcoding]: 'processing',
  [VideoStatus.ready]: 'success',
  [VideoStatus.failed]: 'error',
};
export const videoStatusName = (status: number): string => VIDEO_STATUS_NAMES[status] ?? '未上传';

/** Fen as the yuan a lecturer types: 9900 → 99 (two decimals at most). */
export const toYuan = (fen: number): number => Math.round(fen) / 100;
/** Yuan as typed (with up to two decimals) to whole fen, without float drift: 19.9 → 1990. */
export const toFen = (yuan: number | null | undefined): number => Math.round((yuan ?? 0) * 100);

/** The price on a studio row: 免费, or ¥99 with the strike-through price beside it. */
export function priceText(c: { isFree: number; coursePrice: number; rulingPrice: number }): string {
  if (c.isFree === 1) return '免费';
  return c.rulingPrice > c.coursePrice
    ? `${yuan(c.coursePrice)}（划线价 ${yuan(c.rulingPrice)}）`
    : yuan(c.coursePrice);
}
