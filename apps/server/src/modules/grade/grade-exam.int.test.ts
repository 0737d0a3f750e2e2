import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_A_MEMBER } from '#contract/grade-exam.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { callsAs, ok } from '../../testing/calls.ts';
import { demoUser, newUser, type TestUser } from '../../testing/people.ts';
import { grade } from '../../db/schema/grade.ts';
import { gradeExam } from '../../db/schema/grade-exam.ts';
import { examRecord } from '../../db/schema/exam-attempt.ts';
import { formatTime } from '../../platform/time.ts';
import { DEMO_GRADE_NAME } from '../../db/seed/grade.seed.ts';

let t: TestApp;
let teacher: TestUser;
let otherLecturer: TestUser;
/** the demo class's class admin, and two of its students */
let admin: TestUser;
let ann: TestUser;
let bob: TestUser;
let stranger: TestUser;
let gradeId: string;
/** the teacher's published papers: one with short answers, one objective only */
let mixedPaper: string;
let quickPaper: string;

const MIN = 60_000;
const at = (offsetMs: number) => formatTime(new Date(Date.now() + offsetMs));
const { call, put } = callsAs(() => t);
const refused = async (p: Promise<{ code: number; msg: string; data: unknown }>, msg: string | RegExp) => {
  const res = await p;
  expect(res.code).toBe(999);
  if (typeof msg === 'string') expect(res.msg).toBe(msg);
  else expect(res.msg).toMatch(msg);
  expect(res.data).toBeNull();
};
const assign = (o: object = {}, who = teacher) =>
  call(
    '/exam/auth/grade/exam/save',
    {
      gradeId,
      examId: mixedPaper,
      beginTime: at(-MIN),
      endTime: at(120 * MIN),
      attemptLimit: 1,
      isShowAnswer: 0,
      ...o,
    },
    who,
  );
const R = '/exam/auth/grade/exam/student/relation';
const A = '/exam/auth/grade/student/exam/answer';
/** The first single-choice problem of an attempt, and every short answer's id. */
const shape = (attempt: any) => {
  const all = attempt.sections.flatMap((s: any) =>
    s.problems.flatMap((p: any) => (p.problemType === 6 ? p.children : [p])),
  );
  return {
    single: all.find((p: any) => p.problemType === 1),
    shorts: all.filter((p: any) => p.problemType === 5).map((p: any) => p.id) as string[],
  };
};

beforeAll(async () => {
  t = await createTestApp();
  teacher = await demoUser(t, '13800000002');
  otherLecturer = await demoUser(t, '13800000004');
  admin = await demoUser(t, '13800000201');
  ann = await demoUser(t, '13800000202');
  bob = await demoUser(t, '13800000203');
  stranger = await newUser(t, '13900030001');
  const [g] = await t.platform.db
    .select()
    .from(grade)
    .where(and(eq(grade.siteId, t.siteId), eq(grade.gradeName, DEMO_GRADE_NAME)));
  gradeId = String(g!.id);
  const papers = ok(await call('/exam/auth/exam/list', { pageSize: 50 }, teacher)).list;
  mixedPaper = papers.find((p: any) => p.examName === 'Python 与数据库综合测试').id;
  quickPaper = papers.find((p: any) => p.examName === 'Python 基础小测').id;
});
afterAll(async () => t?.close());

describe('the demo class', () => {
  it('has a class exam four members have sat, ranked by score', async () => {
    const [demo] = ok(await call('/exam/auth/grade/exam/list', { gradeId }, teacher)).list;
    expect(demo).toMatchObject({ examName: 'Python 基础小测', submittedCount: 4, waitMarkCount: 0, state: 2 });
    const first = ok(await call(`${R}/score`, { gradeExamId: demo.id }, admin));
    expect(first).toMatchObject({ rank: 1, rankedCount: 4, memberCount: 5 });
    expect(first.record.totalScore).toBe(demo.paperTotalScore);
    const third = ok(await call(`${R}/score`, { gradeExamId: demo.id }, bob));
    expect(third.rank).toBe(4);
    const mine = ok(await call('/exam/auth/grade/exam/list', { gradeId }, ann)).list[0];
    expect(mine).toMatchObject({ myAttemptCount: 1, myCanBegin: 1, myAnswersShown: 1 });
    expect(ok(await call(`${A}/view`, { recordId: mine.myLastRecordId }, ann)).answersShown).toBe(1);
  });
});

