import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { adminHeaders, demoUser, newUser, type TestUser } from '../../testing/people.ts';

let t: TestApp;
let admin: { headers: { token: string } };
let student: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminHeaders(t);
  student = await demoUser(t, '13800000001');
});
afterAll(async () => t?.close());

const mine = async (u: TestUser) => (await t.call('/data/auth/feedback/log/page', {}, u.headers)).data;
const save = (u: TestUser, body: object) => t.call('/data/auth/feedback/log/save', body, u.headers);

describe('feedback', () => {
  it('shows the student their demo feedback with its reply', async () => {
    const page = await mine(student);
    expect(page.list).toHaveLength(1);
    expect(page.list[0]).toMatchObject({
      content: expect.stringContaining('倍速播放'),
      replyText: expect.stringContaining('开发计划'),
    });
    expect(page.list[0].replyTime).not.toBe('');
  });

  it('refuses unusable feedback and saves nothing', async () => {
    const u = await newUser(t, '13900003001');
    expect((await save(u, { content: '好' })).msg).toBe('反馈内容至少写 5 个字');
    expect((await save(u, {})).msg).toContain('请填写反馈内容');
    expect((await save(u, { content: '页面加载太慢了', feedbackType: 9 })).msg).toBe('请选择反馈类型');
    expect((await save(u, { content: '页面加载太慢了', imgUrls: Array(5).fill('/media/a.png') })).msg).toBe(
      '最多上传 4 张图片',
    );
    expect((await save(u, { content: '页面加载太慢了', imgUrls: ['javascript:alert(1)'] })).msg).toBe(
      '图片地址不正确，请重新上传',
    );
    expect((await mine(u)).totalCount).toBe(0);
    expect((await t.call('/data/auth/feedback/log/save', { content: '页面加载太慢了' })).code).toBe(302);
  });

  it('reaches the administrator, whose reply the user sees in feedback and in a message', async () => {
    const u = await newUser(t, '13900003002');
    const saved = await save(u, {
      content: '首页轮播图在手机上显示不全',
      feedbackType: 2,
      contact: 'qq 12345',
      imgUrls: ['/media/shot.png'],
    });
    expect(saved.data).toMatchObject({ feedbackType: 2, replyText: '', replyTime: '', imgUrls: ['/media/shot.png'] });

    const open = await t.call('/data/admin/feedback/page', { isReply: 0 }, admin);
    const row = open.data.list.find((f: any) => f.id === saved.data.id);
    expect(row).toMatchObject({ userMobile: u.mobile, contact: 'qq 12345' });
    expect((await t.call('/data/admin/feedback/reply', { id: saved.data.id, replyText: '' }, admin)).msg).toBe(
      '请填写回复内容',
    );

    const replied = await t.call(
      '/data/admin/feedback/reply',
      { id: saved.data.id, replyText: '已修复，谢谢反馈！' },
      admin,
    );
    expect(replied.data.replyText).toBe('已修复，谢谢反馈！');
    expect((await mine(u)).list[0]).toMatchObject({ replyText: '已修复，谢谢反馈！' });
    const inbox = await t.call('/user/auth/msg/user/list', {}, u.headers);
    expect(inbox.data.list.map((m: any) => m.msgTitle)).toEqual(['您的反馈有了回复']);
    expect(inbox.data.list[0].msgText).toContain('已修复，谢谢反馈！');

    await t.call('/data/admin/feedback/reply', { id: saved.data.id, replyText: '补充：新版已上线。' }, admin);
    expect((await t.call('/user/auth/msg/user/num', {}, u.headers)).data.num).toBe(1);
    expect(
      (await t.call('/data/admin/feedback/page', { isReply: 0 }, admin)).data.list.some(
        (f: any) => f.id === saved.data.id,
      ),
    ).toBe(false);
    expect((await t.call('/data/admin/feedback/reply', { id: '42', replyText: '回复' }, admin)).msg).toBe(
      '反馈不存在或已删除',
    );
  });

  it('keeps each user to their own feedback', async () => {
    const owner = await newUser(t, '13900003003');
    const other = await newUser(t, '13900003004');
    await save(owner, { content: '希望增加夜间模式' });
    expect((await mine(other)).totalCount).toBe(0);
    expect((await mine(owner)).list[0].content).toBe('希望增加夜间模式');
    expect((await t.call('/data/admin/feedback/page', {}, owner.headers)).code).toBe(306);
  });

  it('takes at most 10 a day from one user', async () => {
    const u = await newUser(t, '13900003005');
    for (let i = 0; i < 10; i++) expect((await save(u, { content: `第 ${i + 1} 条建议内容` })).code).toBe(200);
    expect((await save(u, { content: '第 11 条建议内容' })).msg).toBe('每天最多提交 10 条反馈，请明天再试');
    expect((await mine(u)).totalCount).toBe(10);
  });
});
