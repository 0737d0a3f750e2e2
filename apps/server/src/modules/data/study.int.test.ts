import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { newUser, type TestUser } from '../../testing/people.ts';
import { coursePeriod } from '../../db/schema/course.ts';
import { userStudy } from '../../db/schema/study.ts';
import { StudyService } from './study.service.ts';
import { studyRepo } from './study.repo.ts';
import { CourseService } from '../course/course.service.ts';
import { CoursePublishService } from '../course/course-publish.service.ts';
import { PeriodAccessCache } from '../course/index.ts';

let t: TestApp;
let courseId: string;
let periods: string[];
let u: TestUser;
const VIDEO = 900_001n;

beforeAll(async () => {
  t = await createTestApp();
  const found = (await t.call('/course/api/course/list', { keyword: 'Python 数据分析实战' })).data.list[0];
  courseId = found.id;
  // the course's lessons show one transcoded video of 100 s (what the vod module reports when it is ready)
  await t.platform.db
    .update(coursePeriod)
    .set({ videoId: VIDEO })
    .where(and(eq(coursePeriod.siteId, t.siteId), eq(coursePeriod.courseId, BigInt(courseId))));
  await t.services.courses.onVideoReady(t.siteId, VIDEO, 100);
  const view = (await t.call('/course/api/course/view', { courseId })).data;
  periods = view.chapterList.flatMap((c: any) => c.periodList.map((p: any) => p.id));
  u = await newUser(t, '13900005001');
  await t.services.entitlement.grant(t.siteId, BigInt(u.id), BigInt(courseId), 2, null, null);
});
afterAll(async () => {
  vi.useRealTimers();
  await t?.close();
});

let seq = 0;
const rid = () => `r${Date.now().toString(36)}x${(seq++).toString(36).padStart(4, '0')}`;
const report = (who: TestUser, body: object) => t.call('/data/api/course/user/period/log/save', body, who.headers);

describe('a ready video reaches its lessons', () => {
  it('copies the duration to every lesson with that video and keeps the lesson count', async () => {
    const view = (await t.call('/course/api/course/view', { courseId })).data;
    expect(view.chapterList.flatMap((c: any) => c.periodList.map((p: any) => [p.videoDuration, p.hasVideo]))).toEqual(
      periods.map(() => [100, 1]),
    );
    expect(view.periodTotal).toBe(7);
  });

  it('attaches a video to one lesson, and refuses unknown lessons', async () => {
    const sql = (await t.call('/course/api/course/list', { keyword: 'SQL 数据查询入门' })).data.list[0].id;
    const period = (await t.call('/course/api/course/view', { courseId: sql })).data.chapterList[0].periodList[0].id;
    await t.services.courses.attachVideo(t.siteId, BigInt(period), 900_002n);
    expect(
      (await t.call('/course/api/course/view', { courseId: sql })).data.chapterList[0].periodList[0],
    ).toMatchObject({ hasVideo: 1, videoDuration: 0 });
    await t.services.courses.onVideoReady(t.siteId, 900_002n, 61.6);
    expect(
      (await t.call('/course/api/course/view', { courseId: sql })).data.chapterList[0].periodList[0],
    ).toMatchObject({ hasVideo: 1, videoDuration: 62 });
    await expect(t.services.courses.attachVideo(t.siteId, 5n, 900_002n)).rejects.toMatchObject({
      code: 999,
      message: '课时不存在或已删除',
    });
  });

  it('drops a course page cached by another process when the course changes', async () => {
    const elsewhere = new CourseService(t.platform, t.services.users, t.services.system, t.services.search);
    const sql = (await t.call('/course/api/course/list', { keyword: 'SQL 数据查询入门' })).data.list[0].id;
    const before = await elsewhere.viewBase(t.siteId, BigInt(sql));
    const lesson = before!.chapterList[1]!.periodList[0]!;
    expect(lesson.hasVideo).toBe(0);
    await t.services.courses.attachVideo(t.siteId, BigInt(lesson.id), 900_003n, 30);
    const after = await elsewhere.viewBase(t.siteId, BigInt(sql));
    expect(after!.chapterList[1]!.periodList[0]).toMatchObject({ hasVideo: 1, videoDuration: 30 });
  });
});

