import { fail } from '../../platform/http/errors.ts';

/** Who may delete a comment: its author, or the lecturer of the course it is on. */
export function mayDeleteComment(
  comment: { userId: bigint },
  course: { lecturerUserId: bigint | string } | undefined,
  userId: bigint,
): void {
  if (comment.userId === userId) return;
  if (!course || BigInt(course.lecturerUserId) !== userId) throw fail('只能删除自己的评论，或自己课程下的评论');
}

/** Who may delete a comment, asked before the course is loaded: its author needs no course. */
export const isCommentAuthor = (comment: { userId: bigint }, userId: bigint): boolean => comment.userId === userId;

/** Whether the reader may delete a listed comment: the author, or the course's lecturer. */
export const mayDeleteListed = (commentUserId: bigint, readerId: bigint | null, readerIsLecturer: boolean): boolean =>
  readerId !== null && (readerIsLecturer || commentUserId === readerId);
