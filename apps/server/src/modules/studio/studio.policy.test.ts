import { describe, expect, it } from 'vitest';
import { mustBeLecturer, ownAccessory, ownChapter, ownCourse, ownPeriod, ownPicture } from './studio.policy.ts';

const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return { code: (e as { code: number }).code, msg: (e as Error).message };
  }
  return null;
};
const mine = { id: 1n, lecturerUserId: 7n };
const theirs = { id: 2n, lecturerUserId: 8n };

describe('who may touch a course draft', () => {
  it('lets lecturers in and refuses students and organisations with the one lecturers-only refusal', () => {
    expect(refusal(() => mustBeLecturer({ userType: 2 }))).toBeNull();
    for (const userType of [1, 3])
      expect(refusal(() => mustBeLecturer({ userType }))).toEqual({
        code: 999,
        msg: '只有讲师可以使用此功能，请先申请成为讲师',
      });
  });

  it('answers another lecturer’s draft as missing', () => {
    expect(ownCourse(mine, 7n)).toBe(mine);
    expect(refusal(() => ownCourse(theirs, 7n))).toEqual({ code: 999, msg: '课程不存在或已删除' });
    expect(refusal(() => ownCourse(undefined, 7n))).toEqual({ code: 999, msg: '课程不存在或已删除' });
    expect(ownChapter({ id: 3n }, mine, 7n)).toEqual({ chapter: { id: 3n }, course: mine });
    expect(refusal(() => ownChapter({ id: 3n }, theirs, 7n))?.msg).toBe('章节不存在或已删除');
    expect(refusal(() => ownPeriod(undefined, mine, 7n))?.msg).toBe('课时不存在或已删除');
    expect(refusal(() => ownAccessory({ id: 4n }, theirs, 7n))?.msg).toBe('附件不存在或已删除');
  });

  it('matches a picture to what it belongs to', () => {
    expect(ownPicture({ periodId: null }, mine, 7n, 'chapter').course).toBe(mine);
    expect(ownPicture({ periodId: 5n }, mine, 7n, 'period').course).toBe(mine);
    expect(refusal(() => ownPicture({ periodId: 5n }, mine, 7n, 'chapter'))?.msg).toBe('图片不存在或已删除');
    expect(refusal(() => ownPicture({ periodId: null }, theirs, 7n, 'chapter'))?.msg).toBe('图片不存在或已删除');
  });
});
