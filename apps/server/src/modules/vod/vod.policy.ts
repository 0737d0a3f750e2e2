import { fail, noPermission } from '../../platform/http/errors.ts';
import { mustBeLecturer } from '../user/user.policy.ts';

/** Uploading video is for lecturers: the user domain's one rule for them (decision 34). */
export const mayUpload = mustBeLecturer;

/** A video belongs to its uploader; another user's reads as missing. */
export function ownVideo<T extends { userId: bigint }>(row: T | undefined, userId: bigint): T {
  if (!row || row.userId !== userId) throw fail('视频不存在或已删除');
  return row;
}

/**
 * Approving a lesson means watching it first, before it is published or bought by anyone: a platform administrator
 * may play any video of the site for review. A user plays only a lesson they may study (the course's entitlement).
 */
export function mayPlayForReview(viewer: { kind: 'user' | 'admin' }): void {
  if (viewer.kind !== 'admin') throw noPermission('只有平台管理员可以在审核时播放课时视频');
}
