import { fail } from '../../platform/http/errors.ts';

/** A post is read by everyone once published and not taken down; its author reads it always. */
export const mayRead = (post: { userId: bigint; isPublish: number; isHidden: number }, readerId: bigint | null) =>
  (post.isPublish === 1 && post.isHidden === 0) || post.userId === readerId;

/** Only the author edits or deletes a post (administrators act through the admin console). */
export function mustBeAuthor(post: { userId: bigint }, userId: bigint): void {
  if (post.userId !== userId) throw fail('只能修改或删除自己的博客');
}

/** Who may delete a comment: who wrote it, or the author of the post it is on. */
export const mayDeleteComment = (commentUserId: bigint, postUserId: bigint, readerId: bigint | null): boolean =>
  readerId !== null && (readerId === commentUserId || readerId === postUserId);

export function mustDeleteComment(commentUserId: bigint, postUserId: bigint, userId: bigint): void {
  if (!mayDeleteComment(commentUserId, postUserId, userId)) throw fail('只能删除自己的评论，或自己博客下的评论');
}

/** Nobody follows themselves. */
export function mustFollowOther(fanId: bigint, bloggerUserId: bigint): void {
  if (fanId === bloggerUserId) throw fail('不能关注自己');
}
