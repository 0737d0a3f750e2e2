import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { callsAs, ok } from '../../testing/calls.ts';
import { demoUser, newUser, type TestUser } from '../../testing/people.ts';
import { coursePeriod } from '../../db/schema/course.ts';
import { userStudy } from '../../db/schema/study.ts';
import { newId } from '../../platform/ids.ts';
import { PeriodAccessCache } from '../course/index.ts';
import { formatTime } from '../../platform/time.ts';

let t: TestApp;
let teacher: TestUser;
let otherLecturer: TestUser;
let js: string;
let react: string;
/** a paid lesson of the JavaScript course (not in its free chapter) */
let paidPeriod: string;

const { call, put } = callsAs(() => t);
const courseId = async (name: string) => (await t.call('/course/api/course/list', { keyword: name })).data.list[0].id;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const fields = (o: object = {}) => ({
  gradeName: '前端进阶一班',
  introduction: '一学期的 JavaScript 与 React 进阶',
  capacity: 0,
  beginTime: day(-1),
  endTime: day(90),
  joinRule: 2,
  ...o,
});
const newGrade = async (o: object = {}, courses = [js, react]) => {
  const g = ok(await call('/exam/auth/grade/info/save', fields(o), teacher));
  ok(await call('/exam/auth/grade/course/save', { gradeId: g.id, courseIds: courses }, teacher));
  return g;
};
const play = (who: TestUser | null, periodId = paidPeriod) =>
  t.services.entitlement.playablePeriod(t.siteId, who ? BigInt(who.id) : null, BigInt(periodId)).then(
    () => 'ok',
    (e: Error) => e.message,
  );
/** the answers progress reports are checked by, kept in memory */
let cache: PeriodAccessCache;
const viaCache = (who: TestUser, periodId = paidPeriod) =>
  cache.access(t.siteId, BigInt(who.id), BigInt(periodId)).then(
    () => 'ok',
    (e: Error) => e.message,
  );
let mobileSeq = 0;
const student = (prefix = '1390022') => newUser(t, `${prefix}${String(mobileSeq++).padStart(4, '0')}`);
const memberId = async (gradeId: string, userId: string) => {
  const page = ok(await call('/exam/auth/grade/student/page', { gradeId, pageSize: 100 }, teacher));
  return page.list.find((m: any) => m.userId === userId)?.id as string;
};

beforeAll(async () => {
  t = await createTestApp();
  teacher = await demoUser(t, '13800000002');
  otherLecturer = await demoUser(t, '13800000004');
  js = await courseId('JavaScript 进阶');
  react = await courseId('React 从入门到项目实战');
  const view = (await t.call('/course/api/course/view', { courseId: js })).data;
  paidPeriod = view.chapterList.find((c: any) => c.isFree === 0).periodList[0].id;
  cache = new PeriodAccessCache(t.platform, t.services.entitlement);
});
afterAll(async () => t?.close());

describe('creating a class', () => {
  it('is for lecturers and organisations, with a code, and refuses bad input', async () => {
    const learner = await student();
    expect((await call('/exam/auth/grade/info/save', fields(), learner)).msg).toBe(
      '只有讲师或机构可以创建班级，请先申请成为讲师',
    );
    expect((await call('/exam/auth/grade/info/save', fields({ endTime: day(-3) }), teacher)).msg).toBe(
      '结束时间应晚于开始时间',
    );
    expect((await call('/exam/auth/grade/info/save', fields({ gradeName: ' ' }), teacher)).msg).toBe('请填写班级名称');
    expect((await call('/exam/auth/grade/info/save', fields({ joinRule: 7 }), teacher)).code).toBe(999);
    const g = ok(await call('/exam/auth/grade/info/save', fields(), teacher));
    expect(g).toMatchObject({ gradeName: '前端进阶一班', joinRule: 2, myRole: 9, studentCount: 0, isExpired: 0 });
    expect(g.invitationCode).toMatch(/^[A-Z2-9]{6}$/);
    // others never see the code
    expect(ok(await call('/exam/api/grade/info/view', { id: g.id })).invitationCode).toBe('');
  });

  it('attaches only the teacher’s own courses', async () => {
    const g = ok(await call('/exam/auth/grade/info/save', fields(), teacher));
    const theirs = await courseId('Excel 数据处理与分析');
    expect((await call('/exam/auth/grade/course/save', { gradeId: g.id, courseIds: [theirs] }, teacher)).msg).toBe(
      '「Excel 数据处理与分析」不是您的课程，只能把自己的课程加入班级',
    );
    const saved = ok(await call('/exam/auth/grade/course/save', { gradeId: g.id, courseIds: [react, js] }, teacher));
    expect(saved.map((c: any) => c.courseId)).toEqual([react, js]);
  });
});

