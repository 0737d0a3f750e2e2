import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { adminHeaders, demoUser, drainJobs, newUser, type TestUser } from '../../testing/people.ts';
import { examAnswer, examRecord } from '../../db/schema/exam-attempt.ts';
import { job } from '../../db/schema/platform.ts';
import { keysOf, readyVideo } from './exam.testing.ts';

/**
 * The promises of the exam module that a person could try to break: another student's record, answers before
 * submission, another lecturer's paper, and a server that restarts while attempts are under way.
 */
let t: TestApp;
let lecturer: TestUser;
let otherLecturer: TestUser;
let alice: TestUser;
let bob: TestUser;
let examId: string;
const ids = {} as Record<'single' | 'judge' | 'fill' | 'short', string>;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await adminHeaders(t);
  lecturer = await demoUser(t, '13800000002');
  otherLecturer = await demoUser(t, '13800000004');
  alice = await newUser(t, '13900006001');
  bob = await newUser(t, '13900006002');
  const videoId = await readyVideo(t, lecturer.id, '讲解：乘法');
  const save = async (body: object) =>
    ok(await t.call('/exam/auth/exam/problem/save', body, lecturer.headers)).id as string;
  ids.single = await save({
    problemType: 1,
    problemContent: '3 × 3 = ?',
    options: [{ content: '6' }, { content: '9' }],
    answer: ['B'],
    analysis: '乘法口诀',
    videoId: String(videoId),
  });
  ids.judge = await save({ problemType: 3, problemContent: '0 是偶数', answer: ['A'], analysis: '能被 2 整除' });
  ids.fill = await save({ problemType: 4, problemContent: '2 的 3 次方是 ____', answer: ['8'] });
  ids.short = await save({ problemType: 5, problemContent: '说说乘法交换律', answer: ['a × b = b × a'], score: 10 });
  examId = ok(
    await t.call(
      '/exam/auth/exam/audit/save',
      { examName: '守护测试卷', answerTime: 30, passScore: 1 },
      lecturer.headers,
    ),
  ).id;
  const problems = Object.values(ids).map((problemId) => ({ problemId, score: 5 }));
  ok(
    await t.call(
      '/exam/auth/exam/audit/save/exam/ref',
      { examId, sections: [{ titleName: '全部', problems }] },
      lecturer.headers,
    ),
  );
  ok(await t.call('/exam/auth/exam/audit/is/submit/audit', { id: examId }, lecturer.headers));
  ok(await t.call('/exam/admin/exam/audit/audit', { id: examId, auditStatus: 1 }, admin));
});
afterAll(async () => t?.close());

function ok(res: { code: number; msg: string; data: any }) {
  expect(res.msg).toBe('');
  expect(res.code).toBe(200);
  return res.data;
}
const SECRET_KEYS = ['answer', 'rightAnswer', 'analysis', 'videoId', 'playUrl'];
const carriesSecrets = (reply: unknown) => SECRET_KEYS.filter((k) => keysOf(reply).has(k));

let aliceRecord: string;
let bobRecord: string;

describe('a student cannot read another’s record', () => {
  it('answers every call on someone else’s attempt as if it did not exist', async () => {
    aliceRecord = ok(await t.call('/exam/auth/user/exam/record/examOnline', { examId }, alice.headers)).recordId;
    bobRecord = ok(await t.call('/exam/auth/user/exam/record/examOnline', { examId }, bob.headers)).recordId;
    ok(
      await t.call(
        '/exam/auth/user/exam/record/answer/save',
        { recordId: aliceRecord, problemId: ids.judge, answer: ['A'] },
        alice.headers,
      ),
    );
    for (const [path, body] of [
      ['/exam/auth/user/exam/record/continue', { recordId: aliceRecord }],
      ['/exam/auth/user/exam/record/answer/save', { recordId: aliceRecord, problemId: ids.judge, answer: ['B'] }],
      ['/exam/auth/user/exam/record/examFinish', { recordId: aliceRecord }],
      ['/exam/auth/user/exam/record/leave', { recordId: aliceRecord }],
      ['/exam/auth/user/exam/answer/view', { recordId: aliceRecord }],
      ['/exam/auth/exam/sign', { problemId: ids.single, recordId: aliceRecord }],
    ] as const) {
      expect((await t.call(path, body, bob.headers)).msg, path).toBe('考试记录不存在');
    }
    const bobs = ok(await t.call('/exam/auth/user/exam/record/list', {}, bob.headers));
    expect(bobs.list.map((r: any) => r.recordId)).toEqual([bobRecord]);
    // Bob's attempts changed nothing of Alice's
    const alices = ok(await t.call('/exam/auth/user/exam/record/continue', { recordId: aliceRecord }, alice.headers));
    expect(alices.answers).toEqual([expect.objectContaining({ problemId: ids.judge, answer: ['A'] })]);
    expect(alices.leaveCount).toBe(0);
  });
});

