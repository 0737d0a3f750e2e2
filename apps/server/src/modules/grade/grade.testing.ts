import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { callsAs, ok } from '../../testing/calls.ts';
import { demoUser, newUser, type TestUser } from '../../testing/people.ts';
import { PeriodAccessCache } from '../course/index.ts';

/**
 * The demo world the class tests share: its teacher and another lecturer, two of the teacher's courses, a paid
 * lesson, and the calls the tests make of them. `useGradeWorld()` in a test file makes it in that file's
 * `beforeAll`; the bindings below are read at each use.
 */
export let t: TestApp;
export let teacher: TestUser;
export let otherLecturer: TestUser;
export let js: string;
export let react: string;
/** a paid lesson of the JavaScript course (not in its free chapter) */
export let paidPeriod: string;
/** the answers progress reports are checked by, kept in memory */
export let cache: PeriodAccessCache;

export function useGradeWorld(): void {
  beforeAll(async () => {
    t = await createTestApp();
    teacher = await demoUser(t, '13800000002');
    otherLecturer = await demoUser(t, '13800000004');
    js = await courseId('JavaScript 进阶');
    react = await courseId('React 从入门到项目实战');
    const view = (await t.call('/course/api/course/view', { courseId: js })).data;
    paidPeriod = view.chapterList.find((c: { isFree: number }) => c.isFree === 0).periodList[0].id;
    cache = new PeriodAccessCache(t.platform, t.services.entitlement);
  });
  afterAll(async () => t?.close());
}

export const { call, put } = callsAs(() => t);
export const courseId = async (name: string) =>
  (await t.call('/course/api/course/list', { keyword: name })).data.list[0].id;
export const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
export const fields = (o: object = {}) => ({
  gradeName: '前端进阶一班',
  introduction: '一学期的 JavaScript 与 React 进阶',
  capacity: 0,
  beginTime: day(-1),
  endTime: day(90),
  joinRule: 2,
  ...o,
});
export const newGrade = async (o: object = {}, courses = [js, react]) => {
  const g = ok(await call('/exam/auth/grade/info/save', fields(o), teacher));
  ok(await call('/exam/auth/grade/course/save', { gradeId: g.id, courseIds: courses }, teacher));
  return g;
};
export const play = (who: TestUser | null, periodId = paidPeriod) =>
  t.services.entitlement.playablePeriod(t.siteId, who ? BigInt(who.id) : null, BigInt(periodId)).then(
    () => 'ok',
    (e: Error) => e.message,
  );
export const viaCache = (who: TestUser, periodId = paidPeriod) =>
  cache.access(t.siteId, BigInt(who.id), BigInt(periodId)).then(
    () => 'ok',
    (e: Error) => e.message,
  );
let mobileSeq = 0;
export const student = (prefix = '1390022') => newUser(t, `${prefix}${String(mobileSeq++).padStart(4, '0')}`);
export const memberId = async (gradeId: string, userId: string) => {
  const page = ok(await call('/exam/auth/grade/student/page', { gradeId, pageSize: 100 }, teacher));
  return page.list.find((m: { userId: string }) => m.userId === userId)?.id as string;
};