describe('progress reports', () => {
  it('credits no more watch time than the wall clock allows, merges ranges and finishes at 95%', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // played in the recent past, so later reports in real time come after these
    const start = Date.now() - 200_000;
    vi.setSystemTime(start);
    const p = periods[1]!;
    const first = await report(u, {
      periodId: p,
      reportId: rid(),
      currentPosition: 15,
      watchedRanges: [[0, 15]],
      event: 'play',
    });
    expect(first.data).toMatchObject({
      watchedSec: 15,
      percent: 15,
      isFinish: 0,
      currentPosition: 15,
      watchedUntil: 15,
    });

    // 10 s later the player claims 85 s more: at most 10 s × 2 (speed allowed) + 3 s of slack is credited
    vi.setSystemTime(start + 10_000);
    const greedy = await report(u, {
      periodId: p,
      reportId: rid(),
      currentPosition: 100,
      watchedRanges: [[15, 100]],
      event: 'heartbeat',
    });
    expect(greedy.data).toMatchObject({ watchedSec: 38, percent: 38, isFinish: 0 });

    // replaying what was already watched adds nothing; a gap is kept apart
    vi.setSystemTime(start + 40_000);
    const again = await report(u, {
      periodId: p,
      reportId: rid(),
      currentPosition: 70,
      watchedRanges: [
        [0, 20],
        [60, 70],
      ],
      event: 'pause',
    });
    expect(again.data).toMatchObject({ watchedSec: 48, watchedUntil: 38 });

    vi.setSystemTime(start + 100_000);
    const done = await report(u, {
      periodId: p,
      reportId: rid(),
      currentPosition: 96,
      watchedRanges: [
        [38, 60],
        [70, 95],
      ],
      event: 'end',
    });
    expect(done.data).toMatchObject({ watchedSec: 95, percent: 100, isFinish: 1 });
    vi.useRealTimers();
  });

  it('ignores a repeated report id', async () => {
    const p = periods[2]!;
    const body = { periodId: p, reportId: rid(), currentPosition: 10, watchedRanges: [[0, 10]], event: 'play' };
    const once = (await report(u, body)).data;
    const twice = (await report(u, body)).data;
    expect(twice).toEqual(once);
    await t.services.study.flush();
    const [row] = await t.platform.db
      .select()
      .from(userStudy)
      .where(and(eq(userStudy.userId, BigInt(u.id)), eq(userStudy.periodId, BigInt(p))));
    expect(row).toMatchObject({ reportCount: 1, watchedSec: 10 });
  });

  it('gives the course progress as the mean of its lessons, and where to continue', async () => {
    const progress = (await t.call('/data/auth/course/user/period/progress/list', { courseId }, u.headers)).data;
    // lesson 2 finished (100), lesson 3 at 10%, five lessons not started, over 7 lessons
    expect(progress).toMatchObject({
      courseId,
      periodTotal: 7,
      finishTotal: 1,
      studyPercent: 15.7,
      lastPeriodId: periods[2],
    });
    expect(progress.periodList).toHaveLength(2);
    const view = (await t.call('/course/auth/course/view', { courseId }, u.headers)).data;
    expect(view).toMatchObject({ isPay: 1, studyPercent: 15.7, lastPeriodId: periods[2] });
    const sign = (await t.call('/course/auth/course/sign', { courseId }, u.headers)).data;
    expect(sign).toMatchObject({
      periodId: periods[2],
      currentPosition: 10,
      watchedUntil: 10,
      hasVideo: 1,
      videoDuration: 100,
    });
  });

  it('shows study records and my courses with progress', async () => {
    const records = (await t.call('/data/auth/course/user/study/page', {}, u.headers)).data;
    expect(records.list.map((r: any) => r.periodId)).toEqual([periods[2], periods[1]]);
    expect(records.list[1]).toMatchObject({
      courseName: 'Python 数据分析实战',
      periodName: '搭建 Jupyter 环境',
      isFinish: 1,
      percent: 100,
      videoDuration: 100,
    });
    const mine = (await t.call('/course/auth/user/order/course/ref/list', {}, u.headers)).data;
    expect(mine.list[0]).toMatchObject({
      courseName: 'Python 数据分析实战',
      buyType: 2,
      studyPercent: 15.7,
      lastPeriodId: periods[2],
      isExpired: 0,
    });
  });

  it('takes a sendBeacon report: cookie only, text/plain body', async () => {
    const res = await t.raw({
      method: 'POST',
      url: '/apis/data/api/course/user/period/log/save',
      headers: { 'content-type': 'text/plain;charset=UTF-8', cookie: `RC_WEB_TOKEN=${u.token}` },
      payload: JSON.stringify({
        periodId: periods[3],
        reportId: rid(),
        currentPosition: 5,
        watchedRanges: [[0, 5]],
        event: 'hide',
      }),
    });
    expect(res.json()).toMatchObject({ code: 200, data: { periodId: periods[3], watchedSec: 5 } });
    const forged = await t.raw({
      method: 'POST',
      url: '/apis/data/api/course/user/period/log/save',
      headers: {
        'content-type': 'text/plain',
        cookie: `RC_WEB_TOKEN=${u.token}`,
        origin: 'https://elsewhere.example',
        host: 'localhost',
      },
      payload: JSON.stringify({
        periodId: periods[3],
        reportId: rid(),
        currentPosition: 9,
        watchedRanges: [[5, 9]],
        event: 'hide',
      }),
    });
    expect(forged.json()).toMatchObject({ code: 999, msg: '请求来源不被允许' });
  });

  it('refuses anonymous reports, lessons the user may not open and malformed bodies', async () => {
    const anon = await t.call('/data/api/course/user/period/log/save', {
      periodId: periods[1],
      reportId: rid(),
      watchedRanges: [[0, 5]],
    });
    expect(anon.code).toBe(302);
    const stranger = await newUser(t, '13900005002');
    const locked = await report(stranger, { periodId: periods[3], reportId: rid(), watchedRanges: [[0, 5]] });
    expect(locked).toMatchObject({ code: 999, msg: '请先购买课程' });
    for (const body of [
      { periodId: 'abc', reportId: rid() },
      { periodId: periods[1], reportId: 'short' },
      { periodId: periods[1], reportId: rid(), watchedRanges: [[0, 'x']] },
      { periodId: periods[1], reportId: rid(), currentPosition: -1 },
      { periodId: periods[1], reportId: rid(), event: 'explode' },
      { periodId: '99999999999999999999', reportId: rid() },
    ]) {
      expect((await report(u, body)).code, JSON.stringify(body)).toBe(999);
    }
    const res = await t.raw({
      method: 'POST',
      url: '/apis/data/api/course/user/period/log/save',
      headers: { 'content-type': 'text/plain', token: u.token },
      payload: 'not json',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().code).toBe(999);
  });

  it('keeps one user\u2019s progress from another', async () => {
    const other = await newUser(t, '13900005003');
    await t.services.entitlement.grant(t.siteId, BigInt(other.id), BigInt(courseId), 2, null, null);
    const progress = (await t.call('/data/auth/course/user/period/progress/list', { courseId }, other.headers)).data;
    expect(progress).toMatchObject({ studyPercent: 0, periodList: [], lastPeriodId: '' });
    expect((await t.call('/data/auth/course/user/study/page', {}, other.headers)).data.totalCount).toBe(0);
  });
});