describe('joining', () => {
  it('by application: pending until audited, once at a time; approval opens the class courses', async () => {
    const g = await newGrade();
    const s = await student();
    expect(await play(s)).toBe('请先购买课程');
    expect(ok(await call('/exam/auth/grade/student/grade/add', { gradeId: g.id }, s))).toEqual({
      joined: 0,
      applyStatus: 1,
    });
    expect((await call('/exam/auth/grade/student/grade/add', { gradeId: g.id }, s)).msg).toBe(
      '您的申请正在审核中，请耐心等待',
    );
    expect(ok(await call('/exam/auth/grade/info/view', { id: g.id }, s))).toMatchObject({
      myRole: 0,
      myApplyStatus: 1,
    });
    const [apply] = ok(await call('/exam/auth/grade/apply/record/page', { gradeId: g.id }, teacher)).list;
    expect(apply).toMatchObject({ userId: s.id, applyStatus: 1 });
    // a class admin's tips count the class's waiting applications too
    const helper = await student();
    ok(await call('/exam/auth/grade/student/grade/add', { gradeId: g.id }, helper));
    const [helperApply] = ok(await call('/exam/auth/grade/apply/record/page', { gradeId: g.id }, teacher)).list.filter(
      (a: { userId: string }) => a.userId === helper.id,
    );
    ok(await call('/exam/auth/grade/apply/record/audit', { id: helperApply.id, applyStatus: 2 }, teacher));
    ok(await put('/exam/auth/grade/student/update/admin', { id: await memberId(g.id, helper.id), role: 2 }, teacher));
    expect(ok(await call('/exam/auth/grade/tips', {}, helper))).toMatchObject({
      applyCount: 1,
      isGradeAdmin: 1,
      adminCount: 1,
      teachCount: 0,
    });
    // the teacher's count the same application, beside the classes they teach; a learner's count nothing
    const teacherTips = ok(await call('/exam/auth/grade/tips', {}, teacher));
    expect(teacherTips.teachCount).toBeGreaterThanOrEqual(1);
    expect(teacherTips).toMatchObject({ adminCount: 0, isGradeAdmin: 0 });
    expect(teacherTips.applyCount).toBeGreaterThanOrEqual(1);
    expect(ok(await call('/exam/auth/grade/tips', {}, s))).toMatchObject({
      applyCount: 0,
      teachCount: 0,
      adminCount: 0,
      isGradeAdmin: 0,
    });
    ok(await call('/exam/auth/grade/apply/record/audit', { id: apply.id, applyStatus: 2 }, teacher));
    expect(ok(await call('/exam/auth/grade/tips', {}, helper)).applyCount).toBe(0);
    expect(ok(await call('/exam/auth/grade/tips', {}, teacher)).applyCount).toBe(teacherTips.applyCount - 1);
    expect(await play(s)).toBe('ok');
    expect(ok(await t.call('/course/auth/grade/check', { periodId: paidPeriod }, s.headers))).toMatchObject({
      isGrade: 1,
      gradeId: g.id,
    });
    const inbox = ok(await call('/user/auth/msg/user/list', {}, s)).list;
    expect(inbox[0]).toMatchObject({ msgTitle: '入班申请已通过' });
    // deciding it again changes nothing
    expect((await call('/exam/auth/grade/apply/record/audit', { id: apply.id, applyStatus: 3 }, teacher)).msg).toBe(
      '该申请已处理',
    );
  });

  it('with the invitation code at once; an invitation-only class refuses without it', async () => {
    const g = await newGrade({ joinRule: 3 });
    const s = await student();
    expect((await call('/exam/auth/grade/student/grade/add', { gradeId: g.id }, s)).msg).toBe(
      '这个班级凭邀请码加入，请填写邀请码',
    );
    expect((await call('/exam/auth/grade/student/grade/add', { gradeId: g.id, invitationCode: 'ZZZZZZ' }, s)).msg).toBe(
      '邀请码不正确，请向班主任确认',
    );
    const code = g.invitationCode.toLowerCase();
    expect(ok(await call('/exam/auth/grade/student/grade/add', { gradeId: g.id, invitationCode: code }, s))).toEqual({
      joined: 1,
      applyStatus: 0,
    });
    expect((await call('/exam/auth/grade/student/grade/add', { gradeId: g.id }, s)).msg).toBe('您已是这个班级的成员');
  });

  it('stops at the capacity', async () => {
    const g = await newGrade({ joinRule: 1, capacity: 1 });
    ok(await call('/exam/auth/grade/student/grade/add', { gradeId: g.id }, await student()));
    expect((await call('/exam/auth/grade/student/grade/add', { gradeId: g.id }, await student())).msg).toBe(
      '班级人数已满',
    );
  });
});

