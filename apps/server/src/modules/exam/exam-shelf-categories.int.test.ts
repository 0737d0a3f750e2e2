import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { adminHeaders, demoUser, newUser, type TestUser } from '../../testing/people.ts';

let t: TestApp;
let admin: { headers: { token: string } };
let lecturer: TestUser;
let otherLecturer: TestUser;
let student: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminHeaders(t);
  lecturer = await demoUser(t, '13800000002');
  otherLecturer = await demoUser(t, '13800000004');
  student = await newUser(t, '13900009001');
});
afterAll(async () => t?.close());

const ok = (res: { code: number; msg: string; data: any }) => {
  expect(res.msg).toBe('');
  expect(res.code).toBe(200);
  return res.data;
};
const publicCategories = async () => ok(await t.call('/exam/api/grade/info/category', {}, { method: 'GET' }));
const names = (list: { categoryName: string }[]) => list.map((c) => c.categoryName);

describe('the administrator keeps the subjects and years', () => {
  const cat = (path: string, body: object) => t.call(`/exam/admin/exam/category/${path}`, body, admin);
  let subjectId: string;
  let yearId: string;
  let problemId: string;

  it('lists every category with what uses it, and only to the administrator', async () => {
    const all = ok(await cat('list', {}));
    const python = all.find((c: any) => c.categoryName === 'Python');
    expect(python).toMatchObject({ categoryType: 1, statusId: 1 });
    expect(python.problemCount).toBeGreaterThan(0);
    expect(python.paperCount).toBeGreaterThan(0);
    expect(ok(await cat('list', { categoryType: 2 })).every((c: any) => c.categoryType === 2)).toBe(true);
    expect((await t.call('/exam/admin/exam/category/list', {}, lecturer.headers)).code).toBe(306);
  });

  it('adds a subject and a year that the forms and filters offer at once, in the order given', async () => {
    const subject = ok(await cat('save', { categoryType: 1, categoryName: '数据结构', sort: 0 }));
    subjectId = subject.id;
    expect(subject).toMatchObject({
      categoryType: 1,
      categoryName: '数据结构',
      statusId: 1,
      problemCount: 0,
      paperCount: 0,
    });
    yearId = ok(await cat('save', { categoryType: 2, categoryName: '2030', sort: 99 })).id;
    const shown = await publicCategories();
    expect(shown.subjectList[0]).toMatchObject({ id: subjectId, categoryName: '数据结构' });
    expect(names(shown.yearList).at(-1)).toBe('2030');

    const made = ok(
      await t.call(
        '/exam/auth/exam/problem/save',
        { problemType: 3, problemContent: '栈是先进后出的', answer: ['A'], subjectId, yearId },
        lecturer.headers,
      ),
    );
    problemId = made.id;
    expect(made).toMatchObject({ subjectName: '数据结构', yearName: '2030' });
  });

  it('refuses a duplicate name, a change of type and an empty name, changing nothing', async () => {
    expect((await cat('save', { categoryType: 1, categoryName: 'python' })).msg).toBe(
      '已有名为“python”的科目，请换一个名称',
    );
    expect((await cat('update', { id: subjectId, categoryType: 2, categoryName: '数据结构' })).msg).toBe(
      '分类类型不能修改：这是一个科目，如需年份请新增',
    );
    expect((await cat('save', { categoryType: 1, categoryName: '  ' })).msg).toBe('请填写分类名称');
    expect((await cat('save', { categoryType: 3, categoryName: '其他' })).msg).toBe('请选择分类类型：科目或年份');
    expect((await cat('update', { id: '123456', categoryType: 1, categoryName: '不存在' })).msg).toBe(
      '分类不存在或已删除',
    );
    expect(
      names((await publicCategories()).subjectList).filter((n: string) => n.toLowerCase() === 'python'),
    ).toHaveLength(1);
  });

  it('renames and re-sorts: the problems carrying it show the new name', async () => {
    ok(await cat('update', { id: subjectId, categoryType: 1, categoryName: '算法与数据结构', sort: 500 }));
    expect(names((await publicCategories()).subjectList).at(-1)).toBe('算法与数据结构');
    const viewed = ok(
      await t.call(`/exam/auth/exam/problem/view/${problemId}`, undefined, { ...lecturer.headers, method: 'GET' }),
    );
    expect(viewed.subjectName).toBe('算法与数据结构');
  });

  it('stops a category: no longer offered nor accepted for new work, while old work keeps it and stays editable', async () => {
    const stopped = ok(
      await cat('update', { id: subjectId, categoryType: 1, categoryName: '算法与数据结构', sort: 500, statusId: 0 }),
    );
    expect(stopped).toMatchObject({ statusId: 0, problemCount: 1 });
    expect(names((await publicCategories()).subjectList)).not.toContain('算法与数据结构');
    const fresh = await t.call(
      '/exam/auth/exam/problem/save',
      { problemType: 3, problemContent: '队列是先进先出的', answer: ['A'], subjectId },
      lecturer.headers,
    );
    expect(fresh.msg).toBe('科目不存在或已停用，请重新选择');
    const edited = ok(
      await t.call(
        '/exam/auth/exam/problem/update',
        { id: problemId, problemType: 3, problemContent: '栈是后进先出的', answer: ['A'], subjectId, yearId },
        lecturer.headers,
      ),
    );
    expect(edited).toMatchObject({ problemContent: '栈是后进先出的', subjectName: '算法与数据结构' });
    const paper = await t.call(
      '/exam/auth/exam/audit/save',
      { examName: '停用科目的卷子', subjectId, answerTime: 10 },
      lecturer.headers,
    );
    expect(paper.msg).toBe('科目不存在或已停用，请重新选择');
    ok(await cat('update', { id: subjectId, categoryType: 1, categoryName: '算法与数据结构', sort: 500, statusId: 1 }));
    expect(names((await publicCategories()).subjectList)).toContain('算法与数据结构');
  });

  it('deletes only a category nothing uses', async () => {
    expect((await cat('delete', { id: subjectId })).msg).toBe(
      '科目“算法与数据结构”已有题目、试卷或学员的错题使用，不能删除；不再使用可以停用',
    );
    const spare = ok(await cat('save', { categoryType: 2, categoryName: '2031' }));
    expect(ok(await cat('delete', { id: spare.id }))).toBeNull();
    expect(names((await publicCategories()).yearList)).not.toContain('2031');
    expect((await cat('delete', { id: spare.id })).msg).toBe('分类不存在或已删除');
  });
});

