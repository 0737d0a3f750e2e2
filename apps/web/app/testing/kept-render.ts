import { createElement, type ComponentType, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { MarkupKeeperContext, type MarkupKeeper } from '../lib/kept-markup.ts';
import { ServerMarkupKeeper } from '../lib/markup-keeper.tsx';
import { packChrome, type RootLoad, type SiteChrome } from '../lib/root-data.ts';

/** The server's keeper, recording the keys asked for: a test sees the kept markup was used, not drawn in the page. */
export function recordingKeeper(): MarkupKeeper & { asked: string[] } {
  const server = new ServerMarkupKeeper();
  const asked: string[] = [];
  return { asked, markup: (owner, key, deps, draw) => (asked.push(key), server.markup(owner, key, deps, draw)) };
}

/**
 * A component at a path, under a data router whose root loader gives this site's chrome, rendered as the server
 * renders a page: with a keeper of markup, or without one, as a browser draws it. `wrap` puts providers around it.
 */
export async function renderForSite(
  chrome: SiteChrome,
  path: string,
  Component: ComponentType,
  keeper: MarkupKeeper | null,
  wrap: (page: ReactNode) => ReactNode = (page) => page,
): Promise<string> {
  const load: RootLoad = { chrome: packChrome(chrome), user: null, notice: null, origin: 'http://localhost' };
  const handler = createStaticHandler([{ id: 'root', path: '*', loader: () => load, Component }]);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error('unexpected response');
  const router = createStaticRouter(handler.dataRoutes, context);
  const page = wrap(createElement(StaticRouterProvider, { router, context, hydrate: false }));
  return renderToString(keeper ? createElement(MarkupKeeperContext, { value: keeper }, page) : page);
}
