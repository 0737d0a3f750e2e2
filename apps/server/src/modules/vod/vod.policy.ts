import { UserType } from '#contract/user.ts';
import { fail, noPermission } from '../../platform/http/errors.ts';

/** Uploading video is for lecturers: others are refused with 306 and told to apply. */
export function mayUpload(user: { userType: number }): void {
  if (user.userType !== UserType.LECTURER) throw noPermission('只有讲师可以上传视频，请先申请成为讲师');
}

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