describe('nor the answers and analysis before submitting', () => {
  it('never sends the answer, the analysis or the video to an attempt under way', async () => {
    expect(carriesSecrets(ok(await t.call('/exam/api/exam/info/view', { id: examId })))).toEqual([]);
    expect(carriesSecrets(ok(await t.call('/exam/auth/exam/view', { id: examId }, alice.headers)))).toEqual([]);
    const resumed = ok(await t.call('/exam/auth/user/exam/record/continue', { recordId: aliceRecord }, alice.headers));
    // the student's own saved answers come back; nothing of the problems' keys does
    expect(carriesSecrets({ ...resumed, answers: [] })).toEqual([]);
    expect((await t.call('/exam/auth/user/exam/answer/view', { recordId: aliceRecord }, alice.headers)).msg).toBe(
      '交卷后才能查看答案与解析',
    );
    expect(
      (await t.call('/exam/auth/exam/sign', { problemId: ids.single, recordId: aliceRecord }, alice.headers)).msg,
    ).toBe('交卷后才能查看答案与解析');
    expect((await t.call('/exam/auth/exam/sign', { problemId: ids.single }, alice.headers)).msg).toBe(
      '交卷后才能观看讲解视频',
    );
    expect((await t.call('/exam/auth/practice/sign', { problemId: ids.single }, alice.headers)).msg).toBe(
      '作答后才能观看讲解视频',
    );
    expect(
      (await t.call(`/exam/auth/exam/problem/view/${ids.single}`, undefined, { ...alice.headers, method: 'GET' })).msg,
    ).toBe('题目不存在，或不是您创建的');
    expect((await t.call('/exam/auth/exam/audit/preview', { examId }, alice.headers)).msg).toBe(
      '试卷不存在，或不是您创建的',
    );
  });

  it('shows them, and plays the video, once the student has submitted — to that student only', async () => {
    ok(
      await t.call(
        '/exam/auth/user/exam/record/examFinish',
        {
          recordId: aliceRecord,
          answers: [
            { problemId: ids.single, answer: [] },
            { problemId: ids.short, answer: ['交换两个因数，积不变'] },
          ],
        },
        alice.headers,
      ),
    );
    const result = ok(await t.call('/exam/auth/user/exam/answer/view', { recordId: aliceRecord }, alice.headers));
    const single = result.sections[0].problems.find((p: any) => p.problem.id === ids.single).problem;
    expect(single).toMatchObject({ answer: ['B'], analysis: '乘法口诀' });
    expect(single.videoId).not.toBe('');
    const video = ok(
      await t.call('/exam/auth/exam/sign', { problemId: ids.single, recordId: aliceRecord }, alice.headers),
    );
    expect(video.playUrl).toMatch(/^\/apis\/vod\/api\/hls\/[^/]+\/master\.m3u8$/);
    expect((await t.call('/exam/auth/user/exam/answer/view', { recordId: aliceRecord }, bob.headers)).msg).toBe(
      '考试记录不存在',
    );
    expect(
      (await t.call('/exam/auth/exam/sign', { problemId: ids.single, recordId: aliceRecord }, bob.headers)).msg,
    ).toBe('考试记录不存在');
    // Bob, still answering, gets nothing from Alice's submission
    expect(
      (await t.call('/exam/auth/exam/sign', { problemId: ids.single, recordId: bobRecord }, bob.headers)).msg,
    ).toBe('交卷后才能查看答案与解析');
  });
});

describe('lecturer A cannot mark lecturer B’s paper', () => {
  it('refuses the other lecturer everything about the paper and its answers, changing nothing', async () => {
    const mark = { recordId: aliceRecord, problemId: ids.short, score: 5, markRemark: '满分' };
    expect((await t.call('/exam/auth/user/exam/answer/mark', mark, otherLecturer.headers)).msg).toBe(
      '答卷不存在，或不是您试卷的答卷',
    );
    expect((await t.call('/exam/auth/user/exam/answer/mark', mark, alice.headers)).msg).toBe(
      '答卷不存在，或不是您试卷的答卷',
    );
    expect(ok(await t.call('/exam/auth/user/exam/record/mark/page', { examId }, otherLecturer.headers)).list).toEqual(
      [],
    );
    expect(
      (await t.call('/exam/auth/user/exam/answer/view', { recordId: aliceRecord }, otherLecturer.headers)).msg,
    ).toBe('考试记录不存在');
    expect((await t.call('/exam/auth/exam/statistics', { examId }, otherLecturer.headers)).msg).toBe(
      '试卷不存在，或不是您的试卷',
    );
    expect(
      (await t.call('/exam/auth/exam/audit/is/put/way', { id: examId, isPutAway: 0 }, otherLecturer.headers)).msg,
    ).toBe('试卷不存在，或不是您创建的');
    const exported = await t.raw({
      method: 'GET',
      url: `/apis/exam/auth/user/exam/download/export?examId=${examId}`,
      headers: otherLecturer.headers.headers,
    });
    expect(exported.json()).toMatchObject({ code: 999, msg: '试卷不存在，或不是您的试卷' });

    const still = ok(await t.call('/exam/auth/user/exam/answer/view', { recordId: aliceRecord }, alice.headers));
    expect(still).toMatchObject({ status: 2, waitMarkCount: 1, subjectiveScore: 0 });
    expect(ok(await t.call('/exam/auth/user/exam/answer/mark', mark, lecturer.headers))).toMatchObject({
      status: 3,
      subjectiveScore: 5,
    });
  });
});

