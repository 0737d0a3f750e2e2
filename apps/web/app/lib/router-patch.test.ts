import { createElement, use } from 'react';
import { renderToString } from 'react-dom/server';
import { expect, test, vi } from 'vitest';
import {
  createRequestHandler,
  createStaticHandler,
  createStaticRouter,
  Link,
  matchRoutes,
  Outlet,
  Scripts,
  ServerRouter,
  StaticRouterProvider,
  UNSAFE_DataRouterContext,
  type EntryContext,
  type RouteObject,
  type ServerBuild,
} from 'react-router';
import { smallBuild } from '../testing/small-build.ts';

/**
 * patches/react-router+8.4.0.patch: the server makes its route objects once per build, not once per render
 * (decision 58). These checks fail when the patch did not apply, when its cache misses on every request, and
 * when reusing the routes would show one request's matches or another path's routes to a page.
 */
/** Routes of every kind a first segment can have: static in any case, parameters, splats, pathless layouts. */
const table: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    children: [
      { id: 'home', index: true },
      { id: 'blog', path: 'blog' },
      { id: 'article', path: 'blog/article/:id' },
      { id: 'view', path: 'View/:id' },
      { id: 'cafe', path: 'café' },
      { id: 'about', path: ':lang/about' },
      { id: 'files', path: 'files/*' },
      { id: 'optional', path: 'shop/:kind?' },
      { id: 'shell', children: [{ id: 'info', path: 'account/info' }] },
      { id: 'missing', path: '*' },
    ],
  },
];

/** The static handler's context of a path: its matches, as a request for that path gets them. */
async function contextFor(handler: ReturnType<typeof createStaticHandler>, path: string) {
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`unexpected response for ${path}`);
  return context;
}

async function routerFor(handler: ReturnType<typeof createStaticHandler>, path: string) {
  return createStaticRouter(handler.dataRoutes, await contextFor(handler, path));
}

/** A path's matches from the handler and from trying every branch in turn, without a kept table, as [id, params, path]. */
async function matchedBoth(handler: ReturnType<typeof createStaticHandler>, path: string) {
  const shown = (ms: Array<{ route: { id?: string }; params: object; pathname: string }>) =>
    ms.map((m) => [m.route.id, m.params, m.pathname]);
  const context = await contextFor(handler, path);
  return { kept: shown(context.matches), full: shown(matchRoutes(handler.dataRoutes, path)!), context };
}

test('the same routes give the same data routes, and each request still its own matches', async () => {
  const handler = createStaticHandler(table);
  const first = await routerFor(handler, '/blog/article/1');
  const second = await routerFor(handler, '/blog');
  expect(second.routes).toBe(first.routes);
  expect(first.state.matches.map((m) => m.route.id)).toEqual(['root', 'article']);
  expect(first.state.matches.at(-1)!.params).toEqual({ id: '1' });
  expect(second.state.matches.map((m) => m.route.id)).toEqual(['root', 'blog']);
  expect(second.match('/blog/article/2')?.at(-1)?.params).toEqual({ id: '2' });
});

test('other routes are converted on their own', async () => {
  const a = await routerFor(createStaticHandler(table), '/');
  const b = await routerFor(createStaticHandler([...table]), '/');
  expect(a.routes).not.toBe(b.routes);
  expect(b.state.matches.map((m) => m.route.id)).toEqual(['root', 'home']);
});

/** Paths of every kind of first segment, and variants of case, slashes and encoding. */
const PATHS = [
  '/',
  '/blog',
  '/BLOG/article/7',
  '/view/3',
  '/caf%C3%A9',
  '/en/about',
  '/blog/about',
  '/files/a/b',
  '/shop',
  '/shop/books',
  '/account/info',
  '/account/other',
  '/nothing/here',
  '//blog',
  '/blog/',
];

test('a path matches the same routes with the branches narrowed by its first segment', async () => {
  const handler = createStaticHandler(table);
  const seen: string[] = [];
  for (const path of PATHS) {
    const { kept, full } = await matchedBoth(handler, path);
    expect(kept, path).toEqual(full);
    seen.push(String(kept.at(-1)![0]));
  }
  expect(seen).toEqual([
    'home',
    'blog',
    'article',
    'view',
    'cafe',
    'about',
    'about',
    'files',
    'optional',
    'optional',
    'info',
    'missing',
    'missing',
    'missing',
    'blog',
  ]);
});

