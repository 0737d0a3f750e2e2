import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { callsAs, ok } from '../../testing/calls.ts';
import { demoUser, newUser, type TestUser } from '../../testing/people.ts';
import { coursePeriod } from '../../db/schema/course.ts';
import { grade, gradeDay } from '../../db/schema/grade.ts';
import { job } from '../../db/schema/platform.ts';
import { userStudy } from '../../db/schema/study.ts';
import { newId } from '../../platform/ids.ts';
import { formatTime } from '../../platform/time.ts';

let t: TestApp;
let teacher: TestUser;
let otherLecturer: TestUser;
let js: string;

const { call, put } = callsAs(() => t);
const DAY_MS = 86_400_000;
const day = (offset: number) => formatTime(new Date(Date.now() + offset * DAY_MS)).slice(0, 10);
let today: string;
let yesterday: string;

/** The figures are per Shanghai day: a run about to cross midnight waits for it rather than straddle two days. */
async function awayFromMidnight() {
  const toMidnight = DAY_MS - ((Date.now() + 8 * 3_600_000) % DAY_MS);
  if (toMidnight < 90_000) await new Promise((r) => setTimeout(r, toMidnight + 1_000));
  today = day(0);
  yesterday = day(-1);
}
let seq = 0;
const student = (nickname: string) => newUser(t, `1390055${String(seq++).padStart(4, '0')}`, { nickname });
const history = (gradeId: string, who: TestUser, days?: number) =>
  call('/exam/auth/grade/summary/history', { gradeId, ...(days ? { days } : {}) }, who);
const rowsOf = (gradeId: string) =>
  t.platform.db
    .select()
    .from(gradeDay)
    .where(eq(gradeDay.gradeId, BigInt(gradeId)));
const newGrade = async (gradeName: string) =>
  ok(
    await call(
      '/exam/auth/grade/info/save',
      { gradeName, capacity: 0, beginTime: day(-20), endTime: day(30), joinRule: 1 },
      teacher,
    ),
  ).id as string;

/** The user finishes the course's first `n` lessons, last written at `at`. */
async function watch(who: TestUser, course: string, n: number, at = new Date()) {
  const periods = await t.platform.db
    .select()
    .from(coursePeriod)
    .where(eq(coursePeriod.courseId, BigInt(course)));
  for (const p of periods.slice(0, n)) {
    await t.platform.db.insert(userStudy).values({
      id: newId(),
      siteId: t.siteId,
      userId: BigInt(who.id),
      courseId: p.courseId,
      chapterId: p.chapterId,
      periodId: p.id,
      percent: 100,
      gmtCreate: at,
      gmtModified: at,
    });
  }
}

let gradeId: string;
let fast: TestUser;
let slow: TestUser;
let admin: TestUser;
let periodTotal: number;

beforeAll(async () => {
  await awayFromMidnight();
  t = await createTestApp();
  teacher = await demoUser(t, '13800000002');
  otherLecturer = await demoUser(t, '13800000004');
  js = (await t.call('/course/api/course/list', { keyword: 'JavaScript 进阶' })).data.list[0].id;
  periodTotal = (
    await t.platform.db
      .select()
      .from(coursePeriod)
      .where(eq(coursePeriod.courseId, BigInt(js)))
  ).length;
  gradeId = await newGrade('走势测试班');
  ok(await call('/exam/auth/grade/course/save', { gradeId, courseIds: [js] }, teacher));
  fast = await student('快同学');
  slow = await student('慢同学');
  admin = await student('管理同学');
  for (const s of [fast, slow, admin]) ok(await call('/exam/auth/grade/student/grade/add', { gradeId }, s));
  // yesterday fast finished two lessons; today slow finishes one
  await watch(fast, js, 2, new Date(Date.now() - DAY_MS));
  await watch(slow, js, 1);
  const members = ok(await call('/exam/auth/grade/student/page', { gradeId }, teacher)).list;
  ok(
    await put(
      '/exam/auth/grade/student/update/admin',
      { id: members.find((m: any) => m.userId === admin.id).id, role: 2 },
      teacher,
    ),
  );
}, 180_000);
afterAll(async () => t?.close());

const mean = (...percents: number[]) => Math.round((percents.reduce((a, b) => a + b, 0) / percents.length) * 10) / 10;
const progressOf = (lessons: number) => Math.round(((lessons * 100) / periodTotal) * 10) / 10;

