import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { adminHeaders, demoUser, newUser, type TestUser } from '../../testing/people.ts';

let t: TestApp;
let admin: { headers: { token: string } };
let student: TestUser;
let teacher: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminHeaders(t);
  student = await demoUser(t, '13800000001');
  teacher = await demoUser(t, '13800000002');
});
afterAll(async () => t?.close());

const application = {
  lecturerName: '赵老师',
  position: '物理讲师',
  introduce: '重点中学物理教师，十五年教学经验，擅长中考与高考物理复习。',
};
const publicList = async (body: object = {}) => (await t.call('/user/api/lecturer/list', body)).data;
const msgTitles = async (u: TestUser) =>
  (await t.call('/user/auth/msg/user/list', {}, u.headers)).data.list.map((m: any) => m.msgTitle);

describe('teaching staff', () => {
  it('lists the approved lecturers in order, without their mobiles', async () => {
    const page = await publicList();
    expect(page.list.map((l: any) => l.lecturerName)).toEqual(['王老师', '李老师']);
    expect(page.list[0]).toMatchObject({ position: '高级讲师 · 前端技术负责人', attentionCount: 0 });
    expect(page.list[0].headImgUrl).toMatch(/^\/media\//);
    expect(JSON.stringify(page)).not.toContain('1380000000');
    expect((await publicList({ lecturerName: '李' })).list.map((l: any) => l.lecturerName)).toEqual(['李老师']);
  });

  it("shows a lecturer page by id or by the lecturer's user id, and refuses an unknown one", async () => {
    const [wang] = (await publicList()).list;
    expect((await t.call('/user/api/lecturer/view', { id: wang.id })).data).toMatchObject({
      lecturerName: '王老师',
      introduce: expect.stringContaining('React'),
    });
    // a paper names its lecturer by user: its link opens the same page
    expect((await t.call('/user/api/lecturer/view', { id: wang.userId })).data).toMatchObject({ id: wang.id });
    expect((await t.call('/user/api/lecturer/view', { id: '123' })).msg).toBe('讲师不存在或已删除');
    expect((await t.call('/user/api/lecturer/view', { id: 'abc' })).msg).toBe('ID 格式不正确');
  });

  it('gives a lecturer their own profile with contact and live permission', async () => {
    const me = await t.call('/user/auth/lecturer/view', {}, teacher.headers);
    expect(me.data).toMatchObject({ lecturerName: '王老师', lecturerMobile: '13800000002', liveStatus: 2 });
    expect((await t.call('/user/auth/lecturer/view', {}, student.headers)).msg).toBe(
      '您还不是讲师，可以先申请成为讲师',
    );
  });
});

describe('becoming a lecturer', () => {
  it('shows the student their pending application and refuses a second one', async () => {
    const mine = await t.call('/user/auth/lecturer/audit/view', {}, student.headers);
    expect(mine.data).toMatchObject({ lecturerName: '小青老师', auditStatus: 0 });
    expect((await t.call('/user/auth/lecturer/audit/apply', application, student.headers)).msg).toBe(
      '您的申请正在审核中，请耐心等待（一般 7 个工作日内）',
    );
  });

  it('goes from application through rejection and resubmission to approval', async () => {
    const u = await newUser(t, '13900002001');
    expect((await t.call('/user/auth/lecturer/audit/view', {}, u.headers)).data).toBeNull();
    expect(
      (await t.call('/user/auth/lecturer/audit/apply', { ...application, introduce: '太短了' }, u.headers)).msg,
    ).toBe('讲师简介至少写 10 个字');
    expect(
      (await t.call('/user/auth/lecturer/audit/apply', { ...application, lecturerEmail: 'nope' }, u.headers)).msg,
    ).toBe('邮箱格式不正确');
    expect((await t.call('/user/auth/lecturer/audit/view', {}, u.headers)).data).toBeNull();

    const applied = await t.call('/user/auth/lecturer/audit/apply', application, u.headers);
    expect(applied.data).toMatchObject({ auditStatus: 0, lecturerMobile: u.mobile });
    const pending = await t.call('/user/admin/lecturer/audit/page', { auditStatus: 0, mobile: '13900002001' }, admin);
    expect(pending.data.list).toHaveLength(1);
    expect(pending.data.list[0]).toMatchObject({ lecturerName: '赵老师', userMobile: u.mobile });
    const id = pending.data.list[0].id;

    expect((await t.call('/user/admin/lecturer/audit/audit', { id, auditStatus: 2 }, admin)).msg).toBe(
      '请填写不通过的原因，申请人会看到',
    );
    const rejected = await t.call(
      '/user/admin/lecturer/audit/audit',
      { id, auditStatus: 2, auditOpinion: '请上传真实头像' },
      admin,
    );
    expect(rejected.data).toMatchObject({ auditStatus: 2, auditOpinion: '请上传真实头像' });
    expect((await t.call('/user/auth/lecturer/audit/view', {}, u.headers)).data).toMatchObject({
      auditStatus: 2,
      auditOpinion: '请上传真实头像',
    });
    expect(await msgTitles(u)).toContain('讲师申请未通过');
    expect((await t.call('/user/admin/lecturer/audit/audit', { id, auditStatus: 1 }, admin)).msg).toBe(
      '该申请已审核，请刷新列表',
    );

    const again = await t.call(
      '/user/auth/lecturer/audit/apply',
      { ...application, headImgUrl: '/media/head.png' },
      u.headers,
    );
    expect(again.data).toMatchObject({ auditStatus: 0, auditOpinion: '', headImgUrl: '/media/head.png' });
    const approved = await t.call('/user/admin/lecturer/audit/audit', { id, auditStatus: 1 }, admin);
    expect(approved.data.auditStatus).toBe(1);

    expect((await t.call('/user/auth/user/ext/view', {}, u.headers)).data.userType).toBe(2);
    expect(await msgTitles(u)).toContain('讲师申请已通过');
    expect((await publicList()).list.map((l: any) => l.lecturerName)).toContain('赵老师');
    expect((await t.call('/user/auth/lecturer/audit/apply', application, u.headers)).msg).toBe(
      '您已经是讲师，如需修改资料请到讲师信息中修改',
    );

    // an edit goes back to audit; the public page keeps the approved version meanwhile
    const edit = await t.call(
      '/user/auth/lecturer/audit/update',
      { ...application, lecturerName: '赵博士' },
      u.headers,
    );
    expect(edit.data).toMatchObject({ auditStatus: 0, lecturerName: '赵博士' });
    expect((await publicList({ lecturerName: '赵' })).list.map((l: any) => l.lecturerName)).toEqual(['赵老师']);
    await t.call('/user/admin/lecturer/audit/audit', { id, auditStatus: 1 }, admin);
    expect((await publicList({ lecturerName: '赵' })).list.map((l: any) => l.lecturerName)).toEqual(['赵博士']);
  });

  it('refuses organisations and editing a missing application', async () => {
    const org = await demoUser(t, '13800000003');
    expect((await t.call('/user/auth/lecturer/audit/apply', application, org.headers)).msg).toBe(
      '机构账号无需申请成为讲师，请在机构中心邀请讲师加入',
    );
    const u = await newUser(t, '13900002002');
    expect((await t.call('/user/auth/lecturer/audit/update', application, u.headers)).msg).toBe(
      '您还没有提交讲师申请，请先申请',
    );
  });

  it('lets an administrator-made lecturer start an edit without an application', async () => {
    const u = await newUser(t, '13900002003');
    await t.call('/user/admin/user/type', { id: u.id, userType: 2 }, admin);
    expect((await t.call('/user/auth/lecturer/view', {}, u.headers)).data.lecturerName).toBe('学员2003');
    expect((await t.call('/user/auth/lecturer/audit/update', application, u.headers)).data.auditStatus).toBe(0);
  });
});

describe('live permission', () => {
  it('is applied for by lecturers only and audited by the administrator', async () => {
    expect((await t.call('/user/auth/lecturer/audit/applyLive', { reason: '想开直播课' }, student.headers)).msg).toBe(
      '成为讲师后才能申请开通直播',
    );
    const li = await demoUser(t, '13800000004');
    expect((await t.call('/user/auth/lecturer/audit/applyLive', { reason: '' }, li.headers)).msg).toBe(
      '请填写申请说明',
    );
    expect(
      (await t.call('/user/auth/lecturer/audit/applyLive', { reason: '每周一次 Excel 直播答疑' }, li.headers)).data
        .liveStatus,
    ).toBe(1);
    expect((await t.call('/user/auth/lecturer/audit/applyLive', { reason: '再申请' }, li.headers)).msg).toBe(
      '您的直播申请正在审核中，请耐心等待',
    );
    const page = await t.call('/user/admin/lecturer/page', { liveStatus: 1 }, admin);
    expect(page.data.list.map((l: any) => l.lecturerName)).toEqual(['李老师']);
    expect(page.data.list[0].liveReason).toBe('每周一次 Excel 直播答疑');
    const done = await t.call('/user/admin/lecturer/live/audit', { id: page.data.list[0].id, auditStatus: 1 }, admin);
    expect(done.data.liveStatus).toBe(2);
    expect((await t.call('/user/auth/lecturer/view', {}, li.headers)).data.liveStatus).toBe(2);
    expect(await msgTitles(li)).toContain('直播权限已开通');
    expect((await t.call('/user/auth/lecturer/audit/applyLive', { reason: '再申请' }, teacher.headers)).msg).toBe(
      '您已开通直播，无需再次申请',
    );
  });
});

describe('following lecturers', () => {
  it('follows, lists, counts and unfollows', async () => {
    const [wang] = (await publicList()).list;
    const u = await newUser(t, '13900002010');
    expect(
      (await t.call('/user/auth/lecturer/attention/save', { lecturerId: wang.id }, u.headers)).data.isAttention,
    ).toBe(1);
    expect((await t.call('/user/auth/lecturer/attention/save', { lecturerId: wang.id }, u.headers)).code).toBe(200);
    expect(
      (await t.call('/user/auth/lecturer/attention/check', { lecturerId: wang.id }, u.headers)).data.isAttention,
    ).toBe(1);
    const list = await t.call('/user/auth/lecturer/attention/list', {}, u.headers);
    expect(list.data.list).toEqual([expect.objectContaining({ lecturerId: wang.id, lecturerName: '王老师' })]);
    expect((await t.call('/user/api/lecturer/view', { id: wang.id })).data.attentionCount).toBe(1);

    expect((await t.call('/user/auth/lecturer/attention/save', { lecturerId: wang.id }, teacher.headers)).msg).toBe(
      '不能关注自己',
    );
    expect((await t.call('/user/auth/lecturer/attention/save', { lecturerId: '999' }, u.headers)).msg).toBe(
      '讲师不存在或已删除',
    );

    expect((await t.call('/user/auth/lecturer/attention/delete', { lecturerId: wang.id }, u.headers)).code).toBe(200);
    expect((await t.call('/user/auth/lecturer/attention/list', {}, u.headers)).data.totalCount).toBe(0);
    expect((await t.call('/user/auth/lecturer/attention/delete', { lecturerId: wang.id }, u.headers)).msg).toBe(
      '您还没有关注该讲师',
    );
  });

  it("never lets one user see or remove another user's follows", async () => {
    const [, li] = (await publicList()).list;
    const owner = await newUser(t, '13900002011');
    const other = await newUser(t, '13900002012');
    await t.call('/user/auth/lecturer/attention/save', { lecturerId: li.id }, owner.headers);
    expect((await t.call('/user/auth/lecturer/attention/delete', { lecturerId: li.id }, other.headers)).msg).toBe(
      '您还没有关注该讲师',
    );
    expect((await t.call('/user/auth/lecturer/attention/list', {}, other.headers)).data.totalCount).toBe(0);
    expect((await t.call('/user/auth/lecturer/attention/list', {}, owner.headers)).data.list[0].lecturerId).toBe(li.id);
  });
});