describe('a server restart during attempts', () => {
  it('loses no saved answer: a new server on the same database continues, scores and submits by the job', async () => {
    const carol = await newUser(t, '13900006003');
    const dave = await newUser(t, '13900006004');
    type Caller = (path: string, body: object, who: TestUser) => Promise<{ code: number; msg: string; data: any }>;
    const save = (server: Caller, who: TestUser, recordId: string, problemId: string, answer: string[]) =>
      server('/exam/auth/user/exam/record/answer/save', { recordId, problemId, answer }, who);
    const first: Caller = (path, body, who) => t.call(path, body, who.headers);
    const carolRecord = ok(await first('/exam/auth/user/exam/record/examOnline', { examId }, carol)).recordId;
    const daveRecord = ok(await first('/exam/auth/user/exam/record/examOnline', { examId }, dave)).recordId;
    const shown = ok(await first('/exam/auth/user/exam/record/continue', { recordId: carolRecord }, carol));
    const nine = shown.sections[0].problems
      .find((p: any) => p.id === ids.single)
      .options.find((o: any) => o.content === '9').key;
    ok(await save(first, carol, carolRecord, ids.single, [nine]));
    ok(await save(first, carol, carolRecord, ids.judge, ['A']));
    ok(await save(first, carol, carolRecord, ids.short, ['交换因数，积不变']));
    ok(await save(first, dave, daveRecord, ids.fill, ['8']));

    // the process dies without a goodbye: nothing it held only in memory survives; a new one starts on the database
    const second: App = await buildApp(t.platform.config, { database: t.platform.database });
    await second.app.ready();
    try {
      const call: Caller = async (path, body, who) =>
        (
          await second.app.inject({
            method: 'POST',
            url: `/apis${path}`,
            headers: { 'content-type': 'application/json', token: who.token },
            payload: JSON.stringify(body),
          })
        ).json();
      const resumed = ok(await call('/exam/auth/user/exam/record/continue', { recordId: carolRecord }, carol));
      expect(resumed.sections).toEqual(shown.sections);
      expect(new Map(resumed.answers.map((a: any) => [a.problemId, a.answer]))).toEqual(
        new Map<string, string[]>([
          [ids.single, [nine]],
          [ids.judge, ['A']],
          [ids.short, ['交换因数，积不变']],
        ]),
      );
      ok(await save(call, carol, carolRecord, ids.fill, ['8']));
      const done = ok(await call('/exam/auth/user/exam/record/examFinish', { recordId: carolRecord }, carol));
      expect(done).toMatchObject({ status: 2, objectiveScore: 15, waitMarkCount: 1 });

      // Dave never comes back: once his time and the grace are over, the job the first server queued runs on the second
      const [queued] = await t.platform.db
        .select()
        .from(job)
        .where(eq(job.dedupeKey, `exam-submit:${daveRecord}`));
      expect(queued).toMatchObject({ state: 'pending' });
      await t.platform.db
        .update(examRecord)
        .set({ deadlineTime: new Date(Date.now() - 61_000) })
        .where(eq(examRecord.id, BigInt(daveRecord)));
      await t.platform.db.update(job).set({ runAt: new Date() }).where(eq(job.id, queued!.id));
      await drainJobs({ ...t, platform: second.platform } as TestApp);
      const daves = ok(await call('/exam/auth/user/exam/record/list', {}, dave));
      expect(daves.list[0]).toMatchObject({ recordId: daveRecord, isAutoSubmit: 1, objectiveScore: 5 });
      const stored = await t.platform.db
        .select()
        .from(examAnswer)
        .where(eq(examAnswer.recordId, BigInt(daveRecord)));
      expect(stored.map((a) => a.answer).filter((a) => a.length > 0)).toEqual([['8']]);
    } finally {
      await second.app.close();
    }
  });
});