describe('audit and shelf, as for courses', () => {
  let examId: string;
  const inCentre = async () =>
    ok(await t.call('/exam/api/exam/info/list', { examName: '上下架' })).list.map((p: any) => p.id);
  const putAway = (who: TestUser, isPutAway: number) =>
    t.call('/exam/auth/exam/audit/is/put/way', { id: examId, isPutAway }, who.headers);
  const inbox = async () =>
    ok(await t.call('/user/auth/msg/user/list', {}, lecturer.headers)).list.map((m: any) => m.msgText as string);

  it('cannot be shelved before approval; approval publishes and puts a new paper on the shelf', async () => {
    examId = ok(
      await t.call(
        '/exam/auth/exam/audit/save',
        { examName: '上下架测试卷', answerTime: 20, passScore: 1 },
        lecturer.headers,
      ),
    ).id;
    const single = ok(
      await t.call(
        '/exam/auth/exam/problem/save',
        { problemType: 1, problemContent: '2 + 2 = ?', options: [{ content: '3' }, { content: '4' }], answer: ['B'] },
        lecturer.headers,
      ),
    );
    ok(
      await t.call(
        '/exam/auth/exam/audit/save/exam/ref',
        { examId, sections: [{ titleName: '单选', problems: [{ problemId: single.id, score: 2 }] }] },
        lecturer.headers,
      ),
    );
    expect((await putAway(lecturer, 1)).msg).toBe('试卷还未发布：审核通过后才能上架或下架');
    ok(await t.call('/exam/auth/exam/audit/is/submit/audit', { id: examId }, lecturer.headers));
    expect(await inCentre()).toEqual([]);
    ok(await t.call('/exam/admin/exam/audit/audit', { id: examId, auditStatus: 1 }, admin));
    const mine = ok(await t.call('/exam/auth/exam/audit/list', { examName: '上下架' }, lecturer.headers));
    expect(mine.list[0]).toMatchObject({ auditStatus: 1, isPublished: 1, isPutAway: 1 });
    expect(await inCentre()).toEqual([examId]);
    expect((await inbox())[0]).toContain('已审核通过并发布，学员现在可以在考试中心参加');
  });

  it('only its lecturer takes it off the shelf; students then cannot find or start it, an attempt under way goes on', async () => {
    const started = ok(await t.call('/exam/auth/user/exam/record/examOnline', { examId }, student.headers));
    expect((await putAway(otherLecturer, 0)).msg).toBe('试卷不存在，或不是您创建的');
    expect(ok(await putAway(lecturer, 0))).toMatchObject({ isPublished: 1, isPutAway: 0 });
    expect(await inCentre()).toEqual([]);
    expect((await t.call('/exam/api/exam/info/view', { id: examId })).msg).toBe('该试卷已下架');
    const latecomer = await newUser(t, '13900009002');
    expect((await t.call('/exam/auth/user/exam/record/examOnline', { examId }, latecomer.headers)).msg).toBe(
      '该试卷已下架',
    );
    const resumed = ok(
      await t.call('/exam/auth/user/exam/record/continue', { recordId: started.recordId }, student.headers),
    );
    const problemId = resumed.sections[0].problems[0].id;
    ok(
      await t.call(
        '/exam/auth/user/exam/record/answer/save',
        { recordId: started.recordId, problemId, answer: ['B'] },
        student.headers,
      ),
    );
    expect(
      ok(await t.call('/exam/auth/user/exam/record/examFinish', { recordId: started.recordId }, student.headers)),
    ).toMatchObject({ status: 3, totalScore: 2 });
  });

  it('keeps the lecturer’s shelf choice through a later approval, until the lecturer puts it back', async () => {
    ok(
      await t.call(
        '/exam/auth/exam/audit/update',
        { id: examId, examName: '上下架测试卷（修订）', answerTime: 25, passScore: 1 },
        lecturer.headers,
      ),
    );
    ok(await t.call('/exam/auth/exam/audit/is/submit/audit', { id: examId }, lecturer.headers));
    ok(await t.call('/exam/admin/exam/audit/audit', { id: examId, auditStatus: 1 }, admin));
    const mine = ok(await t.call('/exam/auth/exam/audit/list', { examName: '上下架' }, lecturer.headers));
    expect(mine.list[0]).toMatchObject({ examName: '上下架测试卷（修订）', auditStatus: 1, isPutAway: 0 });
    expect(await inCentre()).toEqual([]);
    expect((await inbox())[0]).toContain('试卷目前是下架状态，上架后学员才能参加');
    ok(await putAway(lecturer, 1));
    expect(await inCentre()).toEqual([examId]);
    expect(ok(await t.call('/exam/api/exam/info/view', { id: examId })).answerTime).toBe(25);
  });
});
