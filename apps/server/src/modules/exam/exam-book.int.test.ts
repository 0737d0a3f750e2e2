import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { demoUser, newUser, type TestUser } from '../../testing/people.ts';
import { and, eq } from 'drizzle-orm';
import { course, courseChapter, coursePeriod } from '../../db/schema/course.ts';

let t: TestApp;
let lecturer: TestUser;
let student: TestUser;
let other: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  lecturer = await demoUser(t, '13800000002');
  student = await newUser(t, '13900008001');
  other = await newUser(t, '13900008002');
});
afterAll(async () => t?.close());

const ok = (res: { code: number; msg: string; data: any }) => {
  expect(res.msg).toBe('');
  return res.data;
};
const papers = async () => ok(await t.call('/exam/api/exam/info/list', {})).list as any[];
const flat = (attempt: any) =>
  attempt.sections.flatMap((s: any) => s.problems.flatMap((p: any) => (p.children.length ? p.children : [p])));

describe('the demo paper centre', () => {
  it('shows three approved papers on the shelf; the priced one cannot be started yet', async () => {
    const list = await papers();
    expect(list.map((p) => p.examName).sort()).toEqual(
      ['Python 与数据库综合测试', 'Python 基础小测', '大学英语基础模拟卷'].sort(),
    );
    const mixed = list.find((p) => p.examName === 'Python 与数据库综合测试');
    expect(mixed.problemCount).toBeGreaterThanOrEqual(30);
    expect(mixed).toMatchObject({ isFree: 1, lecturerName: '王老师' });
    const priced = list.find((p) => p.isFree === 0);
    expect(priced.priceFen).toBe(1990);
    expect((await t.call('/exam/auth/user/exam/record/examOnline', { examId: priced.id }, student.headers)).msg).toBe(
      '该试卷需购买后才能参加',
    );
    expect(ok(await t.call('/exam/auth/user/exam/record/check', { examId: priced.id }, student.headers))).toMatchObject(
      { canStart: 0, reason: '该试卷需购买后才能参加' },
    );
    // the lecturer may sit their own priced paper
    ok(await t.call('/exam/auth/user/exam/record/check', { examId: priced.id }, lecturer.headers));
    expect(
      ok(await t.call('/exam/auth/user/exam/record/check', { examId: priced.id }, lecturer.headers)).canStart,
    ).toBe(1);

    const attempt = ok(await t.call('/exam/auth/user/exam/record/examOnline', { examId: mixed.id }, student.headers));
    expect(new Set(flat(attempt).map((p: any) => p.problemType))).toEqual(new Set([1, 2, 3, 4, 5]));
    expect(attempt.sections.some((s: any) => s.problems.some((p: any) => p.problemType === 6))).toBe(true);
    expect(JSON.stringify(attempt)).not.toMatch(/"(answer|analysis)"/);

    expect(
      ok(await t.call('/exam/api/exam/info/search/list', { keyword: '英语' })).list.map((p: any) => p.examName),
    ).toEqual(['大学英语基础模拟卷']);
    const rec = ok(await t.call('/exam/api/exam/recommend/list', {}));
    expect(rec.at(-1).isFree).toBe(0);
  });

  it('keeps favourites of papers', async () => {
    const [paper] = await papers();
    expect(
      ok(
        await t.call(
          '/exam/auth/exam/problem/collection/collect',
          { collectionId: paper.id, collectionType: 4 },
          student.headers,
        ),
      ),
    ).toEqual({ isCollect: 1 });
    ok(await t.call('/exam/auth/exam/problem/collection/collect', { collectionId: paper.id }, student.headers));
    expect(
      (
        await t.call(
          '/exam/auth/exam/problem/collection/collect',
          { collectionId: paper.id, collectionType: 1 },
          student.headers,
        )
      ).msg,
    ).toBe('收藏类型不正确（试卷为 4）');
    const mine = ok(await t.call('/exam/auth/exam/problem/collection/list', {}, student.headers));
    expect(mine.list.map((p: any) => p.id)).toEqual([paper.id]);
    expect(ok(await t.call('/exam/auth/exam/view', { id: paper.id }, student.headers)).isCollect).toBe(1);
    ok(
      await t.call(
        '/exam/auth/exam/problem/collection/delete',
        { collectionId: paper.id, collectionType: 4 },
        student.headers,
      ),
    );
    expect(ok(await t.call('/exam/auth/exam/problem/collection/list', {}, student.headers)).totalCount).toBe(0);
  });
});

