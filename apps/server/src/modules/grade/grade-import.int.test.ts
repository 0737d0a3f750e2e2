import ExcelJS from 'exceljs';
import { multipartBody } from '../../testing/multipart.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { callsAs, ok } from '../../testing/calls.ts';
import { demoUser, newUser, type TestUser } from '../../testing/people.ts';

let t: TestApp;
let teacher: TestUser;
let otherLecturer: TestUser;

const { call } = callsAs(() => t);
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
/** a class that needs approval, with no course: the spreadsheet is about its members only */
const newGrade = async (o: object = {}) =>
  ok(
    await call(
      '/exam/auth/grade/info/save',
      { gradeName: '名单导入班', capacity: 0, beginTime: day(-1), endTime: day(90), joinRule: 2, ...o },
      teacher,
    ),
  );
let mobileSeq = 0;
const student = (prefix: string) => newUser(t, `${prefix}${String(mobileSeq++).padStart(4, '0')}`);

beforeAll(async () => {
  t = await createTestApp();
  teacher = await demoUser(t, '13800000002');
  otherLecturer = await demoUser(t, '13800000004');
});
afterAll(async () => t?.close());

describe('adding members from a spreadsheet', () => {
  const xlsx = async (cells: (string | number)[]) => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('名单');
    ws.addRow(['手机号']);
    for (const c of cells) ws.addRow([c]);
    return Buffer.from(await wb.xlsx.writeBuffer());
  };
  const upload = async (gradeId: string, file: Buffer, who = teacher) => {
    const { payload, contentType } = multipartBody({ gradeId }, { name: 'members.xlsx', bytes: file });
    const res = await t.raw({
      method: 'POST',
      url: '/apis/exam/auth/grade/student/import',
      payload,
      headers: { 'content-type': contentType, token: who.token },
    });
    return res.json();
  };

  it('adds the good rows and says why each other row was refused', async () => {
    const g = await newGrade({ capacity: 4 });
    const [a, b, c, d, e] = await Promise.all([1, 2, 3, 4, 5].map(() => student('1390033')));
    ok(await call('/exam/auth/grade/student/add', { gradeId: g.id, mobile: a!.mobile }, teacher));
    const report = ok(
      await upload(
        g.id,
        await xlsx([a!.mobile, Number(b!.mobile), '1234', c!.mobile, b!.mobile, '13911119999', d!.mobile, e!.mobile]),
      ),
    );
    expect(report).toEqual({
      added: 3,
      refused: 5,
      rows: [
        { row: 2, mobile: a!.mobile, reason: '已是班级成员' },
        { row: 4, mobile: '1234', reason: '手机号格式不正确' },
        { row: 6, mobile: b!.mobile, reason: '与第 3 行重复' },
        { row: 7, mobile: '13911119999', reason: '该手机号尚未注册，请对方先注册' },
        { row: 9, mobile: e!.mobile, reason: '超出班级人数上限' },
      ],
    });
    expect(ok(await call('/exam/auth/grade/student/page', { gradeId: g.id }, teacher)).totalCount).toBe(4);
  });

  it("opens the class's courses to the members it adds at once, though what they had of classes was kept in memory", async () => {
    const g = await newGrade();
    const js = (await t.call('/course/api/course/list', { keyword: 'JavaScript 进阶' })).data.list[0].id;
    ok(await call('/exam/auth/grade/course/save', { gradeId: g.id, courseIds: [js] }, teacher));
    const s = await student('1390034');
    const isPay = async () => ok(await t.call('/course/auth/course/view', { courseId: js }, s.headers)).isPay as number;
    expect(await isPay()).toBe(0); // no class opens it: kept in memory now
    expect(ok(await upload(g.id, await xlsx([s.mobile]))).added).toBe(1);
    expect(await isPay()).toBe(1);
  });

  it('refuses a file that is not a spreadsheet, and anyone but the teacher', async () => {
    const g = await newGrade();
    expect((await upload(g.id, Buffer.from('not a spreadsheet'))).msg).toBe(
      '无法读取文件，请上传 .xlsx 格式的表格（可下载模板填写）',
    );
    expect((await upload(g.id, await xlsx(['13900000000']), otherLecturer)).msg).toBe('只有班主任可以进行此操作');
    const tpl = await t.raw({
      method: 'GET',
      url: '/apis/exam/auth/grade/student/template',
      headers: { token: teacher.token },
    });
    expect(tpl.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(tpl.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0]!.getCell('A1').value).toBe('手机号');
  });
});
