import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { adminHeaders, demoUser, newUser } from '../../testing/people.ts';

let t: TestApp;
let admin: { headers: { token: string } };
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminHeaders(t);
});
afterAll(async () => t?.close());

const page = async (body: object) => (await t.call('/user/admin/user/page', body, admin)).data;
const lecturerNames = async () =>
  (await t.call('/user/api/lecturer/list', {})).data.list.map((l: any) => l.lecturerName);

describe("the administrator's user list", () => {
  it('searches by part of a mobile or nickname and filters by type', async () => {
    await newUser(t, '13900006001', { referralCode: 'DEMO1', nickname: '搜索测试%' });
    const byMobile = await page({ mobile: '6001' });
    expect(byMobile.list).toEqual([
      expect.objectContaining({ mobile: '13900006001', referrerMobile: '13800000001', statusId: 1, userType: 1 }),
    ]);
    expect((await page({ nickname: '搜索测试%' })).totalCount).toBe(1);
    expect((await page({ nickname: '%' })).list.map((u: any) => u.mobile)).toEqual(['13900006001']);
    expect((await page({ userType: 2 })).list.map((u: any) => u.mobile).sort()).toEqual(['13800000002', '13800000004']);
    expect((await page({ pageSize: 2 })).list).toHaveLength(2);
    expect((await t.call('/user/admin/user/page', { pageCurrent: 0 }, admin)).msg).toBe('页码必须从 1 开始');
  });

  it('is for administrators only', async () => {
    const u = await demoUser(t, '13800000001');
    expect((await t.call('/user/admin/user/page', {}, u.headers)).code).toBe(306);
    expect((await t.call('/user/admin/user/page', {})).code).toBe(302);
  });
});

describe('disabling and enabling', () => {
  it('signs a disabled user out everywhere and refuses their logins until enabled', async () => {
    const u = await demoUser(t, '13800000004');
    const done = await t.call('/user/admin/user/status', { id: u.id, statusId: 0 }, admin);
    expect(done.data.statusId).toBe(0);
    expect((await t.call('/user/auth/user/ext/view', {}, u.headers)).code).toBe(302);
    expect((await t.call('/user/api/user/login/password', { mobile: '13800000004', password: 'Demo1234' })).msg).toBe(
      '该账号已被停用，如有疑问请联系客服',
    );
    expect(await lecturerNames()).not.toContain('李老师');

    await t.call('/user/admin/user/status', { id: u.id, statusId: 1 }, admin);
    expect((await t.call('/user/api/user/login/password', { mobile: '13800000004', password: 'Demo1234' })).code).toBe(
      200,
    );
    expect(await lecturerNames()).toContain('李老师');
  });

  it('refuses an unknown user or status', async () => {
    expect((await t.call('/user/admin/user/status', { id: '77', statusId: 0 }, admin)).msg).toBe('用户不存在或已删除');
    expect((await t.call('/user/admin/user/status', { id: '77', statusId: 5 }, admin)).msg).toBe(
      '状态应为 0（停用）或 1（启用）',
    );
  });
});

describe('user type', () => {
  it('gives a lecturer page to a user made lecturer, and takes it away again', async () => {
    const u = await newUser(t, '13900006002', { nickname: '周老师' });
    const made = await t.call('/user/admin/user/type', { id: u.id, userType: 2 }, admin);
    expect(made.data.userType).toBe(2);
    expect(await lecturerNames()).toContain('周老师');
    expect((await t.call('/user/auth/user/ext/view', {}, u.headers)).data.userType).toBe(2);
    await t.call('/user/admin/user/type', { id: u.id, userType: 1 }, admin);
    expect(await lecturerNames()).not.toContain('周老师');
    expect((await t.call('/user/auth/lecturer/view', {}, u.headers)).msg).toBe('您还不是讲师，可以先申请成为讲师');
    expect((await t.call('/user/admin/user/type', { id: u.id, userType: 9 }, admin)).msg).toBe(
      '用户类型应为 1、2 或 3',
    );
  });
});