describe('the wrong-answer book', () => {
  let entries: any[];
  it('collects every wrong objective answer of a submitted attempt, by subject', async () => {
    const quiz = (await papers()).find((p) => p.examName === 'Python 基础小测');
    const a = ok(await t.call('/exam/auth/user/exam/record/examOnline', { examId: quiz.id }, student.headers));
    const problems = flat(a);
    // 'A' everywhere and a wrong blank: some of these are wrong, and the result page says which
    for (const p of problems) {
      const answer = p.options.length ? ['A'] : ['不知道'];
      ok(
        await t.call(
          '/exam/auth/user/exam/record/answer/save',
          { recordId: a.recordId, problemId: p.id, answer },
          student.headers,
        ),
      );
    }
    const done = ok(await t.call('/exam/auth/user/exam/record/examFinish', { recordId: a.recordId }, student.headers));
    expect(done.status).toBe(3);
    const result = ok(await t.call('/exam/auth/user/exam/answer/view', { recordId: a.recordId }, student.headers));
    const wrong = result.sections.flatMap((s: any) => s.problems).filter((p: any) => p.result.isCorrect !== 1).length;
    expect(wrong).toBeGreaterThan(0);

    const cats = ok(
      await t.call('/exam/auth/user/error/problem/category/list', undefined, { ...student.headers, method: 'GET' }),
    );
    expect(cats).toEqual([{ subjectId: expect.any(String), subjectName: 'Python', count: wrong }]);
    const page = ok(
      await t.call('/exam/auth/user/error/problem/page', { subjectId: cats[0].subjectId }, student.headers),
    );
    entries = page.list;
    expect(page.totalCount).toBe(wrong);
    expect(entries[0]).toMatchObject({ wrongCount: 1, correctStreak: 0, subjectName: 'Python' });
    expect(ok(await t.call('/exam/auth/user/error/problem/page', {}, other.headers)).totalCount).toBe(0);
  });

  it('shows the right answer for review, and only the problem for practice', async () => {
    const e = entries.find((x) => x.problemType === 1);
    const review = ok(await t.call('/exam/auth/user/error/problem/view', { id: e.id }, student.headers));
    expect(review.problem.answer).toHaveLength(1);
    expect(review.problem.analysis).not.toBe('');
    const practise = ok(
      await t.call(`/exam/auth/user/error/problem/problem/view?id=${e.id}`, undefined, {
        ...student.headers,
        method: 'GET',
      }),
    );
    expect(JSON.stringify(practise.problem)).not.toMatch(/"(answer|analysis)"/);
    expect((await t.call('/exam/auth/user/error/problem/view', { id: e.id }, other.headers)).msg).toBe(
      '错题不存在或已删除',
    );
  });

  it('lets a problem leave the book after three right practice answers in a row', async () => {
    const e = entries.find((x) => x.problemType === 1);
    const review = ok(await t.call('/exam/auth/user/error/problem/view', { id: e.id }, student.headers));
    const right = review.problem.answer;
    const wrongKey = ['A', 'B', 'C', 'D'].find((k) => k !== right[0]);
    const answer = (a: string[]) =>
      t.call('/exam/auth/practice/user/answer/save', { problemId: e.problemId, answer: a }, student.headers);
    expect(ok(await answer(right))).toMatchObject({
      isCorrect: 1,
      inBook: 1,
      correctStreak: 1,
      removedFromBook: 0,
      rightAnswer: right,
    });
    expect(ok(await answer(right)).correctStreak).toBe(2);
    const miss = ok(await answer([wrongKey!]));
    expect(miss).toMatchObject({ isCorrect: 0, correctStreak: 0, inBook: 1 });
    expect(miss.analysis).not.toBe('');
    ok(await answer(right));
    ok(await answer(right));
    expect(ok(await answer(right))).toMatchObject({ removedFromBook: 1, inBook: 0, correctStreak: 3 });
    expect((await t.call('/exam/auth/user/error/problem/view', { id: e.id }, student.headers)).msg).toBe(
      '错题不存在或已删除',
    );
    expect((await answer(right)).msg).toBe('这道题不在您的错题本中');
  });

  it('deletes one entry or all of them', async () => {
    const left = ok(await t.call('/exam/auth/user/error/problem/page', {}, student.headers)).list;
    const del = await t.raw({
      method: 'DELETE',
      url: `/apis/exam/auth/user/error/problem/delete/${left[0].id}`,
      headers: student.headers.headers,
    });
    expect(del.json()).toMatchObject({ code: 200 });
    const again = await t.raw({
      method: 'DELETE',
      url: `/apis/exam/auth/user/error/problem/delete/${left[0].id}`,
      headers: student.headers.headers,
    });
    expect(again.json().msg).toBe('错题不存在或已删除');
    const all = await t.raw({
      method: 'DELETE',
      url: '/apis/exam/auth/user/error/problem/delete/all',
      headers: { ...student.headers.headers, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(all.json().data).toEqual({ deleted: left.length - 1 });
    expect(ok(await t.call('/exam/auth/user/error/problem/page', {}, student.headers)).totalCount).toBe(0);
  });
});

describe('practice sets', () => {
  it('draws problems of free papers, judges each answer at once and counts them', async () => {
    const cats = ok(await t.call('/exam/api/grade/info/category', undefined, { method: 'GET' }));
    const db = cats.subjectList.find((c: any) => c.categoryName === '数据库');
    const set = ok(
      await t.call('/exam/auth/practice/save', { subjectId: db.id, problemType: 1, count: 5 }, student.headers),
    );
    expect(set).toMatchObject({ practiceName: '数据库单选题练习', answeredCount: 0 });
    expect(set.problemCount).toBeGreaterThan(0);
    const view = ok(await t.call('/exam/auth/practice/view', { id: set.id }, student.headers));
    expect(JSON.stringify(view.problems)).not.toMatch(/"(answer|analysis)"/);
    const p = view.problems[0];
    const fed = ok(
      await t.call(
        '/exam/auth/practice/user/answer/save',
        { practiceId: set.id, problemId: p.id, answer: ['A'] },
        student.headers,
      ),
    );
    expect(fed.rightAnswer).toHaveLength(1);
    expect(fed.isCorrect).toBe(fed.rightAnswer[0] === 'A' ? 1 : 0);
    const after = ok(await t.call('/exam/auth/practice/view', { id: set.id }, student.headers));
    expect(after).toMatchObject({ answeredCount: 1 });
    expect(after.answers[0]).toMatchObject({ problemId: p.id, answer: ['A'] });
    expect((await t.call('/exam/auth/practice/view', { id: set.id }, other.headers)).msg).toBe('练习不存在或已删除');
    expect(
      (
        await t.call(
          '/exam/auth/practice/user/answer/save',
          { practiceId: set.id, problemId: '123', answer: ['A'] },
          student.headers,
        )
      ).msg,
    ).toBe('这道题不在本次练习中');
    expect(ok(await t.call('/exam/auth/practice/list', {}, student.headers)).totalCount).toBe(1);
    ok(await t.call('/exam/auth/practice/delete', { id: set.id }, student.headers));
    expect(ok(await t.call('/exam/auth/practice/list', {}, student.headers)).totalCount).toBe(0);
    const en = cats.subjectList.find((c: any) => c.categoryName === 'JavaScript');
    expect((await t.call('/exam/auth/practice/save', { subjectId: en.id }, student.headers)).msg).toBe(
      '没有符合条件的题目，请换个科目、题型或难度试试',
    );
  });
});

describe('rule-based papers, shuffling and leaving the page', () => {
  it('draws problems by rule, shuffles per attempt, keeps the order on continue and scores by the true keys', async () => {
    const paper = ok(
      await t.call(
        '/exam/auth/exam/audit/save',
        { examName: '随机卷', answerTime: 20, passScore: 1, shuffleProblems: 1, shuffleOptions: 1, leaveLimit: 1 },
        lecturer.headers,
      ),
    );
    expect(
      (
        await t.call(
          '/exam/auth/exam/auto/save/exam/ref',
          { examId: paper.id, rules: [{ problemType: 2, count: 50, score: 2 }] },
          lecturer.headers,
        )
      ).msg,
    ).toBe('第 1 条规则：题库中符合条件的多选题只有 5 道，不足 50 道');
    const auto = ok(
      await t.call(
        '/exam/auth/exam/auto/save/exam/ref',
        {
          examId: paper.id,
          rules: [
            { problemType: 1, count: 8, score: 2 },
            { titleName: '判断', problemType: 3, count: 3, score: 1 },
          ],
        },
        lecturer.headers,
      ),
    );
    expect(auto).toMatchObject({ totalScore: 19, problemCount: 11 });
    expect(auto.sections.map((s: any) => s.titleName)).toEqual(['单选题', '判断']);
    ok(await t.call('/exam/auth/exam/audit/is/submit/audit', { id: paper.id }, lecturer.headers));
    const admin = await t.call('/system/api/admin/login', { loginName: 'admin', password: 'Demo1234' });
    ok(
      await t.call(
        '/exam/admin/exam/audit/audit',
        { id: paper.id, auditStatus: 1 },
        { headers: { token: admin.data.token } },
      ),
    );

    const preview = ok(await t.call('/exam/auth/exam/audit/preview', { examId: paper.id }, lecturer.headers));
    const truth = new Map<string, any>(
      preview.sections.flatMap((s: any) => s.problems.map((p: any) => [p.problemId, p.problem])),
    );
    const a = ok(await t.call('/exam/auth/user/exam/record/examOnline', { examId: paper.id }, student.headers));
    // answer every single choice right by option content, whatever letter it is shown under
    for (const p of flat(a).filter((x: any) => x.problemType === 1)) {
      const full = truth.get(p.id);
      const content = full.options.find((o: any) => o.key === full.answer[0]).content;
      const key = p.options.find((o: any) => o.content === content).key;
      ok(
        await t.call(
          '/exam/auth/user/exam/record/answer/save',
          { recordId: a.recordId, problemId: p.id, answer: [key] },
          student.headers,
        ),
      );
    }
    const resumed = ok(await t.call('/exam/auth/user/exam/record/continue', { recordId: a.recordId }, student.headers));
    expect(resumed.sections).toEqual(a.sections);

    expect(ok(await t.call('/exam/auth/user/exam/record/leave', { recordId: a.recordId }, student.headers))).toEqual({
      leaveCount: 1,
      leaveLimit: 1,
      submitted: 0,
    });
    expect(ok(await t.call('/exam/auth/user/exam/record/leave', { recordId: a.recordId }, student.headers))).toEqual({
      leaveCount: 2,
      leaveLimit: 1,
      submitted: 1,
    });
    const mine = ok(await t.call('/exam/auth/user/exam/record/list', { examId: paper.id }, student.headers)).list[0];
    expect(mine).toMatchObject({ objectiveScore: 16, leaveCount: 2, isAutoSubmit: 1, status: 3 });
    const queue = ok(
      await t.call('/exam/auth/user/exam/record/mark/page', { examId: paper.id, status: 3 }, lecturer.headers),
    );
    expect(queue.list[0]).toMatchObject({ leaveCount: 2, userMobile: student.mobile });
    const sat = ok(await t.call('/exam/auth/user/exam/list', {}, student.headers));
    expect(sat.list.find((x: any) => x.examId === paper.id)).toMatchObject({ attemptCount: 1, bestScore: 16 });
  });
});

describe('lesson exercises', () => {
  it('lets the lecturer attach own problems to a free lesson of their course, and students practise them', async () => {
    const [free] = await t.platform.db
      .select({ periodId: coursePeriod.id })
      .from(coursePeriod)
      .innerJoin(course, eq(course.id, coursePeriod.courseId))
      .where(and(eq(course.lecturerUserId, BigInt(lecturer.id)), eq(coursePeriod.isFree, 1), eq(course.isPutaway, 1)))
      .limit(1);
    expect(free).toBeDefined();
    const periodId = String(free!.periodId);
    const bank = ok(
      await t.call('/exam/auth/exam/problem/list', { problemType: 1, pageSize: 3 }, lecturer.headers),
    ).list;
    const problemIds = bank.map((p: any) => p.id);
    expect(ok(await t.call('/exam/auth/course/exam/ref/save', { periodId, problemIds }, lecturer.headers))).toEqual({
      periodId,
      problemCount: 3,
    });
    const other = await demoUser(t, '13800000004');
    expect((await t.call('/exam/auth/course/exam/ref/save', { periodId, problemIds }, other.headers)).msg).toBe(
      '只能给自己课程的课时添加练习',
    );

    const listed = ok(await t.call('/exam/auth/exercise/listForPage', { periodId }, student.headers));
    expect(listed.list.map((p: any) => p.id)).toEqual(problemIds);
    expect(JSON.stringify(listed)).not.toMatch(/"(answer|analysis)"/);
    const fed = ok(
      await t.call(
        '/exam/auth/practice/user/answer/save',
        { problemId: problemIds[0], answer: bank[0].answer },
        student.headers,
      ),
    );
    expect(fed).toMatchObject({ isCorrect: 1, inBook: 0 });

    ok(await t.call('/exam/auth/course/exam/ref/delete', { periodId, problemId: problemIds[0] }, lecturer.headers));
    expect(ok(await t.call('/exam/auth/exercise/listForPage', { periodId }, student.headers)).totalCount).toBe(2);
    expect(
      (
        await t.call(
          '/exam/auth/practice/user/answer/save',
          { problemId: problemIds[0], answer: ['A'] },
          student.headers,
        )
      ).msg,
    ).toBe('这道题不在您的错题本中');
  });

  it('lets the lecturer attach to a paid lesson of their own course without buying it, and no other lecturer', async () => {
    const [paid] = await t.platform.db
      .select({ periodId: coursePeriod.id })
      .from(coursePeriod)
      .innerJoin(course, eq(course.id, coursePeriod.courseId))
      .innerJoin(courseChapter, eq(courseChapter.id, coursePeriod.chapterId))
      .where(
        and(
          eq(course.lecturerUserId, BigInt(lecturer.id)),
          eq(course.isFree, 0),
          eq(courseChapter.isFree, 0),
          eq(coursePeriod.isFree, 0),
        ),
      )
      .limit(1);
    expect(paid).toBeDefined();
    const periodId = String(paid!.periodId);
    // the lecturer holds no purchase, yet reads the exercises of their own paid lesson (the praxis page lists them)
    expect(ok(await t.call('/exam/auth/exercise/listForPage', { periodId }, lecturer.headers)).totalCount).toBe(0);
    const bank = ok(
      await t.call('/exam/auth/exam/problem/list', { problemType: 1, pageSize: 2 }, lecturer.headers),
    ).list;
    const problemIds = bank.map((p: any) => p.id);
    expect(ok(await t.call('/exam/auth/course/exam/ref/save', { periodId, problemIds }, lecturer.headers))).toEqual({
      periodId,
      problemCount: 2,
    });
    const other = await demoUser(t, '13800000004');
    expect((await t.call('/exam/auth/course/exam/ref/save', { periodId, problemIds }, other.headers)).msg).toBe(
      '只能给自己课程的课时添加练习',
    );
    expect(
      (await t.call('/exam/auth/course/exam/ref/delete', { periodId, problemId: problemIds[0] }, other.headers)).msg,
    ).toBe('只能给自己课程的课时添加练习');
    ok(await t.call('/exam/auth/course/exam/ref/delete', { periodId, problemId: problemIds[0] }, lecturer.headers));
    expect(
      (await t.call('/exam/auth/course/exam/ref/save', { periodId: '123456789', problemIds }, lecturer.headers)).msg,
    ).toBe('课时不存在或已删除');
  });
});