describe('who may do what', () => {
  let g: any;
  let member: TestUser;
  let admin: TestUser;
  let outsider: TestUser;
  beforeAll(async () => {
    g = await newGrade({ joinRule: 1 });
    member = await student();
    admin = await student();
    outsider = await student();
    for (const s of [member, admin]) ok(await call('/exam/auth/grade/student/grade/add', { gradeId: g.id }, s));
    ok(await put('/exam/auth/grade/student/update/admin', { id: await memberId(g.id, admin.id), role: 2 }, teacher));
  });

  it('keeps editing, disbanding, adding, admins and courses to the teacher', async () => {
    const mid = await memberId(g.id, member.id);
    for (const who of [member, admin, otherLecturer, outsider]) {
      const refusals = [
        await put('/exam/auth/grade/info/update', { ...fields(), id: g.id }, who),
        await call('/exam/auth/grade/info/disband', { id: g.id }, who),
        await call('/exam/auth/grade/student/add', { gradeId: g.id, mobile: outsider.mobile }, who),
        await put('/exam/auth/grade/student/update/admin', { id: mid, role: 2 }, who),
        await call('/exam/auth/grade/course/save', { gradeId: g.id, courseIds: [] }, who),
        await call('/course/auth/grade/save', { gradeId: g.id, courseId: js }, who),
      ];
      for (const r of refusals) expect(r).toMatchObject({ code: 999, msg: '只有班主任可以进行此操作' });
    }
    expect(ok(await call('/exam/auth/grade/course/page', { gradeId: g.id }, member)).totalCount).toBe(2);
  });

  it('lets a class admin read members and applications and kick students, but not admins', async () => {
    expect(ok(await call('/exam/auth/grade/student/page', { gradeId: g.id }, admin)).totalCount).toBe(2);
    ok(await call('/exam/auth/grade/apply/record/page', { gradeId: g.id }, admin));
    ok(await call('/exam/auth/grade/summary', { gradeId: g.id }, admin));
    const other = await student();
    ok(await call('/exam/auth/grade/student/grade/add', { gradeId: g.id }, other));
    ok(await put('/exam/auth/grade/student/update/admin', { id: await memberId(g.id, other.id), role: 2 }, teacher));
    expect((await put('/exam/auth/grade/student/kick/out', { id: await memberId(g.id, other.id) }, admin)).msg).toBe(
      '班级管理员只能移出普通学员，请联系班主任',
    );
    const extra = await student();
    ok(await call('/exam/auth/grade/student/grade/add', { gradeId: g.id }, extra));
    ok(await put('/exam/auth/grade/student/kick/out', { id: await memberId(g.id, extra.id) }, admin));
    expect(ok(await call('/exam/auth/grade/tips', {}, admin)).isGradeAdmin).toBe(1);
    expect(ok(await call('/exam/auth/grade/tips', {}, member)).isGradeAdmin).toBe(0);
  });

  it('never shows members, applications or progress to students, outsiders or other classes’ admins', async () => {
    const elsewhere = await newGrade({ joinRule: 1 });
    const otherAdmin = await student();
    ok(await call('/exam/auth/grade/student/grade/add', { gradeId: elsewhere.id }, otherAdmin));
    ok(
      await put(
        '/exam/auth/grade/student/update/admin',
        { id: await memberId(elsewhere.id, otherAdmin.id), role: 2 },
        teacher,
      ),
    );
    for (const who of [member, outsider, otherLecturer, otherAdmin]) {
      for (const path of [
        '/exam/auth/grade/student/page',
        '/exam/auth/grade/apply/record/page',
        '/exam/auth/grade/summary',
      ]) {
        expect(await call(path, { gradeId: g.id }, who)).toMatchObject({
          code: 999,
          msg: '只有班主任和班级管理员可以进行此操作',
          data: null,
        });
      }
      expect((await put('/exam/auth/grade/student/kick/out', { id: await memberId(g.id, member.id) }, who)).code).toBe(
        999,
      );
    }
    expect((await call('/exam/auth/grade/course/page', { gradeId: g.id }, outsider)).msg).toBe(
      '加入班级后才能查看班级课程',
    );
    // an admin of another class cannot audit this one's applications
    const applyClass = await newGrade();
    ok(await call('/exam/auth/grade/student/grade/add', { gradeId: applyClass.id }, outsider));
    const [a] = ok(await call('/exam/auth/grade/apply/record/page', { gradeId: applyClass.id }, teacher)).list;
    expect(ok(await call('/exam/auth/grade/apply/record/batch', { ids: [a.id], applyStatus: 2 }, otherAdmin))).toEqual({
      done: 0,
      refused: [{ id: a.id, reason: '只有班主任和班级管理员可以进行此操作' }],
    });
  });
});

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

