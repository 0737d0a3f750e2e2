import { expect, test, type APIRequestContext } from './journey.ts';

/**
 * Every route of spec §2 is a real page: none renders a placeholder (the pages of routes not yet built were
 * marked data-placeholder="pending"; the last ones were built with the live course studio), none answers 5xx, and
 * every public page carries its title, description, canonical URL and Open Graph tags. Routes with an id are
 * opened with a real one of the demo site.
 */

const PUBLIC = [
  '/',
  '/index',
  '/index-old',
  '/apply',
  '/blog',
  '/exam',
  '/grade',
  '/info',
  '/library',
  '/list',
  '/live',
  '/login?t=login',
  '/myStudy',
  '/null',
  '/onlineRegistration',
  '/onlineTest',
  '/question',
  '/recruit',
  '/register',
  '/reset',
  '/resource',
  '/teachingStaff',
  '/vip',
  '/view/service',
  '/blog/article/:blog',
  '/blog/blogger/:blogger',
  '/exam/exercise/:paper',
  '/exam/view/:paper',
  '/grade/view/:grade',
  '/info/detail/:article',
  '/library/view/:library',
  '/live/detail/:live',
  '/preview/course/:course',
  '/preview/library/:library',
  '/preview/live/:session',
  '/preview/resource/:resource',
  '/question/view/:question',
  '/resource/detail/:resource',
  '/lecturer/:lecturer',
  '/schoolProfile/:school',
  '/terrace/:terrace',
  '/view/:course',
  '/sale',
  '/search/python?type=1',
  '/blog/search',
  '/exam/explain',
  '/exam/gradeExplain',
  '/exam/gradeResult',
  '/exam/result',
  '/exam/startExam',
  '/exam/exam',
];

const SIGNED_IN = [
  '/blog/account',
  '/blog/account/write',
  '/question/account/write',
  ...[
    'attention',
    'channel',
    'collection',
    'course',
    'draw_money',
    'earnings',
    'exams',
    'feedback',
    'info',
    'library',
    'live',
    'message',
    'notes',
    'order',
    'ques',
    'recommend',
    'reset',
    'resource',
    'study',
    'subject',
    'teacher',
    'vod',
    'error/problem',
    'error/start',
    'exams/add',
    'exams/examAdmin',
    'exams/myExam',
    'exams/myExamination',
    'exams/preview',
    'exams/selectIssue',
    'grades/admin',
    'grades/my',
    'grades/teacher',
    'library/add',
    'library/period',
    'live/add',
    'live/period',
    'live/praxis',
    'resource/add',
    'resource/period',
    'subject/add',
    'subject/comprehend',
    'vod/add',
    'vod/check',
    'vod/period',
    'vod/praxis',
    'vod/progress',
    'vod/progress/details',
  ].map((p) => `/account/${p}`),
];

type Ids = Record<string, string>;

async function api(request: APIRequestContext, path: string, data: object = {}) {
  const json = await (await request.post(`/apis${path}`, { data })).json();
  expect(json.code, path).toBe(200);
  return json.data;
}

/** A real id of each kind the routes name, from the demo site's public lists. */
async function demoIds(request: APIRequestContext): Promise<Ids> {
  const first = async (path: string, body: object = {}) => (await api(request, path, body)).list[0];
  const [course, resource, library, blog, paper, grade, question, lecturer, about, terraces, org, live] =
    await Promise.all([
      first('/course/api/course/list', { courseType: 1 }),
      first('/course/api/course/list', { courseType: 3 }),
      first('/course/api/course/list', { courseType: 4 }),
      first('/community/api/blog/list', { tab: 1 }),
      first('/exam/api/exam/info/list'),
      first('/exam/api/grade/info/list'),
      first('/community/api/questions/list'),
      first('/user/api/lecturer/list'),
      api(request, '/system/api/about/nav/list', { platShow: 1 }),
      api(request, '/system/api/terrace/list'),
      api(request, '/user/api/user/login/password', { mobile: '13800000003', password: 'Demo1234', clientType: 4 }),
      first('/course/api/course/list', { courseType: 2 }),
    ]);
  const liveView = await api(request, '/course/api/course/view', { courseId: live.id });
  return {
    course: course.id,
    resource: resource.id,
    library: library.id,
    blog: blog.id,
    blogger: blog.userId,
    paper: paper.id,
    grade: grade.id,
    question: question.id,
    lecturer: lecturer.id,
    article: about[0].articleList[0].id,
    terrace: terraces[0].id,
    school: org.userInfo.id,
    live: live.id,
    session: liveView.chapterList[0].periodList[0].id,
  };
}

const fill = (route: string, ids: Ids) => route.replace(/:(\w+)/g, (_, k: string) => ids[k] ?? k);

async function walk(request: APIRequestContext, routes: string[], ids: Ids, seo: boolean) {
  const problems: string[] = [];
  for (const route of routes) {
    const url = fill(route, ids);
    const res = await request.get(url, { maxRedirects: 0 });
    const html = await res.text();
    if (res.status() >= 500) problems.push(`${url}: ${res.status()}`);
    if (html.includes('data-placeholder="pending"')) problems.push(`${url}: placeholder page`);
    if (seo && res.status() === 200) {
      for (const tag of ['<title>', 'name="description"', 'property="og:title"', 'property="og:description"'])
        if (!html.includes(tag)) problems.push(`${url}: no ${tag}`);
      if (!html.includes('rel="canonical"') && !html.includes('content="noindex"'))
        problems.push(`${url}: no canonical`);
      // one set of Open Graph tags: a page adding its own beside PageMeta's would leave crawlers two to choose from
      if (html.split('property="og:title"').length !== 2) problems.push(`${url}: og:title not once`);
    }
  }
  return problems;
}

test('no route of spec §2 renders the placeholder page, and public pages carry their SEO tags', async ({
  playwright,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const guest = await playwright.request.newContext({ baseURL });
  const ids = await demoIds(guest);
  expect(await walk(guest, PUBLIC, ids, true)).toEqual([]);

  // the account pages as the demo lecturer, who may open the most of them
  const lecturer = await playwright.request.newContext({ baseURL });
  await api(lecturer, '/user/api/user/login/password', { mobile: '13800000002', password: 'Demo1234', clientType: 1 });
  expect(await walk(lecturer, SIGNED_IN, ids, false)).toEqual([]);
});

test('robots.txt keeps crawlers out of private areas and names the sitemap, which lists the new pages', async ({
  request,
}) => {
  const robots = await request.get('/robots.txt');
  expect(robots.headers()['content-type']).toContain('text/plain');
  const text = await robots.text();
  expect(text).toContain('Disallow: /account');
  expect(text).toContain('Disallow: /admin');
  expect(text).toMatch(/Sitemap: http:\/\/127\.0\.0\.1:\d+\/sitemap\.xml/);
  const sitemap = await (await request.get('/sitemap.xml')).text();
  for (const path of ['/recruit', '/onlineRegistration', '/terrace/', '/schoolProfile/', '/teachingStaff'])
    expect(sitemap).toContain(path);
});
