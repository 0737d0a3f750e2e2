import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { liveSession } from '../../db/schema/live.ts';
import { course } from '../../db/schema/course.ts';
import { user } from '../../db/schema/user.ts';
import { formatTime } from '../../platform/time.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { adminHeaders, demoUser, drainJobs, newUser, type TestUser } from '../../testing/people.ts';
import { buy } from './live-testing.ts';
import { MOVED_TITLE, REMIND_TITLE } from './live-reminder.ts';

let t: TestApp;
let admin: { headers: { token: string } };
let wang: TestUser;
let li: TestUser;
let categoryId: string;

const at = (minutesFromNow: number) => formatTime(new Date(Date.now() + minutesFromNow * 60_000)).slice(0, 16);
const titles = async (u: TestUser) =>
  (await t.call('/user/auth/msg/user/list', { pageSize: 100 }, u.headers)).data.list.map(
    (m: { msgTitle: string }) => m.msgTitle,
  );

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminHeaders(t);
  wang = await demoUser(t, '13800000002'); // live teaching granted
  li = await demoUser(t, '13800000004'); // a lecturer without it
  categoryId = (await t.call('/course/api/course/category/list', { categoryType: 1 })).data[0].id;
});
afterAll(() => t?.close());

const liveDraft = (over: object = {}) => ({
  courseType: 2,
  courseName: '周末直播：数据分析实战',
  categoryId,
  isFree: 0,
  coursePrice: 4900,
  introduce: '<p>每周六晚八点</p>',
  ...over,
});

describe('a lecturer without the live grant', () => {
  it('is told to apply, and nothing is created', async () => {
    const before = (await t.call('/course/auth/course/audit/list', { courseType: 2 }, li.headers)).data.totalCount;
    const res = await t.call('/course/auth/course/audit/save', liveDraft(), li.headers);
    expect(res.code).toBe(999);
    expect(res.msg).toContain('申请开通直播');
    const after = (await t.call('/course/auth/course/audit/list', { courseType: 2 }, li.headers)).data.totalCount;
    expect(after).toBe(before);
  });

  it('may still draft a recorded course', async () => {
    const res = await t.call('/course/auth/course/audit/save', liveDraft({ courseType: 1 }), li.headers);
    expect(res.code).toBe(200);
    const sessions = await t.call('/course/auth/live/session/audit/list', { courseId: res.data.id }, li.headers);
    expect(sessions.msg).toContain('申请开通直播');
  });
});

