import type { ServerBuild } from 'react-router';

export interface SmallRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  /** The route's module: its component as `default`, and its `loader` when it has one. */
  module: { default: unknown; loader?: unknown };
}

/**
 * A page build of a few routes, for React Router's own request handler (`createRequestHandler`), as the server
 * mounts the real build: what the router patch (decision 58) and the page entry (decision 63) are tested through.
 */
export function smallBuild(routes: SmallRoute[], entry: ServerBuild['entry']['module']): ServerBuild {
  const manifest = Object.fromEntries(
    routes.map((r) => [
      r.id,
      {
        id: r.id,
        parentId: r.parentId,
        path: r.path,
        index: r.index,
        hasAction: false,
        hasLoader: r.module.loader !== undefined,
        hasClientAction: false,
        hasClientLoader: false,
        hasClientMiddleware: false,
        hasDefaultExport: true,
        hasErrorBoundary: false,
        module: `/assets/${r.id}.js`,
        imports: [],
        css: [],
      },
    ]),
  );
  return {
    entry: { module: entry },
    routes: Object.fromEntries(routes.map((r) => [r.id, { ...manifest[r.id], module: r.module }])),
    assets: { entry: { module: '/assets/entry.js', imports: [] }, routes: manifest, url: '/assets/m.js', version: '1' },
    publicPath: '/',
    assetsBuildDirectory: 'build/client',
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
  } as unknown as ServerBuild;
}
