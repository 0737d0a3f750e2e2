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