describe('who may assign, edit and delete a class exam', () => {
  it('is the class teacher alone, with a paper of their own bank and a sound window', async () => {
    for (const who of [admin, ann, otherLecturer, stranger])
      await refused(assign({}, who), /^(只有班主任可以进行此操作|您不是该班级的成员)/);
    const theirs = ok(await call('/exam/auth/exam/list', { pageSize: 1 }, otherLecturer)).list[0];
    if (theirs) await refused(assign({ examId: theirs.id }), '试卷不存在，或不是您的试卷');
    await refused(assign({ beginTime: at(60 * MIN), endTime: at(MIN) }), '结束时间应晚于开始时间');
    await refused(assign({ beginTime: '明天' }), '时间格式应为 YYYY-MM-DD HH:mm:ss');
    await refused(assign({ attemptLimit: 0 }), '可考次数至少为 1');
    await refused(assign({ endTime: at(400 * 24 * 60 * MIN) }), /^考试(开放时间不能超过|结束时间不能晚于班级结束时间)/);

    const e = ok(await assign({ examId: quickPaper, attemptLimit: 2 }));
    expect(e).toMatchObject({ examName: 'Python 基础小测', attemptLimit: 2, state: 2, stateName: '进行中' });
    for (const who of [admin, ann, otherLecturer])
      await refused(
        call(
          '/exam/auth/grade/exam/edit',
          { id: e.id, examId: quickPaper, beginTime: e.beginTime, endTime: e.endTime },
          who,
        ),
        /^(只有班主任可以进行此操作|您不是该班级的成员)/,
      );
    const edited = ok(
      await call(
        '/exam/auth/grade/exam/edit',
        { id: e.id, examId: quickPaper, beginTime: e.beginTime, endTime: e.endTime, attemptLimit: 3, isShowAnswer: 1 },
        teacher,
      ),
    );
    expect(edited).toMatchObject({ attemptLimit: 3, isShowAnswer: 1 });
    for (const who of [admin, otherLecturer])
      await refused(
        call('/exam/auth/grade/exam/del', { id: e.id }, who),
        /^(只有班主任可以进行此操作|您不是该班级的成员)/,
      );
    ok(await call('/exam/auth/grade/exam/del', { id: e.id }, teacher));
    await refused(call(`${R}/begin`, { gradeExamId: e.id }, ann), '班级考试不存在或已删除');
    expect(ok(await call('/exam/auth/grade/exam/list', { gradeId }, ann)).list.map((x: any) => x.id)).not.toContain(
      e.id,
    );
  });

  it('lists a class’s exams to its teacher and members only', async () => {
    const e = ok(await assign({ examId: quickPaper }));
    const mine = ok(await call('/exam/auth/grade/exam/list', { gradeId }, ann)).list.find((x: any) => x.id === e.id);
    expect(mine).toMatchObject({ myCanBegin: 1, myAttemptCount: 0, myBestScore: -1, submittedCount: 0 });
    expect(ok(await call('/exam/auth/grade/exam/list', { gradeId }, admin)).list.length).toBeGreaterThan(0);
    for (const who of [stranger, otherLecturer])
      await refused(call('/exam/auth/grade/exam/list', { gradeId }, who), NOT_A_MEMBER);
    // the student-relation check answers outsiders with 999 and the server's words (spec §8)
    await refused(call(`${R}/check`, { gradeExamId: e.id }, stranger), NOT_A_MEMBER);
    expect(ok(await call(`${R}/check`, { gradeExamId: e.id }, ann))).toMatchObject({ canBegin: 1, attemptLimit: 1 });
    const pub = await t.call(`/exam/api/grade/exam/check?gradeExamId=${e.id}`, undefined, { method: 'GET' });
    expect(ok(pub)).toEqual({
      gradeExamId: e.id,
      gradeId,
      state: 2,
      stateName: '进行中',
      beginTime: e.beginTime,
      endTime: e.endTime,
    });
    ok(await call('/exam/auth/grade/exam/del', { id: e.id }, teacher));
  });
});

