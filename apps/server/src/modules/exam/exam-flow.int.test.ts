import { and, count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { adminHeaders, demoUser, drainJobs, newUser, type TestUser } from '../../testing/people.ts';
import { examAnswer, examRecord } from '../../db/schema/exam-attempt.ts';
import { job } from '../../db/schema/platform.ts';
import { keysOf } from './exam.testing.ts';

let t: TestApp;
let admin: { headers: { token: string } };
let lecturer: TestUser;
let otherLecturer: TestUser;
let student: TestUser;
let stranger: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminHeaders(t);
  lecturer = await demoUser(t, '13800000002');
  otherLecturer = await demoUser(t, '13800000004');
  student = await demoUser(t, '13800000001');
  stranger = await newUser(t, '13900007001');
});
afterAll(async () => t?.close());

const ok = (res: { code: number; msg: string; data: any }) => {
  expect(res.msg).toBe('');
  expect(res.code).toBe(200);
  return res.data;
};

let subjectId: string;
const ids = {} as Record<'single' | 'multi' | 'judge' | 'fill' | 'short' | 'material' | 'child1' | 'child2', string>;
let examId: string;
let recordId: string;

describe('the lecturer builds a paper and the administrator approves it', () => {
  it('keeps a question bank of every type, each lecturer to their own', async () => {
    const cats = ok(await t.call('/exam/api/grade/info/category', {}, { method: 'GET' }));
    subjectId = cats.subjectList.find((c: any) => c.categoryName === 'Python').id;
    expect(cats.yearList.length).toBeGreaterThan(0);
    const save = (body: object) => t.call('/exam/auth/exam/problem/save', { subjectId, ...body }, lecturer.headers);
    ids.single = ok(
      await save({
        problemType: 1,
        problemContent: '<p>1 + 1 = ?</p><script>alert(1)</script>',
        options: [{ content: '1' }, { content: '2' }, { content: '3' }],
        answer: ['B'],
        analysis: '加法',
        score: 5,
      }),
    ).id;
    ids.multi = ok(
      await save({
        problemType: 2,
        problemContent: '选出偶数',
        options: [{ content: '2' }, { content: '3' }, { content: '4' }, { content: '5' }],
        answer: ['A', 'C'],
        analysis: '2 和 4',
      }),
    ).id;
    ids.judge = ok(await save({ problemType: 3, problemContent: '地球是圆的', answer: ['A'] })).id;
    ids.fill = ok(
      await save({ problemType: 4, problemContent: '打印函数 ____，长度函数 ____', answer: ['print', 'len|len()'] }),
    ).id;
    ids.short = ok(
      await save({ problemType: 5, problemContent: '谈谈你对缩进的理解', answer: ['缩进表示代码块'], score: 10 }),
    ).id;
    ids.material = ok(await save({ problemType: 6, problemContent: '阅读代码 x = [1, 2]' })).id;
    ids.child1 = ok(
      await save({
        problemType: 1,
        parentId: ids.material,
        problemContent: 'len(x) = ?',
        options: [{ content: '1' }, { content: '2' }],
        answer: ['B'],
      }),
    ).id;
    ids.child2 = ok(
      await save({ problemType: 4, parentId: ids.material, problemContent: 'x[0] = ____', answer: ['1'] }),
    ).id;

    const single = ok(
      await t.call(`/exam/auth/exam/problem/view/${ids.single}`, undefined, { ...lecturer.headers, method: 'GET' }),
    );
    expect(single.problemContent).toBe('<p>1 + 1 = ?</p>');
    expect(single.options.map((o: any) => o.key)).toEqual(['A', 'B', 'C']);
    const material = ok(
      await t.call(`/exam/auth/exam/problem/view?id=${ids.material}`, undefined, {
        ...lecturer.headers,
        method: 'GET',
      }),
    );
    expect(material.children.map((c: any) => c.id)).toEqual([ids.child1, ids.child2]);

    expect(
      (
        await save({
          problemType: 1,
          problemContent: '没有答案',
          options: [{ content: 'a' }, { content: 'b' }],
          answer: [],
        })
      ).msg,
    ).toBe('单选题请选择 1 个正确答案');
    expect((await save({ problemType: 3, problemContent: '判断', answer: ['对'] })).msg).toBe(
      '判断题答案请选择 A（正确）或 B（错误）',
    );
    expect(
      (await t.call('/exam/auth/exam/problem/save', { problemType: 5, problemContent: '学员出题' }, student.headers))
        .msg,
    ).toBe('只有讲师可以使用此功能，请先申请成为讲师');
    const theirs = await t.call(
      '/exam/auth/exam/problem/update',
      {
        id: ids.single,
        problemType: 1,
        problemContent: '改掉',
        options: [{ content: 'x' }, { content: 'y' }],
        answer: ['A'],
      },
      otherLecturer.headers,
    );
    expect(theirs.msg).toBe('题目不存在，或不是您创建的');
    expect(
      (await t.call('/exam/auth/exam/video/ref', { problemId: ids.single, videoId: '123456' }, lecturer.headers)).msg,
    ).toBe('讲解视频不存在，请从自己的视频库中选择');
    expect(
      ok(await t.call('/exam/auth/exam/video/ref', { problemId: ids.single, videoId: '' }, lecturer.headers)).videoId,
    ).toBe('');
    const edited = ok(
      await t.call(
        '/exam/auth/exam/problem/update',
        { id: ids.judge, problemType: 3, problemContent: '地球近似是球体', answer: ['A'] },
        lecturer.headers,
      ),
    );
    expect(edited).toMatchObject({
      problemContent: '地球近似是球体',
      answer: ['A'],
      options: [
        { key: 'A', content: '正确' },
        { key: 'B', content: '错误' },
      ],
    });
    expect(
      (
        await t.call(`/exam/auth/exam/problem/view/${ids.single}`, undefined, {
          ...otherLecturer.headers,
          method: 'GET',
        })
      ).msg,
    ).toBe('题目不存在，或不是您创建的');
  });

  it('composes sections by hand, submits, and publishes on approval', async () => {
    const paper = ok(
      await t.call(
        '/exam/auth/exam/audit/save',
        { examName: '流程测试卷', subjectId, answerTime: 30, passScore: 20, partialRule: 1 },
        lecturer.headers,
      ),
    );
    examId = paper.id;
    expect(paper).toMatchObject({ auditStatus: 3, isPublished: 0 });
    expect((await t.call('/exam/auth/exam/audit/is/submit/audit', { id: examId }, lecturer.headers)).msg).toBe(
      '试卷还没有题目，请先组卷',
    );
    const composed = ok(
      await t.call(
        '/exam/auth/exam/audit/save/exam/ref',
        {
          examId,
          sections: [
            {
              titleName: '客观题',
              problems: [ids.single, ids.multi, ids.judge, ids.fill].map((problemId) => ({ problemId, score: 4 })),
            },
            {
              titleName: '主观与材料',
              problems: [
                { problemId: ids.short, score: 10 },
                { problemId: ids.material, score: 1 },
              ],
            },
          ],
        },
        lecturer.headers,
      ),
    );
    // material problems score as the sum of their sub-problems (2 + 2)
    expect(composed).toMatchObject({ totalScore: 30, problemCount: 7 });
    expect(composed.sections[1].problems[1].problem.children).toHaveLength(2);
    expect(
      (
        await t.call(
          '/exam/auth/exam/audit/save/exam/ref',
          { examId, sections: [{ titleName: 'x', problems: [{ problemId: ids.child1, score: 2 }] }] },
          lecturer.headers,
        )
      ).msg,
    ).toBe('材料题的小题不能单独组卷，请选择它所属的材料题');
    expect((await t.call('/exam/auth/exam/problem/delete', { id: ids.single }, lecturer.headers)).msg).toBe(
      '该题目已被试卷使用，请先从试卷中移除',
    );
    expect(
      ok(await t.call('/exam/auth/exam/audit/is/submit/audit', { id: examId }, lecturer.headers)).auditStatus,
    ).toBe(0);

    const pending = ok(await t.call('/exam/admin/exam/audit/page', { auditStatus: 0, examName: '流程测试' }, admin));
    expect(pending.list).toHaveLength(1);
    expect(pending.list[0]).toMatchObject({ lecturerMobile: '13800000002' });
    expect((await t.call('/exam/api/exam/info/view', { id: examId })).msg).toBe('试卷不存在或已删除');
    expect(ok(await t.call('/exam/admin/exam/audit/audit', { id: examId, auditStatus: 1 }, admin)).auditStatus).toBe(1);
    const edit = { id: ids.judge, problemType: 3, problemContent: '地球是方的', answer: ['B'] };
    expect((await t.call('/exam/auth/exam/problem/update', edit, lecturer.headers)).msg).toBe(
      '该题目已用于已发布的试卷，修改会影响学员的成绩；请新建一道题，并在试卷中替换',
    );
    expect(
      (
        await t.call(
          '/exam/auth/exam/problem/save',
          { problemType: 5, parentId: ids.material, problemContent: '再加一问' },
          lecturer.headers,
        )
      ).msg,
    ).toBe('该题目已用于已发布的试卷，修改会影响学员的成绩；请新建一道题，并在试卷中替换');
    expect((await t.call('/exam/admin/exam/audit/audit', { id: examId, auditStatus: 1 }, admin)).msg).toBe(
      '该试卷不在待审核状态，请刷新列表',
    );

    const list = ok(await t.call('/exam/api/exam/info/list', { examName: '流程测试' }));
    expect(list.list.map((p: any) => p.examName)).toEqual(['流程测试卷']);
    const detail = ok(await t.call('/exam/api/exam/info/view', { id: examId }));
    expect(detail.sections).toEqual([
      { titleName: '客观题', score: 16, problemCount: 4 },
      { titleName: '主观与材料', score: 14, problemCount: 3 },
    ]);
    expect(keysOf(detail).has('answer')).toBe(false);
  });
});

