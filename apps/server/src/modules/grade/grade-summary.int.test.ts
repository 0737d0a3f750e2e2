import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { callsAs, ok } from '../../testing/calls.ts';
import { demoUser, newUser, type TestUser } from '../../testing/people.ts';
import { coursePeriod } from '../../db/schema/course.ts';
import { userStudy } from '../../db/schema/study.ts';
import { newId } from '../../platform/ids.ts';

let t: TestApp;
let teacher: TestUser;
let js: string;
let react: string;

const { call, put } = callsAs(() => t);
const courseId = async (name: string) => (await t.call('/course/api/course/list', { keyword: name })).data.list[0].id;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
let seq = 0;
const student = (nickname: string) => newUser(t, `1390044${String(seq++).padStart(4, '0')}`, { nickname });
const exportOf = (gradeId: string, who: TestUser) =>
  t.raw({
    method: 'GET',
    url: `/apis/exam/auth/grade/summary/export?gradeId=${gradeId}`,
    headers: { token: who.token },
  });

/** Marks every lesson of the course's first `n` lessons as fully watched by the user. */
async function watch(who: TestUser, course: string, n: number) {
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
    });
  }
}

let gradeId: string;
let slow: TestUser;
let fast: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  teacher = await demoUser(t, '13800000002');
  js = await courseId('JavaScript 进阶');
  react = await courseId('React 从入门到项目实战');
  const g = ok(
    await call(
      '/exam/auth/grade/info/save',
      { gradeName: '排名测试班', capacity: 0, beginTime: day(-1), endTime: day(30), joinRule: 1 },
      teacher,
    ),
  );
  gradeId = g.id;
  ok(await call('/exam/auth/grade/course/save', { gradeId, courseIds: [js, react] }, teacher));
  slow = await student('慢同学');
  fast = await student('快同学');
  admin = await student('管理同学');
  for (const s of [slow, fast, admin]) ok(await call('/exam/auth/grade/student/grade/add', { gradeId }, s));
  await watch(fast, js, 3);
  await watch(slow, js, 1);
  const members = ok(await call('/exam/auth/grade/student/page', { gradeId }, teacher)).list;
  const adminMember = members.find((m: any) => m.userId === admin.id);
  ok(await put('/exam/auth/grade/student/update/admin', { id: adminMember.id, role: 2 }, teacher));
});
afterAll(async () => t?.close());

describe('the summary', () => {
  it('ranks members by mean progress on request, and keeps the member list’s order otherwise', async () => {
    const joined = ok(await call('/exam/auth/grade/summary', { gradeId }, teacher));
    // class admins first, then the latest to join
    expect(joined.list.map((r: any) => r.nickname)).toEqual(['管理同学', '快同学', '慢同学']);
    const ranked = ok(await call('/exam/auth/grade/summary', { gradeId, order: 1 }, teacher));
    expect(ranked.list.map((r: any) => r.nickname)).toEqual(['快同学', '慢同学', '管理同学']);
    expect(ranked.list[0].meanProgress).toBeGreaterThan(ranked.list[1].meanProgress);
    expect(ranked.list[2].meanProgress).toBe(0);
    const second = ok(
      await call('/exam/auth/grade/summary', { gradeId, order: 1, pageSize: 1, pageCurrent: 2 }, admin),
    );
    expect(second).toMatchObject({ totalCount: 3, list: [{ nickname: '慢同学' }] });
    expect((await call('/exam/auth/grade/summary', { gradeId, order: 5 }, teacher)).msg).toBe('排序方式不正确');
  });

  it('shows a member who joins and drops one who quits at once, in both orders', async () => {
    const names = async (order: number) =>
      ok(await call('/exam/auth/grade/summary', { gradeId, order }, teacher)).list.map((r: any) => r.nickname);
    expect(await names(0)).toEqual(['管理同学', '快同学', '慢同学']); // kept now
    const late = await student('新同学');
    ok(await call('/exam/auth/grade/student/grade/add', { gradeId }, late));
    expect(await names(0)).toEqual(['管理同学', '新同学', '快同学', '慢同学']);
    expect(await names(1)).toEqual(['快同学', '慢同学', '管理同学', '新同学']);
    ok(await put('/exam/auth/grade/student/quit', { gradeId }, late));
    expect(await names(0)).toEqual(['管理同学', '快同学', '慢同学']);
    expect(await names(1)).toEqual(['快同学', '慢同学', '管理同学']);
  });

  it('exports the ranking as a spreadsheet for the teacher alone', async () => {
    const res = await exportOf(gradeId, teacher);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain('排名测试班-学习统计.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([
      '排名',
      '昵称',
      '手机号',
      '身份',
      '加入时间',
      'JavaScript 进阶：异步与模块化（%）',
      'React 从入门到项目实战（%）',
      '平均进度（%）',
    ]);
    expect([2, 3, 4].map((n) => ws.getRow(n).getCell(2).value)).toEqual(['快同学', '慢同学', '管理同学']);
    expect(ws.getRow(2).getCell(3).value).toBe(fast.mobile);
    expect(ws.getRow(4).getCell(4).value).toBe('班级管理员');

    for (const who of [admin, slow, await demoUser(t, '13800000004')]) {
      const refused = await exportOf(gradeId, who);
      expect(refused.json()).toMatchObject({ code: 999, msg: '只有班主任可以进行此操作' });
    }
    expect((await exportOf('abc', teacher)).json().code).toBe(999);
  });
});

describe('the teacher’s lists', () => {
  it('finds members by part of a nickname or a mobile', async () => {
    const byName = ok(await call('/exam/auth/grade/student/page', { gradeId, keyword: '快' }, teacher));
    expect(byName.list.map((m: any) => m.userId)).toEqual([fast.id]);
    const byMobile = ok(
      await call('/exam/auth/grade/student/page', { gradeId, keyword: slow.mobile.slice(-4) }, teacher),
    );
    expect(byMobile.list.map((m: any) => m.userId)).toEqual([slow.id]);
    expect(ok(await call('/exam/auth/grade/student/page', { gradeId, keyword: '%' }, teacher)).totalCount).toBe(0);
  });

  it('counts waiting applications on the classes I teach or administer, and on no one else’s view', async () => {
    const g = ok(
      await call(
        '/exam/auth/grade/info/save',
        { gradeName: '待审核班', capacity: 0, beginTime: day(-1), endTime: day(30), joinRule: 2 },
        teacher,
      ),
    );
    const applicant = await student('申请同学');
    ok(await call('/exam/auth/grade/student/grade/add', { gradeId: g.id }, applicant));
    const mine = ok(await call('/exam/auth/grade/info/page', { scope: 'teacher' }, teacher)).list;
    expect(mine.find((x: any) => x.id === g.id).pendingApplyCount).toBe(1);
    expect(mine.find((x: any) => x.id === gradeId).pendingApplyCount).toBe(0);
    expect(ok(await call('/exam/auth/grade/info/view', { id: g.id }, applicant)).pendingApplyCount).toBe(0);
    expect(ok(await call('/exam/api/grade/info/view', { id: g.id })).pendingApplyCount).toBe(0);
  });
});
