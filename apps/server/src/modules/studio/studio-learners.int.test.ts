import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { adminHeaders, demoUser, newUser, type TestUser } from '../../testing/people.ts';
import { userStudy } from '../../db/schema/study.ts';
import { newId } from '../../platform/ids.ts';

let t: TestApp;
let admin: { headers: { token: string } };
let wang: TestUser;
let li: TestUser;
let student: TestUser;
let courseId: string;
let chapterId: string;
let periods: string[];

/** A study record as the progress buffer writes it. */
async function studied(who: TestUser, periodId: string, percent: number) {
  await t.platform.db.insert(userStudy).values({
    id: newId(),
    siteId: t.siteId,
    userId: BigInt(who.id),
    courseId: BigInt(courseId),
    chapterId: BigInt(chapterId),
    periodId: BigInt(periodId),
    percent,
    isFinish: percent >= 100 ? 1 : 0,
    reportCount: 1,
  });
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminHeaders(t);
  wang = await demoUser(t, '13800000002');
  li = await demoUser(t, '13800000004');
  student = await demoUser(t, '13800000001');
  const categoryId = (await t.call('/course/api/course/category/list', { categoryType: 1 })).data[0].id;
  const c = (
    await t.call(
      '/course/auth/course/audit/save',
      { courseName: '学员进度测试课', categoryId, isFree: 1 },
      wang.headers,
    )
  ).data;
  courseId = c.id;
  chapterId = (
    await t.call('/course/auth/course/chapter/audit/save', { courseId, chapterName: '第一章' }, wang.headers)
  ).data.id;
  periods = [];
  for (const name of ['课时一', '课时二', '课时三', '课时四']) {
    periods.push(
      (await t.call('/course/auth/course/chapter/period/audit/save', { chapterId, periodName: name }, wang.headers))
        .data.id,
    );
  }
  expect((await t.call('/course/auth/course/audit/submit', { id: courseId }, wang.headers)).code).toBe(200);
  expect((await t.call('/course/admin/course/audit/audit', { id: courseId, auditStatus: 1 }, admin)).code).toBe(200);
});
afterAll(async () => t?.close());

describe('lists count the lessons of each draft', () => {
  it("shows each draft's own lesson count to its lecturer and in the audit queue", async () => {
    const mine = (await t.call('/course/auth/course/audit/list', {}, wang.headers)).data.list.find(
      (c: { id: string }) => c.id === courseId,
    );
    expect(mine.periodTotal).toBe(4);
    const queue = (await t.call('/course/admin/course/audit/page', { auditStatus: 1 }, admin)).data.list.find(
      (c: { id: string }) => c.id === courseId,
    );
    expect(queue.periodTotal).toBe(4);
  });
});