describe('the summary', () => {
  it('shows each member’s progress in each class course', async () => {
    const g = await newGrade({ joinRule: 1 });
    const s = await student();
    ok(await call('/exam/auth/grade/student/grade/add', { gradeId: g.id }, s));
    // half of one lesson of the first course watched
    const [p] = await t.platform.db
      .select()
      .from(coursePeriod)
      .where(eq(coursePeriod.id, BigInt(paidPeriod)));
    await t.platform.db.insert(userStudy).values({
      id: newId(),
      siteId: t.siteId,
      userId: BigInt(s.id),
      courseId: p!.courseId,
      chapterId: p!.chapterId,
      periodId: p!.id,
      percent: 50,
    });
    const sum = ok(await call('/exam/auth/grade/summary', { gradeId: g.id }, teacher));
    expect(sum.courses.map((c: any) => c.courseId)).toEqual([js, react]);
    expect(sum.list[0]).toMatchObject({ userId: s.id, role: 1 });
    const periods = (await t.call('/course/api/course/view', { courseId: js })).data.periodTotal;
    expect(sum.list[0].progress).toEqual([Math.round((50 / periods) * 10) / 10, 0]);
    expect(sum.list[0].meanProgress).toBe(Math.round((sum.list[0].progress[0] / 2) * 10) / 10);
  });
});