describe('a live course from draft to /live', () => {
  let courseId: string;
  let first: string;
  let second: string;

  it('creates the draft with two sessions, soonest first', async () => {
    const c = await t.call('/course/auth/course/audit/save', liveDraft(), wang.headers);
    expect(c.code).toBe(200);
    courseId = c.data.id;
    const save = (body: object) =>
      t.call('/course/auth/live/session/audit/save', { courseId, liveDuration: 90, ...body }, wang.headers);
    const a = await save({ periodName: '第二讲 可视化', beginTime: at(3 * 24 * 60) });
    const b = await save({ periodName: '第一讲 Pandas 入门', beginTime: at(2 * 24 * 60), isFree: 1, playbackSave: 2 });
    expect(a.code).toBe(200);
    expect(b.data).toMatchObject({
      periodName: '第一讲 Pandas 入门',
      isFree: 1,
      playbackSave: 2,
      liveStatusText: '待开播',
    });
    second = a.data.periodId;
    first = b.data.periodId;
    const list = (await t.call('/course/auth/live/session/audit/list', { courseId }, wang.headers)).data;
    expect(list.map((s: { periodId: string }) => s.periodId)).toEqual([first, second]);
    // the sessions are lessons of the draft, in one chapter made for them
    const outline = (await t.call('/course/auth/course/chapter/audit/list', { courseId }, wang.headers)).data;
    expect(outline).toHaveLength(1);
    expect(outline[0].periodList).toHaveLength(2);
  });

  it('refuses a time in the past or a bad length and changes nothing', async () => {
    const past = await t.call(
      '/course/auth/live/session/audit/save',
      { courseId, periodName: '补课', beginTime: at(-120), liveDuration: 60 },
      wang.headers,
    );
    expect(past.msg).toBe('开播时间不能早于现在');
    const long = await t.call(
      '/course/auth/live/session/audit/save',
      { courseId, periodId: first, periodName: '第一讲', beginTime: at(60), liveDuration: 9999 },
      wang.headers,
    );
    expect(long.code).toBe(999);
    const list = (await t.call('/course/auth/live/session/audit/list', { courseId }, wang.headers)).data;
    expect(list).toHaveLength(2);
    expect(list[0].periodName).toBe('第一讲 Pandas 入门');
  });

  it('keeps another lecturer out of the draft', async () => {
    const res = await t.call('/course/auth/live/session/audit/list', { courseId }, li.headers);
    expect(res.code).toBe(999);
    const del = await t.call('/course/auth/live/session/audit/delete', { periodId: first }, li.headers);
    expect(del.code).toBe(999);
  });

  it('is not on /live before approval, and is once the administrator approves it', async () => {
    const plan = async () =>
      (await t.call('/marketing/api/act/live/plan/list', { pageSize: 100 })).data.list.filter(
        (s: { courseId: string }) => s.courseId === courseId,
      );
    expect(await plan()).toHaveLength(0);
    expect((await t.call('/course/auth/course/audit/submit', { id: courseId }, wang.headers)).code).toBe(200);
    const queue = (await t.call('/course/admin/course/audit/page', {}, admin)).data.list;
    expect(queue.map((c: { id: string }) => c.id)).toContain(courseId);
    const ok = await t.call('/course/admin/course/audit/audit', { id: courseId, auditStatus: 1 }, admin);
    expect(ok.code).toBe(200);
    const shown = await plan();
    expect(shown.map((s: { periodName: string }) => s.periodName)).toEqual(['第一讲 Pandas 入门', '第二讲 可视化']);
    expect(shown[0]).toMatchObject({ isFree: 1, liveDuration: 90, lecturerUserId: wang.id });
    const sessions = (await t.call('/course/api/live/session/list', { courseId })).data;
    expect(sessions).toHaveLength(2);
  });

  it('moves a published session at once, while a new title waits for the audit', async () => {
    const moved = await t.call(
      '/course/auth/live/session/audit/save',
      { courseId, periodId: second, periodName: '第二讲 可视化（改）', beginTime: at(4 * 24 * 60), liveDuration: 60 },
      wang.headers,
    );
    expect(moved.code).toBe(200);
    const pub = (await t.call('/course/api/live/session/view', { periodId: second })).data;
    expect(pub.beginTime.slice(0, 16)).toBe(at(4 * 24 * 60));
    expect(pub.periodName).toBe('第二讲 可视化');
    const draft = (await t.call('/course/auth/course/audit/view', { id: courseId }, wang.headers)).data;
    expect(draft.auditStatusName).toBe('编辑中');
  });

  it('drops the session of a lesson removed before it was ever published', async () => {
    const extra = await t.call(
      '/course/auth/live/session/audit/save',
      { courseId, periodName: '加餐', beginTime: at(5 * 24 * 60), liveDuration: 30 },
      wang.headers,
    );
    const periodId = BigInt(extra.data.periodId);
    expect(
      (await t.call('/course/auth/live/session/audit/delete', { periodId: String(periodId) }, wang.headers)).code,
    ).toBe(200);
    const rows = await t.platform.db
      .select()
      .from(liveSession)
      .where(and(eq(liveSession.siteId, t.siteId), eq(liveSession.periodId, periodId)));
    expect(rows).toHaveLength(0);
    const list = (await t.call('/course/auth/live/session/audit/list', { courseId }, wang.headers)).data;
    expect(list).toHaveLength(2);
  });

  it('takes exercises on a paid session, which its lecturer reads and a learner who did not buy it does not', async () => {
    const problems = (await t.call('/exam/auth/exam/problem/list', { pageSize: 100 }, wang.headers)).data.list;
    const single = problems.find((p: { problemType: number; parentId: string }) => p.problemType !== 6 && !p.parentId);
    const saved = await t.call(
      '/exam/auth/course/exam/ref/save',
      { periodId: second, problemIds: [single.id] },
      wang.headers,
    );
    expect(saved.code).toBe(200);
    const mine = await t.call('/exam/auth/exercise/listForPage', { periodId: second }, wang.headers);
    expect(mine.data.list.map((p: { id: string }) => p.id)).toEqual([single.id]);
    const outsider = await newUser(t, '13900000310');
    expect((await t.call('/exam/auth/exercise/listForPage', { periodId: second }, outsider.headers)).code).toBe(999);
  });

  it('reminds each learner once before a session starts, and nobody else', async () => {
    const learner = await newUser(t, '13900000311');
    const stranger = await newUser(t, '13900000312');
    const member = await newUser(t, '13900000313');
    const vip = await newUser(t, '13900000314');
    await buy(t, learner, BigInt(courseId));
    // a member of a running class the course is attached to, and a VIP member once the course is free for members
    const day = (d: number) => formatTime(new Date(Date.now() + d * 86_400_000)).slice(0, 10);
    const grade = await t.call(
      '/exam/auth/grade/info/save',
      { gradeName: '直播提醒班', capacity: 0, beginTime: day(-1), endTime: day(30), joinRule: 1 },
      wang.headers,
    );
    expect(grade.msg).toBe('');
    const attached = await t.call(
      '/exam/auth/grade/course/save',
      { gradeId: grade.data.id, courseIds: [courseId] },
      wang.headers,
    );
    expect(attached.msg).toBe('');
    expect((await t.call('/exam/auth/grade/student/grade/add', { gradeId: grade.data.id }, member.headers)).msg).toBe(
      '',
    );
    await t.platform.db
      .update(course)
      .set({ isVipFree: 1 })
      .where(eq(course.id, BigInt(courseId)));
    await t.platform.db
      .update(user)
      .set({ vipExpireAt: new Date(Date.now() + 86_400_000) })
      .where(eq(user.id, BigInt(vip.id)));
    const soon = await t.call(
      '/course/auth/live/session/audit/save',
      { courseId, periodId: first, periodName: '第一讲 Pandas 入门', beginTime: at(10), liveDuration: 90 },
      wang.headers,
    );
    expect(soon.code).toBe(200);
    expect(await t.services.liveReminders.sweep(new Date())).toBeGreaterThanOrEqual(1);
    await drainJobs(t);
    // a second sweep (the next minute's) and its jobs tell no one again
    await t.services.liveReminders.sweep(new Date());
    await drainJobs(t);
    for (const told of [learner, member, vip])
      expect((await titles(told)).filter((x: string) => x === REMIND_TITLE)).toHaveLength(1);
    expect(await titles(stranger)).not.toContain(REMIND_TITLE);
    expect(await titles(wang)).not.toContain(REMIND_TITLE);
    const [msg] = (await t.call('/user/auth/msg/user/list', {}, learner.headers)).data.list;
    expect(msg.msgText).toContain('第一讲 Pandas 入门');
    expect(msg.msgText).toContain(`/preview/live/${first}`);

    // moved after the reminder went out: the same learners are told the new time, once
    const moved = { courseId, periodId: first, periodName: '第一讲 Pandas 入门', liveDuration: 90 };
    const later = at(45);
    expect(
      (await t.call('/course/auth/live/session/audit/save', { ...moved, beginTime: later }, wang.headers)).msg,
    ).toBe('');
    await drainJobs(t);
    for (const told of [learner, member, vip])
      expect((await titles(told)).filter((x: string) => x === MOVED_TITLE)).toHaveLength(1);
    expect(await titles(stranger)).not.toContain(MOVED_TITLE);
    const [notice] = (await t.call('/user/auth/msg/user/list', {}, learner.headers)).data.list;
    expect(notice.msgText).toContain(`调整为 ${later}`);
    // moved again while its new reminder is still to come: that reminder says it, and nothing is sent now
    const tomorrow = at(24 * 60);
    expect(
      (await t.call('/course/auth/live/session/audit/save', { ...moved, beginTime: tomorrow }, wang.headers)).msg,
    ).toBe('');
    await drainJobs(t);
    expect((await titles(learner)).filter((x: string) => x === MOVED_TITLE)).toHaveLength(1);
  });
});
