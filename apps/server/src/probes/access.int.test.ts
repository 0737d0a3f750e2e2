import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { demoUser, type TestUser } from '../testing/people.ts';
import { fillPath, operations, sampleOf, type Operation } from './catalogue.ts';
import { people, ROLES, type People, type Role } from './roles.ts';

/**
 * Who may call what (issue #19): every call of `/apis/docs` × guest, student, lecturer, organisation and
 * administrator. The path says most of it (`/api/` anyone, `/auth/` a signed-in user, `/admin/` the administrator);
 * the policies (`*.policy.ts`) narrow some `/auth/` calls to lecturers or to referrers, each with its refusal, and
 * those are the rows of ACCESS below. Every call must have a row: a new call without one fails the first test.
 */

/** A refusal as the server words it: the code, and what its message says. */
type Refusal = [code: number, msg: RegExp];
interface Narrow {
  only: Role[];
  refusal: Refusal;
}
type Rule = 'public' | 'user' | 'admin' | 'callback' | Narrow;

// user.policy.ts mustBeLecturer, the one refusal of lecturers' calls (decision 34), asked through
// studio.policy.ts before any draft is looked up, vod.policy.ts mayUpload and exam.policy.ts requireLecturer
const LECTURER_ONLY: Refusal = [999, /^只有讲师可以使用此功能，请先申请成为讲师$/];
const STUDIO: Narrow = { only: ['lecturer'], refusal: LECTURER_ONLY };
const VOD: Narrow = { only: ['lecturer'], refusal: LECTURER_ONLY };
const BANK: Narrow = { only: ['lecturer'], refusal: LECTURER_ONLY };
// exam.policy.ts ownedBy / ownPaper / markableRecord: a lecturer's own problem, paper or answer sheet, asked with
// the demo lecturer's real ids; another's reads as missing
const OWN_EXAM: Narrow = { only: ['lecturer'], refusal: [999, /不存在，或不是您/] };
// lecturer.policy.ts ownLecturer: the lecturer's own profile calls
const LECTURER: Narrow = { only: ['lecturer'], refusal: [999, /讲师/] };
// user.policy.ts mayRefer: in the demo only the student was granted referring
const REFERRER: Narrow = { only: ['student'], refusal: [999, /推荐资格/] };
// grade.policy.ts mayRunGrades: classes are created by lecturers and organisations
const GRADE_TEACHER: Narrow = { only: ['lecturer', 'organisation'], refusal: [999, /^只有讲师或机构可以创建班级/] };
// org.policy.ts mustBeOrganisation: the organisation centre's own calls
const ORG: Narrow = { only: ['organisation'], refusal: [999, /^机构中心仅对机构账号开放$/] };
// live.service.ts mayTeachLive and the lecturer's own lists: mustBeLecturer first
const LIVE_LECTURER: Narrow = { only: ['lecturer'], refusal: LECTURER_ONLY };