describe('the daily figures job', () => {
  it('is queued at start for tonight and for a day missed, once each', async () => {
    const queued = await t.platform.db
      .select({ key: job.dedupeKey, runAt: job.runAt, queuedAt: job.gmtCreate })
      .from(job)
      .where(eq(job.kind, 'grade.day'));
    const keys = queued.map((q) => q.key);
    expect(keys.filter((k) => k === `grade.day:${yesterday}` || k === `grade.day:${today}`)).toHaveLength(2);
    // none was due when it was queued: a start does not run it before its time (the database may have been made
    // from a template a while ago, so the time it was queued is the measure, not now)
    for (const q of queued) expect(q.runAt.getTime()).toBeGreaterThan(q.queuedAt.getTime());
  });

  it('writes one row per live class and day, however often it runs, and none for a disbanded or ended class', async () => {
    const disbanded = await newGrade('解散的班');
    ok(await call('/exam/auth/grade/info/disband', { id: disbanded }, teacher));
    const ended = await newGrade('已结束的班');
    await t.platform.db
      .update(grade)
      .set({ endTime: new Date(Date.now() - 3 * DAY_MS) })
      .where(eq(grade.id, BigInt(ended)));

    // yesterday's run, taken from the queue as a worker would
    await t.platform.db
      .update(job)
      .set({ runAt: new Date(0) })
      .where(eq(job.dedupeKey, `grade.day:${yesterday}`));
    // other kinds may be due too (reminders): the queue is ticked until this one is done
    await expect
      .poll(async () => {
        await t.platform.jobs.tick();
        return (
          await t.platform.db
            .select()
            .from(job)
            .where(eq(job.dedupeKey, `grade.day:${yesterday}`))
        )[0]?.state;
      })
      .toBe('done');
    const [row] = await rowsOf(gradeId);
    expect(row).toMatchObject({
      day: yesterday,
      memberCount: 3,
      studiedCount: 1,
      // the figures as the job found them: slow's lesson of today counts, as the job runs after the day
      meanProgress: mean(progressOf(2), progressOf(1), 0),
    });
    expect(await rowsOf(disbanded)).toEqual([]);
    expect(await rowsOf(ended)).toEqual([]);

    // a rerun, and two processes at once: still one row
    expect(await t.services.gradeHistory.recordDay(yesterday)).toBe(0);
    await Promise.all([t.services.gradeHistory.recordDay(day(-2)), t.services.gradeHistory.recordDay(day(-2))]);
    const rows = await rowsOf(gradeId);
    expect(rows.map((r) => r.day).sort()).toEqual([day(-2), yesterday]);
    expect(await rowsOf(disbanded)).toEqual([]);

    // the job queued the next night's run
    const [next] = await t.platform.db
      .select()
      .from(job)
      .where(eq(job.dedupeKey, `grade.day:${today}`));
    expect(next?.state).toBe('pending');
  });
});

describe('the chart of progress over time', () => {
  it('gives the written days and today’s live point to the teacher and the class admins', async () => {
    const data = ok(await history(gradeId, teacher));
    expect(data.map((d: any) => d.day)).toEqual([day(-2), yesterday, today]);
    expect(data.at(-1)).toEqual({
      day: today,
      memberCount: 3,
      meanProgress: mean(progressOf(2), progressOf(1), 0),
      studiedCount: 1,
    });
    expect(ok(await history(gradeId, admin))).toEqual(data);
    // the window is the last `days` days
    expect(ok(await history(gradeId, teacher, 2)).map((d: any) => d.day)).toEqual([yesterday, today]);
  });

  it('gives a new class a point at once', async () => {
    const fresh = await newGrade('新开的班');
    expect(ok(await history(fresh, teacher))).toEqual([
      { day: today, memberCount: 0, meanProgress: 0, studiedCount: 0 },
    ]);
  });

  it('is refused to a member, another lecturer, a member of another class and a visitor', async () => {
    const otherClass = await newGrade('别的班');
    const outsider = await student('别班同学');
    ok(await call('/exam/auth/grade/student/grade/add', { gradeId: otherClass }, outsider));
    for (const who of [fast, otherLecturer, outsider]) {
      expect(await history(gradeId, who)).toMatchObject({
        code: 999,
        msg: '只有班主任和班级管理员可以进行此操作',
        data: null,
      });
    }
    expect((await call('/exam/auth/grade/summary/history', { gradeId })).code).toBe(302);
    expect((await history(gradeId, teacher, 1)).msg).toBe('天数至少为 2');
    expect((await history(gradeId, teacher, 9999)).msg).toBe('天数不能超过 366');
    expect((await history('abc', teacher)).code).toBe(999);
    // the rows are untouched by the refusals
    expect(
      (
        await t.platform.db
          .select({ n: sql<number>`count(*)::int` })
          .from(gradeDay)
          .where(and(eq(gradeDay.gradeId, BigInt(gradeId))))
      )[0]!.n,
    ).toBe(2);
  });
});

describe('the demo class', () => {
  it('starts with a fortnight of past days worked out from its own members, up to yesterday', async () => {
    const [demo] = await t.platform.db.select().from(grade).where(eq(grade.gradeName, '前端进阶训练营（春季班）'));
    const days = ok(await history(String(demo!.id), teacher));
    // the seed wrote the days up to the one before it ran (a run may have crossed midnight since), then today's point
    const written: string[] = days.slice(0, -1).map((d: any) => d.day);
    expect([day(-1), day(-2)]).toContain(written.at(-1));
    const before = (d: string, n: number) =>
      formatTime(new Date(Date.parse(`${d}T12:00:00+08:00`) - n * DAY_MS)).slice(0, 10);
    expect(written).toEqual(Array.from({ length: 14 }, (_, i) => before(written.at(-1)!, 13 - i)));
    expect(days.at(-1).day).toBe(day(0));
    const counts = days.map((d: any) => d.memberCount);
    // the members joined one a day from 13 days ago
    expect(counts.slice(0, 2)).toEqual([0, 1]);
    expect(counts.at(-1)).toBe(5);
    expect([...counts].sort((a: number, b: number) => a - b)).toEqual(counts);
  });

  it('is filed under its subject, so the class list finds it by that filter and not by another', async () => {
    const { subjectList: subjects } = ok(await t.call('/exam/api/grade/info/category', {}, { method: 'GET' })) as {
      subjectList: { id: string; categoryName: string }[];
    };
    const named = (name: string) => subjects.find((c) => c.categoryName === name)!.id;
    const listed = async (categoryId: string) =>
      ((await t.call('/exam/api/grade/info/list', { categoryId })).data.list as { gradeName: string }[]).map(
        (g) => g.gradeName,
      );
    expect(await listed(named('JavaScript'))).toContain('前端进阶训练营（春季班）');
    expect(await listed(named('英语'))).not.toContain('前端进阶训练营（春季班）');
  });
});
