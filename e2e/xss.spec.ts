import { expect, test } from './journey.ts';
import { contextAs, signIn, store, visit, type Seen } from './xss-support.ts';

/**
 * Markup written by people is shown as text, never run (issue #19). A corpus of script-carrying vectors is stored
 * through the fields a student, a lecturer and the administrator write and the pages show; then every such page is
 * opened as the author, another user and the administrator. No dialog opens, no request leaves the site, the
 * marker `window.__xss` stays unset, the page stays where it is, and no <meta http-equiv>, <base>, <form>, <link>,
 * script-bearing attribute or style with url() from the corpus reaches the DOM.
 */
test.describe.configure({ timeout: 170_000 });

test('markup stored by people is shown as text on every page that shows it', async ({ browser, request }) => {
  const student = await signIn(request, 'student');
  const lecturer = await signIn(request, 'lecturer');
  const admin = await signIn(request, 'admin');
  const stored: string[] = [];

  // the student: nickname, feedback, comments on a free course, the lecturer application
  stored.push(...(await store('nickname', false, (v) => student('/user/auth/user/ext/update', { nickname: v }))));
  stored.push(
    ...(await store('feedback', true, (v) =>
      student('/data/auth/feedback/log/save', { feedbackType: 1, content: v, contact: '', imgUrls: [] }),
    )),
  );
  const courses = (await student('/course/api/course/list', { pageSize: 100 })).data.list;
  const free = courses.find((c: { isFree: number }) => c.isFree === 1) ?? courses[0];
  stored.push(
    ...(await store('comment', true, (v) =>
      student('/course/auth/course/comment/save', { courseId: free.id, commentText: v }),
    )),
  );
  const application = (await student('/user/auth/lecturer/audit/view')).data;
  if (application) {
    stored.push(
      ...(await store('lecturer application', false, (v) =>
        student('/user/auth/lecturer/audit/update', {
          ...application,
          lecturerName: v.slice(0, 20),
          introduce: `申请理由：${v}`,
        }),
      )),
    );
  }

  // the lecturer: a course draft, a paper, a problem
  const draft = (await lecturer('/course/auth/course/audit/list', {})).data.list[0];
  const draftView = (await lecturer('/course/auth/course/audit/view', { id: draft.id })).data;
  stored.push(
    ...(await store('course draft', false, (v) =>
      lecturer('/course/auth/course/audit/update', { ...draftView, id: draft.id, courseName: v, introduce: v }),
    )),
  );
  // a paper not waiting for its audit (one waiting cannot be changed)
  let paper: { id: string } | undefined;
  for (const p of (await lecturer('/exam/auth/exam/audit/list', { pageSize: 100 })).data.list) {
    const view = (await lecturer('/exam/auth/exam/audit/preview', { id: p.id })).data;
    const put = (v: string) =>
      lecturer('/exam/auth/exam/audit/update', { ...view, ...p, id: p.id, examName: v, description: v });
    if ((await put('试卷')).code !== 200) continue;
    stored.push(...(await store('paper', false, put)));
    paper = p;
    break;
  }
  expect(paper, 'no paper of the demo lecturer could be changed').toBeDefined();
  // published through the audit, so the public paper page shows it
  const submitted = await lecturer('/exam/auth/exam/audit/is/submit/audit', { id: paper!.id });
  expect(submitted.msg).toBe('');
  const approved = await admin('/exam/admin/exam/audit/audit', { id: paper!.id, auditStatus: 1, auditOpinion: '' });
  expect(approved.msg).toBe('');
  const shelf = (await student('/exam/api/exam/info/list', { pageSize: 100 })).data.list;
  const published = shelf.find((e: { examName: string }) => e.examName.includes('__xss'));
  expect(published, 'the changed paper is not on the shelf').toBeDefined();
  const problem = (await lecturer('/exam/auth/exam/problem/list', {})).data.list[0];
  const problemView = (await lecturer('/exam/auth/exam/problem/view', { id: problem.id })).data;
  stored.push(
    ...(await store('problem', false, (v) =>
      // a new problem: one used in a published paper stays as it is
      lecturer('/exam/auth/exam/problem/save', {
        ...problemView,
        id: undefined,
        parentId: undefined,
        // the stem keeps some text: one made of markup alone is empty once cleaned, and refused as such
        problemContent: `题干 ${v}`,
      }),
    )),
  );

  // the administrator: a header link, a friendly link, a message to users
  stored.push(
    ...(await store('nav bar', true, (v) => admin('/system/admin/nav/bar/save', { navTitle: v, navUrl: '/' }))),
  );
  stored.push(
    ...(await store('link', true, (v) => admin('/system/admin/website/link/save', { linkName: v, linkUrl: '/' }))),
  );
  expect(stored.length).toBeGreaterThanOrEqual(8);

  const pages: Record<string, string[]> = {
    guest: ['/', `/view/${free.id}`, `/exam/view/${published.id}`],
    student: [
      '/',
      `/exam/view/${published.id}`,
      '/account/info',
      '/account/feedback',
      `/view/${free.id}`,
      '/account/teacher',
      '/apply',
    ],
    organisation: ['/', `/view/${free.id}`],
    lecturer: [
      '/',
      `/preview/course/${draft.id}`,
      '/account/exams/examAdmin',
      `/account/exams/preview?id=${paper!.id}`,
      '/account/subject',
    ],
    admin: [
      `/exam/view/${published.id}`,
      '/admin/feedback',
      '/admin/lecturer-audits',
      '/admin/nav',
      '/admin/link',
      '/admin/users',
    ],
  };
  const seen: Seen = { problems: [] };
  for (const [who, paths] of Object.entries(pages)) {
    const context = await contextAs(browser, who as 'guest');
    const page = await context.newPage();
    for (const p of paths) await visit(page, p, seen, who);
    await context.close();
  }
  expect(seen.problems).toEqual([]);
});
