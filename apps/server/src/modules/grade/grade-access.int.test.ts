import { describe, expect, it } from 'vitest';
import { ok } from '../../testing/calls.ts';
import type { TestUser } from '../../testing/people.ts';
import { formatTime } from '../../platform/time.ts';
import {
  call,
  js,
  memberId,
  newGrade,
  paidPeriod,
  play,
  put,
  react,
  student,
  t,
  teacher,
  useGradeWorld,
  viaCache,
} from './grade.testing.ts';

useGradeWorld();

describe('leaving ends access on the next request', () => {
  it('a kicked member is refused the lesson, its progress reports and the class check at once', async () => {
    const g = await newGrade({ joinRule: 1 });
    const s = await student();
    const stranger = await student();
    ok(await call('/exam/auth/grade/student/grade/add', { gradeId: g.id }, s));
    expect(await play(s)).toBe('ok');
    expect(await viaCache(s)).toBe('ok');
    expect(await viaCache(s)).toBe('ok'); // kept in memory now
    const check = async (who: typeof s) =>
      ok(await t.call('/course/auth/grade/check', { periodId: paidPeriod }, who.headers)).isGrade;
    expect(await check(s)).toBe(1);
    expect(await check(s)).toBe(1); // kept in memory now
    expect(await play(stranger)).toBe('请先购买课程');
    ok(await put('/exam/auth/grade/student/kick/out', { id: await memberId(g.id, s.id) }, teacher));
    expect(await play(s)).toBe('请先购买课程');
    expect(await viaCache(s)).toBe('请先购买课程');
    expect(await check(s)).toBe(0);
    expect(ok(await call('/user/auth/msg/user/list', {}, s)).list[0].msgTitle).toBe('您已被移出班级');
    // quitting works the same way
    ok(await call('/exam/auth/grade/student/grade/add', { gradeId: g.id }, stranger));
    expect(await viaCache(stranger)).toBe('ok');
    expect(await check(stranger)).toBe(1);
    ok(await put('/exam/auth/grade/student/quit', { gradeId: g.id }, stranger));
    expect(await viaCache(stranger)).toBe('请先购买课程');
    expect(await check(stranger)).toBe(0);
  });

  it('a course added to a class opens at once to members whose classes are kept in memory, by either call', async () => {
    const check = async (who: TestUser) =>
      ok(await t.call('/course/auth/grade/check', { periodId: paidPeriod }, who.headers)).isGrade;
    const bySave = await newGrade({ joinRule: 1 }, [react]);
    const s = await student();
    ok(await call('/exam/auth/grade/student/grade/add', { gradeId: bySave.id }, s));
    expect(await play(s)).toBe('请先购买课程'); // the JavaScript lesson is not in the class; its classes are kept now
    expect(await check(s)).toBe(0);
    ok(await call('/exam/auth/grade/course/save', { gradeId: bySave.id, courseIds: [react, js] }, teacher));
    expect(await play(s)).toBe('ok');
    expect(await check(s)).toBe(1);

    const byAdd = await newGrade({ joinRule: 1 }, [react]);
    const other = await student();
    ok(await call('/exam/auth/grade/student/grade/add', { gradeId: byAdd.id }, other));
    expect(await play(other)).toBe('请先购买课程');
    ok(await call('/course/auth/grade/save', { gradeId: byAdd.id, courseId: js }, teacher));
    expect(await play(other)).toBe('ok');
  });

  it('a member whose classes are kept in memory joins another class, and its course opens at once', async () => {
    const first = await newGrade({ joinRule: 1 }, [react]);
    const second = await newGrade({ joinRule: 1 }, [js]);
    const s = await student();
    const check = async () => ok(await t.call('/course/auth/grade/check', { periodId: paidPeriod }, s.headers)).isGrade;
    ok(await call('/exam/auth/grade/student/grade/add', { gradeId: first.id }, s));
    expect(await check()).toBe(0); // the JavaScript lesson is not in the first class; its classes are kept now
    ok(await call('/exam/auth/grade/student/grade/add', { gradeId: second.id }, s));
    expect(ok(await t.call('/course/auth/grade/check', { periodId: paidPeriod }, s.headers))).toMatchObject({
      isGrade: 1,
      gradeId: second.id,
    });
    ok(await put('/exam/auth/grade/student/quit', { gradeId: second.id }, s));
    expect(await check()).toBe(0);
  });

  it('lists the class courses in my courses while a member, and a course course page says it is open', async () => {
    const g = await newGrade({ joinRule: 1 }, [js]);
    const s = await student();
    const mine = async () =>
      ok(await call('/course/auth/user/order/course/ref/list', {}, s)).list.map((c: any) => [
        c.id,
        c.buyType,
        c.isExpired,
      ]);
    expect(await mine()).toEqual([]);
    ok(await call('/exam/auth/grade/student/grade/add', { gradeId: g.id }, s));
    expect(await mine()).toEqual([[js, 3, 0]]);
    expect(ok(await t.call('/course/auth/course/view', { courseId: js }, s.headers)).isPay).toBe(1);
    // a lapsed purchase of the same course is listed once, through the class
    await t.services.entitlement.grant(t.siteId, BigInt(s.id), BigInt(js), 2, new Date(Date.now() - 1000), null);
    expect(await mine()).toEqual([[js, 3, 0]]);
    ok(await put('/exam/auth/grade/student/quit', { gradeId: g.id }, s));
    expect(await mine()).toEqual([[js, 2, 1]]);
    expect(ok(await t.call('/course/auth/course/view', { courseId: js }, s.headers)).isPay).toBe(0);
  });

  it('a class past its end moves to the expire list and opens nothing', async () => {
    // a class ending in a few seconds (times are whole seconds): what is kept of a member's classes, read while
    // it runs, must not outlive it
    const end = Date.now() + 4_000;
    const g = await newGrade({ joinRule: 1, endTime: formatTime(new Date(end)) });
    const s = await student();
    ok(await call('/exam/auth/grade/student/grade/add', { gradeId: g.id }, s));
    expect(await play(s)).toBe('ok');
    await new Promise((r) => setTimeout(r, end + 1_000 - Date.now()));
    expect(await play(s)).toBe('请先购买课程');
    const running = ok(await call('/exam/auth/grade/info/page', { scope: 'my' }, s)).list;
    expect(running.map((x: any) => x.id)).not.toContain(g.id);
    const ended = ok(await call('/exam/auth/grade/info/expire/list', { scope: 'my' }, s)).list;
    expect(ended[0]).toMatchObject({ id: g.id, isExpired: 1 });
  });

  it('disbanding tells every member and closes the courses', async () => {
    const g = await newGrade({ joinRule: 1 });
    const s = await student();
    ok(await call('/exam/auth/grade/student/grade/add', { gradeId: g.id }, s));
    ok(await call('/exam/auth/grade/info/disband', { id: g.id }, teacher));
    expect(await play(s)).toBe('请先购买课程');
    expect(ok(await call('/user/auth/msg/user/list', {}, s)).list[0].msgTitle).toBe('班级已解散');
    expect((await call('/exam/auth/grade/info/view', { id: g.id }, s)).msg).toBe('班级不存在或已删除');
  });
});
