import { fail } from '../../platform/http/errors.ts';
import type { TVideoPlay } from '#contract/vod.ts';
import { mustBeLecturer } from '../user/user.policy.ts';
import type { UserService } from '../user/user.service.ts';

/** The question bank and papers belong to lecturers: the user domain's one rule for them. */
export async function requireLecturer(users: UserService, siteId: bigint, userId: bigint): Promise<void> {
  mustBeLecturer(await users.brief(siteId, userId));
}

/** A lecturer's own content: someone else's looks the same as a missing one, so ids reveal nothing. */
export function ownedBy<T extends { lecturerUserId: bigint }>(row: T | undefined, userId: bigint, what: string): T {
  if (!row || row.lecturerUserId !== userId) throw fail(`${what}不存在，或不是您创建的`);
  return row;
}

/** A problem the lecturer may put in a paper or a lesson's exercise: their own, not deleted. */
export function usableProblem(row: { statusId: number; lecturerUserId: bigint }, userId: bigint): boolean {
  return row.statusId === 1 && row.lecturerUserId === userId;
}

/** A paper is marked by its own lecturer; another's looks like a missing one. */
export function ownPaper<T extends { lecturerUserId: bigint }>(paper: T | undefined, userId: bigint): T {
  if (!paper || paper.lecturerUserId !== userId) throw fail('试卷不存在，或不是您的试卷');
  return paper;
}

/** An answer sheet is marked by the lecturer of its paper. */
export function markableRecord<T extends { lecturerUserId: bigint }>(rec: T | undefined, userId: bigint): T {
  if (!rec || rec.lecturerUserId !== userId) throw fail('答卷不存在，或不是您试卷的答卷');
  return rec;
}

/** A paper off the shelf is seen only by its own lecturer. */
export function paperVisible(paper: { isPutAway: number; lecturerUserId: bigint }, userId: bigint | undefined): void {
  if (paper.isPutAway !== 1 && paper.lecturerUserId !== userId) throw fail('该试卷已下架');
}

/** A lesson's exercise is set by the lecturer of its course (ownership, not purchase). */
export function mustOwnPeriodCourse(owner: { lecturerUserId: bigint }, userId: bigint): void {
  if (owner.lecturerUserId !== userId) throw fail('只能给自己课程的课时添加练习');
}

/** An attempt is the student's own; someone else's looks like a missing one. */
export function ownRecord<T extends { userId: bigint }>(rec: T | undefined, userId: bigint): T {
  if (!rec || rec.userId !== userId) throw fail('考试记录不存在');
  return rec;
}

/** A submitted attempt's answers are read by the student who took it or the lecturer of its paper. */
export function readableRecord<T extends { userId: bigint; lecturerUserId: bigint }>(
  rec: T | undefined,
  userId: bigint,
): T {
  if (!rec || (rec.userId !== userId && rec.lecturerUserId !== userId)) throw fail('考试记录不存在');
  return rec;
}

/** Explanation videos are played through the vod module once the exam side has decided the viewer may watch. */
export interface ExplanationVideos {
  playVideo(siteId: bigint, userId: bigint, videoId: bigint): Promise<TVideoPlay>;
}

/**
 * An attempt begun through a class exam is answered, submitted and read only through that class exam's calls,
 * which check the membership first; the paper's own calls refuse it, and the class calls refuse any other.
 */
export function sameHolder(rec: { gradeExamId: bigint | null }, via: bigint | null): void {
  if (rec.gradeExamId === via) return;
  throw fail(rec.gradeExamId === null ? '考试记录不存在' : '这是班级考试，请从班级页面进入');
}
