import { createElement, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { expect, test } from 'vitest';
import {
  createStaticHandler,
  createStaticRouter,
  Link as RouterLink,
  StaticRouterProvider,
  type LinkProps,
} from 'react-router';
import { Link } from './link.tsx';

/**
 * The site's links (decision 68) must write the same anchor as React Router's for every link a page may hold,
 * so that the browser follows them to the same places and the route discovery finds the same paths.
 */
async function render(element: ReactElement, path = '/course/3'): Promise<string> {
  const routes = [
    {
      id: 'root',
      path: '/',
      Component: () => element,
      children: [{ id: 'course', path: 'course/:id', Component: () => null }],
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error('unexpected response');
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(createElement(StaticRouterProvider, { router, context, hydrate: false }));
}

const cases: LinkProps[] = [
  { to: '/view/7', className: 'qk-card', title: '课程' },
  { to: '/list?c=3', target: '_blank' },
  { to: '/search/数据分析?type=6#top', replace: true },
  { to: '/course/3', 'aria-current': 'page' },
  { to: '/account/info', state: { from: 'menu' } },
  { to: '/vip', prefetch: 'intent' },
  { to: '/vip', reloadDocument: true },
  { to: 'period/5' },
  { to: '../list' },
  { to: '//cdn.example.com/a.png' },
  { to: 'https://example.com/a' },
  { to: { pathname: '/list', search: '?c=1' } },
];

test.each(cases)('a link to %j is written as React Router writes it', async (props) => {
  const ours = await render(createElement(Link, props, '去看看'));
  const theirs = await render(createElement(RouterLink, props, '去看看'));
  expect(ours).toBe(theirs);
  expect(ours).toContain('去看看');
});

test('a link to a site path carries the route discovery mark and its own address', async () => {
  const html = await render(createElement(Link, { to: '/view/7?x=1' }, '课程'));
  expect(html).toBe('<a href="/view/7?x=1" data-discover="true">课程</a>');
});