test('a path asked again matches as the first time, with matches of its own', async () => {
  const handler = createStaticHandler(table);
  const first = new Map<string, object[]>();
  for (const round of [1, 2, 3]) {
    for (const path of PATHS) {
      const { kept, full, context } = await matchedBoth(handler, path);
      expect(kept, `${path}, round ${round}`).toEqual(full);
      // a remembered match is made again, never handed out twice
      const params = context.matches.map((m) => m.params);
      if (first.has(path)) for (const p of params) expect(first.get(path)).not.toContain(p);
      else first.set(path, params);
    }
  }
});

/** A build of three routes whose pages report the route table they were rendered with. */
function buildReporting(seen: unknown[]): ServerBuild {
  const Page = () => {
    seen.push(use(UNSAFE_DataRouterContext)?.router.routes);
    return createElement('p', null, 'page');
  };
  const Root = () => createElement('div', null, createElement(Outlet), createElement(Scripts));
  return smallBuild(
    [
      { id: 'root', path: '', module: { default: Root } },
      { id: 'home', parentId: 'root', index: true, module: { default: Page } },
      { id: 'blog', parentId: 'root', path: 'blog', module: { default: Page } },
      { id: 'article', parentId: 'root', path: 'blog/article/:id', module: { default: Page } },
    ],
    {
      default: (request: Request, status: number, headers: Headers, context: EntryContext) =>
        new Response(renderToString(createElement(ServerRouter, { context, url: request.url })), { status, headers }),
    } as ServerBuild['entry']['module'],
  );
}

const manifestIds = (html: string) =>
  Object.keys(
    (JSON.parse(/window\.__reactRouterManifest = (\{.*?\});/.exec(html)![1]!) as { routes: object }).routes,
  ).sort();

test('pages of one build render with one route table, each listing its own routes and its parents’', async () => {
  const seen: unknown[] = [];
  const handle = createRequestHandler(buildReporting(seen), 'production');
  const page = async (path: string) => (await handle(new Request(`http://localhost${path}`))).text();
  expect(manifestIds(await page('/blog/article/1'))).toEqual(['article', 'blog', 'home', 'root']);
  expect(manifestIds(await page('/blog'))).toEqual(['blog', 'home', 'root']);
  expect(manifestIds(await page('/blog/article/2'))).toEqual(['article', 'blog', 'home', 'root']);
  expect(manifestIds(await page('/'))).toEqual(['home', 'root']);
  expect(seen).toHaveLength(4);
  expect(new Set(seen).size).toBe(1);
});

test('pages of the same routes share their module script; other routes and parents get their own', async () => {
  const handle = createRequestHandler(buildReporting([]), 'production');
  const script = async (path: string) => {
    const html = await (await handle(new Request(`http://localhost${path}`))).text();
    return /<script type="module"[^>]*>([^<]*)<\/script>/.exec(html)![1]!;
  };
  const article = await script('/blog/article/1');
  expect(await script('/blog/article/2')).toBe(article);
  const blog = await script('/blog');
  expect(blog).not.toBe(article);
  expect(blog).toContain('"blog":route1');
  expect(await script('/')).toContain('"home":route1');
  expect(await script('/blog/article/3')).toBe(article);
});

test('an absolute link resolves without its routes’ paths written out and read back; a relative one as before', async () => {
  const links = () =>
    createElement(
      'nav',
      null,
      createElement(Link, { to: '/view/7?tab=2#top' }, 'a'),
      createElement(Link, { to: { pathname: '/list', search: '?p=2' } }, 'b'),
      createElement(Link, { to: 'comments' }, 'c'),
      createElement(Link, { to: '../9' }, 'd'),
    );
  const routes: RouteObject[] = [{ path: '/', Component: Outlet, children: [{ path: 'blog/:id', Component: links }] }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request('http://localhost/blog/5'));
  if (context instanceof Response) throw new Error('unexpected response');
  const router = createStaticRouter(handler.dataRoutes, context);
  const stringify = vi.spyOn(JSON, 'stringify');
  try {
    const html = renderToString(createElement(StaticRouterProvider, { router, context, hydrate: false }));
    const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
    expect(hrefs).toEqual(['/view/7?tab=2#top', '/list?p=2', '/blog/5/comments', '/9']);
    // the routes' paths are written out for the two relative links only (once for the href, once for the click)
    const pathLists = stringify.mock.calls.filter(([v]) => Array.isArray(v) && v.every((p) => typeof p === 'string'));
    expect(pathLists.length).toBeGreaterThan(0);
    expect(pathLists.length).toBeLessThanOrEqual(4);
  } finally {
    stringify.mockRestore();
  }
});
