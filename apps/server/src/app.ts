import crypto from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { ResultCode } from '#contract/codes.ts';
import type { Config } from './platform/config.ts';
import { openDatabase, type Database } from './platform/db/client.ts';
import { createCache } from './platform/cache.ts';
import { createStorage, isPublicMediaPath, LocalStorage } from './platform/storage.ts';
import { serveMediaFromStore } from './platform/http/media-store.ts';
import { Metrics } from './platform/metrics.ts';
import { metricsPort, metricsRoute, recordRequests } from './platform/http/metrics-http.ts';
import { WorkerLease } from './platform/worker-lease.ts';
import { Jobs } from './platform/jobs.ts';
import { prettyStream, TerminalLogController } from './platform/log.ts';
import { AliyunSms, ConsoleSms } from './platform/sms.ts';
import type { Platform } from './platform/context.ts';
import { frameworkErrors, installErrorMapping } from './platform/http/error-mapping.ts';
import { installSecurityHeaders } from './platform/http/security.ts';
import { installDrain } from './platform/http/drain.ts';
import { installCompression } from './platform/http/compression.ts';
import { Sites } from './platform/http/site.ts';
import { Sessions } from './platform/http/session.ts';
import { router, type RouteDeps } from './platform/http/route.ts';
import { LocalCalls } from './platform/http/local-calls.ts';
import { registerModules } from './modules/index.ts';

export interface AppOptions {
  /** A database opened by the caller (tests); otherwise opened from config. */
  database?: Database;
}

export interface App {
  app: FastifyInstance;
  platform: Platform;
  services: Awaited<ReturnType<typeof registerModules>>;
  /** What a page served from the page cache still owes its visitor (a post's view counted). */
  servedFromCache: (req: FastifyRequest) => Promise<void>;
  /** The stop's first step behind a proxy: new requests from the network are answered 503 unprocessed. */
  drain: ReturnType<typeof installDrain>;
  /** The API's calls as the pages' loaders make them, in-process. */
  localCalls: LocalCalls;
}

const REDACT = ['req.headers.token', 'req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'];