describe('access and lesson facts kept between reports', () => {
  it('answers as the entitlement rule does', async () => {
    const cache = new PeriodAccessCache(t.platform, t.services.entitlement);
    const stranger = BigInt((await newUser(t, '13900005012')).id);
    const outcome = (p: Promise<unknown>) =>
      p.then(
        () => 'ok',
        (e: Error) => e.message,
      );
    for (const [userId, periodId] of [
      [null, periods[0]],
      [null, periods[3]],
      [stranger, periods[3]],
      [BigInt(u.id), periods[3]],
      [BigInt(u.id), '123'],
    ] as const) {
      const expected = await outcome(t.services.entitlement.periodAccess(t.siteId, userId, BigInt(periodId!)));
      expect(await outcome(cache.access(t.siteId, userId, BigInt(periodId!))), `${userId} ${periodId}`).toBe(expected);
      expect(await outcome(cache.access(t.siteId, userId, BigInt(periodId!))), `${userId} ${periodId} again`).toBe(
        expected,
      );
    }
  });

  it('takes a grant from the next report, a withdrawal from the next one once announced, and an expiry from its end', async () => {
    const buyer = await newUser(t, '13900005010');
    const body = () => ({ periodId: periods[3], reportId: rid(), currentPosition: 5, watchedRanges: [[0, 5]] });
    expect(await report(buyer, body())).toMatchObject({ code: 999, msg: '请先购买课程' });
    await t.services.entitlement.grant(t.siteId, BigInt(buyer.id), BigInt(courseId), 1, null, null);
    expect((await report(buyer, body())).code).toBe(200);
    expect(await t.services.entitlement.revokePurchase(t.siteId, BigInt(buyer.id), BigInt(courseId))).toBe(true);
    await t.services.entitlement.announceRevoked();
    expect(await report(buyer, body())).toMatchObject({ code: 999, msg: '请先购买课程' });
    // an entitlement that runs out is announced by nobody: the kept answer lasts no longer than the entitlement
    await t.services.entitlement.grant(
      t.siteId,
      BigInt(buyer.id),
      BigInt(courseId),
      1,
      new Date(Date.now() + 30_000),
      null,
    );
    expect((await report(buyer, body())).code).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 20_000);
    expect((await report(buyer, body())).code).toBe(200);
    vi.setSystemTime(Date.now() + 11_000);
    expect(await report(buyer, body())).toMatchObject({ code: 999, msg: '请先购买课程' });
    vi.useRealTimers();
  });

  it('refuses the next report once an administrator withdraws a grant', async () => {
    const learner = await newUser(t, '13900005019');
    const body = () => ({ periodId: periods[3], reportId: rid(), currentPosition: 5, watchedRanges: [[0, 5]] });
    const grant = await t.services.entitlement.grant(t.siteId, BigInt(learner.id), BigInt(courseId), 3, null, null);
    expect((await report(learner, body())).code).toBe(200);
    await t.services.entitlement.revoke(t.siteId, grant.id);
    expect(await report(learner, body())).toMatchObject({ code: 999, msg: '请先购买课程' });
  });

  it('refuses a free lesson at once when its course leaves the shelf, in this process and another', async () => {
    const visitor = await newUser(t, '13900005011');
    const elsewhere = new StudyService(
      t.platform,
      new PeriodAccessCache(t.platform, t.services.entitlement),
      t.services.courses,
    );
    const free = {
      periodId: periods[0]!,
      currentPosition: 5,
      watchedRanges: [[0, 5]] as [number, number][],
      event: 'play' as const,
    };
    expect((await report(visitor, { ...free, reportId: rid() })).code).toBe(200);
    await elsewhere.report(t.siteId, BigInt(visitor.id), { ...free, reportId: rid() });
    const publisher = new CoursePublishService(t.platform, t.services.courses, async () => {});
    await publisher.setPutaway(t.siteId, BigInt(courseId), 0);
    try {
      expect(await report(visitor, { ...free, reportId: rid() })).toMatchObject({ code: 999, msg: '课程已下架' });
      await expect(elsewhere.report(t.siteId, BigInt(visitor.id), { ...free, reportId: rid() })).rejects.toMatchObject({
        message: '课程已下架',
      });
      // an entitled learner keeps studying a course taken off the shelf
      expect((await report(u, { ...free, reportId: rid() })).code).toBe(200);
    } finally {
      await publisher.setPutaway(t.siteId, BigInt(courseId), 1);
      await elsewhere.stop();
    }
    expect((await report(visitor, { ...free, reportId: rid() })).code).toBe(200);
  });

  it('uses a lesson\u2019s new video length from the next report', async () => {
    const p = periods[6]!;
    const first = await report(u, {
      periodId: p,
      reportId: rid(),
      currentPosition: 10,
      watchedRanges: [[0, 10]],
      event: 'play',
    });
    expect(first.data).toMatchObject({ videoDuration: 100, percent: 10 });
    await t.services.courses.attachVideo(t.siteId, BigInt(p), 900_004n, 20);
    try {
      const next = await report(u, { periodId: p, reportId: rid(), currentPosition: 10, watchedRanges: [[0, 10]] });
      expect(next.data).toMatchObject({ videoDuration: 20, percent: 50 });
    } finally {
      await t.services.courses.attachVideo(t.siteId, BigInt(p), VIDEO, 100);
    }
  });
});