describe("a lecturer follows learners' progress in a published course", () => {
  it('lists the published course with no learners before anyone studies', async () => {
    const page = (await t.call('/course/auth/course/learner/course/page', {}, wang.headers)).data;
    expect(page.list.find((r: { courseId: string }) => r.courseId === courseId)).toMatchObject({
      courseName: '学员进度测试课',
      periodTotal: 4,
      learnerCount: 0,
      studyPercent: 0,
    });
  });

  it('counts each learner once and takes the mean over every lesson of the course', async () => {
    const other = await newUser(t, '13900007001', { nickname: '小周' });
    await studied(student, periods[0]!, 100);
    await studied(student, periods[1]!, 50);
    await studied(other, periods[0]!, 100);
    const course = (await t.call('/course/auth/course/learner/course/page', {}, wang.headers)).data.list.find(
      (r: { courseId: string }) => r.courseId === courseId,
    );
    // student 150 / 4 lessons = 37.5, other 100 / 4 = 25: the mean learner is at 31.3
    expect(course).toMatchObject({ learnerCount: 2, studyPercent: 31.3 });
    expect(course.lastStudyTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    const detail = (await t.call('/course/auth/course/learner/page', { courseId }, wang.headers)).data;
    expect(detail.periodList.map((p: { periodName: string }) => p.periodName)).toEqual([
      '课时一',
      '课时二',
      '课时三',
      '课时四',
    ]);
    expect(detail.learners.totalCount).toBe(2);
    const me = detail.learners.list.find((l: { userId: string }) => l.userId === student.id);
    expect(me).toMatchObject({ mobile: '138****0001', studyPercent: 37.5, finishTotal: 1 });
    expect(me.periods).toEqual(
      expect.arrayContaining([
        { periodId: periods[0], percent: 100, isFinish: 1 },
        { periodId: periods[1], percent: 50, isFinish: 0 },
      ]),
    );
    const found = (await t.call('/course/auth/course/learner/page', { courseId, mobile: '13900007001' }, wang.headers))
      .data.learners;
    expect(found.list.map((l: { nickname: string }) => l.nickname)).toEqual(['小周']);
    expect(
      (await t.call('/course/auth/course/learner/page', { courseId, mobile: '13900009999' }, wang.headers)).data
        .learners.totalCount,
    ).toBe(0);
  });

  it('stops counting a lesson once an approved edit removes it', async () => {
    await t.call('/course/auth/course/chapter/period/audit/delete', { id: periods[1] }, wang.headers);
    await t.call('/course/auth/course/audit/submit', { id: courseId }, wang.headers);
    await t.call('/course/admin/course/audit/audit', { id: courseId, auditStatus: 1 }, admin);
    const detail = (await t.call('/course/auth/course/learner/page', { courseId }, wang.headers)).data;
    expect(detail.course.periodTotal).toBe(3);
    const me = detail.learners.list.find((l: { userId: string }) => l.userId === student.id);
    expect(me).toMatchObject({ studyPercent: 33.3, finishTotal: 1 });
    expect(me.periods.map((l: { periodId: string }) => l.periodId)).toEqual([periods[0]]);
  });

  it("keeps one lecturer out of another's learners, and students out of the studio", async () => {
    expect((await t.call('/course/auth/course/learner/page', { courseId }, li.headers)).msg).toBe('课程不存在或已删除');
    const theirs = (await t.call('/course/auth/course/learner/course/page', {}, li.headers)).data.list;
    expect(theirs.map((r: { courseId: string }) => r.courseId)).not.toContain(courseId);
    expect((await t.call('/course/auth/course/learner/course/page', {}, student.headers)).msg).toBe(
      '只有讲师可以使用此功能，请先申请成为讲师',
    );
    expect((await t.call('/course/auth/course/learner/page', { courseId }, student.headers)).msg).toBe(
      '只有讲师可以使用此功能，请先申请成为讲师',
    );
  });

  it('answers an unpublished draft with a clear refusal', async () => {
    const categoryId = (await t.call('/course/api/course/category/list', { categoryType: 1 })).data[0].id;
    const draft = (
      await t.call('/course/auth/course/audit/save', { courseName: '未发布的课', categoryId, isFree: 1 }, wang.headers)
    ).data;
    expect((await t.call('/course/auth/course/learner/page', { courseId: draft.id }, wang.headers)).msg).toBe(
      '课程审核通过并发布后才会有学员',
    );
  });
});

describe('the lecturer checks a draft against what is on sale', () => {
  it('shows the same change view the administrator will see, only for the own draft', async () => {
    await t.call(
      '/course/auth/course/chapter/period/audit/update',
      { id: periods[2], periodName: '课时三（重录）' },
      wang.headers,
    );
    const diff = (await t.call('/course/auth/course/audit/changes', { id: courseId }, wang.headers)).data;
    expect(diff.isPublished).toBe(1);
    expect(diff.items).toEqual([
      expect.objectContaining({
        kind: 'period',
        change: 'changed',
        name: '课时三（重录）',
        fields: [expect.objectContaining({ label: '课时名称', before: '课时三', after: '课时三（重录）' })],
      }),
    ]);
    expect((await t.call('/course/auth/course/audit/changes', { id: courseId }, li.headers)).msg).toBe(
      '课程不存在或已删除',
    );
    expect((await t.call('/course/auth/course/audit/changes', { id: courseId }, student.headers)).msg).toBe(
      '只有讲师可以使用此功能，请先申请成为讲师',
    );
  });
});