describe('a student sits the paper', () => {
  let attempt: any;
  const shownKey = (problemId: string, content: string) => {
    const all = attempt.sections.flatMap((s: any) => s.problems.flatMap((p: any) => [p, ...p.children]));
    return all.find((p: any) => p.id === problemId).options.find((o: any) => o.content === content).key;
  };

  it('starts with a server deadline and never sees answers or analysis', async () => {
    attempt = ok(await t.call('/exam/auth/user/exam/record/examOnline', { examId }, student.headers));
    recordId = attempt.recordId;
    expect(attempt.remainingSeconds).toBeGreaterThan(29 * 60);
    expect(attempt.remainingSeconds).toBeLessThanOrEqual(30 * 60);
    const keys = keysOf(attempt);
    expect(keys.has('answer') || keys.has('analysis') || keys.has('rightAnswer')).toBe(false);
    expect(attempt.answers).toEqual([]);
    const again = ok(await t.call('/exam/auth/user/exam/record/examOnline', { examId }, student.headers));
    expect(again.recordId).toBe(recordId);
    const view = ok(await t.call('/exam/auth/exam/view', { id: examId }, student.headers));
    // an attempt still being answered is not a sitting: 已考 counts handed-in attempts only
    expect(view).toMatchObject({ canStart: 1, recordId, attemptCount: 0, bestScore: 0 });
    const sat = ok(await t.call('/exam/auth/user/exam/list', {}, student.headers));
    expect(sat.list.find((x: any) => x.examId === examId)).toMatchObject({ attemptCount: 0, lastStatus: 1 });
  });

  it('saves each answer idempotently and restores them all on continue', async () => {
    const save = (problemId: string, answer: string[], who = student) =>
      t.call('/exam/auth/user/exam/record/answer/save', { recordId, problemId, answer }, who.headers);
    const first = ok(await save(ids.single, [shownKey(ids.single, '2')]));
    expect(first).toMatchObject({ problemId: ids.single, saved: 1 });
    ok(await save(ids.single, [shownKey(ids.single, '2')]));
    ok(await save(ids.multi, [shownKey(ids.multi, '2')]));
    ok(await save(ids.judge, ['B']));
    ok(await save(ids.fill, [' PRINT ', 'len()']));
    ok(await save(ids.short, ['缩进决定代码块']));
    ok(await save(ids.child1, [shownKey(ids.child1, '2')]));
    const [rows] = await t.platform.db
      .select({ n: count() })
      .from(examAnswer)
      .where(eq(examAnswer.recordId, BigInt(recordId)));
    expect(rows!.n).toBe(6);

    expect((await save(ids.single, ['Z'])).msg).toBe('所选选项不存在，请刷新页面后重试');
    expect((await save('123456', ['A'])).msg).toBe('这道题不在本试卷中，请刷新页面后重试');
    expect((await save(ids.single, ['A'], stranger)).msg).toBe('考试记录不存在');
    expect((await t.call('/exam/auth/user/exam/record/continue', { recordId }, stranger.headers)).msg).toBe(
      '考试记录不存在',
    );

    const resumed = ok(await t.call('/exam/auth/user/exam/record/continue', { recordId }, student.headers));
    expect(resumed.sections).toEqual(attempt.sections);
    const byId = new Map(resumed.answers.map((a: any) => [a.problemId, a.answer]));
    expect(byId.get(ids.fill)).toEqual([' PRINT ', 'len()']);
    expect(byId.get(ids.single)).toEqual([shownKey(ids.single, '2')]);
    expect(byId.size).toBe(6);
  });

  it('scores objective problems at once and queues the short answer for the lecturer', async () => {
    expect((await t.call('/exam/auth/user/exam/answer/view', { recordId }, student.headers)).msg).toBe(
      '交卷后才能查看答案与解析',
    );
    // the sub-problem answered offline arrives with the submission
    const done = ok(
      await t.call(
        '/exam/auth/user/exam/record/examFinish',
        { recordId, answers: [{ problemId: ids.child2, answer: ['1'] }] },
        student.headers,
      ),
    );
    // single 4 + multi half 2 + judge 0 + fill 4 + material 2 + 2
    expect(done).toMatchObject({ status: 2, objectiveScore: 14, totalScore: 14, waitMarkCount: 1, isAutoSubmit: 0 });
    const again = ok(await t.call('/exam/auth/user/exam/record/examFinish', { recordId }, student.headers));
    expect(again.objectiveScore).toBe(14);
    const view = ok(await t.call('/exam/auth/exam/view', { id: examId }, student.headers));
    expect(view).toMatchObject({ recordId: '', attemptCount: 1, bestScore: 14 });
    expect(
      (
        await t.call(
          '/exam/auth/user/exam/record/answer/save',
          { recordId, problemId: ids.judge, answer: ['A'] },
          student.headers,
        )
      ).msg,
    ).toBe('这次考试已交卷，答案不能再修改');

    expect((await t.call('/exam/auth/user/exam/answer/view', { recordId }, stranger.headers)).msg).toBe(
      '考试记录不存在',
    );
    const result = ok(await t.call('/exam/auth/user/exam/answer/view', { recordId }, student.headers));
    const objective = result.sections[0].problems;
    expect(objective.map((p: any) => p.result.score)).toEqual([4, 2, 0, 4]);
    expect(objective[2].problem).toMatchObject({ answer: ['A'] });
    expect(objective[0].problem.analysis).toBe('加法');
  });

  it('lets only the paper’s lecturer mark, then the score is final and the student is told', async () => {
    const mark = (who: TestUser, score: number) =>
      t.call(
        '/exam/auth/user/exam/answer/mark',
        { recordId, problemId: ids.short, score, markRemark: '不错' },
        who.headers,
      );
    expect((await mark(otherLecturer, 10)).msg).toBe('答卷不存在，或不是您试卷的答卷');
    expect((await mark(lecturer, 11)).msg).toBe('得分不能超过本题分值 10 分');
    const queue = ok(await t.call('/exam/auth/user/exam/record/mark/page', { examId }, lecturer.headers));
    expect(queue.list.map((r: any) => r.recordId)).toEqual([recordId]);
    expect(ok(await t.call('/exam/auth/user/exam/record/mark/page', {}, otherLecturer.headers)).list).toEqual([]);
    const marked = ok(await mark(lecturer, 8));
    expect(marked).toMatchObject({
      status: 3,
      objectiveScore: 14,
      subjectiveScore: 8,
      totalScore: 22,
      isPass: 1,
      waitMarkCount: 0,
    });
    const inbox = ok(await t.call('/user/auth/msg/user/list', {}, student.headers));
    expect(inbox.list.map((m: any) => m.msgTitle)).toContain('试卷已批阅');
    const result = ok(await t.call('/exam/auth/user/exam/answer/view', { recordId }, lecturer.headers));
    expect(result.sections[1].problems[0].result).toMatchObject({ score: 8, markStatus: 2, markRemark: '不错' });
  });

  it('gives the lecturer statistics and an xlsx export with one row per submission', async () => {
    const stats = ok(await t.call('/exam/auth/exam/statistics', { examId }, lecturer.headers));
    expect(stats).toMatchObject({ submittedCount: 1, markedCount: 1, passCount: 1, averageScore: 22 });
    expect(stats.buckets.find((b: any) => b.count === 1).label).toBe('21-23');
    expect(stats.problems.find((p: any) => p.problemId === ids.single).correctRate).toBe(1);
    expect(stats.problems.find((p: any) => p.problemId === ids.judge).correctRate).toBe(0);
    expect((await t.call('/exam/auth/exam/statistics', { examId }, otherLecturer.headers)).msg).toBe(
      '试卷不存在，或不是您的试卷',
    );

    const res = await t.raw({
      method: 'GET',
      url: `/apis/exam/auth/user/exam/download/export?examId=${examId}`,
      headers: lecturer.headers.headers,
    });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('成绩')!;
    expect(ws.rowCount).toBe(2);
    expect(ws.getRow(1).getCell(1).value).toBe('学员昵称');
    expect(ws.getRow(2).getCell(2).value).toBe('13800000001');
    expect(ws.getRow(2).getCell(8).value).toBe(22);
    const refused = await t.raw({
      method: 'GET',
      url: `/apis/exam/auth/user/exam/download/export?examId=${examId}`,
      headers: otherLecturer.headers.headers,
    });
    expect(refused.json()).toMatchObject({ code: 999, msg: '试卷不存在，或不是您的试卷' });
  });
});