const AUTH_NARROW: Record<string, Narrow> = {
  '/user/auth/user/recommended/list': REFERRER,
  '/user/auth/user/ext/sharing/recommended': REFERRER,
  '/user/auth/lecturer/view': LECTURER,
  '/user/auth/lecturer/audit/applyLive': LECTURER,
  '/user/auth/order/info/lecturer': { only: ['lecturer'], refusal: [999, /讲师/] },
  '/vod/auth/videoInfo/upload': VOD,
  '/vod/auth/videoInfo/upload/list': VOD,
  '/course/auth/vod/upload': VOD,
  ...Object.fromEntries(
    [
      'audit/list',
      'audit/save',
      'audit/view',
      'audit/update',
      'audit/delete',
      'audit/stand',
      'audit/submit',
      'audit/preview',
      'audit/changes',
      'chapter/audit/list',
      'chapter/audit/save',
      'chapter/audit/update',
      'chapter/audit/delete',
      'chapter/audit/sort',
      'chapter/period/audit/list',
      'chapter/period/audit/save',
      'chapter/period/audit/update',
      'chapter/period/audit/delete',
      'chapter/period/audit/sort',
      'period/video/view',
      'period/video/save',
      'video/list',
      'video/chapter',
      'video/ref',
      'video/delete',
      'accessory/list',
      'accessory/save',
      'accessory/delete',
      'learner/course/page',
      'learner/page',
      'chapter/pic/audit/list',
      'chapter/pic/audit/save',
      'chapter/pic/audit/delete',
      'chapter/period/pic/audit/list',
      'chapter/period/pic/audit/save',
      'chapter/period/pic/audit/delete',
      'period/doc/view',
      'period/doc/save',
      'period/doc/delete',
    ].map((p) => [`/course/auth/course/${p}`, STUDIO]),
  ),
  '/exam/auth/exam/problem/list': BANK,
  '/exam/auth/exam/problem/save': BANK,
  '/exam/auth/exam/audit/list': BANK,
  '/exam/auth/exam/audit/save': BANK,
  '/exam/auth/exam/list': BANK,
  '/exam/auth/user/exam/record/mark/page': BANK,
  '/exam/auth/exam/problem/update': OWN_EXAM,
  '/exam/auth/exam/problem/delete': OWN_EXAM,
  '/exam/auth/exam/problem/view/:id': OWN_EXAM,
  '/exam/auth/exam/problem/view': OWN_EXAM,
  '/exam/auth/exam/video/ref': OWN_EXAM,
  '/exam/auth/exam/audit/update': OWN_EXAM,
  '/exam/auth/exam/audit/is/put/way': OWN_EXAM,
  '/exam/auth/exam/audit/save/exam/ref': OWN_EXAM,
  '/exam/auth/exam/auto/save/exam/ref': OWN_EXAM,
  '/exam/auth/exam/audit/preview': OWN_EXAM,
  '/exam/auth/exam/audit/is/submit/audit': OWN_EXAM,
  '/exam/auth/exam/statistics': OWN_EXAM,
  '/exam/auth/user/exam/download/export': OWN_EXAM,
  '/exam/auth/grade/info/save': GRADE_TEACHER,
  ...Object.fromEntries(
    [
      'view',
      'profile/save',
      'lecturer/invite',
      'lecturer/page',
      'course/page',
      'grade/page',
      'exam/page',
      'sale/page',
    ].map((p) => [`/user/auth/org/${p}`, ORG]),
  ),
  ...Object.fromEntries(
    [
      '/course/auth/course/channel/view',
      '/course/auth/course/channel/reset',
      '/course/auth/course/update/channel/passwd',
      '/course/auth/live/session/save',
      '/course/auth/live/session/list',
      '/course/auth/live/session/audit/list',
      '/course/auth/live/session/audit/save',
      '/course/auth/live/session/audit/delete',
      '/course/auth/live/channel/log/list',
    ].map((p) => [p, LIVE_LECTURER]),
  ),
};

/** Every call's rule: the narrowed `/auth/` calls above, the rest by their path. */
function ruleOf(op: Operation): Rule | undefined {
  if (op.access === 'auth') return AUTH_NARROW[op.path] ?? (USER_CALLS.has(op.path) ? 'user' : undefined);
  return { api: 'public', admin: 'admin', callback: 'callback' }[op.access] as Rule;
}

/**
 * The `/auth/` calls open to every signed-in user: each was read against its service and policy. A new `/auth/`
 * call must be placed here or in AUTH_NARROW.
 */
