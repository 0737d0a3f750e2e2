import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { adminHeaders, demoUser, drainJobs, newUser, sessionFor, type TestUser } from '../../testing/people.ts';
import { job } from '../../db/schema/platform.ts';
import { formatTime } from '../../platform/time.ts';

let t: TestApp;
let student: TestUser;
let admin: { headers: { token: string } };
beforeAll(async () => {
  t = await createTestApp();
  student = await demoUser(t, '13800000001');
  admin = await adminHeaders(t);
});
afterAll(async () => t?.close());

const num = async (u: TestUser) => (await t.call('/user/auth/msg/user/num', {}, u.headers)).data.num as number;
const inbox = async (u: TestUser, body: object = {}) =>
  (await t.call('/user/auth/msg/user/list', body, u.headers)).data;
const send = (body: object) => t.call('/user/admin/msg/save', body, admin);

describe('the inbox', () => {
  it('shows the demo messages newest first, with one unread for the header badge', async () => {
    expect(await num(student)).toBe(1);
    const page = await inbox(student);
    expect(page.totalCount).toBe(3);
    expect(page.list.map((m: any) => m.msgTitle)).toEqual(['新课上线提醒', '讲师申请已提交', '欢迎来到青课网校']);
    expect(page.list[0]).toMatchObject({ isRead: 0, readTime: '' });
    expect((await inbox(student, { isRead: 0 })).list).toHaveLength(1);
  });

  it('marks a message read when it is opened', async () => {
    const [unread] = (await inbox(student, { isRead: 0 })).list;
    const res = await t.call('/user/auth/msg/user/read', { id: unread.id }, student.headers);
    expect(res.data).toMatchObject({ id: unread.id, isRead: 1, msgText: expect.stringContaining('TypeScript') });
    expect(res.data.readTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(await num(student)).toBe(0);
  });

  it('needs a login', async () => {
    expect((await t.call('/user/auth/msg/user/num')).code).toBe(302);
  });
});

describe('administrator messages', () => {
  it('reaches one user at once, found by mobile', async () => {
    const u = await newUser(t, '13900001001');
    const res = await send({
      msgTitle: '课程更新',
      msgText: '您购买的课程新增了三节课。',
      targetKind: 'user',
      mobile: u.mobile,
    });
    expect(res.data).toMatchObject({
      targetKind: 'user',
      targetMobile: u.mobile,
      isSend: 1,
      sentCount: 1,
      readCount: 0,
    });
    expect(await num(u)).toBe(1);
    const [got] = (await inbox(u)).list;
    expect(got).toMatchObject({ msgTitle: '课程更新', msgText: '您购买的课程新增了三节课。' });
    await t.call('/user/auth/msg/user/read', { id: got.id }, u.headers);
    const page = await t.call('/user/admin/msg/page', { msgTitle: '课程更新' }, admin);
    expect(page.data.list[0]).toMatchObject({ msgTitle: '课程更新', sentCount: 1, readCount: 1 });
  });

  it('reaches every active user through the worker, once each, and not disabled users', async () => {
    const a = await newUser(t, '13900001002');
    const off = await newUser(t, '13900001003');
    await t.call('/user/admin/user/status', { id: off.id, statusId: 0 }, admin);
    const res = await send({ msgTitle: '平台公告', msgText: '五一假期客服时间调整为 9:00-18:00。', targetKind: 'all' });
    expect(res.data).toMatchObject({ targetKind: 'all', isSend: 0 });
    expect(await num(a)).toBe(0);
    await drainJobs(t);
    expect((await inbox(a)).list[0].msgTitle).toBe('平台公告');
    expect((await inbox(student)).list[0].msgTitle).toBe('平台公告');
    await t.services.messages.deliverDue(t.siteId, BigInt(res.data.id)); // a retried job delivers nothing twice
    await drainJobs(t);
    expect((await inbox(a)).list.filter((m: any) => m.msgTitle === '平台公告')).toHaveLength(1);
    await t.call('/user/admin/user/status', { id: off.id, statusId: 1 }, admin);
    const back = await sessionFor(t, BigInt(off.id), off.mobile);
    expect((await inbox(back)).totalCount).toBe(0);
    const page = await t.call('/user/admin/msg/page', { msgTitle: '公告' }, admin);
    expect(page.data.list[0]).toMatchObject({ msgTitle: '平台公告', isSend: 1 });
    expect(page.data.list[0].sentCount).toBeGreaterThanOrEqual(5);
  });

  it('sends a timed message at its time, and can withdraw it until then', async () => {
    const u = await newUser(t, '13900001004');
    const at = formatTime(new Date(Date.now() + 60 * 60_000));
    const timed = await send({
      msgTitle: '直播预告',
      msgText: '今晚八点直播答疑。',
      targetKind: 'user',
      mobile: u.mobile,
      sendTime: at,
    });
    expect(timed.data).toMatchObject({ isSend: 0, sendTime: at });
    await drainJobs(t);
    expect(await num(u)).toBe(0);
    const other = await send({
      msgTitle: '撤回测试',
      msgText: '这条会被撤回。',
      targetKind: 'user',
      mobile: u.mobile,
      sendTime: at,
    });
    expect((await t.call('/user/admin/msg/delete', { id: other.data.id }, admin)).code).toBe(200);

    await t.platform.db
      .update(job)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(eq(job.state, 'pending'));
    await drainJobs(t);
    expect((await inbox(u)).list.map((m: any) => m.msgTitle)).toEqual(['直播预告']);
    expect((await t.call('/user/admin/msg/delete', { id: timed.data.id }, admin)).msg).toBe('消息已经发出，不能撤回');
  });

  it('refuses what cannot be sent, creating nothing', async () => {
    const before = (await t.call('/user/admin/msg/page', {}, admin)).data.totalCount;
    expect((await send({ msgTitle: '', msgText: '内容', targetKind: 'all' })).msg).toBe('请填写消息标题');
    expect((await send({ msgTitle: '标题', msgText: '内容', targetKind: 'user' })).msg).toBe(
      '请填写接收人的 11 位手机号',
    );
    expect((await send({ msgTitle: '标题', msgText: '内容', targetKind: 'user', mobile: '13999999999' })).msg).toBe(
      '没有找到手机号为 13999999999 的用户',
    );
    expect(
      (await send({ msgTitle: '标题', msgText: '内容', targetKind: 'all', sendTime: '2020-01-01 08:00:00' })).msg,
    ).toBe('发送时间已过，请选择以后的时间，或留空立即发送');
    expect((await send({ msgTitle: '标题', msgText: '内容', targetKind: 'all', sendTime: '明天' })).msg).toBe(
      '发送时间格式应为 YYYY-MM-DD HH:mm:ss',
    );
    expect((await send({ msgTitle: '标题', msgText: '内容', targetKind: 'group' })).msg).toBe('请选择发送对象');
    expect(
      (await t.call('/user/admin/msg/save', { msgTitle: '标题', msgText: '内容', targetKind: 'all' }, student.headers))
        .code,
    ).toBe(306);
    expect((await t.call('/user/admin/msg/page', {}, admin)).data.totalCount).toBe(before);
  });
});

describe('read all and delete', () => {
  it('reads everything at once and deletes a selection', async () => {
    const u = await newUser(t, '13900001005');
    for (const title of ['一', '二', '三'])
      await send({ msgTitle: `消息${title}`, msgText: '内容', targetKind: 'user', mobile: u.mobile });
    expect(await num(u)).toBe(3);
    expect((await t.call('/user/auth/msg/user/read/all', {}, u.headers)).data.count).toBe(3);
    expect(await num(u)).toBe(0);
    const ids = (await inbox(u)).list.slice(0, 2).map((m: any) => m.id);
    expect((await t.call('/user/auth/msg/user/batch/delete', { ids }, u.headers)).data.count).toBe(2);
    expect((await inbox(u)).list.map((m: any) => m.msgTitle)).toEqual(['消息一']);
    expect((await t.call('/user/auth/msg/user/batch/delete', { ids: [] }, u.headers)).msg).toBe('请选择要删除的消息');
  });
});

describe("one user never reaches another user's messages", () => {
  it('refuses reading or deleting them by id, and changes nothing', async () => {
    const owner = await newUser(t, '13900001006');
    const other = await newUser(t, '13900001007');
    await send({ msgTitle: '私人消息', msgText: '只给你看。', targetKind: 'user', mobile: owner.mobile });
    const [mine] = (await inbox(owner)).list;
    expect((await t.call('/user/auth/msg/user/read', { id: mine.id }, other.headers)).msg).toBe('消息不存在或已删除');
    expect((await t.call('/user/auth/msg/user/batch/delete', { ids: [mine.id] }, other.headers)).msg).toBe(
      '部分消息不存在或已删除，请刷新后重试',
    );
    await send({ msgTitle: '给另一位', msgText: '内容', targetKind: 'user', mobile: other.mobile });
    const [theirs] = (await inbox(other)).list;
    const mixed = await t.call('/user/auth/msg/user/batch/delete', { ids: [theirs.id, mine.id] }, other.headers);
    expect(mixed.msg).toBe('部分消息不存在或已删除，请刷新后重试');
    expect((await inbox(other)).totalCount).toBe(1);
    expect((await inbox(other)).list.some((m: any) => m.msgTitle === '私人消息')).toBe(false);
    expect((await inbox(owner)).list[0]).toMatchObject({ id: mine.id, isRead: 0 });
    expect(await num(owner)).toBe(1);
  });
});