describe('the deadline', () => {
  it('refuses saves after the grace period, and the job submits the abandoned attempt', async () => {
    const late = await newUser(t, '13900007002');
    const a = ok(await t.call('/exam/auth/user/exam/record/examOnline', { examId }, late.headers));
    ok(
      await t.call(
        '/exam/auth/user/exam/record/answer/save',
        { recordId: a.recordId, problemId: ids.judge, answer: ['A'] },
        late.headers,
      ),
    );
    await t.platform.db
      .update(examRecord)
      .set({ deadlineTime: new Date(Date.now() - 61_000) })
      .where(eq(examRecord.id, BigInt(a.recordId)));
    const refused = await t.call(
      '/exam/auth/user/exam/record/answer/save',
      { recordId: a.recordId, problemId: ids.single, answer: ['A'] },
      late.headers,
    );
    expect(refused.msg).toBe('考试已结束，答案未能保存');

    await t.platform.db
      .update(job)
      .set({ runAt: new Date() })
      .where(eq(job.dedupeKey, `exam-submit:${a.recordId}`));
    await drainJobs(t);
    const [rec] = await t.platform.db
      .select()
      .from(examRecord)
      .where(and(eq(examRecord.id, BigInt(a.recordId))));
    expect(rec).toMatchObject({ status: 3, isAutoSubmit: 1, objectiveScore: 4, isPass: 0 });
    const mine = ok(await t.call('/exam/auth/user/exam/record/list', {}, late.headers));
    expect(mine.list[0]).toMatchObject({ recordId: a.recordId, isAutoSubmit: 1, statusName: '已完成' });
    // a save arriving after the job submitted it (a laptop waking up) says the exam is over, not that the student submitted
    const after = await t.call(
      '/exam/auth/user/exam/record/answer/save',
      { recordId: a.recordId, problemId: ids.single, answer: ['A'] },
      late.headers,
    );
    expect(after.msg).toBe('考试已结束，答案未能保存');
  });
});