const USER_CALLS = new Set([
  ...`/user/auth/user/ext/view /user/auth/user/ext/update /user/auth/user/ext/exit/login /user/auth/user/account/view
  /user/auth/user/account/update /user/auth/user/research/view /user/auth/user/research/save
  /user/auth/user/research/edit /user/auth/user/ext/face/contrast/code /user/auth/user/ext/face/contrast/result
  /user/auth/user/ext/face/contrast/fail /system/auth/upload/aliyun /system/auth/upload/polyv /user/auth/msg/user/list
  /user/auth/msg/user/read /user/auth/msg/user/num /user/auth/msg/user/read/all /user/auth/msg/user/batch/delete
  /user/auth/lecturer/audit/apply /user/auth/lecturer/audit/view /user/auth/lecturer/audit/update
  /user/auth/lecturer/attention/save /user/auth/lecturer/attention/delete /user/auth/lecturer/attention/list
  /user/auth/lecturer/attention/check /vod/auth/videoInfo/play /course/auth/course/view /course/auth/course/sign
  /course/auth/course/chapter/page /course/auth/course/accessory/download /course/auth/course/collection/save
  /course/auth/course/collection/delete /course/auth/course/comment/save /course/auth/course/comment/list
  /course/auth/course/comment/delete /course/auth/user/order/course/ref/list /course/auth/user/collection/course/list
  /course/auth/user/collection/course/delete /data/auth/feedback/log/save /data/auth/feedback/log/page
  /data/auth/course/user/period/progress/list /data/auth/course/user/study/page /data/auth/note/log/page
  /data/auth/note/log/view /data/auth/note/log/save /data/auth/note/log/delete /exam/auth/exam/view
  /exam/auth/user/exam/record/examOnline /exam/auth/user/exam/record/continue /exam/auth/user/exam/record/answer/save
  /exam/auth/user/exam/record/examFinish /exam/auth/user/exam/record/leave /exam/auth/user/exam/record/list
  /exam/auth/user/exam/record/check /exam/auth/user/exam/list /exam/auth/user/exam/answer/view /exam/auth/exam/sign
  /exam/auth/user/exam/answer/mark /exam/auth/user/error/problem/category/list /exam/auth/user/error/problem/page
  /exam/auth/user/error/problem/view /exam/auth/user/error/problem/problem/view /exam/auth/user/error/problem/delete/all
  /exam/auth/user/error/problem/delete/:id /exam/auth/practice/save /exam/auth/practice/view /exam/auth/practice/list
  /exam/auth/practice/delete /exam/auth/practice/sign /exam/auth/practice/user/answer/save
  /exam/auth/practice/user/answer/delete /exam/auth/exam/problem/collection/collect
  /exam/auth/exam/problem/collection/delete /exam/auth/exam/problem/collection/list /exam/auth/course/exam/ref/save
  /exam/auth/course/exam/ref/delete /exam/auth/exercise/listForPage /user/auth/user/account/balance/view
  /user/auth/user/account/ledger/list /user/auth/user/account/income/day /user/auth/user/account/extract/log/save
  /user/auth/user/account/extract/log/list /user/auth/order/info/pay /user/auth/user/order/pay
  /user/auth/order/info/continue/pay /user/auth/order/info/close /user/auth/order/info/list /user/auth/order/info/view
  /user/auth/user/recommended/reward/list`.split(/\s+/),
  // every signed-in person writes, likes, follows and reports in the community; whose post, question, answer or
  // comment it is, is asked of each row (blog.policy.ts, question.policy.ts), which the community's int tests hold
  ...`/community/auth/report/save /community/auth/blogger/save /community/auth/blogger/update
  /community/auth/blogger/myself /community/auth/blogger/view /community/auth/blogger/recommend/list
  /community/auth/blog/attention/list /community/auth/blog/save /community/auth/blog/update /community/auth/blog/list
  /community/auth/blog/view /community/auth/blog/user/record/save /community/auth/blog/user/record/delete
  /community/auth/blog/stand /community/auth/blogger/user/record/list /community/auth/fans/list
  /community/auth/fans/save /community/auth/fans/delete /community/auth/blog/user/record/collection/list
  /community/auth/blog/user/record/collection/delete /community/auth/blog/delete /community/auth/blog/comment/save
  /community/auth/blog/comment/list /community/auth/blog/comment/delete /community/auth/questions/save
  /community/auth/questions/update /community/auth/questions/delete /community/auth/questions/list
  /community/auth/questions/view /community/auth/questions/comment/save /community/auth/questions/comment/accept
  /community/auth/questions/user/record/save /community/auth/questions/comment/list
  /community/auth/questions/comment/delete`.split(/\s+/),
  // a class's calls answer by what the user is to that class (grade.policy.ts), which grade.int.test.ts holds
  // (and grade-history.int.test.ts for the chart over time)
  ...`/exam/auth/grade/info/update /exam/auth/grade/info/page /exam/auth/grade/info/expire/list
  /exam/auth/grade/info/view /exam/auth/grade/info/share /exam/auth/grade/info/disband /exam/auth/grade/student/grade/add
  /exam/auth/grade/student/add /exam/auth/grade/student/import /exam/auth/grade/student/template
  /exam/auth/grade/student/quit /exam/auth/grade/student/kick/out /exam/auth/grade/student/page
  /exam/auth/grade/student/update/admin /exam/auth/grade/apply/record/page /exam/auth/grade/apply/record/audit
  /exam/auth/grade/apply/record/batch /exam/auth/grade/apply/record/ignore /exam/auth/grade/course/save
  /exam/auth/grade/course/page /course/auth/grade/save /course/auth/grade/check /exam/auth/grade/summary
  /exam/auth/grade/summary/export /exam/auth/grade/summary/history /exam/auth/grade/tips`.split(/\s+/),
  // class exams answer by what the user is to the class (grade.policy.ts, grade-exam.policy.ts), which
  // grade-exam.int.test.ts holds for members, class admins, strangers, other lecturers and the teacher
  ...`/exam/auth/grade/exam/save /exam/auth/grade/exam/edit /exam/auth/grade/exam/del /exam/auth/grade/exam/list
  /exam/auth/grade/exam/student/relation/page /exam/auth/grade/exam/student/relation/audit
  /exam/auth/grade/exam/student/relation/save /exam/auth/grade/exam/student/relation/check
  /exam/auth/grade/exam/student/relation/begin /exam/auth/grade/exam/student/relation/continue
  /exam/auth/grade/exam/student/relation/submit /exam/auth/grade/exam/student/relation/score
  /exam/auth/grade/student/exam/answer/save /exam/auth/grade/student/exam/answer/view
  /exam/auth/grade/student/exam/answer/sys/audit`.split(/\s+/),
  // a lecturer answers an organisation's invitation and either side ends the relation: asked of the row
  // (org.service.ts), which organisation.int.test.ts holds
  ...`/user/auth/org/relation/end /user/auth/org/invite/list /user/auth/org/invite/answer`.split(/\s+/),
  // a live lesson's stream, replay and chat room answer by the one entitlement service, and its log by the session's
  // lecturer (live.service.ts watchable), which the live module's int tests hold
  ...`/course/auth/course/getLiveUrl /course/auth/course/getPlaybackUrl /course/auth/live/channel/token
  /course/auth/live/channel/log/view /course/auth/live/channel/log/save`.split(/\s+/),
]);

