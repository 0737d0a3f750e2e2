import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { demoUser, newUser, type TestUser } from '../../testing/people.ts';
import { examAnswer } from '../../db/schema/exam-attempt.ts';
import { examPaper } from '../../db/schema/exam.ts';

let t: TestApp;
let student: TestUser;
let statements = 0;
beforeAll(async () => {
  t = await createTestApp();
  student = await demoUser(t, '13800000001');
  // every statement sent outside a transaction passes through the driver's client (PGlite) or pool (pg)
  const client = (t.platform.db as unknown as { $client: { query: (...a: unknown[]) => unknown } }).$client;
  const query = client.query.bind(client);
  client.query = (...a: unknown[]) => {
    statements++;
    return query(...a);
  };
});
afterAll(async () => t?.close());

const ok = (res: { code: number; msg: string; data: any }) => {
  expect(res.msg).toBe('');
  expect(res.code).toBe(200);
  return res.data;
};

interface Shown {
  id: string;
  problemType: number;
  options: { key: string }[];
  children: Shown[];
}

describe('what an answer costs the database', () => {
  let examId: string;
  let recordId: string;
  let choices: Shown[];
  it('a save of an attempt the process has seen is one statement', async () => {
    const papers = ok(await t.call('/exam/api/exam/info/list', { pageCurrent: 1, pageSize: 20 }));
    examId = papers.list.find((p: any) => p.problemCount > 3 && p.isFree === 1).id;
    const attempt = ok(await t.call('/exam/auth/user/exam/record/examOnline', { examId }, student.headers));
    recordId = attempt.recordId;
    const all: Shown[] = attempt.sections.flatMap((s: any) =>
      s.problems.flatMap((p: Shown) => (p.children.length ? p.children : [p])),
    );
    choices = all.filter((p) => p.problemType === 1 || p.problemType === 3);
    expect(choices.length).toBeGreaterThan(1);
    const save = (p: Shown, key: string) =>
      t.call('/exam/auth/user/exam/record/answer/save', { recordId, problemId: p.id, answer: [key] }, student.headers);
    ok(await save(choices[0]!, choices[0]!.options[0]!.key));

    statements = 0;
    for (const p of choices) ok(await save(p, p.options[1]!.key));
    expect(statements).toBe(choices.length);
  });

  it('saves arriving together are written as one statement, each answered with its own outcome', async () => {
    const other = await newUser(t, '13900007001');
    const theirs = ok(await t.call('/exam/auth/user/exam/record/examOnline', { examId }, other.headers)).recordId;
    const early = await newUser(t, '13900007002');
    const done = ok(await t.call('/exam/auth/user/exam/record/examOnline', { examId }, early.headers)).recordId;
    ok(await t.call('/exam/auth/user/exam/record/examFinish', { recordId: done }, early.headers));
    const [a, b] = choices as [Shown, Shown];
    statements = 0;
    const replies = await Promise.all([
      ...choices.map((p) =>
        t.call(
          '/exam/auth/user/exam/record/answer/save',
          { recordId, problemId: p.id, answer: [p.options[0]!.key] },
          student.headers,
        ),
      ),
      // the same problem twice in one group: the later one is what stays
      t.call(
        '/exam/auth/user/exam/record/answer/save',
        { recordId, problemId: a.id, answer: [a.options.at(-1)!.key] },
        student.headers,
      ),
      // someone else's attempt is refused without holding back the others
      t.call(
        '/exam/auth/user/exam/record/answer/save',
        { recordId: theirs, problemId: b.id, answer: [b.options[0]!.key] },
        student.headers,
      ),
      t.call(
        '/exam/auth/user/exam/record/answer/save',
        { recordId: theirs, problemId: b.id, answer: [b.options[1]!.key] },
        other.headers,
      ),
      // an attempt submitted meanwhile: the group's guard refuses it, and only it reads its record to say why
      t.call(
        '/exam/auth/user/exam/record/answer/save',
        { recordId: done, problemId: b.id, answer: [b.options[1]!.key] },
        early.headers,
      ),
    ]);
    // 2 when every save reaches the queue in the same turn of the event loop (the group write and the one read that
    // explains a refusal); under load the calls' session checks spread the arrivals over a few turns, and the saves
    // that wait for a group in flight go together in the next. One at a time they would cost one statement each, and
    // one more for the read.
    const sent = choices.length + 4;
    expect(statements).toBeGreaterThanOrEqual(2);
    expect(statements).toBeLessThanOrEqual(Math.max(3, Math.floor((sent + 1) / 2)));
    expect(replies.pop()!.msg).toBe('这次考试已交卷，答案不能再修改');
    const refused = replies.splice(choices.length + 1, 1)[0]!;
    expect(refused.msg).toBe('考试记录不存在');
    for (const r of replies) expect(ok(r).saved).toBe(1);

    const mine = ok(await t.call('/exam/auth/user/exam/record/continue', { recordId }, student.headers));
    const expected = new Map(choices.map((p) => [p.id, [p.options[0]!.key]]));
    expected.set(a.id, [a.options.at(-1)!.key]);
    expect(new Map(mine.answers.map((x: any) => [x.problemId, x.answer]))).toEqual(expected);
    const others = ok(await t.call('/exam/auth/user/exam/record/continue', { recordId: theirs }, other.headers));
    expect(others.answers).toEqual([expect.objectContaining({ problemId: b.id, answer: [b.options[1]!.key] })]);
  });

  it('answers sent with the submission replace saved ones, and the paper counts the taker once', async () => {
    const [before] = await t.platform.db
      .select({ n: examPaper.studyCount })
      .from(examPaper)
      .where(eq(examPaper.id, BigInt(examId)));
    const first = choices[0]!;
    const summary = ok(
      await t.call(
        '/exam/auth/user/exam/record/examFinish',
        { recordId, answers: [{ problemId: first.id, answer: [first.options[0]!.key] }] },
        student.headers,
      ),
    );
    expect(summary.status).toBeGreaterThan(1);
    const [row] = await t.platform.db
      .select({ answer: examAnswer.answer, score: examAnswer.score })
      .from(examAnswer)
      .where(and(eq(examAnswer.recordId, BigInt(recordId)), eq(examAnswer.problemId, BigInt(first.id))));
    const view = ok(await t.call('/exam/auth/user/exam/answer/view', { recordId }, student.headers));
    const shownAnswer = view.sections
      .flatMap((s: any) =>
        s.problems.flatMap((p: any) => [
          { id: p.problem.id, result: p.result },
          ...p.children.map((c: any) => ({ id: c.problemId, result: c.result })),
        ]),
      )
      .find((x: any) => x.id === first.id).result;
    expect(row!.answer).toHaveLength(1);
    expect(shownAnswer.answer).toEqual([first.options[0]!.key]);
    const [after] = await t.platform.db
      .select({ n: examPaper.studyCount })
      .from(examPaper)
      .where(eq(examPaper.id, BigInt(examId)));
    expect(after!.n).toBe(before!.n + 1);

    const late = await t.call(
      '/exam/auth/user/exam/record/answer/save',
      { recordId, problemId: first.id, answer: ['A'] },
      student.headers,
    );
    expect(late.msg).toBe('这次考试已交卷，答案不能再修改');
  });

  it('a submission carrying every answer is one statement, and stores, scores and books them all', async () => {
    const attempt = ok(await t.call('/exam/auth/user/exam/record/examOnline', { examId }, student.headers));
    const leaves: Shown[] = attempt.sections.flatMap((s: any) =>
      s.problems.flatMap((p: Shown) => (p.children.length ? p.children : [p])),
    );
    const answerOf = (p: Shown) => (p.options.length ? [p.options.at(-1)!.key] : ['我的答案']);
    ok(
      await t.call(
        '/exam/auth/user/exam/record/answer/save',
        { recordId: attempt.recordId, problemId: leaves[0]!.id, answer: answerOf(leaves[0]!) },
        student.headers,
      ),
    );
    const answers = leaves.map((p) => ({ problemId: p.id, answer: answerOf(p) }));

    statements = 0;
    const summary = ok(
      await t.call('/exam/auth/user/exam/record/examFinish', { recordId: attempt.recordId, answers }, student.headers),
    );
    // the submission itself, and the paper's taker count
    expect(statements).toBe(2);
    expect(summary.status).toBeGreaterThan(1);
    expect(summary.isAutoSubmit).toBe(0);

    const view = ok(await t.call('/exam/auth/user/exam/answer/view', { recordId: attempt.recordId }, student.headers));
    const results = view.sections.flatMap((s: any) =>
      s.problems.flatMap((p: any) => (p.children.length ? p.children.map((c: any) => c.result) : [p.result])),
    );
    expect(results).toHaveLength(leaves.length);
    expect(results.every((r: any) => r.answer.length === 1)).toBe(true);
    const objective = results.filter((r: any) => r.markStatus === 0);
    expect(objective.every((r: any) => r.score !== null)).toBe(true);
    expect(summary.objectiveScore).toBe(objective.reduce((n: number, r: any) => n + r.score, 0));
    const wrongIds = objective.filter((r: any) => r.isCorrect === 0).map((r: any) => r.problemId);
    const book = ok(await t.call('/exam/auth/user/error/problem/page', { pageSize: 100 }, student.headers));
    for (const id of wrongIds) expect(book.list.some((b: any) => b.problemId === id)).toBe(true);

    const again = await t.call(
      '/exam/auth/user/exam/record/examFinish',
      { recordId: attempt.recordId, answers },
      student.headers,
    );
    expect(again.data).toMatchObject({
      status: summary.status,
      objectiveScore: summary.objectiveScore,
      submitTime: summary.submitTime,
    });
    const late = await t.call(
      '/exam/auth/user/exam/record/answer/save',
      { recordId: attempt.recordId, problemId: leaves[0]!.id, answer: answerOf(leaves[0]!) },
      student.headers,
    );
    expect(late.msg).toBe('这次考试已交卷，答案不能再修改');
  });
});
