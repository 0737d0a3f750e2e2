import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserType } from '#contract/user.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { demoUser, newUser, type TestUser } from '../../testing/people.ts';

let t: TestApp;
let org: TestUser;
let wang: TestUser;
let student: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  org = await demoUser(t, '13800000003');
  wang = await demoUser(t, '13800000002');
  student = await demoUser(t, '13800000001');
});
afterAll(async () => t?.close());

const call = (u: TestUser, path: string, body: object = {}) => t.call(path, body, u.headers);
const names = (list: { lecturerName: string }[]) => list.map((x) => x.lecturerName);

async function newOrganisation(mobile: string): Promise<TestUser> {
  const u = await newUser(t, mobile, { nickname: '第二机构' });
  await t.services.users.setUserType(t.siteId, BigInt(u.id), UserType.ORGANISATION);
  return u;
}

describe('organisation centre', () => {
  it('shows the demo organisation its lecturer 李老师 and his courses, and refuses everyone else', async () => {
    const centre = (await call(org, '/user/auth/org/view')).data;
    expect(centre).toMatchObject({ lecturerCount: 1, invitedCount: 0, profile: { orgName: '青课教育机构' } });
    expect(centre.courseCount).toBeGreaterThan(0);
    const lecturers = (await call(org, '/user/auth/org/lecturer/page')).data;
    expect(lecturers.list).toMatchObject([{ lecturerName: '李老师', status: 2, mobile: '138****0004' }]);
    const courses = (await call(org, '/user/auth/org/course/page', { pageSize: 100 })).data;
    expect(courses.totalCount).toBe(centre.courseCount);
    expect(new Set(names(courses.list))).toEqual(new Set(['李老师']));

    for (const path of ['/user/auth/org/view', '/user/auth/org/course/page', '/user/auth/org/sale/page']) {
      expect((await call(student, path)).msg).toBe('机构中心仅对机构账号开放');
      expect((await call(wang, path)).msg).toBe('机构中心仅对机构账号开放');
    }
    expect((await t.call('/user/auth/org/view', {})).code).toBe(302);
  });

  it('refuses invitations that cannot be, and changes nothing', async () => {
    const invite = (mobile: string) => call(org, '/user/auth/org/lecturer/invite', { mobile });
    expect((await invite('123')).msg).toBe('请填写正确的 11 位手机号');
    expect((await invite('13999999999')).msg).toBe('没有找到该手机号的用户，请核对后再试');
    expect((await invite('13800000001')).msg).toContain('该用户还不是讲师');
    expect((await invite('13800000003')).msg).toBe('不能邀请机构账号');
    expect((await invite('13800000004')).msg).toBe('该讲师已在本机构任教');
    expect((await call(student, '/user/auth/org/lecturer/invite', { mobile: '13800000002' })).msg).toBe(
      '机构中心仅对机构账号开放',
    );
    expect((await call(org, '/user/auth/org/view')).data).toMatchObject({ lecturerCount: 1, invitedCount: 0 });
  });

  it('lets a lecturer accept one organisation, whose centre and school page then show his courses', async () => {
    const other = await newOrganisation('13900047001');
    const invited = await call(org, '/user/auth/org/lecturer/invite', { mobile: wang.mobile, remark: '欢迎加入' });
    expect(invited.data).toMatchObject({ lecturerName: '王老师', status: 1, orgName: '青课教育机构' });
    expect((await call(org, '/user/auth/org/lecturer/invite', { mobile: wang.mobile })).msg).toBe(
      '已邀请过该讲师，请等待对方接受',
    );
    const second = (await call(other, '/user/auth/org/lecturer/invite', { mobile: wang.mobile })).data;
    const inbox = (await call(wang, '/user/auth/msg/user/list')).data;
    expect(inbox.list.map((m: { msgTitle: string }) => m.msgTitle)).toContain('青课教育机构邀请您加入机构任教');

    const before = (await call(org, '/user/auth/org/course/page', { pageSize: 100 })).data;
    expect(names(before.list)).not.toContain('王老师');

    const mine = (await call(wang, '/user/auth/org/invite/list')).data;
    expect(mine.map((r: { orgName: string }) => r.orgName).sort()).toEqual(['第二机构', '青课教育机构'].sort());
    expect((await call(student, '/user/auth/org/invite/answer', { id: invited.data.id, accept: 1 })).msg).toBe(
      '邀请不存在或已删除',
    );
    const accepted = await call(wang, '/user/auth/org/invite/answer', { id: invited.data.id, accept: 1 });
    expect(accepted.data.status).toBe(2);
    expect((await call(wang, '/user/auth/org/invite/answer', { id: invited.data.id, accept: 0 })).msg).toBe(
      '该邀请已处理过了',
    );
    expect((await call(wang, '/user/auth/org/invite/answer', { id: second.id, accept: 1 })).msg).toBe(
      '您已在其他机构任教，请先解除后再接受',
    );
    expect((await call(wang, '/user/auth/org/invite/answer', { id: second.id, accept: 0 })).data.status).toBe(3);

    const after = (await call(org, '/user/auth/org/course/page', { pageSize: 100 })).data;
    expect(names(after.list)).toContain('王老师');
    const grades = (await call(org, '/user/auth/org/grade/page')).data;
    expect(grades.list.map((g: { gradeName: string }) => g.gradeName)).toContain('前端进阶训练营（春季班）');
    const centre = (await call(org, '/user/auth/org/view')).data;
    expect(centre).toMatchObject({ lecturerCount: 2, gradeCount: grades.totalCount });

    const school = await t.call('/user/api/org/view', { id: org.id });
    expect(names(school.data.lecturers).sort()).toEqual(['李老师', '王老师'].sort());
    expect(school.data.introduce).toContain('专注 IT 职业教育');
    expect((await t.call('/user/api/org/list', {})).data).toEqual([
      { id: org.id, orgName: '青课教育机构', logoUrl: '', summary: school.data.summary },
    ]);
    const listed = (await t.call('/user/api/org/course/page', { id: org.id, pageSize: 100 })).data;
    expect(listed.totalCount).toBe(school.data.courseCount);
    expect(names(listed.list)).toContain('王老师');

    // the lecturer leaves: the organisation no longer shows him
    await call(wang, '/user/auth/org/relation/end', { id: invited.data.id });
    const left = await t.call('/user/api/org/view', { id: org.id });
    expect(names(left.data.lecturers)).toEqual(['李老师']);
    expect(names((await call(org, '/user/auth/org/course/page', { pageSize: 100 })).data.list)).not.toContain('王老师');
    expect((await call(org, '/user/auth/org/relation/end', { id: invited.data.id })).msg).toBe('该关系已结束');
  });

  it('counts as sales only paid orders of its lecturers since they joined', async () => {
    const centre = (await call(org, '/user/auth/org/view')).data;
    const sales = (await call(org, '/user/auth/org/sale/page', { pageSize: 100 })).data;
    const paid = sales.list.filter((s: { orderStatus: number }) => s.orderStatus === 2);
    expect(centre.orderCount).toBe(paid.length);
    expect(centre.salesAmount).toBe(paid.reduce((n: number, s: { pricePaid: number }) => n + s.pricePaid, 0));
    expect(new Set(names(sales.list))).toEqual(centre.orderCount ? new Set(['李老师']) : new Set());
  });

  it('edits the school page, cleaning its rich text, and answers no school page for other accounts', async () => {
    const saved = await call(org, '/user/auth/org/profile/save', {
      orgName: '青课教育',
      summary: '一句话',
      introduce: '<p onclick="x()">介绍<script>alert(1)</script></p>',
    });
    expect(saved.data).toMatchObject({ orgName: '青课教育', introduce: '<p>介绍</p>' });
    expect((await call(org, '/user/auth/org/profile/save', { orgName: ' ' })).msg).toBe('请填写机构名称');
    expect((await t.call('/user/api/org/view', { id: org.id })).data.orgName).toBe('青课教育');
    expect((await t.call('/user/api/org/view', { id: wang.id })).msg).toBe('机构不存在或已删除');
    expect((await t.call('/user/api/org/view', { id: 'abc' })).msg).toBe('ID 格式不正确');
  });
});