let t: TestApp;
let who: People;
let ops: Operation[];
/** The demo lecturer's own problem, paper and published exam, for the calls on them. */
const lecturerIds: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  who = await people(t);
  ops = (await operations(t)).filter((o) => !(o.method === 'GET' && o.call?.method !== 'GET' && o.call));
  const lecturer = { headers: await who.headers('lecturer') };
  const first = async (path: string) => String((await t.call(path, { pageSize: 1 }, lecturer)).data.list[0]?.id ?? '1');
  lecturerIds.problem = await first('/exam/auth/exam/problem/list');
  lecturerIds.paper = await first('/exam/auth/exam/audit/list');
  lecturerIds.exam = await first('/exam/auth/exam/list');
});
afterAll(async () => t?.close());

/** A body that passes validation, carrying the demo lecturer's ids where the call is about their problem or paper. */
function bodyFor(op: Operation): unknown {
  if (!op.call) return {};
  const problemCall = /\/exam\/(problem|video)\//.test(op.path);
  const examCall = /statistics|export/.test(op.path);
  const id = problemCall ? lecturerIds.problem! : examCall ? lecturerIds.exam! : lecturerIds.paper!;
  return sampleOf(op.call.body, {
    id,
    problemId: lecturerIds.problem!,
    examId: examCall ? lecturerIds.exam! : lecturerIds.paper!,
  });
}

async function send(op: Operation, role: Role): Promise<{ code: number; msg: string }> {
  const body = bodyFor(op);
  const url = `/apis${fillPath(op.path, op.path.includes('/problem/view/') ? lecturerIds.problem! : '1')}`;
  const auth = await who.headers(role);
  const headers =
    op.method === 'GET' || op.method === 'DELETE' ? auth : { 'content-type': 'application/json', ...auth };
  const res = await t.raw(
    op.method === 'GET' || op.method === 'DELETE'
      ? {
          method: op.method,
          url,
          headers,
          query: Object.fromEntries(Object.entries(body as object).map(([k, v]) => [k, String(v)])),
        }
      : { method: op.method, url, headers, payload: JSON.stringify(body) },
  );
  expect(res.statusCode, res.body).toBeLessThan(500);
  try {
    return res.json();
  } catch {
    return { code: res.statusCode, msg: res.body.slice(0, 100) };
  }
}

