import { existsSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { createRequestHandler, RouterContextProvider, type ServerBuild } from 'react-router';
import type { ServerContext } from '#contract/transport.ts';
import type { LocalCalls } from '../platform/http/local-calls.ts';
import { utf8Bytes } from '../platform/http/utf8.ts';
import { pageTransport, SiteAnswers } from './transport.ts';
import { PageCache } from './page-cache.ts';
import { BUSY, RenderGate, type RenderGateOptions } from './render-gate.ts';
import { sendBusy } from './busy-page.ts';

const WEB_ROOT = path.resolve(import.meta.dirname, '../../../web');
const BUILD_DIR = path.join(WEB_ROOT, 'build');
const SERVER_ENTRY = path.join(BUILD_DIR, 'server/index.js');
const CLIENT_DIR = path.join(BUILD_DIR, 'client');

/** Paths the server owns: a miss there is a plain 404, never a rendered page. */
const RESERVED = /^\/(apis|media|assets)(\/|$)|^\/(healthz|readyz)$/;

type BuildLoader = () => Promise<ServerBuild>;

/**
 * Serves the web app from the Fastify server: client assets, then every page through React Router's server
 * renderer. Pages are this server's not-found handler, so every route registered elsewhere (the /apis calls
 * and their JSON 404, /media, health checks) stays in charge of its own paths.
 */
export interface MountOptions {
  dev: boolean;
  /** How long a page for visitors without a session may be served again; 0 renders every request. */
  pageCacheMs: number;
  /** The most memory the page cache may hold. */
  pageCacheBytes: number;
  /** Bumped by every edit of memoised site data, which empties the page cache. */
  generation: () => number;
  /** Called before a page is served from the cache: the per-visit work a render would have done (view counts). */
  servedFromCache?: (req: FastifyRequest) => Promise<void>;
  /** How many pages render at once, how many wait, and for how long, before a request gets the busy page. */
  renders: RenderGateOptions;
  /** The API's calls in-process, for the loaders of pages asked for with GET. */
  localCalls?: LocalCalls;
}

export async function mountWeb(app: FastifyInstance, opts: MountOptions): Promise<void> {
  const pages = new PageCache({
    ttlMs: opts.dev ? 0 : opts.pageCacheMs,
    maxEntries: 1000,
    maxBytes: opts.pageCacheBytes,
    generation: opts.generation,
  });
  const siteAnswers = new SiteAnswers(opts.generation);
  const gate = new RenderGate(opts.renders);
  const loadBuild = opts.dev ? await devBuild(app) : await productionBuild(app);
  // Given a function, React Router rebuilds its route table on every request; production passes the build once.
  const handle = createRequestHandler(
    opts.dev ? loadBuild : await loadBuild(),
    opts.dev ? 'development' : 'production',
  );

  /** One page through React Router, read whole; kept in the page cache when it may be served again. */
  const render = async (req: FastifyRequest, reply: FastifyReply, key: string | null) => {
    const generation = opts.generation();
    const build = await loadBuild();
    const context = new RouterContextProvider();
    const contextKey = (build.entry.module as { serverContext?: Parameters<RouterContextProvider['set']>[0] })
      .serverContext;
    if (!contextKey) throw new Error('entry.server must export serverContext (apps/web/app/entry.server.tsx)');
    const server: ServerContext = {
      transport: pageTransport(app, req, siteAnswers, opts.localCalls),
      cspNonce: req.cspNonce,
      takesPage: true,
      firstLoad: req.method === 'GET' && !req.url.split('?')[0]!.endsWith('.data'),
    };
    context.set(contextKey, server);
    const response = await handle(toFetchRequest(req, reply), context);
    const type = response.headers.get('content-type') ?? '';
    const html = type.startsWith('text/html');
    // a page rendered whole arrives as text beside its response (entry.server.tsx); a page the streaming renderer
    // finished, and the route manifest, are read whole, so that they go out compressed
    const text = server.page?.response === response ? server.page.html : undefined;
    // the text leaves the render's context at once and goes on as bytes (decision 76): a page's text still held
    // there, or carried through the send hooks, was alive at a young collection often enough that about every
    // page's 100 KB were promoted, the old generation's largest inflow
    delete server.page;
    const body =
      text !== undefined
        ? utf8Bytes(text)
        : (html || type.startsWith('application/json')) && response.body
          ? Buffer.from(await response.arrayBuffer())
          : undefined;
    if (key && html && body !== undefined && (response.status === 200 || response.status === 404)) {
      const headers = [...response.headers].filter(([name]) => name !== 'content-length');
      pages.set(key, req.cspNonce, response.status, headers, text ?? String(body), generation);
    }
    return { response, body };
  };

  await app.register(async (web) => {
    // React Router reads form posts and .data requests itself, so the body must reach it untouched.
    web.removeAllContentTypeParsers();
    web.addContentTypeParser('*', (_req, _payload, done) => done(null));
    web.setNotFoundHandler(async (req, reply) => {
      if (RESERVED.test(req.url.split('?')[0]!)) {
        return reply.status(404).type('text/plain; charset=utf-8').send('Not Found');
      }
      const key = pages.keyOf(req);
      const hit = key ? pages.get(key, req.cspNonce) : undefined;
      if (hit) {
        // a view that could not be counted must not cost the visitor the page
        await opts.servedFromCache?.(req).catch((err: unknown) => req.log.warn({ err }, 'cached page upkeep failed'));
        reply.status(hit.status);
        for (const [name, value] of hit.headers) reply.header(name, value);
        return reply.send(hit.body);
      }
      const gone = new AbortController();
      // a finished reply closes too: an abort then would only build its error for nobody
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) gone.abort();
      });
      const rendered = await gate.run(() => render(req, reply, key), gone.signal);
      if (rendered === BUSY) return sendBusy(reply);
      return sendResponse(reply, rendered.response, rendered.body);
    });
  });
}