describe('bad input', () => {
  it('answers malformed and foreign ids with a refusal, never a fault', async () => {
    for (const id of ['abc', '-1', '0', '99999999999999999999', 1.5, null, '']) {
      for (const [path, body] of [
        ['/exam/auth/user/exam/record/examOnline', { examId: id }],
        ['/exam/auth/user/exam/record/continue', { recordId: id }],
        ['/exam/auth/user/exam/record/answer/save', { recordId: id, problemId: id, answer: ['A'] }],
        ['/exam/auth/user/exam/record/examFinish', { recordId: id }],
        ['/exam/auth/user/exam/answer/view', { recordId: id }],
        ['/exam/api/exam/info/view', { id }],
        ['/exam/auth/user/error/problem/view', { id }],
      ] as const) {
        const res = await t.call(path, body, student.headers);
        expect(res.code, `${path} ${id}`).toBe(999);
      }
    }
    expect(
      (
        await t.call(
          '/exam/auth/user/exam/record/answer/save',
          { recordId, problemId: ids.single, answer: 'A' },
          student.headers,
        )
      ).msg,
    ).toBe('答案格式不正确');
    expect(
      (await t.call('/exam/auth/user/exam/record/examOnline', { examId: '9223372036854775807' }, student.headers)).msg,
    ).toBe('试卷不存在或已删除');
    const del = await t.raw({
      method: 'DELETE',
      url: '/apis/exam/auth/user/error/problem/delete/abc',
      headers: student.headers.headers,
    });
    expect(del.json().code).toBe(999);
  });
});