/** Builds the whole server: platform, API under /apis, media, health. Pages are mounted by main.ts. */
export async function buildApp(config: Config, opts: AppOptions = {}): Promise<App> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: REDACT,
            ...(config.logFormat === 'pretty' ? { stream: prettyStream() } : {}),
          },
    // a person at a terminal sees a request only at debug level, in one line; a collector gets pino's two lines
    ...(config.logFormat === 'pretty' ? { logController: new TerminalLogController() } : {}),
    bodyLimit: config.bodyLimitBytes,
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    trustProxy: config.trustProxy,
    // a request that reaches a closing process is still served (with Connection: close): the calls of a page
    // being rendered in-process must not fail, and shedding load before the stop is the drain's work
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    // the router's refusals (a bad %-escape, a path parameter past its 100 characters) get the envelope too
    frameworkErrors,
  });
  app.addHook('onSend', async (req, reply, payload) => {
    reply.header('x-request-id', req.id);
    return payload;
  });
  const drain = installDrain(app);

  const database = opts.database ?? (await openDatabase(config));
  const cache = await createCache(config.redisUrl, config.redisPrefix);
  const storage = await createStorage(config);
  // ids minted from here on carry a worker number no other live process on this database uses
  const lease = new WorkerLease(database.db, app.log);
  await lease.start();
  const jobs = new Jobs(database.db, app.log);
  const sms = config.sms.provider === 'aliyun' ? new AliyunSms(config.sms) : new ConsoleSms(app.log);
  const metrics = new Metrics();
  const platform: Platform = { config, database, db: database.db, cache, storage, jobs, sms, log: app.log, metrics };
  app.addHook('onClose', async () => {
    await jobs.stop();
    await cache.close();
    await lease.stop();
    storage.close?.();
    if (!opts.database) await database.close();
  });

  recordRequests(app, metrics);
  platformGauges(platform);
  metricsRoute(app, metrics, config.metrics.token);
  if (config.metrics.port) metricsPort(app, metrics, config.metrics.port, config.host);
  if (config.compression) installCompression(app);
  await app.register(cookie);
  installSecurityHeaders(app);

  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_req, reply) => {
    try {
      await database.db.execute(sql`select 1`);
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });

  if (storage instanceof LocalStorage) {
    // video sources, playlists and segments (vod/) are reachable only through signed play URLs
    await app.register(fastifyStatic, {
      root: storage.root,
      prefix: '/media/',
      decorateReply: false,
      maxAge: '7d',
      immutable: true,
      allowedPath: (pathname) => isPublicMediaPath(pathname),
    });
  } else if (storage.open) {
    serveMediaFromStore(app, { open: storage.open.bind(storage) });
  }

  const sites = new Sites(platform);
  const sessions = new Sessions(platform);
  const localCalls = new LocalCalls(sites, { freeze: config.env !== 'production' });
  let services!: App['services'];

  await app.register(
    async (api) => {
      await api.register(swagger, {
        openapi: {
          info: { title: '青课 API', version: '0.1.0', description: '所有调用返回 HTTP 200 与 {code, msg, data}。' },
        },
        transform: jsonSchemaTransform,
      });
      await api.register(swaggerUi, { routePrefix: '/docs' });
      await api.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 20 } });
      // bodies are validated by the call wrapper with zod, so fastify's own compilers only pass data through
      api.setValidatorCompiler(() => (data) => ({ value: data }));
      api.setSerializerCompiler(() => (data) => JSON.stringify(data));
      installErrorMapping(api);
      api.setNotFoundHandler((req, reply) => {
        reply
          .status(200)
          .send({ code: ResultCode.ERROR, msg: `接口不存在：${req.method} ${req.url.split('?')[0]}`, data: null });
      });
      api.addHook('onRequest', async (req) => {
        if (req.url.startsWith('/apis/docs')) return;
        req.site = await sites.resolve(req.headers, req.headers.host);
      });
      const deps: RouteDeps = {
        lookupSession: (t) => sessions.lookup(t),
        sameOrigin: (req) => isSameOrigin(req.headers.origin, req.headers.referer, req.headers.host),
        validateOutput: config.env !== 'production',
        local: localCalls,
      };
      services = await registerModules(router(api, deps), platform, sessions, api);
    },
    { prefix: '/apis' },
  );
  installErrorMapping(app);

  const servedFromCache = async (req: FastifyRequest) => {
    const site = await sites.resolve(req.headers, req.headers.host);
    await services.community.countCachedPage(site.id, req.url.split('?')[0]!);
  };
  return { app, platform, services, servedFromCache, drain, localCalls };
}

/** What the platform itself can tell a scraper: the database pool and the job queue, read when scraped. */
function platformGauges(p: Platform): void {
  const pool = p.database.pool;
  if (pool) {
    p.metrics.gauge(
      'qingke_db_pool_connections',
      'PostgreSQL pool connections: open, idle, max',
      async () => {
        const s = pool();
        return [
          { labels: { state: 'open' }, value: s.total },
          { labels: { state: 'idle' }, value: s.idle },
          { labels: { state: 'max' }, value: s.max },
        ];
      },
      ['state'],
    );
    p.metrics.gauge('qingke_db_pool_waiting', 'Queries waiting for a free pool connection', () => pool().waiting);
  }
  p.metrics.gauge(
    'qingke_jobs_due',
    'Jobs due and not yet taken by a worker, by kind',
    async () => (await p.jobs.backlog()).map((b) => ({ labels: { kind: b.kind }, value: b.depth })),
    ['kind'],
  );
  p.metrics.gauge(
    'qingke_jobs_oldest_due_seconds',
    'How long the oldest job due and not yet taken has waited, by kind',
    async () => (await p.jobs.backlog()).map((b) => ({ labels: { kind: b.kind }, value: b.oldestSeconds })),
    ['kind'],
  );
}

function isSameOrigin(origin: string | undefined, referer: string | undefined, host: string | undefined): boolean {
  const source = origin ?? referer;
  if (!source) return true; // not a browser cross-site request: browsers send Origin on cross-site writes
  try {
    return new URL(source).host === host;
  } catch {
    return false;
  }
}
