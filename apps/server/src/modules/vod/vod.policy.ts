import { fail } from '../../platform/http/errors.ts';
import { mustBeLecturer } from '../user/user.policy.ts';

/** Uploading video is for lecturers: the user domain's one rule for them (decision 34). */
export const mayUpload = mustBeLecturer;

/** A video belongs to its uploader; another user's reads as missing. */
export function ownVideo<T extends { userId: bigint }>(row: T | undefined, userId: bigint): T {
  if (!row || row.userId !== userId) throw fail('视频不存在或已删除');
  return row;
}