describe('the group write', () => {
  it('stores every column of a state, and a state only over the row it was built on', async () => {
    const repo = studyRepo(t.platform.db);
    const at = new Date('2026-03-01T08:00:00.123Z');
    const row = (reportCount: number, watchedSec: number) => ({
      id: BigInt(9_000_000 + reportCount),
      siteId: t.siteId,
      userId: 777_001n,
      courseId: 777_002n,
      chapterId: 777_003n,
      periodId: 777_004n,
      currentPosition: 12.5,
      watchedRanges: [[0, watchedSec]] as [number, number][],
      watchedSec,
      creditedSec: watchedSec,
      percent: 7.5,
      isFinish: 0,
      reportCount,
      recentReportIds: ['a-1', `b "${reportCount}"`],
      lastReportAt: at,
      gmtModified: at,
    });
    const read = () => repo.byPeriod(t.siteId, 777_001n, 777_004n);
    const key = (periodId: bigint) => `${t.siteId}:777001:${periodId}`;
    expect(await repo.commitMany([{ ...row(5, 50), expected: null }])).toEqual(new Set([key(777_004n)]));
    const { expected: _, ...five } = { ...row(5, 50), expected: null };
    expect(await read()).toMatchObject({ ...five, id: 9_000_005n });
    // built on no row while one exists, or on an older row than the stored one: not stored
    expect(await repo.commitMany([{ ...row(3, 30), expected: null }])).toEqual(new Set());
    expect(await repo.commitMany([{ ...row(6, 60), expected: 4 }])).toEqual(new Set());
    expect(await read()).toMatchObject({ reportCount: 5, watchedSec: 50, id: 9_000_005n });
    const both = await repo.commitMany([
      { ...row(6, 60), expected: 5 },
      { ...row(1, 1), periodId: 777_005n, lastReportAt: null, expected: null },
    ]);
    expect(both).toEqual(new Set([key(777_004n), key(777_005n)]));
    expect(await read()).toMatchObject({
      reportCount: 6,
      watchedSec: 60,
      watchedRanges: [[0, 60]],
      recentReportIds: ['a-1', 'b "6"'],
    });
    expect(await repo.byPeriod(t.siteId, 777_001n, 777_005n)).toMatchObject({ reportCount: 1, lastReportAt: null });
  });
});

