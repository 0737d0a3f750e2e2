import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { newUser, type TestUser } from '../../testing/people.ts';
import { newId } from '../../platform/ids.ts';
import { userStudy } from '../../db/schema/study.ts';
import { commentRepo } from './comment.repo.ts';
import { courseRepo } from './course.repo.ts';
import { entitlementRepo } from './entitlement.repo.ts';

/**
 * The course page's reads are asked by many pages at once and answered many to a statement (platform/batched-read):
 * asked in one turn, each must still get what it gets asked alone.
 */
let t: TestApp;
let a: TestUser;
let b: TestUser;
let paid: bigint;
let free: bigint;
/** the paid course's first two lessons, the second studied last */
let studied: bigint[];
/** the free course's first lesson, which the other learner studied */
let freeLesson: bigint;
const unknown = 123n;

const idOf = async (keyword: string) =>
  BigInt((await t.call('/course/api/course/list', { keyword })).data.list[0].id as string);

/** Each ask run alone, one after the other, then all of them in one turn: the two lists of answers. */
async function aloneAndTogether<A, R>(asks: A[], read: (ask: A) => Promise<R>): Promise<[R[], R[]]> {
  const alone: R[] = [];
  for (const ask of asks) alone.push(await read(ask));
  const together = await Promise.all(asks.map(read));
  return [alone, together];
}

beforeAll(async () => {
  t = await createTestApp();
  a = await newUser(t, '13900009101');
  b = await newUser(t, '13900009102');
  paid = await idOf('Python 网络爬虫入门');
  free = await idOf('SQL 数据查询入门');
  await t.services.entitlement.grant(t.siteId, BigInt(a.id), paid, 2, null, null);
  await t.call('/course/auth/course/collection/save', { courseId: String(paid) }, a.headers);
  for (const text of ['第一条', '第二条', '第三条'])
    await t.call('/course/auth/course/comment/save', { courseId: String(paid), commentText: text }, a.headers);
  await t.call('/course/auth/course/comment/save', { courseId: String(free), commentText: '免费课真好' }, b.headers);
  const chapters = (await t.call('/course/api/course/view', { courseId: String(paid) })).data.chapterList;
  const periods = chapters.flatMap((c: any) => c.periodList.map((p: any) => [BigInt(c.id), BigInt(p.id)]));
  studied = periods.slice(0, 2).map((p: bigint[]) => p[1]);
  const freeChapter = (await t.call('/course/api/course/view', { courseId: String(free) })).data.chapterList[0];
  freeLesson = BigInt(freeChapter.periodList[0].id);
  const row = (
    userId: string,
    courseId: bigint,
    [chapterId, periodId]: bigint[],
    percent: number,
    minutesAgo: number,
  ) => ({
    id: newId(),
    siteId: t.siteId,
    userId: BigInt(userId),
    courseId,
    chapterId: chapterId!,
    periodId: periodId!,
    percent,
    gmtModified: new Date(Date.now() - minutesAgo * 60_000),
  });
  await t.platform.db
    .insert(userStudy)
    .values([
      row(a.id, paid, periods[0], 100, 2),
      row(a.id, paid, periods[1], 20, 1),
      row(b.id, free, [BigInt(freeChapter.id), freeLesson], 50, 1),
    ]);
});
afterAll(async () => t?.close());

describe('reads asked together', () => {
  it("answer each reader's entitlement and favourite their own", async () => {
    const repo = entitlementRepo(t.platform.db);
    const asks = [
      [a, paid],
      [b, paid],
      [a, free],
      [a, paid],
      [b, unknown],
    ] as const;
    const [alone, together] = await aloneAndTogether([...asks], ([who, course]) =>
      repo.forReader(t.siteId, BigInt(who.id), course),
    );
    expect(together).toEqual(alone);
    expect(together.map((r) => [r.row?.buyType, r.isCollect])).toEqual([
      [2, true],
      [undefined, false],
      [undefined, false],
      [2, true],
      [undefined, false],
    ]);
  });

  it("answer each learner's progress in the courses they asked for", async () => {
    const of = (...ids: bigint[]) => ids.map((id) => ({ id, periodTotal: 10 }));
    const asks: [TestUser, { id: bigint; periodTotal: number }[]][] = [
      [a, of(paid, free)],
      [b, of(paid, free)],
      [a, of(paid)],
      [a, []],
      [a, of(free)],
    ];
    const [alone, together] = await aloneAndTogether(asks, ([who, courses]) =>
      t.services.study.summaries(t.siteId, BigInt(who.id), courses),
    );
    expect(together).toEqual(alone);
    const shown = (m: (typeof together)[number]) => [...m].map(([id, s]) => [id, s.studyPercent, s.lastPeriodId]);
    // the mean of 100 % and 20 % over ten lessons, and the lesson studied last
    const inPaid = [paid, 12, String(studied[1])];
    expect(together.map(shown)).toEqual([
      [inPaid, [free, 0, '']],
      [
        [paid, 0, ''],
        [free, 5, String(freeLesson)],
      ],
      [inPaid],
      [],
      [[free, 0, '']],
    ]);
  });

  it("answer each course's first page of comments, newest first, at each page's size", async () => {
    const repo = commentRepo(t.platform.db);
    const asks: [bigint, number][] = [
      [paid, 2],
      [free, 10],
      [paid, 10],
      [unknown, 10],
    ];
    const [alone, together] = await aloneAndTogether(asks, ([course, pageSize]) =>
      repo.page(t.siteId, course, { pageCurrent: 1, pageSize }),
    );
    expect(together).toEqual(alone);
    expect(together.map((p) => [p.rows.map((r) => r.commentText), p.total])).toEqual([
      [['第三条', '第二条'], 3],
      [['免费课真好'], 1],
      [['第三条', '第二条', '第一条'], 3],
      [[], 0],
    ]);
  });

  it('answer each course with its own chapters, lessons and files', async () => {
    const repo = courseRepo(t.platform.db);
    const [alone, together] = await aloneAndTogether([paid, free, paid, unknown], (course) =>
      repo.courseWithStructure(t.siteId, course),
    );
    expect(together).toEqual(alone);
    expect(together.map((s) => s?.course.id)).toEqual([paid, free, paid, undefined]);
    expect(together[0]!.periods.every((p) => together[0]!.chapters.some((c) => c.id === p.chapterId))).toBe(true);
    expect(together[1]!.periods.map((p) => p.id)).not.toEqual(together[0]!.periods.map((p) => p.id));
  });
});