describe('a class exam from begin to ranking', () => {
  let examId: string;
  let annRecord: string;

  it('keeps an answer saved before a break and resumes with it', async () => {
    examId = ok(await assign()).id;
    await refused(call(`${R}/begin`, { gradeExamId: examId }, stranger), NOT_A_MEMBER);
    await refused(call(`${R}/begin`, { gradeExamId: examId }, teacher), NOT_A_MEMBER);
    const attempt = ok(await call(`${R}/begin`, { gradeExamId: examId }, ann));
    annRecord = attempt.recordId;
    expect(attempt.remainingSeconds).toBeGreaterThan(0);
    const { single } = shape(attempt);
    const saved = ok(await call(`${A}/save`, { recordId: annRecord, problemId: single.id, answer: ['A'] }, ann));
    expect(saved).toMatchObject({ problemId: single.id, saved: 1 });
    // the same attempt through the paper's own calls, or by someone else, is refused
    await refused(
      call(
        '/exam/auth/user/exam/record/answer/save',
        { recordId: annRecord, problemId: single.id, answer: ['B'] },
        ann,
      ),
      '这是班级考试，请从班级页面进入',
    );
    await refused(
      call(`${A}/save`, { recordId: annRecord, problemId: single.id, answer: ['B'] }, bob),
      '考试记录不存在',
    );
    await refused(call(`${R}/continue`, { recordId: annRecord }, bob), '考试记录不存在');
    // beginning again returns the same attempt; continuing brings the saved answer back
    expect(ok(await call(`${R}/begin`, { gradeExamId: examId }, ann)).recordId).toBe(annRecord);
    const resumed = ok(await call(`${R}/continue`, { recordId: annRecord }, ann));
    expect(resumed.answers).toEqual([expect.objectContaining({ problemId: single.id, answer: ['A'] })]);
    const check = ok(await call(`${R}/check`, { gradeExamId: examId }, ann));
    expect(check).toMatchObject({ recordId: annRecord, canBegin: 1 });
    expect(check.remainingSeconds).toBeGreaterThan(0);
  });

  it('submits for audit, hides the answers while the window is open, and the teacher completes the audit', async () => {
    const attempt = ok(await call(`${R}/continue`, { recordId: annRecord }, ann));
    const { single, shorts } = shape(attempt);
    const queued = [
      { problemId: single.id, answer: ['B'] },
      ...shorts.map((id) => ({ problemId: id, answer: ['缩进表示代码块'] })),
    ];
    const summary = ok(await call(`${R}/submit`, { recordId: annRecord, answers: queued }, ann));
    expect(summary).toMatchObject({ status: 2, waitMarkCount: shorts.length });
    await refused(call(`${R}/begin`, { gradeExamId: examId }, ann), '本场考试最多可考 1 次，您的次数已用完');

    // the member's view: scores, no right answers nor explanations yet; never through the paper's own page
    const view = ok(await call(`${A}/view`, { recordId: annRecord }, ann));
    expect(view.answersShown).toBe(0);
    const problems = view.sections.flatMap((s: any) => s.problems.map((p: any) => p.problem));
    expect(problems.every((p: any) => p.answer.length === 0 && p.analysis === '')).toBe(true);
    await refused(
      call('/exam/auth/user/exam/answer/view', { recordId: annRecord }, ann),
      '这是班级考试，请从班级页面进入',
    );
    for (const who of [bob, admin, stranger])
      await refused(call(`${A}/view`, { recordId: annRecord }, who), /^(考试记录不存在|您不是该班级的成员)/);
    await refused(call(`${A}/view`, { recordId: annRecord }, otherLecturer), NOT_A_MEMBER);

    // the teacher: the tips count it, the marking list has it, the system score of the objective part
    expect(ok(await call('/exam/auth/grade/tips', {}, teacher)).markCount).toBeGreaterThanOrEqual(1);
    const page = ok(await call(`${R}/page`, { gradeId, gradeExamId: examId }, teacher));
    expect(page.list.map((r: any) => r.recordId)).toEqual([annRecord]);
    expect(page.list[0]).toMatchObject({ userId: ann.id, status: 2 });
    for (const who of [admin, ann, otherLecturer])
      await refused(call(`${R}/page`, { gradeId }, who), /^(只有班主任可以进行此操作|班级不存在)/);
    const sys = ok(await call(`${A}/sys/audit`, { recordId: annRecord }, teacher));
    expect(sys.objectiveScore).toBe(summary.objectiveScore);
    expect(sys.items.reduce((n: number, i: any) => n + i.score, 0)).toBe(summary.objectiveScore);
    await refused(call(`${A}/sys/audit`, { recordId: annRecord }, ann), '只有班主任可以进行此操作');
    await refused(
      call(`${R}/audit`, { recordId: annRecord, problemId: shorts[0], score: 1 }, admin),
      /^(只有班主任可以进行此操作|考试记录不存在)/,
    );
    const annInSummary = async () => {
      const sum = ok(await call('/exam/auth/grade/summary', { gradeId, pageSize: 100 }, teacher));
      const col = sum.exams.findIndex((x: any) => x.gradeExamId === examId);
      return sum.list.find((r: any) => r.userId === ann.id).scores[col];
    };
    expect(await annInSummary()).toBe(summary.objectiveScore); // the summary's scores are kept now
    let last: any;
    for (const id of shorts)
      last = ok(await call(`${R}/audit`, { recordId: annRecord, problemId: id, score: 5 }, teacher));
    expect(last).toMatchObject({ status: 3, waitMarkCount: 0, subjectiveScore: 5 * shorts.length });
    expect(await annInSummary()).toBe(last.totalScore); // marked: the next page shows it
    const inbox = ok(await call('/user/auth/msg/user/list', {}, ann)).list;
    expect(inbox[0].msgTitle).toBe('试卷已批阅');
  });

  it('ranks members by their best score, and the summary shows it', async () => {
    const bobInSummary = async () => {
      const sum = ok(await call('/exam/auth/grade/summary', { gradeId, pageSize: 100 }, teacher));
      const col = sum.exams.findIndex((x: any) => x.gradeExamId === examId);
      return sum.list.find((r: any) => r.userId === bob.id).scores[col];
    };
    expect(await bobInSummary()).toBe(-1);
    const b = ok(await call(`${R}/begin`, { gradeExamId: examId }, bob));
    const handed = ok(await call(`${R}/submit`, { recordId: b.recordId, answers: [] }, bob));
    expect(await bobInSummary()).toBe(handed.totalScore); // handed in: the next page shows it
    const annScore = ok(await call(`${R}/score`, { gradeExamId: examId }, ann));
    const bobScore = ok(await call(`${R}/score`, { gradeExamId: examId }, bob));
    expect(annScore.rank).toBe(1);
    expect(bobScore.rank).toBe(annScore.record.totalScore > bobScore.record.totalScore ? 2 : 1);
    expect(annScore.rankedCount).toBe(2);
    expect(annScore.attempts).toHaveLength(1);
    // the teacher may look at any member's; nobody else at another's
    expect(ok(await call(`${R}/score`, { gradeExamId: examId, userId: ann.id }, teacher)).rank).toBe(1);
    await refused(call(`${R}/score`, { gradeExamId: examId, userId: ann.id }, bob), '只有班主任可以进行此操作');
    await refused(call(`${R}/score`, { gradeExamId: examId }, stranger), NOT_A_MEMBER);

    const summary = ok(await call('/exam/auth/grade/summary', { gradeId, pageSize: 100 }, teacher));
    const col = summary.exams.findIndex((x: any) => x.gradeExamId === examId);
    expect(col).toBeGreaterThanOrEqual(0);
    expect(summary.list.find((r: any) => r.userId === ann.id).scores[col]).toBe(annScore.record.totalScore);
    expect(summary.list.find((r: any) => r.userId === admin.id).scores[col]).toBe(-1);
  });

  it('shows the answers once the window has closed', async () => {
    await t.platform.db
      .update(gradeExam)
      .set({ beginTime: new Date(Date.now() - 200 * MIN), endTime: new Date(Date.now() - MIN) })
      .where(eq(gradeExam.id, BigInt(examId)));
    const view = ok(await call(`${A}/view`, { recordId: annRecord }, ann));
    expect(view.answersShown).toBe(1);
    expect(view.sections[0].problems[0].problem.answer.length).toBeGreaterThan(0);
  });

  it('reopens a closed exam for a member who missed it (compensate), once', async () => {
    await refused(call(`${R}/begin`, { gradeExamId: examId }, admin), '考试已结束，如需补考请联系班主任');
    const body = { gradeExamId: examId, userId: admin.id, compensateEndTime: at(60 * MIN) };
    for (const who of [admin, ann, otherLecturer])
      await refused(call(`${R}/save`, body, who), /^(只有班主任可以进行此操作|您不是该班级的成员)/);
    await refused(call(`${R}/save`, { ...body, userId: stranger.id }, teacher), '该用户不是本班成员');
    await refused(call(`${R}/save`, { ...body, compensateEndTime: at(-MIN) }, teacher), '补考截止时间应晚于现在');
    expect(ok(await call(`${R}/save`, body, teacher))).toMatchObject({ compensateStatus: 1, userId: admin.id });
    // others are still shut out
    await refused(call(`${R}/begin`, { gradeExamId: examId }, bob), '考试已结束，如需补考请联系班主任');
    const attempt = ok(await call(`${R}/begin`, { gradeExamId: examId }, admin));
    ok(await call(`${R}/submit`, { recordId: attempt.recordId, answers: [] }, admin));
    await refused(call(`${R}/begin`, { gradeExamId: examId }, admin), '考试已结束，如需补考请联系班主任');
    const listed = ok(await call('/exam/auth/grade/exam/list', { gradeId }, admin)).list.find(
      (x: any) => x.id === examId,
    );
    expect(listed).toMatchObject({ myCompensateStatus: 2, myAttemptCount: 1, state: 3 });
  });
});