describe('notes', () => {
  it('keeps notes to their author and jumps back to the lesson second', async () => {
    const a = u;
    const b = await newUser(t, '13900005004');
    await t.services.entitlement.grant(t.siteId, BigInt(b.id), BigInt(courseId), 2, null, null);
    const saved = await t.call(
      '/data/auth/note/log/save',
      { periodId: periods[1], position: 42.5, content: '分组聚合要先 groupby 再 agg' },
      a.headers,
    );
    expect(saved.data).toMatchObject({
      courseId,
      periodId: periods[1],
      periodName: '搭建 Jupyter 环境',
      courseName: 'Python 数据分析实战',
      position: 42.5,
    });
    const id = saved.data.id;

    expect((await t.call('/data/auth/note/log/view', { id }, b.headers)).msg).toBe('笔记不存在或已删除');
    expect(
      (await t.call('/data/auth/note/log/save', { id, periodId: periods[1], content: '改掉别人的笔记' }, b.headers))
        .msg,
    ).toBe('笔记不存在或已删除');
    expect((await t.call('/data/auth/note/log/page', {}, b.headers)).data.totalCount).toBe(0);
    const del = await t.raw({
      method: 'DELETE',
      url: `/apis/data/auth/note/log/delete?id=${id}`,
      headers: { token: b.token },
    });
    expect(del.json()).toMatchObject({ code: 999, msg: '笔记不存在或已删除' });

    const edited = await t.call(
      '/data/auth/note/log/save',
      { id, periodId: periods[1], position: 50, content: '先 groupby，再 agg' },
      a.headers,
    );
    expect(edited.data).toMatchObject({ id, position: 50, content: '先 groupby，再 agg' });
    const mine = (await t.call('/data/auth/note/log/page', { courseId }, a.headers)).data;
    expect(mine.list.map((n: any) => n.content)).toEqual(['先 groupby，再 agg']);
    expect((await t.call('/data/auth/note/log/page', { periodId: periods[0] }, a.headers)).data.totalCount).toBe(0);

    const gone = await t.raw({
      method: 'DELETE',
      url: `/apis/data/auth/note/log/delete?id=${id}`,
      headers: { token: a.token },
    });
    expect(gone.json()).toMatchObject({ code: 200 });
    expect((await t.call('/data/auth/note/log/view', { id }, a.headers)).code).toBe(999);
  });

  it('refuses notes on lessons the user may not open, and bad input', async () => {
    const c = await newUser(t, '13900005005');
    expect((await t.call('/data/auth/note/log/save', { periodId: periods[3], content: '偷看' }, c.headers)).msg).toBe(
      '请先购买课程',
    );
    expect((await t.call('/data/auth/note/log/save', { periodId: periods[0], content: '   ' }, c.headers)).msg).toBe(
      '请填写笔记内容',
    );
    expect((await t.call('/data/auth/note/log/save', { periodId: 'p1', content: 'x' }, c.headers)).code).toBe(999);
    const noId = await t.raw({ method: 'DELETE', url: '/apis/data/auth/note/log/delete', headers: { token: c.token } });
    expect(noId.json().code).toBe(999);
    const badId = await t.raw({
      method: 'DELETE',
      url: '/apis/data/auth/note/log/delete?id=1e5',
      headers: { token: c.token },
    });
    expect(badId.json().code).toBe(999);
  });
});

