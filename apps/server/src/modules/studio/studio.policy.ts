import { fail, notFound } from '../../platform/http/errors.ts';

/**
 * Who may touch a course draft: a lecturer, and only on their own courses. Another lecturer's draft, chapter,
 * lesson, attachment or picture is answered as missing, so ids cannot be probed.
 */
interface Draft {
  lecturerUserId: bigint;
}

/** Drafting courses is for lecturers: the user domain's one rule for them (decision 34). */
export { mustBeLecturer } from '../user/user.policy.ts';

const owns = (course: Draft | undefined, userId: bigint): course is Draft =>
  !!course && course.lecturerUserId === userId;

export function ownCourse<C extends Draft>(course: C | undefined, userId: bigint): C {
  if (!owns(course, userId)) throw notFound('课程');
  return course as C;
}

export function ownChapter<T, C extends Draft>(chapter: T | undefined, course: C | undefined, userId: bigint) {
  if (!chapter || !owns(course, userId)) throw notFound('章节');
  return { chapter, course: course as C };
}

export function ownPeriod<T, C extends Draft>(period: T | undefined, course: C | undefined, userId: bigint) {
  if (!period || !owns(course, userId)) throw notFound('课时');
  return { period, course: course as C };
}

export function ownAccessory<T, C extends Draft>(row: T | undefined, course: C | undefined, userId: bigint) {
  if (!row || !owns(course, userId)) throw fail('附件不存在或已删除');
  return { row, course: course as C };
}

/** A picture of a chapter (`of` 'chapter', no lesson) or of a lesson ('period'), on the lecturer's own course. */
export function ownPicture<T extends { periodId: bigint | null }, C extends Draft>(
  row: T | undefined,
  course: C | undefined,
  userId: bigint,
  of: 'chapter' | 'period',
) {
  if (!row || !owns(course, userId) || (of === 'chapter') !== (row.periodId === null)) throw fail('图片不存在或已删除');
  return { row, course: course as C };
}
