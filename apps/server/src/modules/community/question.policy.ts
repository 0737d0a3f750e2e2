import { fail, notFound } from '../../platform/http/errors.ts';

interface Owned {
  userId: bigint;
}
interface Hideable extends Owned {
  isHidden: number;
}

/** A hidden question or answer is gone for everyone but its author; a missing one reads the same. */
export function visibleTo<T extends Hideable>(row: T | undefined, readerId: bigint | null, what: string): T {
  if (!row || (row.isHidden === 1 && row.userId !== readerId)) throw notFound(what);
  return row;
}

/** Only the asker edits or deletes a question. */
export function mayChangeQuestion<T extends Owned>(q: T | undefined, userId: bigint): T {
  if (!q) throw notFound('问题');
  if (q.userId !== userId) throw fail('只能修改或删除自己提出的问题');
  return q;
}

/** The asker accepts one visible answer of someone else, once. */
export function mayAccept(
  q: Owned & { acceptedAnswerId: bigint | null },
  answer: Hideable & { id: bigint },
  userId: bigint,
): void {
  if (q.userId !== userId) throw fail('只有提问者可以采纳回答');
  if (q.acceptedAnswerId !== null) {
    throw fail(q.acceptedAnswerId === answer.id ? '这条回答已被采纳' : '这个问题已经采纳了一条回答，不能再采纳');
  }
  if (answer.isHidden === 1) throw notFound('回答');
  if (answer.userId === userId) throw fail('不能采纳自己的回答');
}

/** An answer is deleted by its author. */
export function mayDeleteAnswer<T extends Owned>(answer: T | undefined, userId: bigint): T {
  if (!answer) throw notFound('回答');
  if (answer.userId !== userId) throw fail('只能删除自己的回答');
  return answer;
}

/** A comment on an answer is deleted by its author, or by the author of the answer it is under. */
export function mayDeleteAnswerComment(comment: Owned, answer: Owned | undefined, userId: bigint): void {
  if (comment.userId === userId) return;
  if (!answer || answer.userId !== userId) throw fail('只能删除自己的评论，或自己回答下的评论');
}