describe('leaving the class', () => {
  it('ends access to its exams at once, the attempt in progress included', async () => {
    const kicked = await newUser(t, '13900030002');
    const other = ok(
      await call(
        '/exam/auth/grade/info/save',
        {
          gradeName: '考试测试班',
          beginTime: at(-MIN).slice(0, 10),
          endTime: at(30 * 24 * 60 * MIN).slice(0, 10),
          joinRule: 1,
        },
        teacher,
      ),
    );
    ok(await call('/exam/auth/grade/student/grade/add', { gradeId: other.id }, kicked));
    const e = ok(
      await call(
        '/exam/auth/grade/exam/save',
        { gradeId: other.id, examId: quickPaper, beginTime: at(-MIN), endTime: at(60 * MIN) },
        teacher,
      ),
    );
    // an exam of one class is nothing to a member of another
    await refused(call(`${R}/begin`, { gradeExamId: e.id }, ann), NOT_A_MEMBER);
    const attempt = ok(await call(`${R}/begin`, { gradeExamId: e.id }, kicked));
    const { single } = shape(attempt);
    ok(await call(`${A}/save`, { recordId: attempt.recordId, problemId: single.id, answer: ['A'] }, kicked));
    const members = ok(await call('/exam/auth/grade/student/page', { gradeId: other.id }, teacher)).list;
    const row = members.find((m: any) => m.userId === kicked.id);
    expect((await put('/exam/auth/grade/student/kick/out', { id: row.id }, teacher)).code).toBe(200);
    await refused(
      call(`${A}/save`, { recordId: attempt.recordId, problemId: single.id, answer: ['B'] }, kicked),
      NOT_A_MEMBER,
    );
    await refused(call(`${R}/continue`, { recordId: attempt.recordId }, kicked), NOT_A_MEMBER);
    await refused(call(`${R}/submit`, { recordId: attempt.recordId, answers: [] }, kicked), NOT_A_MEMBER);
    await refused(call('/exam/auth/grade/exam/list', { gradeId: other.id }, kicked), NOT_A_MEMBER);
    await refused(call(`${R}/score`, { gradeExamId: e.id }, kicked), NOT_A_MEMBER);
  });

  it('counts an attempt left past its deadline as sat', async () => {
    const e = ok(await assign({ examId: quickPaper }));
    const first = ok(await call(`${R}/begin`, { gradeExamId: e.id }, bob));
    await t.platform.db
      .update(examRecord)
      .set({ deadlineTime: new Date(Date.now() - 10 * MIN) })
      .where(eq(examRecord.id, BigInt(first.recordId)));
    await refused(call(`${R}/begin`, { gradeExamId: e.id }, bob), '本场考试最多可考 1 次，您的次数已用完');
  });

  it('refuses an upcoming exam and bad ids without a fault', async () => {
    const e = ok(await assign({ examId: quickPaper, beginTime: at(60 * MIN), endTime: at(120 * MIN) }));
    await refused(call(`${R}/begin`, { gradeExamId: e.id }, ann), /^考试尚未开始，开始时间 /);
    await refused(call(`${R}/begin`, { gradeExamId: '123' }, ann), '班级考试不存在或已删除');
    await refused(call(`${R}/continue`, { recordId: '123' }, ann), '考试记录不存在');
    await refused(call(`${A}/view`, { recordId: '123' }, ann), '考试记录不存在');
    await refused(call(`${R}/begin`, { gradeExamId: 'abc' }, ann), 'ID 格式不正确');
  });
});
