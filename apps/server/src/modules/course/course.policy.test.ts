import { describe, expect, it } from 'vitest';
import { isCommentAuthor, mayDeleteComment, mayDeleteListed } from './course.policy.ts';

describe('who may delete a comment', () => {
  it('is its author or the lecturer of its course', () => {
    const comment = { userId: 5n };
    expect(isCommentAuthor(comment, 5n)).toBe(true);
    expect(() => mayDeleteComment(comment, undefined, 5n)).not.toThrow();
    expect(() => mayDeleteComment(comment, { lecturerUserId: '7' }, 7n)).not.toThrow();
    expect(() => mayDeleteComment(comment, { lecturerUserId: '7' }, 8n)).toThrow(
      '只能删除自己的评论，或自己课程下的评论',
    );
    expect(() => mayDeleteComment(comment, undefined, 8n)).toThrow('只能删除自己的评论，或自己课程下的评论');
  });

  it('shows the delete action to the same people', () => {
    expect(mayDeleteListed(5n, 5n, false)).toBe(true);
    expect(mayDeleteListed(5n, 7n, true)).toBe(true);
    expect(mayDeleteListed(5n, 8n, false)).toBe(false);
    expect(mayDeleteListed(5n, null, false)).toBe(false);
  });
});