async function productionBuild(app: FastifyInstance): Promise<BuildLoader> {
  if (!existsSync(SERVER_ENTRY)) {
    throw new Error(
      `找不到页面构建产物 ${path.relative(process.cwd(), SERVER_ENTRY)}，请先运行 npm run build（开发时用 npm run dev）`,
    );
  }
  const build = (await import(pathToFileURL(SERVER_ENTRY).href)) as ServerBuild;
  // Hashed files under /assets never change: cache them for a year. The rest (favicon …) briefly.
  await app.register(fastifyStatic, {
    root: path.join(CLIENT_DIR, 'assets'),
    prefix: '/assets/',
    decorateReply: false,
    immutable: true,
    maxAge: '365d',
    preCompressed: true,
    index: false,
  });
  await app.register(fastifyStatic, {
    root: CLIENT_DIR,
    prefix: '/',
    wildcard: false,
    globIgnore: ['assets/**', '**/*.gz', '**/*.br'],
    decorateReply: false,
    maxAge: '1h',
    preCompressed: true,
    index: false,
  });
  return async () => build;
}

/** Development: Vite in middleware mode, so pages and their modules hot-reload inside this same server. */
async function devBuild(app: FastifyInstance): Promise<BuildLoader> {
  const [{ createServer }, { default: middie }] = await Promise.all([import('vite'), import('@fastify/middie')]);
  const vite = await createServer({
    root: path.resolve(WEB_ROOT, '../..'),
    // HMR shares this server's port: a separate port would be another origin, which the page CSP refuses.
    server: { middlewareMode: true, hmr: { server: app.server } },
    appType: 'custom',
  });
  app.addHook('onClose', async () => vite.close());
  await app.register(middie);
  // Vite answers its own module and asset paths and passes everything else on.
  app.use((req, res, next) =>
    RESERVED.test(req.url ?? '') && !req.url?.startsWith('/assets') ? next() : vite.middlewares(req, res, next),
  );
  return () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>;
}

function toFetchRequest(req: FastifyRequest, reply: FastifyReply): Request {
  const url = new URL(req.url, `${req.protocol}://${req.host}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(url, {
    method: req.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: Readable.toWeb(req.raw) as ReadableStream, duplex: 'half' } : {}),
  } as RequestInit);
}

/** Sends React Router's response; `body` is its body when already read. */
function sendResponse(reply: FastifyReply, response: Response, body?: string | Buffer): FastifyReply {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name !== 'set-cookie' && !(body !== undefined && name === 'content-length')) reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  if (body !== undefined) return reply.send(body);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as NodeReadableStream));
}