describe('a report is stored before it is answered', () => {
  it('leaves nothing waiting in memory once the report is answered', async () => {
    const study = new StudyService(
      t.platform,
      new PeriodAccessCache(t.platform, t.services.entitlement),
      t.services.courses,
    );
    const learner = await newUser(t, '13900005099');
    await t.services.entitlement.grant(t.siteId, BigInt(learner.id), BigInt(courseId), 2, null, null);
    const me = BigInt(learner.id);
    for (const [i, p] of periods.entries()) {
      await study.report(t.siteId, me, {
        periodId: p,
        reportId: rid(),
        currentPosition: 2,
        watchedRanges: [[0, 2]],
        event: 'play',
      });
      expect(study.pendingCount()).toBe(0);
      expect(await study.reportTotal(t.siteId, me)).toBe(i + 1);
    }
    // many at once are written together, each answered after its write
    const sent = await Promise.all(
      periods.map((p) =>
        study.report(t.siteId, me, {
          periodId: p,
          reportId: rid(),
          currentPosition: 4,
          watchedRanges: [[2, 4]],
          event: 'heartbeat',
        }),
      ),
    );
    expect(sent.map((r) => r.watchedSec)).toEqual(periods.map(() => 4));
    expect(await study.reportTotal(t.siteId, me)).toBe(periods.length * 2);
    await study.stop();
  });

  it('shares a lesson between two processes through the database: ranges merge and nothing is counted twice or lost', async () => {
    const other = new StudyService(
      t.platform,
      new PeriodAccessCache(t.platform, t.services.entitlement),
      t.services.courses,
    );
    const learner = await newUser(t, '13900005098');
    await t.services.entitlement.grant(t.siteId, BigInt(learner.id), BigInt(courseId), 2, null, null);
    const me = BigInt(learner.id);
    const p = periods[4]!;
    const row = async () =>
      (
        await t.platform.db
          .select()
          .from(userStudy)
          .where(and(eq(userStudy.userId, me), eq(userStudy.periodId, BigInt(p))))
      )[0];
    const a = await t.services.study.report(t.siteId, me, {
      periodId: p,
      reportId: rid(),
      currentPosition: 10,
      watchedRanges: [[0, 10]],
      event: 'play',
    });
    expect(a.watchedSec).toBe(10);
    const b = await other.report(t.siteId, me, {
      periodId: p,
      reportId: rid(),
      currentPosition: 10,
      watchedRanges: [[0, 10]],
      event: 'heartbeat',
    });
    expect(b).toMatchObject({ watchedSec: 10, watchedUntil: 10 });
    // this process's copy is behind the stored row now: the report is applied again to the row and stored over it
    const c = await t.services.study.report(t.siteId, me, {
      periodId: p,
      reportId: rid(),
      currentPosition: 12,
      watchedRanges: [[10, 12]],
      event: 'heartbeat',
    });
    expect(c).toMatchObject({ watchedSec: 12, currentPosition: 12 });
    expect(await row()).toMatchObject({ reportCount: 3, watchedSec: 12 });
    const same = rid();
    const both = await Promise.all([
      t.services.study.report(t.siteId, me, {
        periodId: p,
        reportId: same,
        currentPosition: 14,
        watchedRanges: [[12, 14]],
        event: 'heartbeat',
      }),
      other.report(t.siteId, me, {
        periodId: p,
        reportId: same,
        currentPosition: 14,
        watchedRanges: [[12, 14]],
        event: 'heartbeat',
      }),
    ]);
    expect(both.map((r) => r.watchedSec)).toEqual([14, 14]);
    await other.stop();
    expect(await row()).toMatchObject({ reportCount: 4, watchedSec: 14 });
  });

  it('writes every accepted report when the server closes', async () => {
    const learners = await Promise.all([0, 1, 2].map((i) => newUser(t, `1390000510${i}`)));
    for (const l of learners)
      await t.services.entitlement.grant(t.siteId, BigInt(l.id), BigInt(courseId), 2, null, null);
    await t.services.study.flush();
    const before = await t.services.study.reportTotal(t.siteId);
    const sent = await Promise.all(
      learners.flatMap((l) =>
        periods.map((p) =>
          report(l, { periodId: p, reportId: rid(), currentPosition: 3, watchedRanges: [[0, 3]], event: 'play' }),
        ),
      ),
    );
    expect(sent.every((r) => r.code === 200)).toBe(true);
    await t.app.close();
    expect(await t.services.study.reportTotal(t.siteId)).toBe(before + sent.length);
  });
});
