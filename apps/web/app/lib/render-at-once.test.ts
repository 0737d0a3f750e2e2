import { createElement, lazy, Suspense, type ComponentType } from 'react';
import { expect, test } from 'vitest';
import {
  createRequestHandler,
  Outlet,
  RouterContextProvider,
  Scripts,
  ServerRouter,
  useLoaderData,
  type EntryContext,
  type ServerBuild,
} from 'react-router';
import handleRequest, { serverContext } from '../entry.server.tsx';
import type { ServerContext } from '../context.ts';
import { readHandoff, renderAtOnce } from './render-at-once.tsx';
import { smallBuild } from '../testing/small-build.ts';

/**
 * The page entry (entry.server.tsx, decision 63) reads the loader data whole, renders the page as one
 * string at once, and renders by the streaming renderer a page whose Suspense boundary could not finish at once.
 * A small build through React Router's own request handler, as the server mounts the real one.
 */
function buildWith(
  page: ComponentType,
  render: ServerBuild['entry']['module']['default'] = handleRequest,
): ServerBuild {
  const Root = () =>
    createElement('html', null, createElement('body', null, createElement(Outlet), createElement(Scripts)));
  return smallBuild(
    [
      { id: 'root', path: '', module: { default: Root, loader: () => ({ site: '青课网校' }) } },
      {
        id: 'home',
        parentId: 'root',
        index: true,
        module: { default: page, loader: () => ({ title: '数据分析入门', lessons: [1, 2, 3] }) },
      },
    ],
    { default: render, serverContext } as ServerBuild['entry']['module'],
  );
}

async function render(build: ServerBuild, status = 200): Promise<string> {
  const context = new RouterContextProvider();
  context.set(serverContext, { transport: {} as never, cspNonce: 'n0nce' });
  const res = await createRequestHandler(build, 'production')(new Request('http://localhost/'), context);
  expect(res.status).toBe(status);
  return res.text();
}

const Title = () => createElement('h1', null, useLoaderData<{ title: string }>().title);
/** Writes of React's streaming renderer that reveal a boundary finished after the first bytes. */
const streamedLater = /\$RC|<!--\$\?-->/;

test('a page renders at once, with its loader data handed over whole', async () => {
  const html = await render(buildWith(Title));
  expect(html.startsWith('<!DOCTYPE html><html>')).toBe(true);
  expect(html).toContain('<h1>数据分析入门</h1>');
  expect(html).not.toMatch(streamedLater);
  // both loaders' data in the page, and the hand-over closed, as the browser's router needs to hydrate
  expect(html).toContain('青课网校');
  expect(html).toContain('数据分析入门');
  expect(html).toContain('streamController.close()');
  expect(html.indexOf('streamController.close()')).toBeGreaterThan(html.lastIndexOf('streamController.enqueue('));
  expect(html).toContain('nonce="n0nce"');
});

test('a caller that takes the page gets its text beside the response it belongs to, and an empty body', async () => {
  const context = new RouterContextProvider();
  const server: ServerContext = { transport: {} as never, cspNonce: 'n0nce', takesPage: true };
  context.set(serverContext, server);
  const res = await createRequestHandler(buildWith(Title), 'production')(new Request('http://localhost/'), context);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(res.body).toBeNull();
  expect(server.page?.response).toBe(res);
  expect(server.page?.html).toContain('<h1>数据分析入门</h1>');
  expect(server.page?.html).toContain('streamController.close()');
});

test('the string renderer renders the page with its loader data only once that data is read whole', async () => {
  const outcomes: Array<string | undefined> = [];
  const entry =
    (read: boolean) => async (request: Request, status: number, headers: Headers, context: EntryContext) => {
      if (read) await readHandoff(context);
      const html = renderAtOnce(context, createElement(ServerRouter, { context, url: request.url }));
      outcomes.push(html);
      return new Response(html ?? '', { status, headers });
    };
  await render(buildWith(Title, entry(true)));
  await render(buildWith(Title, entry(false)));
  expect(outcomes[0]).toContain('<h1>数据分析入门</h1>');
  expect(outcomes[0]).toContain('streamController.close()');
  // unread, React Router's hand-over suspends on its first chunk: the caller would render by the streaming renderer
  expect(outcomes[1]).toBeUndefined();
});

test('once the page is rendered, the context no longer holds the loader data it read', async () => {
  const held: Array<unknown> = [];
  const entry = async (request: Request, status: number, headers: Headers, context: EntryContext) => {
    await readHandoff(context);
    const meta = context.renderMeta as { streamCache?: unknown };
    held.push(meta.streamCache);
    const html = renderAtOnce(context, createElement(ServerRouter, { context, url: request.url }));
    held.push(meta.streamCache);
    return new Response(html ?? '', { status, headers });
  };
  const html = await render(buildWith(Title, entry));
  expect(html).toContain('数据分析入门');
  expect(held[0]).toBeDefined();
  expect(held[1]).toBeUndefined();
});

test('a boundary that cannot finish at once goes through the streaming renderer, which waits for it', async () => {
  let loaded = 0;
  const Late = lazy(async () => {
    loaded++;
    return { default: () => createElement('p', null, '讲师：王老师') };
  });
  const Page = () =>
    createElement('main', null, createElement(Title), createElement(Suspense, { fallback: null }, createElement(Late)));
  const build = buildWith(Page);

  // the string renderer cannot wait for the code; the streaming one does, and the data is handed over once
  const first = await render(build);
  expect(first).toContain('讲师：王老师');
  expect(first).toContain('<h1>数据分析入门</h1>');
  expect(first.match(/streamController\.enqueue\(/g)).toHaveLength(1);
  expect(first.match(/streamController\.close\(\)/g)).toHaveLength(1);

  // the component's code is loaded now: the same page renders at once
  const second = await render(build);
  expect(second).toContain('<p>讲师：王老师</p>');
  expect(second).not.toMatch(streamedLater);
  expect(loaded).toBe(1);
});

test('an error inside a boundary goes through the streaming renderer too: the page a 500, as before', async () => {
  const Broken = () => {
    throw new Error('broken block');
  };
  const Page = () =>
    createElement('main', null, createElement(Suspense, { fallback: '加载中' }, createElement(Broken)));
  const html = await render(buildWith(Page), 500);
  expect(html).toContain('<!--$!-->');
  expect(html).toContain('加载中');
});
