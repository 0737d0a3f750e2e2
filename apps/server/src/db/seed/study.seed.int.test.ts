import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { demoUser } from '../../testing/people.ts';
import { newId } from '../../platform/ids.ts';
import { course, coursePeriod } from '../schema/course.ts';
import { userStudy } from '../schema/study.ts';
import { user } from '../schema/user.ts';
import { userInfoKey } from '../../modules/user/user.repo.ts';
import { MEMBERS } from './order.seed.ts';
import { studySeeder } from './study.seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('the demo study history', () => {
  it('is empty without demo videos; with them each member studied two open courses, all but the last lesson finished, and joined the free ones', async () => {
    expect(await t.platform.db.select().from(userStudy)).toEqual([]);

    // what the demo videos seeder leaves: every video lesson has a video, its length not yet known
    const periods = await t.platform.db
      .select({ id: coursePeriod.id })
      .from(coursePeriod)
      .innerJoin(course, and(eq(course.siteId, coursePeriod.siteId), eq(course.id, coursePeriod.courseId)))
      .where(and(eq(coursePeriod.siteId, t.siteId), eq(course.courseType, 1)));
    await t.platform.db
      .update(coursePeriod)
      .set({ videoId: newId() })
      .where(
        inArray(
          coursePeriod.id,
          periods.map((l) => l.id),
        ),
      );
    await studySeeder.run(t.platform, { siteId: t.siteId, publicUrl: 'http://localhost:3000' });

    const rows = await t.platform.db.select().from(userStudy);
    const members = await t.platform.db
      .select({ id: user.id, mobile: user.mobile })
      .from(user)
      .where(
        inArray(
          user.mobile,
          MEMBERS.map((m) => m.mobile),
        ),
      );
    const student = await demoUser(t, '13800000001');
    expect(rows.some((r) => r.userId === BigInt(student.id))).toBe(false);
    const open = await t.platform.db
      .select({ id: course.id, isFree: course.isFree, isVipFree: course.isVipFree, countStudy: course.countStudy })
      .from(course)
      .where(eq(course.siteId, t.siteId));
    // each course counts the members who studied it (人在学)
    for (const c of open)
      expect(c.countStudy, String(c.id)).toBe(
        new Set(rows.filter((r) => r.courseId === c.id).map((r) => r.userId)).size,
      );
    for (const [i, m] of members.sort((a, b) => a.mobile.localeCompare(b.mobile)).entries()) {
      const mine = rows.filter((r) => r.userId === m.id);
      const courses = [...new Set(mine.map((r) => r.courseId))];
      expect(courses).toHaveLength(2);
      for (const c of courses) {
        const info = open.find((o) => o.id === c)!;
        expect(info.isFree === 1 || info.isVipFree === 1).toBe(true);
        const of = mine.filter((r) => r.courseId === c).sort((a, b) => a.gmtCreate.getTime() - b.gmtCreate.getTime());
        expect(of).toHaveLength(3 + i);
        expect(of.slice(0, -1).every((r) => r.isFinish === 1 && r.percent === 100)).toBe(true);
        expect(of.at(-1)).toMatchObject({ isFinish: 0, percent: 40, watchedSec: 4, currentPosition: 4 });
        expect(of.every((r) => r.lastReportAt! < new Date())).toBe(true);
      }
    }

    // the free ones are joined, as opening their first lesson does; with the ones free for members, studied as one,
    // they are the member's 我的课程
    const first = await demoUser(t, MEMBERS[0]!.mobile);
    const myCourses = async () =>
      (await t.call('/course/auth/user/order/course/ref/list', { pageCurrent: 1, pageSize: 20 }, first.headers)).data;
    const studied = [...new Set(rows.filter((r) => r.userId === BigInt(first.id)).map((r) => r.courseId))];
    const isFree = (id: string) => open.find((o) => String(o.id) === id)!.isFree === 1;
    expect(studied.some((c) => isFree(String(c)))).toBe(true);
    expect(studied.some((c) => !isFree(String(c)))).toBe(true);
    const mine = await myCourses();
    expect(mine.totalCount).toBe(studied.length);
    expect(mine.list.map((c: { id: string }) => c.id).sort()).toEqual(studied.map(String).sort());
    for (const c of mine.list as {
      id: string;
      buyType: number;
      studyPercent: number;
      isExpired: number;
      expireTime: string;
    }[]) {
      expect(c.studyPercent).toBeGreaterThan(0);
      if (isFree(c.id)) expect(c).toMatchObject({ buyType: 0, isExpired: 0, expireTime: '' });
      else
        expect(c).toMatchObject({
          buyType: 4,
          isExpired: 0,
          expireTime: (await t.call('/user/auth/user/ext/view', {}, first.headers)).data.vipExpireTime,
        });
    }
    // when the membership ends, those stay listed as ended, and the free ones stay open
    await t.platform.db
      .update(user)
      .set({ vipExpireAt: new Date(Date.now() - 1000) })
      .where(eq(user.id, BigInt(first.id)));
    await t.platform.cache.kv.del(userInfoKey(t.siteId, BigInt(first.id)));
    const after = (await myCourses()).list as { id: string; buyType: number; isExpired: number }[];
    expect(after.map((c) => [c.id, c.buyType, c.isExpired]).sort()).toEqual(
      mine.list.map((c: { id: string; buyType: number }) => [c.id, c.buyType, c.buyType === 4 ? 1 : 0]).sort(),
    );

    const wang = await demoUser(t, '13800000002');
    const page = (
      await t.call('/course/auth/course/learner/course/page', { pageCurrent: 1, pageSize: 20 }, wang.headers)
    ).data;
    expect(page.list.some((c: { learnerCount: number }) => c.learnerCount > 0)).toBe(true);
  });
});
