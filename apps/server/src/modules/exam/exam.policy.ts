import { fail } from '../../platform/http/errors.ts';
import type { TVideoPlay } from '#contract/vod.ts';
import { UserType } from '#contract/user.ts';
import type { UserService } from '../user/user.service.ts';

/** The question bank and papers belong to lecturers (UserType.LECTURER). */
export async function requireLecturer(users: UserService, siteId: bigint, userId: bigint): Promise<void> {
  const u = await users.brief(siteId, userId);
  if (u.userType !== UserType.LECTURER) throw fail('只有讲师可以管理题库和试卷，请先申请成为讲师');
}

/** A lecturer's own content: someone else's looks the same as a missing one, so ids reveal nothing. */
export function ownedBy<T extends { lecturerUserId: bigint }>(row: T | undefined, userId: bigint, what: string): T {
  if (!row || row.lecturerUserId !== userId) throw fail(`${what}不存在，或不是您创建的`);
  return row;
}

/** Explanation videos are played through the vod module once the exam side has decided the viewer may watch. */
export interface ExplanationVideos {
  playVideo(siteId: bigint, userId: bigint, videoId: bigint): Promise<TVideoPlay>;
}
