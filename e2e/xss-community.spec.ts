import { devices, expect, test } from './journey.ts';
import { dismissPendingReports } from './support.ts';
import { contextAs, signIn, store, VECTORS, visit, type Seen } from './xss-support.ts';

/**
 * The community's fields hold hostile markup safely (issue #21): the corpus is stored through every text field a
 * community member or the administrator writes — blogger name and introduction, a post's title, summary, body and
 * labels, comments and replies, a question's title and body, a label, answers, comments on answers, a report's
 * note — and every page that shows them, PC and phone, is opened as a visitor, the author, another user and the
 * administrator. Nothing runs, nothing leaves the site, nothing restyles or redirects the page.
 */
test.describe.configure({ timeout: 240_000 });

const { defaultBrowserType: _only, ...phone } = devices['iPhone 13'];
const corpus = VECTORS.join(' ');

test('markup stored in the community is shown as text to everyone who reads it', async ({ browser, request }) => {
  const student = await signIn(request, 'student');
  const lecturer = await signIn(request, 'lecturer');
  const admin = await signIn(request, 'admin');
  const me = (await student('/community/auth/blogger/myself')).data;
  const stored: string[] = [];

  // the student's blogger profile, a post with every field, and a question
  const profile = (v: string) => ({ nickname: v.slice(0, 20), headImgUrl: '', introduce: v });
  stored.push(
    ...(await store('blogger profile', false, async (v) => {
      const saved = await student('/community/auth/blogger/save', profile(v));
      return saved.code === 200 ? saved : student('/community/auth/blogger/update', profile(v));
    })),
  );
  const tags = VECTORS.slice(0, 5).map((v) => v.replace(/[,，]/g, ' ').slice(0, 12));
  const post = await student('/community/auth/blog/save', {
    title: corpus.slice(0, 100),
    summary: corpus.slice(0, 200),
    content: `<p>正文</p>${corpus}`,
    tags,
    isPublish: 1,
  });
  expect(post.msg).toBe('');
  const blogId: string = post.data.id;
  stored.push('post title, summary, body, labels');
  const label = await admin('/community/admin/label/save', { labelType: 2, labelName: VECTORS[1]!.slice(0, 20) });
  expect(label.msg).toBe('');
  const question = await student('/community/auth/questions/save', {
    title: `请问 ${corpus}`.slice(0, 100),
    content: `<p>描述</p>${corpus}`,
    labelIds: [label.data.id],
  });
  expect(question.msg).toBe('');
  const questionId: string = question.data.id;
  stored.push('question title, body, label');

  // another user comments and answers; the author replies; a report carries a note
  const comments = await store('blog comment', true, (v) =>
    lecturer('/community/auth/blog/comment/save', { blogId, content: v }),
  );
  stored.push(...comments);
  const first = (await lecturer('/community/auth/blog/comment/list', { blogId })).data.list[0];
  stored.push(
    ...(await store('blog reply', true, (v) =>
      student('/community/auth/blog/comment/save', { blogId, parentId: first.id, content: v }),
    )),
  );
  const answer = await lecturer('/community/auth/questions/comment/save', {
    questionId,
    content: `<p>回答</p>${corpus}`,
  });
  expect(answer.msg).toBe('');
  stored.push('answer');
  stored.push(
    ...(await store('answer comment', true, (v) =>
      student('/community/auth/questions/comment/save', {
        questionId,
        answerId: answer.data.answer.id,
        commentText: v,
      }),
    )),
  );
  const report = await student('/community/auth/report/save', {
    kind: 'blogComment',
    targetId: first.id,
    reason: 'spam',
    text: corpus.slice(0, 200),
  });
  expect(report.msg).toBe('');
  stored.push('report note');
  expect(stored.length).toBeGreaterThanOrEqual(8);

  const author = me.userId as string;
  const pc: Record<string, string[]> = {
    guest: [
      '/blog',
      `/blog/article/${blogId}`,
      `/blog/blogger/${author}`,
      `/blog/search?keyword=${encodeURIComponent('script')}`,
      '/question',
      `/question/view/${questionId}`,
    ],
    student: ['/blog/account', `/blog/account/write?id=${blogId}`, `/blog/article/${blogId}`, '/account/ques'],
    lecturer: [`/blog/article/${blogId}`, `/question/view/${questionId}`, '/question'],
    admin: [
      '/admin/blogs',
      '/admin/questions',
      '/admin/answers',
      '/admin/reports',
      '/admin/community-labels',
      `/blog/article/${blogId}`,
    ],
  };
  const h5 = [
    '/h5/blog',
    `/h5/blog/article/${blogId}`,
    `/h5/blog/blogger/${author}`,
    '/h5/question',
    `/h5/question/view/${questionId}`,
  ];
  const seen: Seen = { problems: [] };
  for (const [who, paths] of Object.entries(pc)) {
    const context = await contextAs(browser, who as 'guest');
    const page = await context.newPage();
    for (const p of paths) await visit(page, p, seen, who);
    await context.close();
  }
  // the author's own phone pages: 我的博客 and the post's editing, which names the post it cannot edit there
  const h5Author = ['/h5/blog/account', `/h5/blog/account/write?id=${blogId}`];
  for (const who of ['guest', 'lecturer', 'student'] as const) {
    const context = await browser.newContext(phone);
    if (who !== 'guest') await signIn(context.request, who);
    const page = await context.newPage();
    for (const p of who === 'student' ? [...h5, ...h5Author] : h5) await visit(page, p, seen, `${who} on a phone`);
    await context.close();
  }
  expect(seen.problems).toEqual([]);

  // the demo community as it was, for the journeys after this one (the page visits signed these people in again)
  const cleaner = await signIn(request, 'student');
  const clerk = await signIn(request, 'admin');
  expect((await cleaner('/community/auth/blog/delete', { id: blogId })).msg).toBe('');
  expect((await cleaner('/community/auth/questions/delete', { id: questionId })).msg).toBe('');
  expect((await clerk('/community/admin/label/delete', { id: label.data.id })).msg).toBe('');
  await dismissPendingReports(request);
  await cleaner('/community/auth/blogger/update', {
    nickname: me.nickname,
    headImgUrl: me.headImgUrl,
    introduce: me.introduce,
  });
});
