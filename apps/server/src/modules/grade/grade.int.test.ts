import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../testing/calls.ts';
import type { TestUser } from '../../testing/people.ts';
import { coursePeriod } from '../../db/schema/course.ts';
import { userStudy } from '../../db/schema/study.ts';
import { newId } from '../../platform/ids.ts';
import {
  call,
  courseId,
  day,
  fields,
  js,
  memberId,
  newGrade,
  otherLecturer,
  paidPeriod,
  play,
  put,
  react,
  student,
  t,
  teacher,
  useGradeWorld,
} from './grade.testing.ts';

useGradeWorld();

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
      markCount: 0,
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