const callAt = (path: string) => ops.find((o) => o.path === path)!.call!;

/** What a role must be answered, or undefined where the call is open to it. */
function expected(rule: Rule, role: Role): { codes: number[]; msg?: RegExp } | undefined {
  if (rule === 'public' || rule === 'callback') return undefined;
  if (role === 'guest') return { codes: [301, 302] };
  if (rule === 'admin') return role === 'admin' ? undefined : { codes: [306] };
  if (role === 'admin') return { codes: [306] };
  if (rule === 'user' || rule.only.includes(role)) return undefined;
  return { codes: [rule.refusal[0]], msg: rule.refusal[1] };
}

describe('the access table', () => {
  it('has a row for every call', () => {
    const missing = ops
      .filter((o) => !ruleOf(o))
      .map((o) => `call ${o.method} ${o.path} has no row in the access table`);
    expect(missing).toEqual([]);
    const known = new Set(ops.map((o) => o.path));
    const stale = [...USER_CALLS, ...Object.keys(AUTH_NARROW)].filter((p) => !known.has(p));
    expect(stale, 'rows of calls that no longer exist').toEqual([]);
  });
});

describe('every call refuses the roles it is not for', () => {
  const cases = () => ops.flatMap((op) => ROLES.map((role) => ({ op, role })));
  it('covers every call × role', () => {
    expect(cases().length).toBe(ops.length * ROLES.length);
  });

  it('answers guests, users and the administrator as the table says', async () => {
    const wrong: string[] = [];
    for (const { op, role } of cases()) {
      const rule = ruleOf(op);
      if (!rule) continue;
      const want = expected(rule, role);
      if (!want) continue;
      const got = await send(op, role);
      const ok = want.codes.includes(got.code) && (!want.msg || want.msg.test(got.msg));
      if (ok) continue;
      wrong.push(
        `${op.method} ${op.path} as ${role}: expected ${want.codes.join('/')}${want.msg ? ` ${want.msg}` : ''}, got ${got.code} ${got.msg}`,
      );
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('refuses other users the lecturer ledger of orders', async () => {
    const op = ops.find((o) => o.path === '/user/auth/order/info/lecturer')!;
    for (const role of ['student', 'organisation'] as const) expect((await send(op, role)).code).not.toBe(200);
  });
});

describe('owner-only calls refuse another user’s ids', () => {
  let student: TestUser;
  let organisation: TestUser;
  let lecturer: TestUser;
  let otherLecturer: TestUser;
  beforeAll(async () => {
    student = await demoUser(t, '13800000001');
    organisation = await demoUser(t, '13800000003');
    lecturer = await demoUser(t, '13800000002');
    otherLecturer = await demoUser(t, '13800000004');
  });

  /** Every attempt by `other` is refused with one of the owner's "missing" words, and never succeeds. */
  async function refused(other: TestUser, attempts: Array<[string, unknown, ('POST' | 'DELETE')?]>) {
    for (const [path, body, method] of attempts) {
      const res =
        method === 'DELETE'
          ? (
              await t.raw({
                method: 'DELETE',
                url: `/apis${path}`,
                query: body as Record<string, string>,
                headers: other.headers.headers,
              })
            ).json()
          : await t.call(path, { ...(sampleOf(callAt(path).body) as object), ...(body as object) }, other.headers);
      expect([path, res.code, res.msg]).toEqual([path, 999, expect.stringMatching(/不存在|不是您|已删除/)]);
    }
  }

  it('course drafts, chapters and lessons are their lecturer’s', async () => {
    const draft = (await t.call('/course/auth/course/audit/list', {}, lecturer.headers)).data.list[0];
    const chapters = (await t.call('/course/auth/course/chapter/audit/list', { courseId: draft.id }, lecturer.headers))
      .data;
    const chapter = chapters[0];
    await refused(otherLecturer, [
      ['/course/auth/course/audit/view', { id: draft.id }],
      ['/course/auth/course/audit/update', { id: draft.id, courseName: '改掉', courseType: 1 }],
      ['/course/auth/course/audit/delete', { id: draft.id }],
      ['/course/auth/course/audit/submit', { id: draft.id }],
      ['/course/auth/course/chapter/audit/list', { courseId: draft.id }],
      ['/course/auth/course/chapter/audit/update', { id: chapter.id, chapterName: '改掉' }],
      ['/course/auth/course/chapter/audit/delete', { id: chapter.id }],
      ['/course/auth/course/learner/page', { courseId: draft.id }],
    ]);
    expect((await t.call('/course/auth/course/audit/view', { id: draft.id }, lecturer.headers)).code).toBe(200);
  });

  it('problems and papers are their lecturer’s', async () => {
    await refused(otherLecturer, [
      ['/exam/auth/exam/problem/view', { id: lecturerIds.problem }],
      ['/exam/auth/exam/problem/delete', { id: lecturerIds.problem }],
      ['/exam/auth/exam/audit/preview', { id: lecturerIds.paper }],
      ['/exam/auth/exam/audit/is/put/way', { id: lecturerIds.paper, isPutAway: 0 }],
      ['/exam/auth/exam/audit/is/submit/audit', { id: lecturerIds.paper }],
      ['/exam/auth/exam/statistics', { examId: lecturerIds.exam }],
    ]);
    expect((await t.call('/exam/auth/exam/problem/view', { id: lecturerIds.problem }, lecturer.headers)).code).toBe(
      200,
    );
  });

  it('messages are their reader’s', async () => {
    const mine = (await t.call('/user/auth/msg/user/list', {}, student.headers)).data.list;
    expect(mine.length).toBeGreaterThan(0);
    await refused(organisation, [
      ['/user/auth/msg/user/read', { id: mine[0].id }],
      ['/user/auth/msg/user/batch/delete', { ids: [mine[0].id] }],
    ]);
  });

  it('orders are their buyer’s', async () => {
    const courses = (await t.call('/course/api/course/list', { pageSize: 100 })).data.list;
    const paid = courses.find((c: { isFree: number }) => c.isFree === 0);
    const order = await t.call('/user/auth/order/info/pay', { courseId: paid.id }, student.headers);
    expect(order.code, order.msg).toBe(200);
    await refused(organisation, [
      ['/user/auth/order/info/view', { orderNo: order.data.orderNo }],
      ['/user/auth/order/info/close', { orderNo: order.data.orderNo }],
      ['/user/auth/order/info/continue/pay', { orderNo: order.data.orderNo }],
    ]);
    expect((await t.call('/user/auth/order/info/view', { orderNo: order.data.orderNo }, student.headers)).code).toBe(
      200,
    );
  });

  it('notes, exam records and practice sets are their student’s', async () => {
    const exams = (await t.call('/exam/api/exam/info/list', { pageSize: 100 })).data.list;
    let recordId: string | undefined;
    for (const e of exams) {
      const started = await t.call('/exam/auth/user/exam/record/examOnline', { examId: e.id }, student.headers);
      if (started.code === 200) {
        recordId = started.data.recordId;
        break;
      }
    }
    expect(recordId, 'the student could start none of the demo exams').toBeDefined();
    const practice = await t.call('/exam/auth/practice/save', {}, student.headers);
    const attempts: Array<[string, unknown, ('POST' | 'DELETE')?]> = [
      ['/exam/auth/user/exam/record/continue', { recordId }],
      ['/exam/auth/user/exam/record/answer/save', { recordId, problemId: lecturerIds.problem, answer: ['A'] }],
      ['/exam/auth/user/exam/record/examFinish', { recordId }],
      ['/exam/auth/user/exam/answer/view', { recordId }],
    ];
    if (practice.code === 200) {
      attempts.push(
        ['/exam/auth/practice/view', { id: practice.data.id }],
        ['/exam/auth/practice/delete', { id: practice.data.id }],
      );
    }
    const notes = (await t.call('/data/auth/note/log/page', {}, student.headers)).data.list;
    if (notes[0]) {
      attempts.push(
        ['/data/auth/note/log/view', { id: notes[0].id }],
        ['/data/auth/note/log/save', { id: notes[0].id, periodId: notes[0].periodId, content: '改掉' }],
        ['/data/auth/note/log/delete', { id: notes[0].id }, 'DELETE'],
      );
    }
    await refused(organisation, attempts);
  });
});
